"""The engine-facing side of :class:`Table`: verdicts, move values and best moves on real engine states.

A full 4-row table is too large for the test suite, so these tests give :class:`Table` a stand-in for
the stored codes: the exact value within 3 plies from the independent minimax (tests/solver/minimax.py),
a draw beyond. That checks the coordinates, the colour/rotation symmetry and the move choice.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from solver.minimax import value

from asobiba.core.errors import AsobibaError
from asobiba.core.registry import make_game
from asobiba.games.diceout.solver.cli import solve_main, study_main
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.table import Table, TableMissingError, preference
from asobiba.games.diceout.state import DiceOutState

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
    """Random playouts' positions of the 4-row game, both sides to move."""
    game = make_game("diceout", {"rows": ROWS})
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = game.new_state()
        while not state.is_terminal and len(states) < count:
            if state.is_chance:
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
