"""The Dice Out evaluation of :mod:`..heuristic`, compiled, on the solver's table coordinates.

A position is a pair of set ranks ``(row, col)`` with the side to move playing "red" (a position
with white to move is the board turned 180° with the colours swapped, as in :mod:`.positions`), so
the mover aims at red's target EXIT squares and the opponent at white's. For each side the same
figures as the readable evaluation (docs/ai.md, "Level tables"): nearest and mean king distance of
its dice to its targets (a covered die counts one step more and cannot be nearest), uncovered dice,
unblocked steps onto a target (threats) and the Dice Out danger (three equal values, one of them
covered by the opponent). A mover with a threat is worth 0.9; otherwise the value is ``0.9 tanh``
of the weighted difference of the two sides, with the weights of :mod:`..heuristic` passed in as
an array (:func:`eval_tables`), so compiled code never holds stale weights.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .. import heuristic
from .geometry import Board

W_BEST, W_MEAN, W_MOBILE, W_THREAT, W_DANGER, SCALE = range(6)
"""Indices of the weights array."""

THREAT_VALUE = 0.9
"""The value of a mover who can reach a target EXIT at once, and the scale of the ``tanh``."""


def eval_tables(geo: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(targets, dist, weights)`` for :func:`evaluate` on ``geo``'s board: the mover's two target
    cells then the opponent's, the king distance of every cell to the nearest of each side's
    targets (``dist[0]`` the mover's, ``dist[1]`` the opponent's), and the weights."""
    grid = geo.grid
    targets = np.array([*geo.red_targets(), *geo.white_targets()], dtype=np.int64)
    dist = np.array(
        [[min(grid.king_distance(c, t) for t in targets[2 * side:2 * side + 2])
          for c in range(geo.cells)] for side in (0, 1)],
        dtype=np.int64,
    )
    weights = np.array([heuristic.W_BEST, heuristic.W_MEAN, heuristic.W_MOBILE, heuristic.W_THREAT,
                        heuristic.W_DANGER, heuristic.SCALE], dtype=np.float64)
    return targets, dist, weights


@njit(cache=True)
def side_figures(mine, theirs, nbr, dist, target0, target1):
    """``(best, mean, mobile, threats, danger)`` of the side holding the slots ``mine``."""
    best = 99
    total = 0
    mobile = 0
    threats = 0
    covered_by_other = False
    for i in range(3):
        s = mine[i]
        cell = s // 3
        value = s % 3
        d = dist[cell]
        total += d
        above = False
        for j in range(3):
            if mine[j] // 3 == cell and mine[j] % 3 > value:
                above = True
            if theirs[j] // 3 == cell and theirs[j] % 3 > value:
                above = True
                covered_by_other = True
        if above:
            total += 1
            continue
        mobile += 1
        if d < best:
            best = d
        new_value = (value + 1) % 3
        for direction in range(8):
            to = nbr[cell, direction]
            if to < 0 or (to != target0 and to != target1):
                continue
            free = True
            for j in range(3):
                if (mine[j] // 3 == to and mine[j] % 3 >= new_value) or (
                        theirs[j] // 3 == to and theirs[j] % 3 >= new_value):
                    free = False
            if free:
                threats += 1
    equal = mine[0] % 3 == mine[1] % 3 and mine[1] % 3 == mine[2] % 3
    danger = 1 if equal and covered_by_other else 0
    if best == 99:
        best = 6
    return best, total / 3, mobile, threats, danger


@njit(cache=True)
def _weighted(weights, best, mean, mobile, threats, danger):
    return (-weights[W_BEST] * best - weights[W_MEAN] * mean + weights[W_MOBILE] * mobile
            + weights[W_THREAT] * min(threats, 2) - weights[W_DANGER] * danger)


@njit(cache=True)
def evaluate(row, col, sets, nbr, targets, dist, weights):
    """The value of position ``(row, col)`` for the side to move, in [-0.9, 0.9]."""
    mine = sets[row]
    theirs = sets[col]
    best, mean, mobile, threats, danger = side_figures(mine, theirs, nbr, dist[0], targets[0],
                                                       targets[1])
    if threats:
        return THREAT_VALUE
    o_best, o_mean, o_mobile, o_threats, o_danger = side_figures(theirs, mine, nbr, dist[1],
                                                                 targets[2], targets[3])
    score = 0.0
    score += _weighted(weights, best, mean, mobile, threats, danger)
    score += -_weighted(weights, o_best, o_mean, o_mobile, o_threats, o_danger)
    return THREAT_VALUE * math.tanh(score / weights[SCALE])
