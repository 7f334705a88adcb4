"""``asobiba bench GAME --batch`` measures the batched engine, OpenSpiel and PettingZoo side by
side and ends with the ratio line scripts read (the figures themselves live in docs/research.md);
every game that declares an OpenSpiel counterpart is measured against it, by ``--batch`` and by
``--vs openspiel``."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import registry

runner = CliRunner()
WITH_COUNTERPART = [d.id for d in registry.descriptors() if "openspiel" in d.counterparts]


def test_the_star_games_declare_openspiels_chinese_checkers() -> None:
    assert WITH_COUNTERPART == ["diamond", "chinese_checkers"]
    for game_id in WITH_COUNTERPART:
        counterpart = registry.descriptor(game_id).counterparts["openspiel"]
        assert counterpart.game == "chinese_checkers"
        assert registry.make_game(game_id, dict(counterpart.options)).num_players == 2


@pytest.mark.parametrize("game_id", WITH_COUNTERPART)
def test_the_batch_bench_ends_with_the_ratio_line(game_id: str) -> None:
    result = runner.invoke(app, ["bench", game_id, "--batch", "--runs", "1", "--seconds", "0.05",
                                 "--envs", "8"])
    assert result.exit_code == 0, result.output
    assert "stepped one game at a time from Python" in result.stdout
    lines = result.stdout.strip().splitlines()
    assert re.fullmatch(r"vs openspiel: batch steps \d+\.\dx", lines[-1])
    assert re.fullmatch(r"vs pettingzoo: batch steps \d+\.\dx", lines[-2])
    assert "load average" in result.stdout and "one core for the batch" in result.stdout


@pytest.mark.parametrize("game_id", WITH_COUNTERPART)
def test_the_compiled_engine_is_measured_against_its_counterpart(game_id: str) -> None:
    result = runner.invoke(app, ["bench", game_id, "--vs", "openspiel", "--runs", "1",
                                 "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    assert "vs openspiel chinese_checkers(players=2,max_moves=1000)" in result.stdout
    assert re.fullmatch(r"vs openspiel: random games \d+\.\d\dx, legal moves \d+\.\d\dx",
                        result.stdout.strip().splitlines()[-1])


def test_a_game_without_a_counterpart_is_measured_against_pettingzoo() -> None:
    result = runner.invoke(app, ["bench", "diceout", "--batch", "--runs", "1", "--seconds", "0.05",
                                 "--envs", "8"])
    assert result.exit_code == 0, result.output
    assert "declares no openspiel counterpart" in result.stdout
    assert re.fullmatch(r"vs pettingzoo: batch steps \d+\.\dx", result.stdout.strip().splitlines()[-1])


def test_a_game_without_a_batched_engine_is_refused_in_one_line() -> None:
    result = runner.invoke(app, ["bench", "gandice", "--batch"])
    assert result.exit_code == 2
    assert "gandice has no batched engine" in result.stderr
    assert "Traceback" not in result.output
