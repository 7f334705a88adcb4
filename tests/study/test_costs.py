"""``asobiba study … --dry-run`` states the games and CPU time from a short calibration and plays
none of the study's games; the progress bar's time left counts from the first finished game
(asobiba/study/costs.py, run.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import registry
from asobiba.study import cli, play
from asobiba.study.costs import estimate, most_games
from asobiba.study.plan import make_study
from asobiba.study.run import Eta

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy_nim(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")


def test_a_dry_run_states_games_and_cpu_and_plays_no_game_of_the_study(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("a dry run played a game of the study or started an engine")

    monkeypatch.setattr(play, "play", refuse)
    monkeypatch.setattr(cli, "make_engine", refuse)
    monkeypatch.setattr(cli, "run_study", refuse)
    out = tmp_path / "s.json"
    result = runner.invoke(app, ["study", "toynim", "--compare", "levels", "random,greedy",
                                 "--games", "500", "--dry-run", "--workers", "2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("dry run of: asobiba study toynim --compare levels random,greedy")
    assert "no game of the study is played" in lines[1]
    assert lines[2].startswith("  random vs greedy: at most 500 games × ")
    assert lines[-1].startswith("estimate: at most 500 games, ") and "CPU" in lines[-1]
    assert "within a factor of 3" in lines[-1] and "on 2 workers" in lines[-1]
    assert not out.exists()


def test_the_games_are_the_most_a_cell_plays() -> None:
    study = make_study("toynim", "options", ["max_take=1,2"], level="random", levels=[""],
                       players=[""], options=[], games=5000, width=0.05, confidence=0.95, seed=0)
    found = estimate(study, budget=0.05)
    assert [c.games for c in found.cells] == [400, 400]  # 385 for ± 5 points, in batches of 20
    assert all(c.games == most_games(study, cell) for c, cell in zip(found.cells, study.cells, strict=True))
    assert all(not c.at_least and c.calibration_games > 0 and c.actions > 1 for c in found.cells)
    assert found.games == 800 and found.seconds > 0


def test_the_time_left_counts_from_the_first_finished_game() -> None:
    eta = Eta()
    assert eta.text(0.0, 100) == "–"
    eta.advance(30.0)  # the first game after 30 s of workers starting
    assert eta.text(30.0, 99) == "–"
    eta.advance(30.001)  # the rest of the first worker's chunk: a burst
    assert eta.text(30.001, 98) == "–"
    eta = Eta(first=30.0)
    eta.advance(31.0)
    eta.advance(32.0)
    assert eta.text(32.0, 98) == "0:01:38"  # a game a second since the first, not one in 10 s
