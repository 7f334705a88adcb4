"""Interval estimates of a share (docs/study/README.md, "Intervals and stopping").

A cell's figure is a mean score in [0, 1] over games (1 a win, ½ a draw, 0 a loss; in a game of more
than two players the mean of the pairwise comparisons). Its interval is Wilson's score interval with
the summed score taken as the number of successes — exact for win/loss games, and a close
approximation once draws are rare.

>>> lo, hi = wilson(50, 100, 0.95)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> games_for_width(0.5, 0.03, 0.95)
1068
"""

from __future__ import annotations

import math
from statistics import NormalDist


def z_value(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (1.96 for 95 %)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(score: float, n: int, confidence: float) -> tuple[float, float]:
    """Wilson's interval of a share ``score / n`` at ``confidence``; (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(score: float, n: int, confidence: float) -> float:
    lo, hi = wilson(score, n, confidence)
    return (hi - lo) / 2


def games_for_width(p: float, width: float, confidence: float) -> int:
    """About how many games a share near ``p`` needs for an interval of ± ``width``."""
    p = min(max(p, 0.05), 0.95)
    z = z_value(confidence)
    return math.ceil(z * z * p * (1 - p) / (width * width))
