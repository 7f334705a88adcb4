"""Board geometry of Dice Out (docs/rules/diceout.md, "Board and coordinates" and "Action ids").

Each fact of the board is stated here once, for the engine and for the solver (whose
:mod:`.solver.geometry` adds only what the tables need: slots, 3-slot sets and their ranks).

The board has 5 files ``a``–``e`` and ``rows`` ranks ``1..rows``: the game is played on 4–9 ranks
(:data:`GAME_ROWS`), the solver also takes smaller boards (:data:`SOLVER_ROWS`). A cell is an int
``(rank - 1) * 5 + file`` (``a1`` = 0, ``b1`` = 1, ..., ``e{rows}`` = ``5 * rows - 1``) and is
named like a chess square. Red's home row is rank 1, white's the last rank.

The four corners are EXIT squares. A player's *targets* are the two corners of the opponent's
home row: red aims at ``a{rows}`` / ``e{rows}``, white at ``a1`` / ``e1``. Reaching a corner of
one's own home row does nothing special.

Directions are numbered 0–7 clockwise from "north" (towards higher ranks):
``0 N (0,+1)``, ``1 NE (+1,+1)``, ``2 E (+1,0)``, ``3 SE (+1,-1)``, ``4 S (0,-1)``,
``5 SW (-1,-1)``, ``6 W (-1,0)``, ``7 NW (-1,+1)`` as (file step, rank step). The numbering is part
of the action ids ``from_cell * 8 + direction`` (:mod:`.actions`) that saved games hold. The solver's
tables do not depend on it: its kernels try every direction and store none.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...core.errors import OptionError
from ...core.names import Names

FILES = "abcde"
NUM_FILES = len(FILES)

GAME_ROWS = range(4, 10)
"""The rank counts the game is played on (the option ``rows``)."""
SOLVER_MIN_ROWS = 2
"""The solver also takes boards of 2 and 3 ranks: too small to play, they solve in seconds, so the
solver can be checked on them (the tests solve the 2-rank board)."""
SOLVER_ROWS = range(SOLVER_MIN_ROWS, GAME_ROWS.stop)
SOLVER_ROWS_TEXT = (
    f"{SOLVER_ROWS[0]}-{SOLVER_ROWS[-1]} ({GAME_ROWS[0]}-{GAME_ROWS[-1]} are played; "
    f"smaller boards are test boards)"
)
"""The solver's range of rows in words, for help texts and error messages."""

MAX_CELLS = NUM_FILES * GAME_ROWS[-1]

RED = 0
WHITE = 1
COLOURS = ("red", "white")
COLOUR_NAMES = {"red": Names("赤", "Red"), "white": Names("白", "White")}
"""Each colour's name for people, in both languages."""

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def check_solver_rows(rows: int) -> None:
    """Refuse a rank count the solver (and so this module) does not take."""
    if rows not in SOLVER_ROWS:
        raise OptionError(f"rows must be {SOLVER_ROWS_TEXT}, not {rows}")


@dataclass(frozen=True)
class Board:
    """The grid for one ``rows`` setting: names, neighbours, EXIT corners, targets, home cells."""

    rows: int
    num_cells: int
    names: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    """``neighbours[cell][direction]``: the adjacent cell, or -1 off the board."""
    exits: frozenset[int]
    targets: tuple[frozenset[int], frozenset[int]]
    """``targets[player]``: the two EXIT corners of the opponent's home row."""
    home: tuple[tuple[int, int, int], tuple[int, int, int]]
    """``home[player]``: the centre three cells ``b c d`` of the player's home row."""

    def cell(self, file: int, rank: int) -> int:
        """Cell of 0-based ``file`` and ``rank``."""
        return rank * NUM_FILES + file

    def file_of(self, cell: int) -> int:
        return cell % NUM_FILES

    def rank_of(self, cell: int) -> int:
        return cell // NUM_FILES

    def king_distance(self, a: int, b: int) -> int:
        """How many steps a die needs from ``a`` to ``b`` on an empty board."""
        return max(abs(self.file_of(a) - self.file_of(b)), abs(self.rank_of(a) - self.rank_of(b)))

    def direction_between(self, a: int, b: int) -> int:
        """Direction from ``a`` to the adjacent cell ``b``, or -1 if they are not adjacent."""
        row = self.neighbours[a]
        return row.index(b) if b in row else -1


@functools.cache
def board(rows: int) -> Board:
    """The (cached) board with ``rows`` ranks (any of :data:`SOLVER_ROWS`)."""
    check_solver_rows(rows)
    n = NUM_FILES * rows
    names = tuple(f"{FILES[c % NUM_FILES]}{c // NUM_FILES + 1}" for c in range(n))
    neighbours = []
    for c in range(n):
        f, r = c % NUM_FILES, c // NUM_FILES
        row = []
        for df, dr in DIRECTIONS:
            nf, nr = f + df, r + dr
            row.append(nr * NUM_FILES + nf if 0 <= nf < NUM_FILES and 0 <= nr < rows else -1)
        neighbours.append(tuple(row))
    last = (rows - 1) * NUM_FILES
    bottom = frozenset({0, NUM_FILES - 1})
    top = frozenset({last, last + NUM_FILES - 1})
    return Board(
        rows=rows,
        num_cells=n,
        names=names,
        index={name: c for c, name in enumerate(names)},
        neighbours=tuple(neighbours),
        exits=bottom | top,
        targets=(top, bottom),
        home=((1, 2, 3), (last + 1, last + 2, last + 3)),
    )
