"""What every match against another engine shares (docs/benchmarks.md, "Matches against other
engines"): the asobiba game kept in step beside the other engine's, asobiba's player, the
interface of an opponent, and the interval of a win rate.

Cells and actions are asobiba's throughout: a cell is its index 0..120 on the standard star
(docs/rules/diamond.md, "Cell names"), a move is ``from * 121 + to`` and ``121 * 121`` a pass.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from asobiba.ai.agent import Agent
from asobiba.ai.levels import agent_specs, build_agent, level_specs
from asobiba.core.options import Options
from asobiba.games.chinese_checkers.game import ChineseCheckersGame
from asobiba.games.star.geometry import BIT
from asobiba.games.star.movegen import PASS

ALL_OWN = "all_own"
"""The finishing rule of the games played here: a player finishes only when all ten of its own
pieces stand in its goal point."""


class AllOwnGame(ChineseCheckersGame):
    """Chinese Checkers finished only by bringing all ten pieces home: a goal that another
    colour's piece blocks stays unfinished, which is OpenSpiel's rule. None of asobiba's four
    ``goal_block`` rules says this (each of them settles a blocked goal some way), so the matches
    put it in the rules the readable engine plays: it ranks a player whose pieces are all home
    under any rule, and gives a full goal to no one under a rule other than ``full_with_king`` and
    ``full_with_one`` (asobiba/games/star/endgame.py). This game keeps the position in step
    with the other engine's; searches that need one of asobiba's own rules get
    :func:`default_rules_game`."""

    def __init__(self, options: Mapping[str, Any] | Options) -> None:
        super().__init__(options)
        self.rules = dataclasses.replace(self.rules, goal_block=ALL_OWN)


def default_rules_game(game: AllOwnGame) -> ChineseCheckersGame:
    """The same game under asobiba's own rule for a blocked goal (``full_with_one``, the
    default): it differs from ``game`` only once a goal is full and holds another colour's
    piece."""
    return ChineseCheckersGame(game.options)


def mask_of(cells: Iterable[int]) -> int:
    """The engine's bit mask of a set of cell indices."""
    out = 0
    for cell in cells:
        out |= BIT[cell]
    return out


def action_of(start: int, end: int) -> int:
    """asobiba's action id of the move ``start -> end`` (cell indices)."""
    return start * 121 + end


def our_agent(game: AllOwnGame, level: str, think: float | None, seed: int) -> Agent:
    """asobiba's player at ``level``, its search stopped after ``think`` seconds per move at the
    latest (the level's own node budget otherwise: docs/ai.md, "Level tables"). It searches under
    asobiba's default rules (the compiled engine knows no others), so it is asked only in
    positions that those rules have not ended (see :func:`fallback_agent`)."""
    return _agent(default_rules_game(game), level_specs(game)[level], level, think, seed)


FALLBACK = "strongest-python"


def fallback_agent(game: AllOwnGame, think: float | None, seed: int) -> Agent:
    """The readable alpha-beta of 最強 (the arena baseline ``strongest-python``) searching
    ``game`` itself: it plays the positions that asobiba's default rule counts as finished but
    the other engine's rule does not (a full goal blocked by another colour's piece)."""
    return _agent(game, agent_specs(game)[FALLBACK], FALLBACK, think, seed)


def _agent(game: ChineseCheckersGame, spec: Mapping[str, Any], name: str, think: float | None,
           seed: int) -> Agent:
    spec = dict(spec)
    if think is not None:
        spec["time_limit"] = think
    return build_agent(game, spec, name=name, seed=seed)


class Opponent(Protocol):
    """Another engine holding its own game under its own rules, seats 0 and 1 being asobiba's
    red and blue (red moves first)."""

    name: str
    budget: str
    """What the engine's player may spend on a move, in words."""
    exact_end: bool
    """Whether the game ends exactly when the asobiba game beside it does (otherwise the other
    engine may end it earlier by a rule asobiba does not play; never later)."""

    def game(self) -> ChineseCheckersGame:
        """The asobiba game to keep in step: the same moves, and never an earlier end."""

    def start(self, seed: int) -> None:
        """Set up a new game; ``seed`` seeds the engine's own player."""

    def moves(self) -> set[int]:
        """Every whole move of the player to move, as asobiba action ids (``{PASS}`` if none)."""

    def play(self, action: int) -> None:
        """Play a whole move chosen elsewhere (it must be legal here)."""

    def choose(self) -> int:
        """Let the engine's own player choose and play a whole move; return it."""

    def over(self) -> bool:
        """Whether the game has ended under the engine's rules."""

    def winner(self) -> int | None:
        """The seat that won, or ``None`` (a draw, or not over)."""

    def masks(self) -> tuple[int, int]:
        """Cells held by seat 0 and by seat 1, as the engine's bit masks."""

    def stats(self) -> dict[str, Any]:
        """Figures about the engine's player so far (e.g. simulations per decision)."""


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


__all__ = ["ALL_OWN", "PASS", "AllOwnGame", "Opponent", "action_of", "default_rules_game",
           "fallback_agent", "mask_of", "our_agent", "wilson"]
