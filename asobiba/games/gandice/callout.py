"""The players' call-outs (掛け声), for the terminal log and the web table (docs/rules/gandice.md,
"Call-outs").

``callout(state, action)`` returns the phrase a player shouts when ``action`` is played in
``state`` — 「眼魔召喚！」 when the summon roll starts or a re-summon is declared, 「開眼！」 for every
attack or defence roll, 「武具・召喚！」/「呪術・召喚！」 for an item die, 「特殊能力発動！」 for a
card, 「超眼・合身！」/「心眼・合身！」 for a fusion, 「開眼！進化チャレンジ」 for an evolution challenge,
「全開召喚！」 for the roll that completes a full-open summon (and only then: a re-summon that ends
the battle at the turn limit is no full open) — or None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .phases import RESUMMON, SUMMON, UNIT

if TYPE_CHECKING:
    from .state import GandiceState


def callout(state: GandiceState, action: int) -> str | None:
    base, a, _ = A.split(action)
    if base == A.ROLL:
        return _roll_callout(state, a)
    if base == A.RESUMMON:
        return "眼魔召喚！"
    if base == A.ITEM:
        return "武具・召喚！" if state.lineup.dice[a].kind == "weapon" else "呪術・召喚！"
    phrases = {
        A.CARD: "特殊能力発動！",
        A.FUSE: "超眼・合身！",
        A.CORE_FUSE: "心眼・合身！",
        A.EVOLVE: "開眼！進化チャレンジ",
    }
    return phrases.get(base)


def _roll_callout(state: GandiceState, outcome: int) -> str | None:
    """A roll: 「全開召喚！」 for the last die of a summon that wins by 全開召喚, 「眼魔召喚！」 for
    the first die of the opening summon, 「開眼！」 for the first die of a fighting roll."""
    summoning = state.purpose in (SUMMON, RESUMMON)
    if summoning and len(state.pending) == 1:
        rolls = state.rolls + ((state.pending[0], outcome),)
        if state.full_open_winner(rolls) is not None:
            return "全開召喚！"
    if state.purpose == SUMMON and not state.rolls:
        return "眼魔召喚！"
    return "開眼！" if state.purpose == UNIT and not state.rolls else None
