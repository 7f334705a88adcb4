"""``asobiba review RECORD``: the move list with judgements and summaries, the JSON contract of
docs/formats.md ("Reviews"), and one-line errors for a bad record (a short 5×4 Dice Out game)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core import Record, make_game
from asobiba.core.game import random_action, sample_chance

runner = CliRunner()


def _record(path: Path) -> Record:
    game = make_game("diceout", {"rows": 4})
    record = Record.new(game)
    state, rng = game.new_state(), random.Random(2)
    while not state.is_terminal and len(record.actions) < 10:
        action = sample_chance(state, rng) if state.current_player < 0 else random_action(state, rng)
        record.actions.append(action)
        state = state.apply(action)
    record.save(path)
    return record


def test_review_prints_the_moves_and_writes_the_json(tmp_path: Path) -> None:
    record = _record(tmp_path / "game.json")
    out = tmp_path / "review.json"
    result = runner.invoke(app, ["review", str(tmp_path / "game.json"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "accuracy" in result.output and "正確さ" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    decisions = [i for i, s in enumerate(record.states()[:-1]) if s.current_player >= 0]
    assert [m["ply"] for m in data["moves"]] == decisions
    for move in data["moves"]:
        assert {"ply", "seat", "action", "judgement", "before", "after", "best"} <= set(move)
        assert move["judgement"] in {"best", "good", "inaccuracy", "mistake", "blunder", "only"}
        assert move["notation"] in result.output
    assert [s["seat"] for s in data["summary"]] == [0, 1]


def test_bad_record_files_are_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    for text in ("{", "{}", json.dumps({"format": "asobiba-record/1", "game": "chess"}),
                 json.dumps({"format": "asobiba-record/1", "game": "diceout", "moves": [{"action": 99999}]})):
        bad.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["review", str(bad)])
        assert result.exit_code == 2
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    result = runner.invoke(app, ["review", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and result.output.startswith("error: ")
    _record(tmp_path / "game.json")
    result = runner.invoke(app, ["review", str(tmp_path / "game.json"), "--level", "grandmaster"])
    assert result.exit_code == 2 and "unknown level" in result.output
