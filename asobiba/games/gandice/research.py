"""Gandice for the research frameworks (docs/research.md, "Observation and action layouts"): the bounds of
its action ids and length, and its observation vector.

Action ids (:mod:`.actions`): decisions are below ``CORE_FUSE + 64 * 64``, chance outcomes (a die's
outcome, who attacks first) below ``FIRST + 4``. A battle ends at the latest after ``max_turns``
turns, and one turn takes at most ``2 * dice + 9`` decisions: re-summon or attack, then each side's
item step (at most one fusion per die, one core fusion, then an item, a card or nothing, and a
betrayal after an item's special eye), a burial and the evolution challenge.

The vector, seen by one player, holds for every die of the battle (instance numbers in order)
:data:`DIE_FEATURES`, then :data:`GLOBAL_FEATURES` once, then one entry per card (used or not);
seats are counted from the observer on, in turn order.
"""

from __future__ import annotations

import numpy as np

from ...core.descriptor import Bounds, Research
from . import actions as A
from .dice import OUTCOME_NAMES, SUMMON_STATE_NAMES
from .game import GandiceGame
from .options import PLAYER_NAMES
from .phases import LOC_NAMES, PHASE_NAMES, PURPOSE_NAMES
from .state import GandiceState


def bounds(game: GandiceGame) -> Bounds:
    dice = len(game.lineup.dice)
    return Bounds(num_distinct_actions=A.CORE_FUSE + A.MAX_DICE * A.MAX_DICE,
                  max_chance_outcomes=A.FIRST + len(PLAYER_NAMES),
                  max_game_length=game.options.max_turns * (2 * dice + 9))


def die_features(players: int) -> tuple[str, ...]:
    return (
        *(f"owner is the seat {k} after the observer" for k in range(players)),
        *(f"is in the {name}" for name in LOC_NAMES),
        *(f"is {name}" for name in SUMMON_STATE_NAMES),
        "is in a fusion", "leads a fusion", "attacks", "defends", "is to be rolled",
        *(f"last showed {name}" for name in OUTCOME_NAMES),
    )


def global_features(players: int) -> tuple[str, ...]:
    return (
        *(f"phase {name}" for name in PHASE_NAMES),
        *(f"a roll for {name}" for name in PURPOSE_NAMES),
        *(f"the seat {k} after the observer acts" for k in range(players)),
        *(f"the seat {k} after the observer is out" for k in range(players)),
        "the attacker is concerned", "the defender is concerned",
        "attacker's roll (tenths)", "defender's roll (tenths)",
        "attacker's bonus (tenths)", "defender's bonus (tenths)",
        "attacker's special eye", "defender's special eye",
        "attacker's item step over", "defender's item step over",
        "share of max_turns played",
    )


class GandiceObserver:
    """A flat vector: the dice, the battle, the cards (see the module docstring)."""

    def __init__(self, game: GandiceGame) -> None:
        self.game = game
        lineup = game.lineup
        self.players = game.num_players
        self.dice = len(lineup.dice)
        per_die = die_features(self.players)
        self.per_die = len(per_die)
        self.planes: tuple[str, ...] = (
            *(f"die {u}: {name}" for u in range(self.dice) for name in per_die),
            *global_features(self.players),
            *(f"card {c} is used" for c in range(len(lineup.cards))),
        )
        self.shape: tuple[int, ...] = (len(self.planes),)

    def tensor(self, state: GandiceState, player: int) -> np.ndarray:
        p, n = self.players, self.dice
        out = np.zeros(self.shape, dtype=np.float32)
        dice = out[: n * self.per_die].reshape(n, self.per_die)
        s = state
        x = s.x
        for u in range(n):
            row = dice[u]
            row[(s.owner[u] - player) % p] = 1
            row[p + s.loc[u]] = 1
            row[p + 4 + s.summon[u]] = 1
            lead = s.fusion[u]
            row[p + 7] = lead != -1
            row[p + 8] = lead == u
            row[p + 9] = x is not None and x.att == u
            row[p + 10] = x is not None and x.dfn == u
            row[p + 11] = u in s.pending
            shown = s.shown[u]
            if shown >= 0:
                row[p + 12 + shown] = 1
        g = out[n * self.per_die:]
        g[s.phase] = 1
        at = len(PHASE_NAMES)
        if s.purpose >= 0:
            g[at + s.purpose] = 1
        at += len(PURPOSE_NAMES)
        if s.current_player >= 0:
            g[at + (s.current_player - player) % p] = 1
        at += p
        for seat in s.out:
            g[at + (seat - player) % p] = 1
        at += p
        if s.side >= 0:
            g[at + s.side] = 1
        at += 2
        if x is not None:
            g[at: at + 2] = np.array(x.val) / 10
            g[at + 2: at + 4] = np.array(x.bonus) / 10
            g[at + 4: at + 6] = x.special
            g[at + 6: at + 8] = x.done
        at += 8
        g[at] = s.turn / self.game.options.max_turns
        g[at + 1:] = s.cards_used
        return out

    def text(self, state: GandiceState, player: int) -> str:
        names = self.game.player_names
        acting = state.current_player
        who = f"{names[acting]} to act" if acting >= 0 else (
            "game over" if state.is_terminal else "chance to act")
        return f"{state.render_text()}\n{who} (seen by {names[player]})"


def cut(state: GandiceState) -> bool:
    """Whether a finished battle was cut by ``max_turns`` (the players still in share the win,
    docs/rules/gandice.md, "Elimination and result")."""
    return state.reason == "turn_limit"


RESEARCH: Research[GandiceGame, GandiceState] = Research(bounds=bounds, observer=GandiceObserver,
                                                         cut=cut)
