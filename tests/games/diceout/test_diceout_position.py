"""Position JSON (docs/rules/diceout.md, "Position JSON"), validation, notation, rendering and the CLI
contracts."""

from __future__ import annotations

import json
import re

import pytest
from games.diceout.diceout_helpers import play, position
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core.errors import IllegalMoveError, NotationError, PositionError
from asobiba.core.position import state_from_position
from asobiba.games.diceout.actions import DECLARE_ACTION, PASS_ACTION
from asobiba.games.diceout.board import board
from asobiba.games.diceout.game import DiceOutGame
from asobiba.games.diceout.svg import render_svg

EXAMPLE = {
    "game": "diceout",
    "options": {"rows": 5},
    "to_move": "red",
    "stacks": {
        "b1": [["red", 2]], "c3": [["white", 1], ["red", 3]], "d2": [["red", 1]],
        "b4": [["white", 2]], "d5": [["white", 3]],
    },
}


def test_the_contract_example_loads_and_writes_back() -> None:
    state = state_from_position("diceout", EXAMPLE)
    data = state.to_json()
    assert data["to_move"] == "red" and data["stacks"] == EXAMPLE["stacks"]
    assert data["ply"] == 0 and data["history"] == []
    assert isinstance(state.key(), int)
    assert DiceOutGame().state_from_json(data) == state


def test_ply_and_history_continue_the_game() -> None:
    start = DiceOutGame({"setup": "fixed"}).new_state()
    later = play(start, "b1-a2", "d5-e4", "a2-a1", "e4-e5", "a1-b1", "e5-d5")
    data = later.to_json()
    assert data["ply"] == 6 and len(data["history"]) == 6
    again = later.game.state_from_json(data)
    # One more lap repeats the start a third time, from the file just as from the game.
    laps = ("b1-a2", "d5-e4", "a2-a1", "e4-e5", "a1-b1", "e5-d5")
    assert play(again, *laps).reason == play(later, *laps).reason == "repetition"
    with pytest.raises(PositionError, match="occurred 3 times"):
        later.game.state_from_json(dict(data, history=data["history"] * 2))


def test_finished_games_round_trip_with_their_result() -> None:
    state = position({"b4": "r1", "c2": "r3", "d1": "r3", "b5": "w3", "d5": "w1", "e3": "w2"})
    over = play(state, "b4-a5")
    data = over.to_json()
    assert data["result"] == {"winner": "red", "reason": "exit"}
    again = over.game.state_from_json(data)
    assert again.is_terminal and again == over and again.ranks() == [1, 2]


def test_the_position_before_the_roll() -> None:
    game = DiceOutGame()
    data = game.new_state().to_json()
    assert data["to_move"] == "setup" and data["stacks"] == {}
    assert game.state_from_json(data).is_chance
    with pytest.raises(PositionError, match="setup=roll"):
        DiceOutGame({"setup": "fixed"}).state_from_json(data)


def _with(**changes):
    data = json.loads(json.dumps(EXAMPLE))
    data.update(changes)
    return data


def _stacks(**cells):
    stacks = json.loads(json.dumps(EXAMPLE["stacks"]))
    for name, stack in cells.items():
        if stack is None:
            del stacks[name]
        else:
            stacks[name] = stack
    return stacks


BAD = [
    (_with(stacks=_stacks(f1=[["red", 1]])), "unknown cell 'f1'"),
    (_with(stacks=_stacks(b6=[["red", 1]])), "unknown cell 'b6'"),
    (_with(stacks=_stacks(b1=[["red", 4]])), "value 4 is not 1, 2 or 3"),
    (_with(stacks=_stacks(b1=[["red", 0]])), "value 0"),
    (_with(stacks=_stacks(b1=[["red", True]])), "value True"),
    (_with(stacks=_stacks(b1=[["blue", 2]])), "unknown colour 'blue'"),
    (_with(stacks=_stacks(a3=[["red", 3]])), "red has 4 dice"),
    (_with(stacks=_stacks(b4=None)), "white has 2 dice"),
    (_with(stacks=_stacks(e2=[])), "stack on e2 is empty"),
    (_with(stacks=_stacks(c3=[["red", 3], ["white", 1]])), "increase strictly"),
    (_with(stacks=_stacks(c3=[["white", 2], ["red", 2]])), "increase strictly"),
    (_with(stacks=_stacks(c3=[["white", 1, 3]])), "each die is"),
    (_with(stacks=_stacks(c3={"white": 1})), "must be a list"),
    (_with(stacks=[]), "stacks must be an object"),
    (_with(to_move="blue"), "to_move"),
    (_with(ply=-1), "ply"),
    (_with(history="x"), "history"),
    (_with(window="sometime"), "window"),
    (_with(result={"winner": "draw", "reason": "exit"}), "reason 'exit'"),
    (_with(result={"winner": "red", "reason": "luck"}), "unknown result reason"),
    (_with(extra=1), "unknown position key 'extra'"),
    (_with(game="diamond"), "diamond"),
    (_with(stacks=_stacks(d2=None, a5=[["red", 1]])), "reached its target EXIT"),
    (_with(stacks=_stacks(b4=None, e1=[["white", 1]])), "reached its target EXIT"),
    (_with(stacks=_stacks(b1=[["red", 3]], d2=[["red", 3]])), "Dice Out"),
    (_with(ply=300), "max_plies"),
]


@pytest.mark.parametrize("data, message", BAD)
def test_impossible_positions_are_one_line_errors(data: dict, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)) as info:
        DiceOutGame().state_from_json(data)
    assert "\n" not in str(info.value)


def test_own_side_corners_are_fine() -> None:
    """A red die on a1/e1 or a white die on a5/e5 only blocks: a valid position."""
    position({"a1": "r1", "c2": "r3", "d1": "r2", "a5": "w2", "e5": "w1", "c4": "w3"})


def test_notation_and_descriptions() -> None:
    state = DiceOutGame({"setup": "fixed"}).new_state()
    action = state.notation_to_action("b1-c2")
    assert action == board(5).index["b1"] * 8 + 1  # north-east is direction 1
    assert state.describe_action(action) == {"from": "b1", "to": "c2", "notation": "b1-c2"}
    assert state.action_origin(action) == "b1"
    assert state.notation_to_action("  B1-C2 ") == action
    assert state.action_to_notation(PASS_ACTION) == "pass"
    assert state.action_to_notation(DECLARE_ACTION) == "declare"
    assert state.describe_action(PASS_ACTION) == {"from": None, "to": None, "notation": "pass"}
    assert state.action_origin(PASS_ACTION) is None
    with pytest.raises(NotationError):
        state.action_to_notation(4)  # a1 southwards leaves the board
    with pytest.raises(NotationError):
        state.action_to_notation(44 * 8)  # a square of the 9-row board only
    with pytest.raises(NotationError):
        state.action_to_notation(362)


@pytest.mark.parametrize(
    "text, error",
    [
        ("b1c2", NotationError),
        ("b1-z9", NotationError),
        ("b1-b9", NotationError),
        ("b1-d3", IllegalMoveError),
        ("b1-c1", IllegalMoveError),  # c1 shows 2, a 1 becomes 2: not strictly greater
        ("c5-c4", IllegalMoveError),  # white's die, red to move
        ("pass", IllegalMoveError),
    ],
)
def test_bad_notation(text: str, error: type) -> None:
    state = DiceOutGame({"setup": "fixed"}).new_state()
    with pytest.raises(error) as info:
        state.notation_to_action(text)
    assert "\n" not in str(info.value)


def test_text_rendering_shows_heights_owners_tops_and_exits() -> None:
    state = state_from_position("diceout", EXAMPLE)
    text = state.render_text()
    assert "R3x2" in text and "W2" in text and "[ .  ]" in text
    assert text.splitlines()[0].startswith("5 ") and "red to move" in text
    assert "\x1b[" in state.render_text(color=True)


def test_svg_marks_cells_dice_and_stacks() -> None:
    state = state_from_position("diceout", EXAMPLE)
    move = state.notation_to_action("b1-b2")
    svg = render_svg(state, highlights=["b2", "c2"], last_move=move, selected="b1")
    assert svg.startswith("<svg") and 'viewBox="0 0 572 572"' in svg
    classes = dict((cell, set(cls.split())) for cls, cell in
                   re.findall(r'class="([^"]*)" data-cell="([a-e][0-9])"', svg))
    assert len(classes) == 25 and svg.count("data-cell=") == 25
    assert classes["b2"] == {"cell", "legal", "last"}
    assert classes["b1"] == {"cell", "last", "selected"}
    assert classes["a1"] == {"cell", "exit"} and classes["c3"] == {"cell"}
    assert svg.count('data-piece="red"') == 3 and svg.count('data-piece="white"') == 3
    assert svg.count("EXIT") == 4
    assert ">2</text>" in svg  # height badge of the c3 stack
    assert "pointer-events:none" in svg
    chance = render_svg(DiceOutGame().new_state())
    assert "data-piece" not in chance


def test_bench_positions_are_mid_game_with_stacks() -> None:
    positions = DiceOutGame().bench_positions()
    assert len(positions) == 6
    for state in positions:
        assert not state.is_terminal
        assert len(state.stacks()) < 6  # at least one stack
        assert len(state.legal_actions()) > 1


runner = CliRunner()


def test_cli_perft_with_fixed_set_up() -> None:
    result = runner.invoke(app, ["perft", "diceout", "-o", "setup=fixed", "--depth", "3"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["1 12", "2 132", "3 1848"]


def test_cli_moves_from_a_position_file(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(EXAMPLE))
    result = runner.invoke(app, ["moves", "diceout", "--position", str(path)])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.stdout)
    assert {"from": "c3", "to": "c4", "notation": "c3-c4"} in moves
    assert all(set(m) == {"from", "to", "notation"} for m in moves)
    assert len(moves) == 18


def test_cli_rejects_a_bad_position_in_one_line(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(_with(stacks=_stacks(c3=[["red", 3], ["white", 1]]))))
    result = runner.invoke(app, ["moves", "diceout", "--position", str(path)])
    assert result.exit_code == 2
    assert "increase strictly" in result.output and result.output.count("\n") == 1
