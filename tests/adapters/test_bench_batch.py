"""``asobiba bench GAME --batch`` measures the batched engine, OpenSpiel and PettingZoo side by
side and ends with the ratio line scripts read (the figures themselves live in docs/research.md)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from asobiba.cli import app

runner = CliRunner()


def test_the_batch_bench_ends_with_the_ratio_line() -> None:
    result = runner.invoke(app, ["bench", "diamond", "--batch", "--runs", "1", "--seconds", "0.05",
                                 "--envs", "8"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert re.fullmatch(r"vs openspiel: batch steps \d+\.\dx", lines[-1])
    assert re.fullmatch(r"vs pettingzoo: batch steps \d+\.\dx", lines[-2])
    assert "load average" in result.stdout and "one core for the batch" in result.stdout


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
