"""The crossing puzzle of a game on the star, as flat arrays for the compiled search
(docs/rules/chinese_checkers.md, "Crossing the star alone").

The puzzle is the game's first colour alone on the empty board: its pieces fill its start area and
must fill the goal area, the king (if any) ending on the goal apex, under the game's own move rules
(which cells it may stop on and pass through, what may follow a king's line jump). Cells are the
standard star's cell indices (:mod:`..geometry`). A cell's **row** counts from the start apex
(0) to the goal apex (``4n``): a step changes it by at most one, a hop by at most two.

The start and the goal are mirror images under the half turn ``(q, r) -> (-q, -r)``, which maps
every legal move to a legal move; the proof of :mod:`.search` rests on it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ....core.errors import OptionError
from ..game import StarGame
from ..geometry import CELLS, DIRECTIONS, GRID, INDEX, STAR_COLOURS, advance, on_board
from ..movegen import AFTER_LINE

MAX_RAY = 12
"""The longest straight line inside the standard star, after its first cell."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One crossing puzzle; the arrays are indexed by cell index."""

    name: str
    pieces: int
    king: bool
    after_line: int
    """What may follow a king's line jump (``movegen.AFTER_LINE``)."""
    rows: int
    """Number of rows, ``4n + 1``."""
    start: np.ndarray
    """The start cells (int16), the king's apex first when there is a king."""
    goal_apex: int
    row: np.ndarray
    """int8 row of each cell, -1 off the board."""
    stop: np.ndarray
    """uint8: the colour may end a move on the cell."""
    land: np.ndarray
    """uint8: the colour may land on the cell in the middle of a chain."""
    goal: np.ndarray
    """uint8: the cell is in the goal area."""
    ray: np.ndarray
    """int16 ``[cell, direction, k]``: the cell ``k + 1`` steps away (-1 past the edge)."""
    mirror: np.ndarray
    """int16: the cell's image under the half turn."""
    width: np.ndarray
    """int8: how many cells of each row the colour may stop on."""

    def signature(self) -> bytes:
        """What decides the puzzle's moves and its end — the cells of the start and the goal,
        where the colour may stop and pass, the king and what may follow its line jump — and
        nothing else: two option sets with the same signature pose the same puzzle (options such
        as ``goal_block`` or ``max_plies`` do not change it)."""
        after = self.after_line if self.king else -1
        head = np.array([self.king, after, self.goal_apex if self.king else -1], dtype=np.int16)
        return b"|".join(a.tobytes() for a in (head, self.start, self.stop, self.land, self.goal))

    def image(self, cells) -> list[int]:
        """The half-turn images of ``cells``, in the same order."""
        return [int(self.mirror[c]) for c in cells]

    def row_count(self, cells) -> np.ndarray:
        """How many of ``cells`` stand in each row (int64)."""
        return np.bincount(self.row[np.asarray(cells, dtype=np.int64)], minlength=self.rows)

    def need(self, goal) -> np.ndarray:
        """How many of the cells ``goal`` stand in the rows ``>= t``, for each row ``t`` (int64)."""
        return np.cumsum(self.row_count(goal)[::-1])[::-1].copy()

    @property
    def start_rows(self) -> int:
        return int(sum(int(self.row[c]) for c in self.start))

    @property
    def goal_rows(self) -> int:
        return int(sum(int(self.row[c]) for c in range(len(CELLS)) if self.goal[c]))


def puzzle_of(game: StarGame, name: str = "") -> Puzzle:
    """The crossing puzzle of ``game``'s first colour (OptionError under ``hop_own=false``, where
    a lone colour could never hop, and with long jumps, which the puzzle does not play)."""
    rules = game.rules
    if not rules.hop_own or rules.long_jump:
        raise OptionError("the crossing puzzle is played with hop_own=true and long_jump=false")
    seat = game.seats[0]
    star = rules.star
    start_key = STAR_COLOURS[rules.colours[0]]
    n = len(CELLS)
    row = np.full(n, -1, dtype=np.int8)
    stop = np.zeros(n, dtype=np.uint8)
    land = np.zeros(n, dtype=np.uint8)
    goal = np.zeros(n, dtype=np.uint8)
    ray = np.full((n, 6, MAX_RAY), -1, dtype=np.int16)
    mirror = np.full(n, -1, dtype=np.int16)
    for c, (q, r) in enumerate(CELLS):
        bit = 1 << GRID[c]
        if not star.on_board(q, r):
            continue
        row[c] = advance(start_key, (q, r)) + 2 * star.n
        stop[c] = bool(seat.allowed & bit)
        land[c] = bool(seat.passable & bit)
        goal[c] = bool(seat.goal_area & bit)
        mirror[c] = INDEX[(-q, -r)]
        for d, (dq, dr) in enumerate(DIRECTIONS):
            k, cq, cr = 0, q + dq, r + dr
            while on_board(cq, cr) and star.on_board(cq, cr):
                ray[c, d, k] = INDEX[(cq, cr)]
                k, cq, cr = k + 1, cq + dq, cr + dr
    cells = [c for c in range(n) if seat.start_area & (1 << GRID[c])]
    apex = INDEX[star.apex[start_key]]
    if rules.king:
        cells.remove(apex)
        cells.insert(0, apex)
    goal_apex = next(c for c in range(n) if seat.goal_apex & (1 << GRID[c]))
    rows = 4 * star.n + 1
    width = np.zeros(rows, dtype=np.int8)
    for c in range(n):
        if row[c] >= 0 and stop[c]:
            width[row[c]] += 1
    return Puzzle(
        name=name or game.id,
        pieces=len(cells),
        king=rules.king,
        after_line=AFTER_LINE[rules.after_line],
        rows=rows,
        start=np.array(cells, dtype=np.int16),
        goal_apex=goal_apex,
        row=row,
        stop=stop,
        land=land,
        goal=goal,
        ray=ray,
        mirror=mirror,
        width=width,
    )
