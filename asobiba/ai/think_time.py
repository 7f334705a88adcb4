"""Think time per level: how long each level takes to choose a move (``asobiba bench``).

Each level plays from every given position with a fresh agent (same seed), and the median of the
wall-clock times is reported. Positions at chance nodes or already over are skipped.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from ..core.game import Game, State
from .levels import LEVELS, make_agent


def think_times(
    game: Game, positions: Sequence[State], levels: Sequence[str] = LEVELS, seed: int = 0
) -> dict[str, float]:
    """Median seconds per move of each level over ``positions`` (decision nodes only)."""
    playable = [s for s in positions if s.current_player >= 0]
    out: dict[str, float] = {}
    for level in levels:
        times = []
        for state in playable:
            agent = make_agent(game, level, seed=seed)
            began = time.perf_counter()
            agent.choose(state)
            times.append(time.perf_counter() - began)
        out[level] = statistics.median(times) if times else 0.0
    return out
