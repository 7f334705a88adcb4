"""CLI contracts on a toy game: perft lines, moves JSON, one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import registry

runner = CliRunner()


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toynim", "core.toy_nim")


def test_perft_prints_depth_count_lines() -> None:
    """Piles 3, 4, 5; depth 3 = (2 + 1) + (2 + 2) + (2 + 2) = 11 replies after two takes."""
    result = runner.invoke(app, ["perft", "toynim", "--depth", "3", "-o", "max_take=2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["1 3", "2 6", "3 11"]


def test_perft_from_a_position_with_option_override(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "toynim", "options": {"max_take": 1}, "pile": 3}))
    assert runner.invoke(app, ["perft", "toynim", "--position", str(path), "-d", "1"]).stdout == "1 1\n"
    out = runner.invoke(app, ["perft", "toynim", "--position", str(path), "-d", "1", "-o", "max_take=3"])
    assert out.stdout == "1 3\n"


def test_moves_prints_json(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "toynim", "pile": 5}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(path)])
    assert result.exit_code == 0
    moves = json.loads(result.stdout)
    assert [m["notation"] for m in moves] == ["take 1", "take 2"]
    assert set(moves[0]) == {"from", "to", "notation"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["perft", "chess"], "error: unknown game 'chess'"),
        (["perft", "toynim", "-o", "max_take=7"], "error: option max_take: 7 is above the maximum 3"),
        (["perft", "toynim", "-o", "colour=red"], "error: unknown option 'colour'"),
        (["moves", "toynim", "--position", "/nonexistent.json"], "error: cannot read /nonexistent.json"),
    ],
)
def test_user_errors_are_one_line_with_status_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_malformed_and_impossible_positions(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["moves", "toynim", "--position", str(bad)])
    assert result.exit_code == 2 and "malformed JSON" in result.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "diceout", "pile": 3}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(wrong)])
    assert result.exit_code == 2 and "not 'toynim'" in result.stderr
    negative = tmp_path / "neg.json"
    negative.write_text(json.dumps({"pile": -1}))
    result = runner.invoke(app, ["moves", "toynim", "--position", str(negative)])
    assert result.exit_code == 2 and "pile must be" in result.stderr


def test_games_without_a_solver_say_so_and_game_groups_mount_by_id() -> None:
    result = runner.invoke(app, ["solve", "toynim"])
    assert result.exit_code == 2 and result.stderr.strip() == "error: toynim has no solve command"
    result = runner.invoke(app, ["study", "nosuchgame"])
    assert result.exit_code == 2 and "unknown game 'nosuchgame'" in result.stderr
    listing = runner.invoke(app, ["games"]).stdout
    assert "toynim" in listing and "石取り / Toy Nim" in listing
    assert runner.invoke(app, ["gandice", "--help"]).exit_code == 0
