"""Table coordinates of Dice Out positions (see :mod:`.geometry` for the index).

The table is written for red to move. A position with white to move is the same game turned by 180° with
the colours swapped (white's home row and target EXIT squares become red's, docs/rules/diceout.md, "Board
and coordinates"), so it is looked up as red-to-move with red's dice = white's dice turned and white's
dice = red's turned.
Slots are ``cell * 3 + value - 1`` with cells numbered as in the engine (``a1`` = 0, ``b1`` = 1, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....core.errors import PositionError
from ..state import TURN
from .geometry import Board

RED = 0
WHITE = 1


def coordinates(geo: Board, red: Sequence[int], white: Sequence[int], to_move: int) -> tuple[int, int]:
    """``(row, column)`` of the table entry for these dice (slots) and side to move (0 red, 1 white)."""
    if to_move == RED:
        return geo.rank(list(red)), geo.rank(list(white))
    return (geo.rank([geo.rotate_slot(s) for s in white]),
            geo.rank([geo.rotate_slot(s) for s in red]))


def state_coordinates(geo: Board, state: Any) -> tuple[int, int]:
    """Table coordinates of an engine state at the start of a turn (``asobiba.games.diceout``)."""
    if state.is_terminal:
        raise PositionError("the game is over: there is nothing left to look up")
    if state.is_chance or state.phase != TURN:
        raise PositionError("the table answers positions at the start of a turn")
    if state.board.rows != geo.rows:
        raise PositionError(f"this is a {state.board.rows}-row position, the table is for {geo.rows} rows")
    red, white = state.dice
    return coordinates(geo, red, white, state.to_move)
