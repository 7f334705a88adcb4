"""Elo ratings with 95 % intervals from pairwise scores (Bradley–Terry, maximum likelihood).

Model: agent a scores against agent b with expectation ``1 / (1 + 10 ** ((R_b - R_a) / 400))``;
a draw counts half a win. Ratings maximise the likelihood of every pair's total score. Each pair
also gets one virtual drawn game, a light prior that keeps ratings finite when one side won every
game. Ratings are relative: their mean is 0. The 95 % intervals are ±1.96 standard errors from
the inverse Fisher information (Moore–Penrose inverse, since only differences are determined).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

ELO_PER_NATURAL = 400 / math.log(10)
PRIOR_GAMES = 1.0


def expected_score(diff: float) -> float:
    """Expected score of a player rated ``diff`` Elo above the opponent."""
    return float(1.0 / (1.0 + 10.0 ** (-diff / 400.0)))


def fit_elo(
    names: Sequence[str], pairs: Sequence[tuple[str, str, float, float]]
) -> tuple[dict[str, float], dict[str, float]]:
    """Ratings and 95 % half-widths from ``(a, b, games, a_score)`` tuples."""
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    data = [
        (index[a], index[b], games + PRIOR_GAMES, score + PRIOR_GAMES / 2)
        for a, b, games, score in pairs
        if a != b
    ]
    r = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):
        grad = np.zeros(k)
        info = np.zeros((k, k))
        for i, j, n, s in data:
            p = 1.0 / (1.0 + math.exp(r[j] - r[i]))
            grad[i] += s - n * p
            grad[j] -= s - n * p
            w = n * p * (1.0 - p)
            info[i, i] += w
            info[j, j] += w
            info[i, j] -= w
            info[j, i] -= w
        step = np.linalg.pinv(info) @ grad
        r += step
        r -= r.mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    cov = np.linalg.pinv(info)
    ratings = {n: float(r[i] * ELO_PER_NATURAL) for n, i in index.items()}
    half = {
        n: float(1.96 * math.sqrt(max(cov[i, i], 0.0)) * ELO_PER_NATURAL) for n, i in index.items()
    }
    return ratings, half
