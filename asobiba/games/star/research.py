"""The star games for the research frameworks (docs/research.md, "Observation and action layouts"): the
bounds of their action ids and length, and their observation tensor.

Actions are those of the star engine (docs/rules/diamond.md, "Position JSON and action ids"):
``from_index * 121 + to_index`` on the cell indices of the standard star, and ``121 * 121`` for a
pass, so every action id is below ``121 * 121 + 1``; there is no chance. A game ends at the latest
after ``max_plies`` plies, one decision each.

The observation is :class:`.observation.StarObserver`; the batched engine :mod:`.batch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.descriptor import Bounds, Research
from .game import StarGame, StarState
from .movegen import PASS
from .observation import StarObserver

if TYPE_CHECKING:
    from .batch import StarBatch


def bounds(game: StarGame) -> Bounds:
    return Bounds(num_distinct_actions=PASS + 1, max_chance_outcomes=0,
                  max_game_length=game.rules.max_plies)


def batch(game: StarGame, num_envs: int) -> StarBatch:
    """The batched engine (loaded on first use: it brings numba)."""
    from .batch import star_batch

    return star_batch(game, num_envs)


RESEARCH: Research[StarGame, StarState] = Research(bounds=bounds, observer=StarObserver, batch=batch)
"""The star games' declaration for the research frameworks (both Diamond Game and Chinese
Checkers)."""
