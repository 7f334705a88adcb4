"""A position on the star (:class:`~..game.StarState`, Diamond Game's or Chinese Checkers') as a
board array of the compiled engine, and back (the layout is in :mod:`.arrays`)."""

from __future__ import annotations

import numpy as np

from ..game import StarGame, StarState
from ..geometry import BIT, CELL_OF_GRID
from .arrays import (
    BOARD_SIZE,
    KING,
    LOST,
    MADE,
    MAX_PIECES,
    OCCUPIED,
    PIECES,
    PLY,
    RANK,
    TO_MOVE,
    N,
)
from .bits import int32_halves, words_of


def _cells(mask: int) -> list[int]:
    """Cell indices of a grid-bit mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CELL_OF_GRID[low.bit_length() - 1])
        mask ^= low
    out.sort()
    return out


def board_of(state: StarState) -> np.ndarray:
    """The board array of ``state`` (a fresh array; the men of a seat in cell order)."""
    board = np.zeros(BOARD_SIZE, dtype=np.int32)
    for seat, (men, king) in enumerate(zip(state.men, state.kings, strict=True)):
        cells = _cells(king) + _cells(men)
        for slot, c in enumerate(cells):
            board[c] = seat + 1 + (KING if king & BIT[c] else 0)
            board[PIECES + seat * MAX_PIECES + slot] = c
        board[RANK + seat] = state.rank_of[seat]
        board[MADE + seat] = state.moves_made[seat]
    board[TO_MOVE] = state.to_move
    board[PLY] = state.ply
    board[LOST] = state.lost
    board[OCCUPIED : OCCUPIED + 4] = int32_halves(words_of(np.flatnonzero(board[:N])))
    return board


def state_of(game: StarGame, board: np.ndarray) -> StarState:
    """The readable state of a board array of ``game``."""
    n = game.num_players
    men = [0] * n
    kings = [0] * n
    for c in range(N):
        code = int(board[c])
        if code:
            seat = (code & ~KING) - 1
            if code & KING:
                kings[seat] = BIT[c]
            else:
                men[seat] |= BIT[c]
    return StarState(
        game, men, kings, int(board[TO_MOVE]), int(board[PLY]),
        [int(board[MADE + s]) for s in range(n)], [int(board[RANK + s]) for s in range(n)],
        int(board[LOST]),
    )
