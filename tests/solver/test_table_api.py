"""The engine-facing side of :class:`Table`: verdicts, move values and best moves on real engine states.

A full 4-row table is too large for the test suite, so these tests give :class:`Table` a stand-in for
the stored codes: the exact value within 3 plies from the independent minimax (tests/solver/minimax.py),
a draw beyond. That checks the coordinates, the colour/rotation symmetry and the move choice. The
placing of the rolled dice is checked on a stand-in whose codes follow a fixed pattern, so that
arrangements differ in value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from solver.minimax import value
from solver.pattern_table import PatternTable

from asobiba.core.errors import AsobibaError
from asobiba.core.registry import make_game
from asobiba.games.diceout.solver.cli import solve_main, study_main
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import state_coordinates
from asobiba.games.diceout.solver.table import LOSS, WIN, Table, TableMissingError, decode, preference
from asobiba.games.diceout.state import PLACE, TURN, DiceOutState

ROWS = 4
DEPTH = 3


class ShallowTable(Table):
    """A Table whose codes come from a 3-ply minimax instead of a file."""

    def __init__(self) -> None:
        self.rows = ROWS
        self.board = board(ROWS)

    def code(self, row: int, column: int) -> int:
        red = tuple(int(s) for s in self.board.sets[row])
        white = tuple(int(s) for s in self.board.sets[column])
        for plies in range(1, DEPTH + 1):
            result = value(ROWS, red, white, 0, plies)
            if result == "win":
                return 2 * plies - 1
            if result == "loss":
                return 2 * plies
        return 0


def random_states(count: int, seed: int) -> list[DiceOutState]:
    """Random playouts' positions of the 4-row game at the start of a turn, both sides to move."""
    game = make_game("diceout", {"rows": ROWS})
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = game.new_state()
        while not state.is_terminal and len(states) < count:
            if state.is_chance or state.phase == PLACE:
                state = state.apply(rng.choice(state.legal_actions()))
                continue
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return states


def test_verdicts_and_best_moves_agree_with_minimax() -> None:
    table = ShallowTable()
    for state in random_states(40, seed=3):
        mine, theirs = state.dice[state.to_move], state.dice[1 - state.to_move]
        verdict = table.verdict(state)
        exact = None
        for plies in range(1, DEPTH + 1):
            found = value(ROWS, mine, theirs, state.to_move, plies)
            if found:
                exact = (found, plies)
                break
        assert verdict == (exact or ("draw", 0)), state.render_text()
        values = table.action_values(state)
        best = table.best_action(state)
        assert preference(*values[best]) == min(preference(*v) for v in values.values())
        if exact and exact[1] < DEPTH:  # children are known exactly one ply deeper
            assert values[best] == exact


def test_placings_take_the_best_arrangement_against_the_best_reply() -> None:
    """The starter's arrangement is worth its opening after the other player's best reply; the other
    player's is worth its opening; placings are not moves, so plies stay those of the opening."""
    table = PatternTable(ROWS)
    start = make_game("diceout", {"rows": ROWS}).new_state()
    seen = set()
    for action, _ in start.chance_outcomes():
        first = start.apply(action)
        starter = first.to_move
        after_reply = {}
        for a in first.legal_actions():
            second = first.apply(a)
            openings = {b: second.apply(b) for b in second.legal_actions()}
            assert all(o.phase == TURN and o.to_move == starter for o in openings.values())
            for_starter = {b: decode(table.code(*state_coordinates(table.board, o)))
                           for b, o in openings.items()}
            reply = max(for_starter.values(), key=lambda v: preference(*v))  # worst for the starter
            assert table.verdict(second) == _turned(reply)
            best_reply = table.best_action(second)
            assert for_starter[best_reply] == reply
            after_reply[a] = reply
        best = min(after_reply.values(), key=lambda v: preference(*v))
        assert table.verdict(first) == best
        assert table.action_values(first) == after_reply
        assert after_reply[table.best_action(first)] == best
        seen.add(best[0])
    assert seen == {"win", "loss", "draw"}  # the pattern really makes the choice matter


def _turned(value: tuple[str, int]) -> tuple[str, int]:
    result, plies = value
    return ({WIN: LOSS, LOSS: WIN}.get(result, result), plies)


def test_best_move_takes_an_immediate_dice_out() -> None:
    """White's 2s stand uncovered except one under red's 3; red can step off and reveal Dice Out."""
    game = make_game("diceout", {"rows": ROWS})
    state = game.state_from_json({
        "game": "diceout", "options": {"rows": ROWS}, "to_move": "red",
        "stacks": {"a2": [["white", 2]], "c3": [["white", 2], ["red", 3]], "e2": [["white", 2]],
                   "b1": [["red", 1]], "d1": [["red", 2]]},
    })
    table = ShallowTable()
    best = table.best_action(state)
    assert state.action_to_notation(best).startswith("c3-")
    after = state.apply(best)
    assert after.is_terminal and after.winner == 0


def test_terminal_state_is_refused() -> None:
    game = make_game("diceout", {"rows": ROWS})
    state = game.state_from_json({
        "game": "diceout", "options": {"rows": ROWS}, "to_move": "red",
        "stacks": {"a3": [["red", 1]], "b1": [["red", 2]], "c1": [["red", 3]],
                   "b4": [["white", 1]], "c4": [["white", 2]], "d4": [["white", 3]]},
    })
    won = state.play_notation("a3-a4")
    with pytest.raises(AsobibaError):
        ShallowTable().verdict(won)


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    position.write_text(json.dumps({
        "game": "diceout", "options": {"rows": 5}, "to_move": "red",
        "stacks": {"b1": [["red", 1]], "c1": [["red", 2]], "d1": [["red", 3]],
                   "b5": [["white", 2]], "c5": [["white", 3]], "d5": [["white", 1]]},
    }))
    with pytest.raises(TableMissingError, match="asobiba solve diceout --rows 5"):
        solve_main(5, tmp_path, None, position)
    with pytest.raises(AsobibaError, match="rows must be"):
        solve_main(1, tmp_path, None, None)
    with pytest.raises(AsobibaError, match="memory"):
        solve_main(9, tmp_path, None, None)
    with pytest.raises(TableMissingError):
        study_main([4], tmp_path, tmp_path / "study")
