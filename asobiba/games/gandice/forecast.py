"""Exact odds of an attack as it can be played out (the descriptor's ``move_odds``; the rules of the
exchange: docs/rules/gandice.md, "The attack").

The engine plays the exchange to its end from the attack: every roll by its probabilities from the
catalog, and every choice inside the exchange (an item die, a card, a fusion, or nothing, after a
special eye) made by the side whose choice it is, as that side does best in this exchange — for the
attacker a win counts 1, a tie ½ (the defender drops a step), a held attack 0 and being struck
down −1; the defender wants the opposite. Items are spent when they help: what they are worth
later is not weighed. The outcome is one of

* ``win`` — the defender goes to the graveyard (勝ち);
* ``hold`` — the defence holds, or the attacker's roll falls on its side: nothing changes;
* ``tie`` — the defender drops one step (a fusion parts);
* ``counter`` — the attacker is struck down and goes to the graveyard (返り討ち).

The four probabilities are exact (up to floating point) and sum to 1. Positions are remembered by
their key, so an exchange costs as many engine steps as it has distinct positions.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import TYPE_CHECKING

from ...core.descriptor import Odds
from ...core.names import Names
from . import actions as A
from .phases import BURY, EVOLVE, ITEM, ROLL, UNIT
from .state import classify

if TYPE_CHECKING:
    from .state import GandiceState

OUTCOMES: tuple[tuple[str, Names], ...] = (
    ("win", Names("勝ち（相手は墓場へ）", "win (the defender goes to the graveyard)")),
    ("hold", Names("防がれる（何も変わらない）", "held (nothing changes)")),
    ("tie", Names("同点（相手が1段下がる）", "tie (the defender drops a step)")),
    ("counter", Names("返り討ち（自分が墓場へ）", "struck down (your die goes to the graveyard)")),
)
SCORE = (1.0, 0.0, 0.5, -1.0)
"""What each outcome is worth to the attacker, in the order of :data:`OUTCOMES`."""
_RESULT = {"win": 0, "fail": 1, "hold": 1, "tie": 2, "counter": 3}

Dist = tuple[float, float, float, float]


BUDGET = 150_000
"""The most positions one forecast visits (repeats included): well above the largest exchange of the
bundled decks found in random battles (about 56,000, a core fusion against a core fusion of 心眼組).
A deck made to blow the exchange up gets no odds rather than tying up the server."""


class TooLong(Exception):
    """The forecast went over its budget."""


def attack_odds(state: GandiceState, action: int) -> list[Odds] | None:
    """The odds of an attack (None for any other action, and when working them out would take
    more than :data:`BUDGET` positions)."""
    if A.split(action)[0] != A.ATTACK:
        return None
    try:
        dist = exchange(state.apply(action), {}, [BUDGET])
    except TooLong:
        return None
    return [Odds(key, label, p) for (key, label), p in zip(OUTCOMES, dist, strict=True)]


def _ended(state: GandiceState) -> int | None:
    """The outcome's index once the exchange is decided, else None."""
    if state.phase in (BURY, EVOLVE):  # won; what follows is the winner's business
        return 0 if state.fight.winner == 0 else 3
    if state.x is None and state.last is not None:  # the turn (or the battle) ended with the
        return _RESULT[state.last[4]]  # judgement just recorded
    return None


_CERTAIN: tuple[Dist, ...] = tuple(
    (float(i == 0), float(i == 1), float(i == 2), float(i == 3)) for i in range(4)
)
"""The distribution of an exchange already decided, by its outcome's index."""


def exchange(state: GandiceState, seen: dict[Hashable, Dist], left: list[int]) -> Dist:
    """The outcome distribution of the exchange in progress (see the module docstring); ``left``
    counts down the positions it may still visit (:class:`TooLong` past zero)."""
    left[0] -= 1
    if left[0] < 0:
        raise TooLong
    ended = _ended(state)
    if ended is not None:
        return _CERTAIN[ended]
    key = state.key()
    known = seen.get(key)
    if known is not None:
        return known
    if state.is_chance:
        total = [0.0, 0.0, 0.0, 0.0]
        for after, p in _rolls(state):
            for i, q in enumerate(exchange(after, seen, left)):
                total[i] += p * q
        dist: Dist = (total[0], total[1], total[2], total[3])
    else:
        options = [exchange(state.apply(a), seen, left) for a in state.legal_actions()]
        if state.phase == ITEM:
            attacker = state.side == 0
            dist = (max if attacker else min)(options, key=_worth)
        else:  # whom to take by betrayal does not change this exchange
            dist = options[0]
    seen[key] = dist
    return dist


def _rolls(state: GandiceState) -> list[tuple[GandiceState, float]]:
    """The states a chance node leads to, with their probabilities. A fused core rolls its two
    called dice as one roll, which the engine reads only through :func:`.state.classify` (a
    one-blow result, a fall, or a sum with or without a special eye): the pairs that read alike
    lead to the same position, so each reading is played once, with the pairs' summed chance."""
    if not (state.phase == ROLL and state.purpose == UNIT and len(state.pending) == 2 and not state.rolls):
        return [(state.apply(action), p) for action, p in state.chance_outcomes()]
    pairs = _readings(state.roll_table(), state.lineup.dice[state.pending[1]].table)
    return [(state.apply(A.ROLL + a).apply(A.ROLL + b), p) for p, (a, b) in pairs]


@functools.lru_cache(maxsize=256)
def _readings(first: tuple, second: tuple) -> tuple[tuple[float, tuple[int, int]], ...]:
    """Each reading of two dice rolled together: its chance and one pair of outcomes giving it."""
    readings: dict[tuple[int, int, bool], tuple[float, tuple[int, int]]] = {}
    for a, pa in first:
        for b, pb in second:
            reading = classify((a, b))
            p, pair = readings.get(reading, (0.0, (a, b)))
            readings[reading] = (p + pa * pb, pair)
    return tuple(readings.values())


def _worth(dist: Dist) -> float:
    return sum(s * p for s, p in zip(SCORE, dist, strict=True))
