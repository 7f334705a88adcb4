"""Dice Out for the research frameworks (docs/research.md, "Observation and action layouts"): the bounds of
its action ids and length, and its observation tensor.

Action ids (docs/rules/diceout.md, "Action ids"): a player's decisions are moves (below 360),
``pass``, ``declare`` and the placing decisions (2000–2026), so all are below
:data:`~.setup.PLACE_END`; the opening roll's outcomes are below :data:`~.setup.ROLL_END`. A game
takes at most ``2 * max_plies + 3`` decisions: the two placings, then each of at most
``max_plies`` turns a move or a pass and perhaps a declaration window after it, and a last
``declare``.

The observation is :class:`.observation.DiceOutObserver`; the batched engine :mod:`.batch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.descriptor import Bounds, Research
from .game import DiceOutGame
from .observation import DiceOutObserver
from .setup import PLACE_END, ROLL_END
from .state import DiceOutState

if TYPE_CHECKING:
    from .batch import DiceOutBatch


def bounds(game: DiceOutGame) -> Bounds:
    return Bounds(num_distinct_actions=PLACE_END, max_chance_outcomes=ROLL_END,
                  max_game_length=2 * game.options.max_plies + 3)


def batch(game: DiceOutGame, num_envs: int) -> DiceOutBatch:
    """The batched engine (loaded on first use: it brings numba)."""
    from .batch import diceout_batch

    return diceout_batch(game, num_envs)


def cut(state: DiceOutState) -> bool:
    """Whether a finished game was drawn by the move count (``max_plies``), a cut, rather than by
    the rules of play (docs/rules/diceout.md)."""
    return state.is_terminal and state.reason == "max_plies"


RESEARCH: Research[DiceOutGame, DiceOutState] = Research(bounds=bounds, observer=DiceOutObserver,
                                                         batch=batch, cut=cut)
