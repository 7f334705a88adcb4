"""The players' call-outs (掛け声), for the terminal log and the web table (docs/rules/gandice.md,
"Call-outs").

``callout(state, action)`` returns the phrase a player shouts when ``action`` is played in
``state`` — 「眼魔召喚！」 when the summon roll starts or a re-summon is declared, 「開眼！」 for every
attack or defence roll, 「武具・召喚！」/「呪術・召喚！」 for an item die, 「特殊能力発動！」 for a
card, 「超眼・合身！」/「心眼・合身！」 for a fusion, 「開眼！進化チャレンジ」 for an evolution challenge,
「全開召喚！」 for the roll that completes a full-open summon (and only then: a re-summon that ends
the battle at the turn limit is no full open) — or None. Each comes with the English the
English page shows for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.names import Names
from . import actions as A
from .phases import RESUMMON, SUMMON, UNIT

if TYPE_CHECKING:
    from .state import GandiceState


SUMMON_CALL = Names("眼魔召喚！", "Ganma, summon!")
OPEN_EYE = Names("開眼！", "Eyes open!")
FULL_OPEN = Names("全開召喚！", "Full-open summon!")


def callout(state: GandiceState, action: int) -> Names | None:
    base, a, _ = A.split(action)
    if base == A.ROLL:
        return _roll_callout(state, a)
    if base == A.RESUMMON:
        return SUMMON_CALL
    if base == A.ITEM:
        weapon = state.lineup.dice[a].kind == "weapon"
        return Names("武具・召喚！", "Arms, summon!") if weapon else Names("呪術・召喚！", "Curse, summon!")
    phrases = {
        A.CARD: Names("特殊能力発動！", "Special power, go!"),
        A.FUSE: Names("超眼・合身！", "Super eyes, fuse!"),
        A.CORE_FUSE: Names("心眼・合身！", "Mind's eyes, fuse!"),
        A.EVOLVE: Names("開眼！進化チャレンジ", "Eyes open! Evolution challenge"),
    }
    return phrases.get(base)


def _roll_callout(state: GandiceState, outcome: int) -> Names | None:
    """A roll: 「全開召喚！」 for the last die of a summon that wins by 全開召喚, 「眼魔召喚！」 for
    the first die of the opening summon, 「開眼！」 for the first die of a fighting roll."""
    summoning = state.purpose in (SUMMON, RESUMMON)
    if summoning and len(state.pending) == 1:
        rolls = state.rolls + ((state.pending[0], outcome),)
        if state.full_open_winner(rolls) is not None:
            return FULL_OPEN
    if state.purpose == SUMMON and not state.rolls:
        return SUMMON_CALL
    return OPEN_EYE if state.purpose == UNIT and not state.rolls else None
