"""A study states differences with their intervals and corrects them all together (Holm): a study
whose sides are the same finds no clear difference in at least 95 % of seeded runs, and one with a
known difference finds it (asobiba/study/compare.py). Played on the toy Nim of the core tests, in
this process, so that hundreds of small studies take seconds."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

from asobiba.core import registry
from asobiba.study.compare import between, corrected, from_even, holm, newcombe, p_even, p_same
from asobiba.study.plan import Study, make_study
from asobiba.study.play import Job, Played, play
from asobiba.study.report import study_json
from asobiba.study.run import run_study


@pytest.fixture(autouse=True)
def _toy_nim(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")


class InProcess:
    name = "in-process"

    def run(self, jobs: Sequence[Job]) -> Iterator[tuple[Job, Played]]:
        for job in jobs:
            yield job, play(job)

    def close(self) -> None:
        """Nothing to release."""


def options_study(values: str, seed: int, games: int, level: str = "random") -> Study:
    return make_study("toynim", "options", [f"max_take={values}"], level=level, levels=[""],
                      players=[""], options=[], games=games, width=0.001, confidence=0.95,
                      seed=seed)


def identical(seed: int, games: int) -> Study:
    """Two cells of the same game with the same players (labels apart, seeds apart)."""
    study = options_study("2,3", seed, games)
    same = dataclasses.replace(study.cells[0], label="max_take=2 again")
    return dataclasses.replace(study, cells=(study.cells[0], same))


def result(study: Study) -> dict:
    tallies, _ = run_study(study, InProcess(), Console(quiet=True))
    return study_json(study, tallies)


def test_identical_sides_show_no_clear_difference_in_95_percent_of_runs() -> None:
    runs = 300
    clear = 0
    for seed in range(runs):
        data = result(identical(seed, 60))
        assert data["correction"] == "holm" and data["tests"] == 3
        (pair,) = data["differences"]
        clear += pair["difference"]["clear"]
    assert clear <= 0.05 * runs, f"{clear} of {runs} runs called the same sides different"


def test_a_known_difference_is_found() -> None:
    # one stone a turn: the pile's parity decides, the first player wins when it is odd (3 or 5
    # of 3, 4, 5); up to three: the first player takes the whole pile of 3, and more often wins
    found = 0
    for seed in range(10):
        data = result(options_study("1,3", seed, 300))
        (pair,) = data["differences"]
        d = pair["difference"]
        assert d["interval"][0] <= d["value"] <= d["interval"][1]
        found += d["clear"]
    assert found >= 9


def test_the_json_names_each_difference_and_the_correction() -> None:
    data = result(options_study("1,2,3", 1, 40))
    assert data["correction"] == "holm" and data["tests"] == 3 + 3
    assert [(d["a"], d["b"]) for d in data["differences"]] == [
        ("max_take=1", "max_take=2"), ("max_take=1", "max_take=3"), ("max_take=2", "max_take=3")]
    for cell in data["cells"]:
        d = cell["difference"]
        assert d["value"] == pytest.approx(cell["share"] - 0.5, abs=1e-6)
        assert d["interval"] == pytest.approx([x - 0.5 for x in cell["interval"]], abs=1e-6)
        assert d["p"] <= d["p_holm"] and d["clear"] == (d["p_holm"] < 0.05)
        assert cell["draws"] == 0 and cell["cut"] == 0
        assert cell["endings"] == {"finished": cell["games"]}


def test_holm_and_the_tests() -> None:
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert holm([0.5, 0.001]) == [0.5, 0.002]
    assert p_even(50, 100) == 1.0 and p_even(70, 100) < 0.001
    assert p_same(50, 100, 50, 100) == 1.0 and p_same(30, 100, 70, 100) < 0.001
    lo, hi = newcombe(50, 100, 60, 100, 0.95)
    assert lo < 0.1 < hi and lo < 0 < hi
    found = corrected([from_even(70, 100, 0.95), between(50, 100, 55, 100, 0.95)], 0.95)
    assert [d.clear for d in found] == [True, False]


def test_first_player_studies_compare_levels_next_to_each_other() -> None:
    study = make_study("toynim", "first-player", [], level="random", levels=["random,greedy,weak"],
                       players=[""], options=[], games=20, width=0.4, confidence=0.95, seed=0)
    assert study.compared() == [(0, 1), (1, 2)]
    data = result(study)
    assert [(d["a"], d["b"]) for d in data["differences"]] == [("random", "greedy"), ("greedy", "weak")]


def test_a_study_on_an_outside_catalog_carries_its_contents(tmp_path) -> None:
    import hashlib
    from pathlib import Path

    import asobiba.games.gandice as gandice

    shipped = Path(gandice.__file__).with_name("data") / "reiwa.toml"
    catalog = tmp_path / "mine.toml"
    catalog.write_bytes(shipped.read_bytes())
    study = make_study("gandice", "decks", ["yami,isurugi"], level="intro", levels=[""],
                       players=[""], options=[f"catalog={catalog}"], games=2, width=0.4,
                       confidence=0.95, seed=0, batch=2)
    data = result(study)
    (entry,) = data["files"]
    assert entry["option"] == "catalog" and entry["path"] == str(catalog)
    assert entry["sha256"] == hashlib.sha256(catalog.read_bytes()).hexdigest()
    assert entry["contents"] == catalog.read_text(encoding="utf-8")
    assert "clear" in data["matrix"] and data["cells"][0]["difference"]["interval"]
