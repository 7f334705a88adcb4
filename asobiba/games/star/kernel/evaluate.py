"""The evaluation of :mod:`..heuristic` in the compiled engine (the terms are explained there and in
docs/ai.md, "Level tables"): each seat's remaining work ``R`` — race distance, a man on the goal
apex while the king is out, the king's distance late in the race, stragglers, jump ladders — less
the tempo credit of the side to move, turned into one value per seat by the same sharing of places.

For every position the values equal ``heuristic.evaluate`` within 1e-9 (tested on random
positions). The per-colour numbers come from the readable module's own tables
(:func:`eval_tables`), so the two cannot drift apart; the ladder test, a shift of grid bits there,
is here a look at the neighbour and the cell behind it along each forward direction.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from ..game import StarGame
from ..geometry import DIRECTIONS, GRID, W
from ..heuristic import (
    SCALE,
    SQUASH,
    STRAGGLER_SLACK,
    TEMPO,
    W_APEX_BLOCK,
    W_KING_LATE,
    W_LADDER,
    W_STRAGGLER,
    _colour_tables,
)
from .arrays import (
    ALLOWED,
    MAX_PIECES,
    MAX_SEATS,
    PIECES,
    R_FLAGS,
    R_KING,
    R_PIECES,
    R_PLAYERS,
    RANK,
    TO_MOVE,
    N,
)
from .tables import BEHIND, NEIGHBOUR

MAX_LADDERS = 6
"""Ladders count up to this many (as in the readable evaluation)."""
LATE_DISTANCE = 12
"""Below this race distance the king's own distance counts extra."""


class EvalTables(NamedTuple):
    """The numbers the compiled evaluation reads, per seat of one game."""

    man_cost: np.ndarray
    """``[seat, cell]``: rows a man on ``cell`` still has to cross (float64)."""
    king_cost: np.ndarray
    """``[seat, cell]``: the king's hex distance from ``cell`` to the goal apex (float64)."""
    floor: np.ndarray
    """``[seat]``: the cost of the men with every piece home (float64)."""
    apex: np.ndarray
    """``[seat]``: the goal apex cell (int32)."""
    forward: np.ndarray
    """``[seat, k]``: the two directions (indices of ``DIRECTIONS``) that gain a row (int32)."""


def eval_tables(game: StarGame) -> EvalTables:
    """The tables of ``game``'s seats, read from the readable evaluation's own per-colour tables."""
    rules = game.rules
    man_cost = np.zeros((MAX_SEATS, N), dtype=np.float64)
    king_cost = np.zeros((MAX_SEATS, N), dtype=np.float64)
    floor = np.zeros(MAX_SEATS, dtype=np.float64)
    apex = np.zeros(MAX_SEATS, dtype=np.int32)
    forward = np.zeros((MAX_SEATS, 2), dtype=np.int32)
    shifts = [dq * W + dr for dq, dr in DIRECTIONS]
    for seat, colour in enumerate(rules.colours):
        _, _, man_idx, king_idx, seat_floor, fwd, apex_bit = _colour_tables(
            colour, game.seats[seat].goal_area, rules.king
        )
        man_cost[seat] = man_idx
        king_cost[seat] = king_idx
        floor[seat] = seat_floor
        apex[seat] = GRID.index(apex_bit.bit_length() - 1)
        forward[seat] = [shifts.index(sh) for sh in fwd]
    return EvalTables(man_cost, king_cost, floor, apex, forward)


@njit(cache=True)
def remaining_work(board, rules, man_cost, king_cost, floor, apex, forward, seat):
    """``R`` of one seat (``heuristic.remaining_work``): lower is better."""
    base = PIECES + seat * MAX_PIECES
    count = rules[R_PIECES]
    first = 0
    king_cost_here = 0.0
    has_king = rules[R_KING] != 0
    if has_king:
        first = 1
        king_cost_here = king_cost[seat, board[base]]
    total = 0.0
    for slot in range(first, count):
        total += man_cost[seat, board[base + slot]]
    distance = total + king_cost_here - floor[seat]
    extra = 0.0
    if has_king:
        if board[apex[seat]] == seat + 1:  # one of the seat's own men
            extra += W_APEX_BLOCK
        if distance < LATE_DISTANCE:
            extra += W_KING_LATE * king_cost_here
    men = count - first
    if men > 0:
        mean = (total + king_cost_here) / count
        limit = mean + STRAGGLER_SLACK
        lag = 0.0
        for slot in range(first, count):
            c = man_cost[seat, board[base + slot]]
            if c > limit:
                lag += c - mean - STRAGGLER_SLACK
        extra += W_STRAGGLER * lag
    flags = R_FLAGS + seat * N
    ladders = 0
    for slot in range(first, count):
        cell = board[base + slot]
        for k in range(2):
            d = forward[seat, k]
            over = NEIGHBOUR[cell, d]
            land = BEHIND[cell, d]
            if (over >= 0 and land >= 0 and board[over] != 0 and board[land] == 0
                    and rules[flags + land] & ALLOWED):
                ladders += 1
    return distance + extra - W_LADDER * min(ladders, MAX_LADDERS)


@njit(cache=True)
def evaluate(board, rules, man_cost, king_cost, floor, apex, forward, out):
    """Write the value of every seat, in [-1, 1], into ``out[:players]`` (``heuristic.evaluate``;
    the game must not be over). A colour alone (the crossing puzzle) is valued by its own work
    left."""
    n = rules[R_PLAYERS]
    if n == 1:
        out[0] = -SQUASH * math.tanh(
            remaining_work(board, rules, man_cost, king_cost, floor, apex, forward, 0) / SCALE)
        return
    work = np.zeros(MAX_SEATS, dtype=np.float64)
    done = 0
    for s in range(n):
        if board[RANK + s]:
            done += 1
        else:
            work[s] = remaining_work(board, rules, man_cost, king_cost, floor, apex, forward, s)
            if s == board[TO_MOVE]:
                work[s] -= TEMPO
    places = n - done
    total_places = 0.0
    lo = 1.0
    hi = -1.0
    for k in range(done + 1, n + 1):
        p = 1.0 - 2.0 * (k - 1) / (n - 1)
        total_places += p
        lo = min(lo, p)
        hi = max(hi, p)
    mid = total_places / places if places else 0.0
    spread = (hi - lo) / 2.0 if places > 1 else 0.0
    for s in range(n):
        if board[RANK + s]:
            out[s] = 1.0 - 2.0 * (board[RANK + s] - 1) / (n - 1)
            continue
        others = 0.0
        count = 0
        for o in range(n):
            if o != s and board[RANK + o] == 0:
                others += work[o]
                count += 1
        if count == 0:
            out[s] = mid
        else:
            out[s] = mid + spread * SQUASH * math.tanh((others / count - work[s]) / SCALE)
