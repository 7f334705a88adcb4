"""Finding short crossings, and the bound that no crossing can beat (docs/rules/chinese_checkers.md,
"Crossing the star alone").

**Beam search** (:func:`find_crossing`): from the start, every position of the beam is expanded by
all its moves; duplicates (same cells, the men in any order) are merged and the ``width`` positions
whose pieces stand furthest along (the sum of their rows) are kept, until one is home. The line it
returns is replayed by the readable engine before it is believed. A wider beam finds shorter
crossings; the beam gives no proof of optimality.

**Entry bound** (:func:`entry_bound`): a move lands at most one row beyond the piece furthest
ahead (a step goes one row; a hop goes over a piece, so the last piece hopped is at most that far,
and the landing cell is right behind it). So after ``j`` moves no piece is beyond row
``front + j``, where ``front`` is the furthest start row, and a piece can first enter the rows
``>= t`` on move ``t - front``. Each move brings at most one piece into those rows, and the goal
holds ``n_t`` pieces there, so every crossing takes at least ``t - front - 1 + n_t`` moves, for
every ``t``. For 10 pieces on the standard board (front 3, all 10 must reach row 13) that is 19.
The same count on rows alone, solved exactly as a puzzle of its own (pieces in rows, a hop needing
any piece in the row between), gives no more for these boards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from ....core.errors import AsobibaError
from ..game import StarGame
from ..geometry import CELLS, NUM_CELLS, grid_of
from . import kernel
from .puzzle import Puzzle, puzzle_of

CHILDREN = 96
"""Room for this many children per beam position (positions with more moves use the room of
others); a generous bound for the crossing positions, where most pieces have a few moves."""


@njit(cache=True)
def _beam(start, king, after_line, row, stop, land, ray, goal, goal_apex, zobrist, width,
          depth_max, line_from, line_to):
    """Return the length of the crossing found (writing its moves into ``line_from``/``line_to``),
    or -1 if none within ``depth_max`` moves."""
    pieces = start.shape[0]
    beam = np.zeros((width, pieces), np.int16)
    beam[0] = start
    size = 1
    parent = np.zeros((depth_max + 1, width), np.int32)
    came_from = np.zeros((depth_max + 1, width), np.int16)
    came_to = np.zeros((depth_max + 1, width), np.int16)
    occ = np.zeros(NUM_CELLS, np.uint8)
    marks = np.zeros((3, NUM_CELLS + 1), np.int32)
    stack = np.zeros(4 * NUM_CELLS, np.int32)
    out_piece = np.zeros(4096, np.int32)
    out_to = np.zeros(4096, np.int32)
    room = width * CHILDREN
    child = np.zeros((room, pieces), np.int16)
    score = np.zeros(room, np.int64)
    key = np.zeros(room, np.uint64)
    child_parent = np.zeros(room, np.int32)
    child_from = np.zeros(room, np.int16)
    child_to = np.zeros(room, np.int16)
    for depth in range(1, depth_max + 1):
        m = 0
        for b in range(size):
            cells = beam[b]
            kernel.place(cells, occ, king)
            n = kernel.moves(cells, occ, king, after_line, row, stop, land, ray, out_piece,
                             out_to, marks, stack)
            for k in range(n):
                if m == room:
                    break
                new = cells.copy()
                new[out_piece[k]] = out_to[k]
                kernel.canonical(new, king)
                if kernel.is_home(new, king, goal, goal_apex):
                    line_from[depth - 1] = cells[out_piece[k]]
                    line_to[depth - 1] = out_to[k]
                    at = b
                    for d in range(depth - 1, 0, -1):
                        line_from[d - 1] = came_from[d, at]
                        line_to[d - 1] = came_to[d, at]
                        at = parent[d, at]
                    return depth
                child[m] = new
                score[m] = kernel.rows_of(new, row)
                key[m] = kernel.key_of(new, king, zobrist)
                child_parent[m] = b
                child_from[m] = cells[out_piece[k]]
                child_to[m] = out_to[k]
                m += 1
        order = np.argsort(key[:m])
        unique = np.zeros(m, np.int64)
        u = 0
        for j in range(m):
            i = order[j]
            if j == 0 or key[i] != key[order[j - 1]]:
                unique[u] = i
                u += 1
        ranked = unique[:u][np.argsort(-score[unique[:u]], kind="mergesort")][:width]
        size = ranked.shape[0]
        for j in range(size):
            i = ranked[j]
            beam[j] = child[i]
            parent[depth, j] = child_parent[i]
            came_from[depth, j] = child_from[i]
            came_to[depth, j] = child_to[i]
    return -1


@dataclass(frozen=True)
class Crossing:
    """A crossing found by the beam search, with the bound no crossing can beat."""

    puzzle: str
    pieces: int
    king: bool
    line: list[tuple[tuple[int, int], tuple[int, int]]]
    """The moves, ``((q, r) from, (q, r) to)``."""
    lower_bound: int
    width: int
    seconds: float

    @property
    def moves(self) -> int:
        return len(self.line)

    @property
    def proven(self) -> bool:
        """Whether the bound proves the crossing shortest."""
        return self.moves == self.lower_bound


def entry_bound(puzzle: Puzzle, start=None) -> int:
    """The fewest moves any crossing can take by the entry count (see the module docstring);
    ``start``: other start cells, the goal being their image (:meth:`.puzzle.Puzzle.image`)."""
    if start is None:
        start, goal = puzzle.start, [c for c in range(NUM_CELLS) if puzzle.goal[c]]
    else:
        goal = puzzle.image(start)
    return int(kernel.entry_bound_of(puzzle.row_count(start), puzzle.need(goal)))


def find_crossing(game: StarGame, width: int = 30_000, depth_max: int = 60,
                  start=None) -> Crossing:
    """The shortest crossing a beam of ``width`` positions finds (AsobibaError if none);
    ``start``: other start cells (the king's first under ``king=true``), the goal being their
    image (:meth:`.puzzle.Puzzle.image`), for small test puzzles."""
    puzzle = puzzle_of(game)
    cells, goal, apex = puzzle.start, puzzle.goal, puzzle.goal_apex
    if start is not None:
        cells = np.array(start, np.int16)
        goal = np.zeros_like(puzzle.goal)
        goal[puzzle.image(cells)] = 1
        apex = puzzle.image(cells)[0]
    zobrist = np.random.default_rng(2024).integers(1, 2**63, size=(2, NUM_CELLS), dtype=np.uint64)
    line_from = np.zeros(depth_max, np.int16)
    line_to = np.zeros(depth_max, np.int16)
    began = time.perf_counter()
    length = _beam(cells, puzzle.king, puzzle.after_line, puzzle.row, puzzle.stop,
                   puzzle.land, puzzle.ray, goal, apex, zobrist, width,
                   depth_max, line_from, line_to)
    seconds = time.perf_counter() - began
    if length < 0:
        raise AsobibaError(f"no crossing found within {depth_max} moves (beam width {width})")
    line = [(CELLS[line_from[i]], CELLS[line_to[i]]) for i in range(length)]
    verify(game, puzzle, line, start)
    return Crossing(puzzle.name, len(cells), puzzle.king, line, entry_bound(puzzle, start),
                    width, seconds)


def verify(game: StarGame, puzzle: Puzzle, line: list, start=None) -> None:
    """Replay ``line`` with the readable engine's move generator from the puzzle's start (or the
    cells ``start``, the king's first under ``king=true``): every move legal, and at the end
    every piece home — on the goal area with the king on its apex, or on the image of
    ``start`` (AssertionError otherwise)."""
    seat = game.seats[0]
    cells = [int(c) for c in (puzzle.start if start is None else start)]
    first = 1 if puzzle.king else 0
    men = sum(1 << grid_of(*CELLS[c]) for c in cells[first:])
    king = 1 << grid_of(*CELLS[cells[0]]) if puzzle.king else 0
    for origin, target in line:
        f, t = 1 << grid_of(*origin), 1 << grid_of(*target)
        legal = game.generator.moves(men, king, men | king, king, seat)
        assert CELLS.index(origin) * NUM_CELLS + CELLS.index(target) in legal
        if king == f:
            king = t
        else:
            men ^= f | t
    if start is None:
        assert not (men | king) & ~seat.goal_area and (not puzzle.king or king == seat.goal_apex)
    else:
        home = puzzle.image(cells)
        assert men | king == sum(1 << grid_of(*CELLS[c]) for c in home)
        assert not puzzle.king or king == 1 << grid_of(*CELLS[home[0]])
