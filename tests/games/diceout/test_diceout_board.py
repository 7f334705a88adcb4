"""The board facts stated once in asobiba/games/diceout/board.py (docs/rules/diceout.md, "Board and
coordinates" and "Action ids"): the ranges of rows, the direction numbering, and the solver's view of
the same board."""

from __future__ import annotations

import re

import numpy as np
import pytest

from asobiba.core.errors import OptionError
from asobiba.core.registry import make_game
from asobiba.games.diceout.board import GAME_ROWS, SOLVER_ROWS, SOLVER_ROWS_TEXT, board
from asobiba.games.diceout.solver.geometry import board as solver_board


def test_the_game_plays_the_game_rows_only() -> None:
    for rows in GAME_ROWS:
        assert make_game("diceout", {"rows": rows}).options.rows == rows
    for rows in (GAME_ROWS[0] - 1, GAME_ROWS[-1] + 1):
        with pytest.raises(OptionError):
            make_game("diceout", {"rows": rows})


def test_the_solver_takes_smaller_test_boards_too() -> None:
    assert SOLVER_ROWS[0] < GAME_ROWS[0] and SOLVER_ROWS[-1] == GAME_ROWS[-1]
    for rows in (SOLVER_ROWS[0] - 1, SOLVER_ROWS[-1] + 1):
        with pytest.raises(OptionError, match=re.escape(f"rows must be {SOLVER_ROWS_TEXT}")):
            board(rows)


def test_directions_turn_clockwise_from_north() -> None:
    bd = board(5)
    around = [bd.names[c] for c in bd.neighbours[bd.index["c3"]]]
    assert around == ["c4", "d4", "d3", "d2", "c2", "b2", "b3", "b4"]


@pytest.mark.parametrize("rows", list(SOLVER_ROWS))
def test_the_solver_sees_the_engines_board(rows: int) -> None:
    grid, geo = board(rows), solver_board(rows)
    assert geo.cells == grid.num_cells
    assert np.array_equal(geo.neighbours, np.array(grid.neighbours))
    assert set(geo.red_targets()) == grid.targets[0] and set(geo.white_targets()) == grid.targets[1]
