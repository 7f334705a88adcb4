"""Compiled moves of the crossing puzzle (one colour alone; docs/rules/diamond.md, "Moves" and
"The king"; the arrays are those of :class:`.puzzle.Puzzle`).

A position is the array of its pieces' cells (the king first, when there is one) and an occupancy
array ``occ`` over the cells: 0 empty, 1 a man, 2 the king. Moves are ``(piece, to)`` pairs: a
step to an empty neighbour the colour may stop on, or the end of a chain of hops (over one man
onto the empty cell behind; the king also over a straight run of men), the piece lifted while it
moves, its start cell never landed on, each landing cell one the colour may pass through and the
end one it may stop on. Men never hop the king. What may follow a king's line hop is the
puzzle's ``after_line``: ``END``, only single hops, or any hop, as in :mod:`..movegen`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

END, SINGLE_HOPS, ANY_HOPS = 0, 1, 2


@njit(cache=True)
def moves(cells, occ, king, after_line, row, stop, land, ray, out_piece, out_to, marks, stack):
    """Write every move into ``out_piece``/``out_to``; return how many. ``marks`` (int32, 3 rows
    of one entry per cell, the last entry of row 0 a counter) and ``stack`` are scratch."""
    count = 0
    for i in range(cells.shape[0]):
        c = cells[i]
        is_king = king and i == 0
        held = occ[c]
        occ[c] = 0
        marks[0, -1] += 1
        stamp = marks[0, -1]
        marks[0, c] = stamp  # ends already listed (the start never is one)
        marks[1, c] = stamp  # searched with any hop allowed next
        marks[2, c] = stamp  # searched with only single hops allowed next
        for d in range(6):
            t = ray[c, d, 0]
            if t >= 0 and occ[t] == 0 and stop[t]:
                out_piece[count] = i
                out_to[count] = t
                count += 1
                marks[0, t] = stamp
        top = 0
        stack[top] = c * 4 + ANY_HOPS
        top += 1
        while top > 0:
            top -= 1
            x = stack[top] // 4
            allowed = stack[top] % 4
            for d in range(6):
                run = 0
                while run < ray.shape[2] and ray[x, d, run] >= 0 and occ[ray[x, d, run]] == 1:
                    run += 1
                if run == 0 or run >= ray.shape[2]:
                    continue
                if run > 1 and not is_king:
                    continue
                if run > 1 and allowed != ANY_HOPS:
                    continue
                t = ray[x, d, run]
                if t < 0 or occ[t] != 0 or not land[t]:
                    continue
                follow = allowed if run == 1 else after_line
                if stop[t] and marks[0, t] != stamp:
                    marks[0, t] = stamp
                    out_piece[count] = i
                    out_to[count] = t
                    count += 1
                if follow == END:
                    continue
                if marks[follow, t] != stamp:
                    marks[follow, t] = stamp
                    if follow == ANY_HOPS:
                        marks[SINGLE_HOPS, t] = stamp
                    stack[top] = t * 4 + follow
                    top += 1
        occ[c] = held
    return count


@njit(cache=True)
def entry_bound_of(count, need):
    """The entry bound (:mod:`.search`) from a position with ``count[t]`` pieces in row ``t``,
    the goal holding ``need[t]`` cells in the rows ``>= t``: for each such ``t`` the rows from
    ``t`` on need ``need[t]`` pieces, at most one entering per move, the first no sooner than
    ``t - front`` moves from now (``front``: the furthest row held)."""
    rows = count.shape[0]
    front = rows - 1
    while front > 0 and count[front] == 0:
        front -= 1
    best = 0
    held = 0
    for t in range(rows - 1, -1, -1):
        held += count[t]
        if need[t] == 0:
            continue
        term = t - front - 1 + need[t] if t > front else need[t] - held
        best = max(best, term)
    return best


@njit(cache=True)
def place(cells, occ, king):
    """Fill ``occ`` from ``cells``."""
    occ[:] = 0
    for i in range(cells.shape[0]):
        occ[cells[i]] = 2 if king and i == 0 else 1


@njit(cache=True)
def rows_of(cells, row):
    total = 0
    for i in range(cells.shape[0]):
        total += row[cells[i]]
    return total


@njit(cache=True)
def is_home(cells, king, goal, goal_apex):
    if king and cells[0] != goal_apex:
        return False
    for i in range(cells.shape[0]):  # noqa: SIM110  (numba compiles loops, not generators)
        if not goal[cells[i]]:
            return False
    return True


@njit(cache=True)
def canonical(cells, king):
    """Sort the men (the king stays first) so that a position has one form."""
    first = 1 if king else 0
    cells[first:] = np.sort(cells[first:])


@njit(cache=True)
def key_of(cells, king, zobrist):
    """The position's key: the exclusive or of a random number per piece and cell (the king's
    from the second row of ``zobrist``)."""
    h = np.uint64(0)
    for i in range(cells.shape[0]):
        h ^= zobrist[1 if king and i == 0 else 0, cells[i]]
    return h
