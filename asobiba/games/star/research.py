"""The star games for the research frameworks (docs/research.md, "Observation and action layouts"): the
bounds of their action ids and length, and their observation tensor.

Actions are those of the star engine (docs/rules/diamond.md, "Position JSON and action ids"):
``from_index * 121 + to_index`` on the cell indices of the standard star, and ``121 * 121`` for a
pass, so every action id is below ``121 * 121 + 1``; there is no chance. A game ends at the latest
after ``max_plies`` plies, one decision each: a game the plies run out on with at least two
players (one alone: that player) neither finished nor lost is *cut* (:func:`cut`; the rules rank
the players left level, docs/rules/diamond.md, "Finishing and ranks"), and :func:`race` gives
each seat's distance still to go for returns at a cut from the race.

The observation is :class:`.observation.StarObserver`; the batched engine :mod:`.batch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.descriptor import Bounds, Research
from .endgame import has_finished
from .game import StarGame, StarState
from .heuristic import race_distance
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


def _finished(state: StarState, seat: int) -> bool:
    game = state.game
    return has_finished(game.rules.goal_block, game.seats[seat],
                        state.men[seat] | state.kings[seat], state.kings[seat], state.occ,
                        game.rules.king)


def cut(state: StarState) -> bool:
    """Whether a finished game was cut by ``max_plies``: the plies ran out with at least two
    players (one alone: that player) neither finished nor lost (the batch's ``_cut`` in
    :mod:`.batch` says the same in compiled code)."""
    game = state.game
    if not state.is_terminal or state.ply < game.rules.max_plies:
        return False
    left = sum(1 for seat in range(game.num_players)
               if not state.lost >> seat & 1 and not _finished(state, seat))
    return left >= min(game.num_players, 2)


def race(state: StarState) -> list[float]:
    """Each seat's race distance still to go (:func:`.heuristic.race_distance`; 0 for a seat that
    finished)."""
    return [0.0 if _finished(state, s) else float(race_distance(state, s))
            for s in range(state.game.num_players)]


RESEARCH: Research[StarGame, StarState] = Research(bounds=bounds, observer=StarObserver, batch=batch,
                                                   cut=cut, race=race)
"""The star games' declaration for the research frameworks (both Diamond Game and Chinese
Checkers)."""
