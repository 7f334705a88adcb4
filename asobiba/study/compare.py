"""The differences a study states, each with its interval and a test of "no difference", and
Holm's correction over all of them (docs/study/README.md, "Differences and the correction").

Every cell is one comparison with an even split: a pair cell's figure is A's share against B (no
difference: 50 %), a first-player cell's the first player's score (no advantage: 50 %); its
``difference`` is the figure less ½, its interval the cell's Wilson interval less ½. A study of
option values also compares every two values' first-player scores, and a first-player study every
two levels next to each other at the same number of players (does the advantage grow with
skill?): the ``difference`` of B less A, with Newcombe's interval from the two Wilson intervals.

Each test is a two-sided normal test with a continuity correction, its variance the largest a
score in [0, 1] of that mean can have (``p (1 - p)``: exact for win/loss games, above the truth when
there are draws), so it errs on the side of "no difference". The p-values of all of a study's
tests are corrected together by Holm's step-down method; a cell or difference is **clear** when
its corrected p-value is below ``1 - confidence``. The intervals are each at the study's
confidence, not corrected: with many comparisons an interval may miss 0 while the difference is
not clear.

>>> p_even(60, 100)  # 60 % of 100 games against an even split
0.0574
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from .stats import wilson

CORRECTION = "holm"


def _two_sided(z: float) -> float:
    return round(min(1.0, 2 * (1 - NormalDist().cdf(max(z, 0.0)))), 4)


def p_even(score: float, n: int) -> float:
    """The p-value of "the mean score is ½" for a summed ``score`` over ``n`` games."""
    if n <= 0:
        return 1.0
    return _two_sided((abs(score - n / 2) - 0.5) / math.sqrt(n / 4))


def p_same(score_a: float, n_a: int, score_b: float, n_b: int) -> float:
    """The p-value of "the two mean scores are the same" (pooled, continuity-corrected)."""
    if n_a <= 0 or n_b <= 0:
        return 1.0
    pooled = (score_a + score_b) / (n_a + n_b)
    spread = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    gap = abs(score_b / n_b - score_a / n_a) - 0.5 * (1 / n_a + 1 / n_b)
    if spread <= 0:
        return 1.0 if gap <= 0 else 0.0
    return _two_sided(gap / math.sqrt(spread))


def newcombe(score_a: float, n_a: int, score_b: float, n_b: int,
             confidence: float) -> tuple[float, float]:
    """Newcombe's interval of ``b - a`` (two shares) from the two Wilson intervals."""
    pa = score_a / n_a if n_a else 0.5
    pb = score_b / n_b if n_b else 0.5
    la, ua = wilson(score_a, n_a, confidence)
    lb, ub = wilson(score_b, n_b, confidence)
    d = pb - pa
    return d - math.hypot(pb - lb, ua - pa), d + math.hypot(ub - pb, pa - la)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = round(running, 4)
    return adjusted


@dataclass(frozen=True)
class Difference:
    """One stated difference: its value, interval, p-value and what the correction made of it."""

    value: float
    interval: tuple[float, float]
    p: float
    p_holm: float = 1.0
    clear: bool = False

    def to_json(self) -> dict[str, object]:
        return {"value": round(self.value, 6), "interval": [round(x, 6) for x in self.interval],
                "p": self.p, "p_holm": self.p_holm, "clear": self.clear}


def from_even(score: float, n: int, confidence: float) -> Difference:
    lo, hi = wilson(score, n, confidence)
    share = score / n if n else 0.5
    return Difference(share - 0.5, (lo - 0.5, hi - 0.5), p_even(score, n))


def between(score_a: float, n_a: int, score_b: float, n_b: int, confidence: float) -> Difference:
    pa = score_a / n_a if n_a else 0.5
    pb = score_b / n_b if n_b else 0.5
    return Difference(pb - pa, newcombe(score_a, n_a, score_b, n_b, confidence),
                      p_same(score_a, n_a, score_b, n_b))


def corrected(differences: Sequence[Difference], confidence: float) -> list[Difference]:
    """The differences with their Holm-adjusted p-values and whether each is clear."""
    adjusted = holm([d.p for d in differences])
    alpha = 1 - confidence
    return [Difference(d.value, d.interval, d.p, q, q < alpha)
            for d, q in zip(differences, adjusted, strict=True)]
