"""The star games' observation (docs/research.md, "Observation and action layouts"): the standard star laid
out on its axial grid, 17 rows ``q = 8 … -8`` by 17 columns ``r = 8 … -8`` (row ``8 - q``, column ``8 -
r``: the cell-index order of the star reads it row by row), with one plane per fact: for each seat,
starting with the observing one and going on in turn order, its men and its king; then the observer's goal
area; then the holes of the board in play."""

from __future__ import annotations

import numpy as np

from ...core.game import TERMINAL
from .game import StarGame, StarState
from .geometry import CELLS, GRID

SIDE = 17
"""Rows and columns of the grid the star is laid out on."""

ROW = np.array([8 - q for q, _ in CELLS], dtype=np.intp)
COLUMN = np.array([8 - r for _, r in CELLS], dtype=np.intp)


def cells(mask: int) -> np.ndarray:
    """The cells of a grid-bit mask as a bool array over the cell indices."""
    return np.array([(mask >> g) & 1 for g in GRID], dtype=bool)


class StarObserver:
    """Planes ``2k`` and ``2k + 1``: the men and the king of the seat ``k`` places after the
    observer in turn order; plane ``2n``: the observer's goal area; plane ``2n + 1``: the board."""

    def __init__(self, game: StarGame) -> None:
        self.game = game
        n = game.num_players
        self.shape: tuple[int, ...] = (2 * n + 2, SIDE, SIDE)
        names = []
        for k in range(n):
            seat = "the observer" if k == 0 else f"the seat {k} after the observer"
            names += [f"men of {seat}", f"king of {seat}"]
        self.planes: tuple[str, ...] = (*names, "goal area of the observer", "holes of the board in play")
        self._board = cells(game.star.board)
        self._goals = [cells(seat.goal_area) for seat in game.seats]

    def tensor(self, state: StarState, player: int) -> np.ndarray:
        out = np.zeros(self.shape, dtype=np.float32)
        n = self.game.num_players
        for k in range(n):
            seat = (player + k) % n
            for plane, mask in ((2 * k, state.men[seat]), (2 * k + 1, state.kings[seat])):
                on = cells(mask)
                out[plane, ROW[on], COLUMN[on]] = 1.0
        out[2 * n, ROW[self._goals[player]], COLUMN[self._goals[player]]] = 1.0
        out[2 * n + 1, ROW[self._board], COLUMN[self._board]] = 1.0
        return out

    def text(self, state: StarState, player: int) -> str:
        names = self.game.player_names
        who = "game over" if state.current_player == TERMINAL else f"{names[state.current_player]} to move"
        return f"{state.render_text()}\n{who} (seen by {names[player]})"
