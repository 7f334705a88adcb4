"""``asobiba study GAME --compare …``: the matrix, its intervals and plots, one JSON for one seed on
every engine, sequential stopping, and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import registry
from asobiba.study.plan import make_study
from asobiba.study.stats import games_for_width, half_width, wilson

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy_nim(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")

DECKS = ["study", "gandice", "--compare", "decks", "yami,isurugi,chogan", "--level", "strong", "--games", "6",
         "--seed", "1"]


def run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output


def test_deck_matrix_with_intervals_and_plots_the_same_on_ray(tmp_path: Path) -> None:
    run([*DECKS, "--workers", "1", "--json", str(tmp_path / "local.json"), "--out", str(tmp_path)])
    data = json.loads((tmp_path / "local.json").read_text())
    matrix = data["matrix"]
    assert matrix["subjects"] == ["yami", "isurugi", "chogan"]
    for i in range(3):
        for j in range(3):
            if i == j:
                assert matrix["share"][i][j] is None
            else:
                assert matrix["low"][i][j] <= matrix["share"][i][j] <= matrix["high"][i][j]
                assert matrix["share"][i][j] + matrix["share"][j][i] == pytest.approx(1)
    assert [c["games"] for c in data["cells"]] == [6, 6, 6]
    assert all(c["stopped_by"] == "games" for c in data["cells"])
    assert data["command"].startswith("asobiba study gandice --compare decks yami,isurugi,chogan")
    assert "--seed 1" in data["command"] and data["versions"]["asobiba"]
    seats = data["cells"][0]["exact"]["seats"]
    assert [s["deck"] for s in seats] == ["yami", "isurugi"]
    assert (tmp_path / "gandice-decks.png").stat().st_size > 0
    assert (tmp_path / "gandice-decks.svg").stat().st_size > 0
    run([*DECKS, "--engine", "ray", "--json", str(tmp_path / "ray.json")])
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "local.json").read_bytes()


def test_same_seed_same_bytes_whatever_the_workers(tmp_path: Path) -> None:
    args = ["study", "gandice", "--compare", "levels", "intro,weak,strong", "--games", "30", "--seed", "7"]
    run([*args, "--workers", "1", "--json", str(tmp_path / "one.json")])
    run([*args, "--workers", "2", "--json", str(tmp_path / "two.json")])
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    run([*args[:-1], "8", "--workers", "1", "--json", str(tmp_path / "other.json")])
    assert (tmp_path / "other.json").read_bytes() != (tmp_path / "one.json").read_bytes()


def test_a_cell_stops_at_its_width_after_whole_batches(tmp_path: Path) -> None:
    run(["study", "gandice", "--compare", "first-player", "--levels", "intro", "--players", "2,3",
         "--width", "45", "--workers", "1", "--json", str(tmp_path / "fp.json"), "--out", str(tmp_path)])
    cells = json.loads((tmp_path / "fp.json").read_text())["cells"]
    assert [c["label"] for c in cells] == ["intro, 2 players", "intro, 3 players"]
    assert all(c["stopped_by"] == "width" and c["half_width"] <= 0.45 for c in cells)
    assert cells[0]["games"] == 20 and cells[1]["games"] == 20  # one batch each
    assert (tmp_path / "gandice-first-player.png").stat().st_size > 0


def test_options_are_compared_value_by_value(tmp_path: Path) -> None:
    run(["study", "gandice", "--compare", "options", "resummon_full_open=false,true", "--level",
         "intro", "--games", "20", "--json", str(tmp_path / "o.json")])
    cells = json.loads((tmp_path / "o.json").read_text())["cells"]
    assert [c["options"] for c in cells] == [["resummon_full_open=false"], ["resummon_full_open=true"]]
    assert all(c["counted"] <= c["games"] == 20 for c in cells)


@pytest.mark.parametrize("args, message", [
    (["--compare", "decks"], "--compare takes levels, options, first-player for toynim"),
    (["--compare", "levels", "intro,nobody"], "unknown level or agent 'nobody'"),
    (["--compare", "options", "max_take=2"], "name at least two different values"),
    (["--compare", "options", "max_take=2,99"], "option max_take"),
    (["--games", "0"], "--games must be at least 1"),
    (["--batch", "0"], "--batch must be at least 1"),
    (["--engine", "spark"], "--engine takes local or ray"),
    (["--players", "2"], "toynim has no option for the number of players"),
])
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    extra = [] if "--games" in args else ["--games", "4"]
    result = runner.invoke(app, ["study", "toynim", *args, *extra])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_without_compare_a_game_with_its_own_study_gets_it() -> None:
    result = runner.invoke(app, ["study", "diceout", "--out", "/nonexistent/tables"])
    assert result.exit_code == 2 and "no solved 5×4, 5×5 Dice Out table" in result.stderr


def test_the_command_spells_out_every_setting_that_changes_results() -> None:
    study = make_study("gandice", "options", ["first=p1,p2"], level="weak", levels=[""], players=[""],
                       options=["max_turns=50"], games=100, width=0.05, confidence=0.9, seed=3, batch=40)
    assert study.command() == ("asobiba study gandice --compare options first=p1,p2 --level weak "
                               "-o max_turns=50 --games 100 --width 5 --confidence 0.9 --seed 3 --batch 40")
    assert [cell.batch(study.batch) for cell in study.cells] == [40, 40]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100, 0.95)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson(0, 0, 0.95) == (0.0, 1.0)
    assert half_width(534, 1068, 0.95) <= 0.03 < half_width(500, 1000, 0.95)
    assert games_for_width(0.5, 0.03, 0.95) == 1068


def test_every_round_is_reported_so_a_stopped_study_keeps_its_games() -> None:
    from rich.console import Console

    from asobiba.study.engines import LocalEngine
    from asobiba.study.run import run_study

    study = make_study("gandice", "levels", ["intro,weak"], level="weak", levels=[""], players=[""],
                       options=[], games=50, width=0.01, confidence=0.95, seed=1)
    seen: list[int] = []
    tallies, _ = run_study(study, LocalEngine(1), Console(quiet=True),
                           on_round=lambda ts: seen.append(ts[0].games))
    assert seen == [20, 40, 50] and tallies[0].stopped == "games"
