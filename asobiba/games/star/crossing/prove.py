"""Proving a crossing shortest: a breadth-first search from both ends that meet in the middle
(docs/rules/chinese_checkers.md, "Crossing the star alone", the proof).

**One search serves both ends.** Every move can be made back. A step back is a step. A chain of
hops run backwards hops the same pieces (none of them moves meanwhile) and lands on the same
cells, which the colour may pass; its first and last cells are ones it may stop on. A king's line
hop lands right behind the run it jumps, so from there the king jumps the same run back. What
may follow a line hop must read the same backwards: under ``single`` a move holds at most one
line hop with single hops before and after, under ``any`` anything, both symmetric; under
``none`` a line hop ends the move, and run backwards it would begin one, so those rules are
refused. The half turn ``(q, r) -> (-q, -r)`` maps the start onto the goal (the king's apex onto
the goal apex) and every legal move onto a legal one, the cells the colour may stop on and pass
being the same after the turn (checked for each puzzle). So the fewest moves from a position to
the goal are the fewest from the start to its image: the layers searched from the goal are those
from the start turned round.

**Layers.** ``F_d`` holds the positions first reached ``d`` moves from the start (the cells held,
and the king's), as a sorted set (:mod:`.sets`). To show that no crossing takes ``L`` moves or
fewer, a position of ``F_d`` whose entry bound (:func:`.kernel.entry_bound_of`, counted from the
position) is above ``L - d`` is dropped: no such crossing passes it ``d`` moves from the start,
and every position of a crossing of ``l <= L`` moves survives, at the depth of its place in the
crossing. (A move leads from ``F_d`` only into ``F_{d-1}``, ``F_d`` and the new layer, so only
those two are taken out.) A shortest crossing, of ``l`` moves, passes ``i = l // 2`` moves from
the start a position ``P`` of ``F_i`` whose image lies in ``F_{l - i}``; conversely such a ``P``
makes a crossing of at most ``l`` moves. Lengths are tried from 0 up as the layers come, so the first
found is the shortest; none up to ``L`` proves every crossing longer than ``L``. The search needs
the layers up to ``ceil(L / 2)``. The line found is rebuilt layer by layer (a position's
predecessor is one of its own moves, moves being reversible) and replayed by the readable engine.

The moves come from the compiled engine's generator (:func:`..kernel.movegen.legal_moves`), the
colour alone on the board. A key holds the cells as the engine's two-word set (:mod:`..kernel.bits`)
with the king's cell plus one in the top seven bits of the second word.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from ....core.errors import AsobibaError, OptionError
from ..game import StarGame
from ..geometry import CELLS, NUM_CELLS
from ..kernel.arrays import (
    BOARD_SIZE,
    KING,
    MAX_MOVES,
    OCCUPIED,
    PIECES,
    R_KING,
    R_PIECES,
    R_PLAYERS,
    TO_MOVE,
    WORK_SIZE,
    N,
)
from ..kernel.bits import flipped, pop_lowest, store
from ..kernel.movegen import legal_moves
from ..kernel.tables import rules_of
from . import kernel, sets
from .puzzle import Puzzle, puzzle_of
from .search import verify

KING_SHIFT = 57
"""The king's cell plus one stands in the bits from here of a key's second word (0: no king)."""
CELLS_HI = (1 << KING_SHIFT) - 1
ROOM = 1 << 22
"""Children kept per batch before they are sorted (two arrays of this many int64)."""
MEMORY = 10 * 2**30
"""Default bytes the layers may take; a search that would need more stops."""


@njit(cache=True)
def _expand(hi, lo, first, board, rules, work, row, need, depth, limit, out_hi, out_lo):
    """Write the positions one move after ``hi/lo[first:]`` whose entry bound leaves room for a
    crossing of at most ``limit`` moves at ``depth + 1`` into ``out_hi/out_lo``, stopping when
    those could not hold another position's moves. Returns ``(next parent, count)``."""
    pieces = rules[R_PIECES]
    has_king = rules[R_KING] != 0
    count = np.zeros(need.shape[0], np.int64)
    m = 0
    i = first
    while i < hi.shape[0] and m + MAX_MOVES <= out_hi.shape[0]:
        king = ((hi[i] >> KING_SHIFT) & 127) - 1
        occ_lo = lo[i]
        occ_hi = hi[i] & CELLS_HI
        slot = 1 if has_king else 0
        left_lo, left_hi = occ_lo, occ_hi
        while left_lo | left_hi:
            c, left_lo, left_hi = pop_lowest(left_lo, left_hi)
            count[row[c]] += 1
            if c == king:
                board[c] = 1 + KING
                board[PIECES] = c
            else:
                board[c] = 1
                board[PIECES + slot] = c
                slot += 1
        store(board, OCCUPIED, occ_lo, occ_hi)
        n = legal_moves(board, rules, work)
        for k in range(n):
            origin = work[k] // N
            target = work[k] - origin * N
            count[row[origin]] -= 1
            count[row[target]] += 1
            if depth + 1 + kernel.entry_bound_of(count, need) <= limit:
                c_lo, c_hi = flipped(occ_lo, occ_hi, origin)
                c_lo, c_hi = flipped(c_lo, c_hi, target)
                moved = target if origin == king else king
                out_lo[m] = c_lo
                out_hi[m] = c_hi | (np.int64(moved + 1) << KING_SHIFT)
                m += 1
            count[row[origin]] += 1
            count[row[target]] -= 1
        for s in range(pieces):
            board[board[PIECES + s]] = 0
        count[:] = 0
        i += 1
    return i, m


@njit(cache=True)
def _mirrored(hi, lo, mirror):
    """The half-turn images of the keys (unsorted)."""
    out_hi = np.empty_like(hi)
    out_lo = np.empty_like(lo)
    for i in range(hi.shape[0]):
        king = ((hi[i] >> KING_SHIFT) & 127) - 1
        left_lo, left_hi = lo[i], hi[i] & CELLS_HI
        m_lo = np.int64(0)
        m_hi = np.int64(0)
        while left_lo | left_hi:
            c, left_lo, left_hi = pop_lowest(left_lo, left_hi)
            m_lo, m_hi = flipped(m_lo, m_hi, mirror[c])
        moved = mirror[king] if king >= 0 else -1
        out_lo[i] = m_lo
        out_hi[i] = m_hi | (np.int64(moved + 1) << KING_SHIFT)
    return out_hi, out_lo


@dataclass(frozen=True)
class Proof:
    """What the search showed: the shortest crossing when one of at most ``limit`` moves exists,
    else (when ``complete``) that every crossing takes more than ``limit`` moves."""

    puzzle: str
    pieces: int
    king: bool
    limit: int
    layers: tuple[int, ...]
    """Positions in ``F_0, F_1, …`` after the bound's cut."""
    shortest: int | None
    """The fewest moves of a crossing, if one takes at most ``limit``."""
    line: list[tuple[tuple[int, int], tuple[int, int]]]
    """The shortest crossing, ``((q, r) from, (q, r) to)`` moves."""
    complete: bool
    """False if the search stopped before it could decide (memory)."""
    seconds: float
    peak_mb: int
    """The process's peak resident memory when the search ended."""


class _Search:
    """The layers of one proof search and the compiled engine's arrays for its puzzle."""

    def __init__(self, game: StarGame, puzzle: Puzzle, start: list[int]) -> None:
        self.king = puzzle.king
        self.rules = rules_of(game)
        self.rules[R_PLAYERS] = 1  # the colour alone: the other seats' slots hold no king
        self.rules[R_PIECES] = len(start)
        self.board = np.zeros(BOARD_SIZE, np.int32)
        self.board[TO_MOVE] = 0
        self.work = np.zeros(WORK_SIZE, np.int32)
        self.row = puzzle.row.astype(np.int64)
        self.mirror = puzzle.mirror.astype(np.int64)
        self.need = puzzle.need(puzzle.image(start))
        self.layers: list[tuple[np.ndarray, np.ndarray]] = [self.key(start)]

    def key(self, cells: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The one-key set of the position ``cells`` (the king first when there is one)."""
        mask = sum(1 << int(c) for c in cells)
        hi = mask >> 64 | ((int(cells[0]) + 1) << KING_SHIFT if self.king else 0)
        words = [w - (w >> 63 << 64) for w in (hi, mask & (2**64 - 1))]  # as signed int64
        return np.array(words[:1], np.int64), np.array(words[1:], np.int64)

    def grow(self, limit: int, budget: int) -> bool:
        """Add the next layer; False (nothing added) if it would not fit in ``budget`` bytes."""
        depth = len(self.layers) - 1
        hi, lo = self.layers[depth]
        before = self.layers[depth - 1] if depth else (hi[:0], lo[:0])
        held = sum(h.nbytes + low.nbytes for h, low in self.layers)
        out_hi, out_lo = np.empty(ROOM, np.int64), np.empty(ROOM, np.int64)
        tmp_hi, tmp_lo = np.empty(ROOM, np.int64), np.empty(ROOM, np.int64)
        runs: list[tuple[np.ndarray, np.ndarray]] = []
        first = 0
        while first < hi.shape[0]:
            first, m = _expand(hi, lo, first, self.board, self.rules, self.work, self.row,
                               self.need, depth, limit, out_hi, out_lo)
            m = sets.sort_unique(out_hi, out_lo, m, tmp_hi, tmp_lo)
            runs.append((out_hi[:m].copy(), out_lo[:m].copy()))
            while len(runs) > 1 and len(runs[-2][0]) <= 2 * len(runs[-1][0]):
                b, a = runs.pop(), runs.pop()
                runs.append(sets.union(*a, *b))
            if held + 32 * sum(len(r[0]) for r in runs) > budget:
                return False
        while len(runs) > 1:
            b, a = runs.pop(), runs.pop()
            runs.append(sets.union(*a, *b))
        new_hi, new_lo = runs[0] if runs else (hi[:0], lo[:0])
        size = new_hi.shape[0]
        for old_hi, old_lo in (before, (hi, lo)):
            size = sets.minus(new_hi, new_lo, size, old_hi, old_lo)
        self.layers.append((new_hi[:size].copy(), new_lo[:size].copy()))
        return True

    def meet(self, i: int, j: int) -> int:
        """A position of ``F_i`` whose image is in ``F_j`` (its index in ``F_i``), or -1."""
        m_hi, m_lo = _mirrored(*self.layers[j], self.mirror)
        size = m_hi.shape[0]
        size = sets.sort_unique(m_hi, m_lo, size, np.empty_like(m_hi), np.empty_like(m_lo))
        return sets.first_common(*self.layers[i], m_hi[:size], m_lo[:size])

    def back_to_start(self, hi: int, lo: int, depth: int) -> list[tuple[int, int]]:
        """The positions (keys) from the start to ``(hi, lo)`` in ``F_depth``."""
        path = [(hi, lo)]
        out_hi, out_lo = np.empty(MAX_MOVES, np.int64), np.empty(MAX_MOVES, np.int64)
        for d in range(depth, 0, -1):
            _, m = _expand(np.array([path[-1][0]], np.int64), np.array([path[-1][1]], np.int64),
                           0, self.board, self.rules, self.work, self.row, self.need, 0,
                           NUM_CELLS * NUM_CELLS, out_hi, out_lo)
            layer = self.layers[d - 1]
            k = next(k for k in range(m) if sets.holds(*layer, out_hi[k], out_lo[k]))
            path.append((int(out_hi[k]), int(out_lo[k])))
        return path[::-1]

    def line(self, i: int, j: int, at: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The crossing through ``F_i[at]``, whose image is in ``F_j``."""
        hi, lo = (int(a[at]) for a in self.layers[i])
        there = self.back_to_start(hi, lo, i)
        m_hi, m_lo = _mirrored(np.array([hi], np.int64), np.array([lo], np.int64), self.mirror)
        back = self.back_to_start(int(m_hi[0]), int(m_lo[0]), j)
        images = _mirrored(np.array([k[0] for k in back], np.int64),
                           np.array([k[1] for k in back], np.int64), self.mirror)
        home = [(int(h), int(low)) for h, low in zip(*images, strict=True)][::-1]
        keys = there + home[1:]
        return [_move(a, b) for a, b in zip(keys, keys[1:], strict=False)]


def _cells(key: tuple[int, int]) -> int:
    """The cells held in ``key``, as one integer bit set."""
    return ((key[0] & CELLS_HI) << 64) | (key[1] & (2**64 - 1))


def _move(before: tuple[int, int], after: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The move between two positions one move apart."""
    a, b = _cells(before), _cells(after)
    return CELLS[(a & ~b).bit_length() - 1], CELLS[(b & ~a).bit_length() - 1]


def provable(game: StarGame) -> Puzzle:
    """The puzzle of ``game``, if the proof can be made under its rules: moves that can be made
    back (OptionError under ``king_chain_after_line=none``) and a puzzle the half turn maps onto
    itself, start onto goal (AsobibaError otherwise)."""
    puzzle = puzzle_of(game)
    if puzzle.king and puzzle.after_line == kernel.END:
        raise OptionError("the proof needs moves that can be made back: a line jump that ends the "
                          "move (king_chain_after_line=none) cannot")
    on = puzzle.row >= 0
    image = puzzle.mirror[on]
    if not (np.array_equal(puzzle.stop[image], puzzle.stop[on])
            and np.array_equal(puzzle.land[image], puzzle.land[on])
            and int(puzzle.goal.sum()) == puzzle.pieces
            and puzzle.goal[puzzle.mirror[puzzle.start]].all()
            and (not puzzle.king or puzzle.mirror[puzzle.start[0]] == puzzle.goal_apex)):
        raise AsobibaError("the proof needs a puzzle the half turn maps onto itself")
    return puzzle


def prove(game: StarGame, limit: int, start: list[int] | None = None, memory: int = MEMORY,
          report: Callable[[int, int, float], None] | None = None) -> Proof:
    """The shortest crossing of ``game``'s puzzle if one takes at most ``limit`` moves, else the
    proof that none does (see the module docstring). ``start``: other start cells (the king's
    first under ``king=true``), the goal being their half-turn image, for small test puzzles.
    ``report(depth, positions, seconds)`` hears of each layer. The search stops, incomplete, when
    its layers would take more than ``memory`` bytes."""
    puzzle = provable(game)
    cells = [int(c) for c in (puzzle.start if start is None else start)]
    began = time.perf_counter()
    search = _Search(game, puzzle, cells)
    shortest = 0 if search.meet(0, 0) >= 0 else None
    line: list = []
    complete = True
    depth = 0
    while shortest is None and 2 * depth < limit and len(search.layers[depth][0]):
        if not search.grow(limit, memory):
            complete = False
            break
        depth += 1
        if report is not None:
            report(depth, len(search.layers[depth][0]), time.perf_counter() - began)
        for i, j in ((depth - 1, depth), (depth, depth)):
            if i + j <= limit and (at := search.meet(i, j)) >= 0:
                shortest, line = i + j, search.line(i, j, at)
                verify(game, puzzle, line, start)
                break
    return Proof(
        puzzle=puzzle.name, pieces=len(cells), king=puzzle.king, limit=limit,
        layers=tuple(len(h) for h, _ in search.layers), shortest=shortest, line=line,
        complete=complete, seconds=time.perf_counter() - began,
        peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    )
