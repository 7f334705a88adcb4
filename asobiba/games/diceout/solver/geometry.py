"""The position index of the Dice Out solver, on the board of :mod:`..board`.

Facts used (docs/rules/diceout.md, "Board and coordinates"): a stack is always strictly increasing from
bottom to top (a die only climbs onto a smaller top), so a cell holds at most one die of each value. A die
is therefore fully described by its **slot** ``(cell, value)`` and a player's three dice by a 3-element set
of slots; the order of a stack follows from the values.

Numbering:

* cells as on the board (``a1`` = 0, ``e1`` = 4, ``a2`` = 5, ...), directions too;
* slot ``= cell * 3 + value - 1``;
* a 3-slot set ``{x < y < z}`` has the colex number ``C(z,3) + C(y,2) + x`` and a **rank** given by
  :attr:`Board.rank_of_colex`: sets are ordered so that turning the board by 180° maps rank ``i`` to
  ``N - 1 - i`` (sets that the turn leaves unchanged sit in the middle and map to themselves). That keeps
  the rotate-and-transpose pass of the solver cache friendly.

A table's bytes depend on these slot and rank numbers, not on the order of the directions.

The table is the ``N × N`` matrix ``V[rank(red set), rank(white set)]`` for **red to move**; entries whose
two sets share a slot are unused. White to move is answered by turning the board 180° and swapping the
colours, which maps white's home row and target EXIT squares onto red's (docs/rules/diceout.md, "Board and
coordinates").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from ..board import RED, WHITE
from ..board import Board as Grid
from ..board import board as grid_of


def colex(x: int, y: int, z: int) -> int:
    """Colex number of the slot set ``{x < y < z}``."""
    return z * (z - 1) * (z - 2) // 6 + y * (y - 1) // 2 + x


@dataclass(eq=False)
class Board:
    """Numbering of slots and 3-slot sets for a 5 × ``rows`` board."""

    rows: int
    grid: Grid = field(init=False, repr=False)
    """The board itself: cells, names, neighbours, targets (:mod:`..board`)."""
    cells: int = field(init=False)
    slots: int = field(init=False)
    n_sets: int = field(init=False)
    sets: np.ndarray = field(init=False, repr=False)
    """``sets[rank]`` = the three slots of the set with that rank, ascending (int64)."""
    rank_of_colex: np.ndarray = field(init=False, repr=False)
    """Rank of the set with a given colex number (int32)."""
    rotated: np.ndarray = field(init=False, repr=False)
    """``rotated[rank]`` = rank of the set turned by 180° (int32)."""
    neighbours: np.ndarray = field(init=False, repr=False)
    """The board's ``neighbours[cell, direction]`` as an array for the kernels (int64)."""

    def __post_init__(self) -> None:
        self.grid = grid_of(self.rows)
        self.cells = self.grid.num_cells
        self.slots = 3 * self.cells
        self.n_sets = self.slots * (self.slots - 1) * (self.slots - 2) // 6
        self.neighbours = np.array(self.grid.neighbours, dtype=np.int64)
        self._rank_sets()

    # -- cells ----------------------------------------------------------------------------------
    def rotate_cell(self, cell: int) -> int:
        """The cell a 180° turn of the board puts ``cell`` on."""
        return self.cells - 1 - cell

    def red_targets(self) -> tuple[int, int]:
        """Red's target EXIT squares (``a{rows}``, ``e{rows}``), as the kernels take them."""
        return _pair(self.grid.targets[RED])

    def white_targets(self) -> tuple[int, int]:
        """White's target EXIT squares (``a1``, ``e1``)."""
        return _pair(self.grid.targets[WHITE])

    # -- slot sets ------------------------------------------------------------------------------
    def rotate_slot(self, slot: int) -> int:
        return self.rotate_cell(slot // 3) * 3 + slot % 3

    def _rank_sets(self) -> None:
        n = self.n_sets
        combos = np.array(
            [(x, y, z) for z in range(self.slots) for y in range(z) for x in range(y)], dtype=np.int64
        )
        # the loop above enumerates in colex order: z outermost, then y, then x
        turned = np.sort(self.cells * 3 - 3 - 3 * (combos // 3) + combos % 3, axis=1)
        turned_colex = (
            turned[:, 2] * (turned[:, 2] - 1) * (turned[:, 2] - 2) // 6
            + turned[:, 1] * (turned[:, 1] - 1) // 2
            + turned[:, 0]
        )
        rank = np.full(n, -1, dtype=np.int64)
        low = 0
        fixed = []
        for c in range(n):
            if rank[c] >= 0:
                continue
            t = int(turned_colex[c])
            if t == c:
                fixed.append(c)
            else:
                rank[c] = low
                rank[t] = n - 1 - low
                low += 1
        rank[np.array(fixed, dtype=np.int64)] = low + np.arange(len(fixed))
        self.rank_of_colex = rank.astype(np.int32)
        self.sets = np.empty((n, 3), dtype=np.int64)
        self.sets[rank] = combos
        self.rotated = self.rank_of_colex[turned_colex[np.argsort(rank)]].astype(np.int32)

    def rank(self, slots: tuple[int, int, int] | list[int]) -> int:
        x, y, z = sorted(slots)
        return int(self.rank_of_colex[colex(x, y, z)])


def _pair(cells: frozenset[int]) -> tuple[int, int]:
    low, high = sorted(cells)
    return low, high


@cache
def board(rows: int) -> Board:
    """The (cached) numbering for a 5 × ``rows`` board."""
    return Board(rows)
