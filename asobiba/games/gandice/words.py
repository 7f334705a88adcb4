"""Gandice moves in words, for the move list and the choice buttons of the web table (the
descriptor's ``move_words``; docs/rules/gandice.md, "A turn", "The attack" and "Notation").

Each action reads as a person says it — 「ギダンで紅蓮のイスルギを攻撃」, 「攻撃ロール ギダン：特殊目」 —
naming dice by their catalog names (``#2`` for a second die of one name, the owner's seat with
three or more players), never by an id. ``kind`` is the sort of choice (the page's ``data-action``):
``roll``, ``first``, ``resummon``, ``attack``, ``item``, ``no-item``, ``card``, ``fuse``, ``bury``,
``betray``, ``evolve``, ``no-evolve``. ``data`` tells the page module which dice a move concerns,
as their board cells (``d<uid>``), and for a roll what the die shows (its outcome and the mark
drawn for it), so it can animate it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.descriptor import Words
from ...core.names import Names
from . import actions as A
from .dice import OUTCOME_NAMES, SPECIAL
from .labels import OUTCOME_MARKS, OUTCOMES, SEATS, cell_name, effect_words
from .notation import card_names, die_names
from .phases import CORE_FIRST, EVOLVE_ROLL, ITEM_ROLL, PURPOSE_NAMES, RESUMMON, SUMMON, UNIT

if TYPE_CHECKING:
    from .state import GandiceState

def _roll_context(state: GandiceState) -> Names:
    """What the roll in progress is for."""
    purpose = state.purpose
    if purpose == SUMMON:
        return Names("召喚", "summon")
    if purpose == RESUMMON:
        return Names("再召喚", "re-summon")
    if purpose == UNIT:
        return Names("攻撃", "attack") if state.side == 0 else Names("防御", "defence")
    if purpose == ITEM_ROLL:
        return Names("アイテム", "item")
    if purpose == CORE_FIRST:
        return Names("心眼・合身", "core fusion")
    assert purpose == EVOLVE_ROLL
    return Names("進化チャレンジ", "evolution challenge")


def _die(state: GandiceState, u: int, owner: bool = False, always: bool = False) -> Names:
    """A die's name, with its owner's seat when three or more play and ``owner`` is asked (or,
    with ``always``, whenever: two dice of one name on both sides)."""
    names = die_names(state, u)
    if always or (owner and state.lineup.players > 2):
        seat = SEATS[state.lineup.names[state.owner[u]]]
        return Names(f"{names.ja}（{seat.ja}）", f"{names.en} ({seat.en})")
    return names


def _evolve_chance(state: GandiceState, action: int) -> float:
    """The chance that an evolution challenge succeeds: its roll shows the special eye (docs/rules/
    gandice.md, "The attack")."""
    return sum(p for roll, p in state.apply(action).chance_outcomes() if A.split(roll)[1] == SPECIAL)


def _percent(p: float) -> str:
    """A chance as people read it: 20%, 33.3%, <0.1%."""
    if p <= 0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    return f"{100 * p:.1f}".removesuffix(".0") + "%"


def move_words(state: GandiceState, action: int) -> Words:
    """``action`` of ``state`` in words (see the module docstring)."""
    base, a, b = A.split(action)
    if base == A.ROLL:
        die = state.pending[0]
        outcome = OUTCOME_NAMES[a]
        shown, why, name = OUTCOMES[outcome], _roll_context(state), _die(state, die, True)
        fused = state.fusion[die] == die and state.lineup.dice[die].kind == "super_eye"
        text = Names(f"{why.ja}ロール {name.ja}：{shown.ja}", f"{why.en} roll: {name.en} shows {shown.en}")
        return Words("roll", text, {"die": cell_name(die), "outcome": outcome,
                                    "mark": OUTCOME_MARKS[outcome].to_json(),
                                    "purpose": PURPOSE_NAMES[state.purpose], "fused": fused})
    if base == A.FIRST:
        seat = SEATS[state.lineup.names[a]]
        return Words("first", Names(f"{seat.ja}が先攻", f"{seat.en} attacks first"),
                     {"seat": state.lineup.names[a]})
    if base == A.ATTACK:
        same = die_names(state, a).ja == die_names(state, b).ja  # 「イスルギ（プレイヤー1）で…」
        att, target = _die(state, a, always=same), _die(state, b, True, always=same)
        return Words("attack", Names(f"{att.ja}で{target.ja}を攻撃", f"{att.en} attacks {target.en}"),
                     {"attacker": cell_name(a), "target": cell_name(b)})
    if base == A.ITEM:
        item = state.lineup.dice[a]
        bonus = f"（特殊目で+{3 + item.bonus}）"
        name = _die(state, a)
        return Words("item", Names(f"{name.ja}を振る{bonus}",
                                   f"roll {name.en} (special eye: +{3 + item.bonus})"),
                     {"die": cell_name(a)})
    if base == A.CARD:
        card = state.lineup.cards[a]
        effect = effect_words(card.effect)
        label = card_names(state, a)
        return Words("card", Names(f"小札絵「{label.ja}」を使う（{effect.ja}）",
                                   f"play the card {label.en} ({effect.en})"), {"card": a})
    if base == A.FUSE:
        partner = _die(state, a)
        return Words("fuse", Names(f"{partner.ja}と超眼・合身", f"super-eye fusion with {partner.en}"),
                     {"partners": [cell_name(a)]})
    if base == A.CORE_FUSE:
        one, two = _die(state, a), _die(state, b)
        return Words("fuse", Names(f"{one.ja}・{two.ja}を呼んで心眼・合身",
                                   f"core fusion calling {one.en} and {two.en}"),
                     {"partners": [cell_name(a), cell_name(b)]})
    if base == A.BURY:
        name = _die(state, a)
        return Words("bury", Names(f"{name.ja}を墓場へ送る", f"send {name.en} to the graveyard"),
                     {"die": cell_name(a)})
    if base == A.BETRAY:
        name = _die(state, a, True)
        return Words("betray", Names(f"{name.ja}を寝返らせる（裏切り）", f"take {name.en} (betrayal)"),
                     {"die": cell_name(a)})
    if base == A.EVOLVE:
        name = _die(state, a)
        chance = _percent(_evolve_chance(state, action))
        return Words("evolve", Names(f"{name.ja}への進化に挑戦（成功 {chance}）",
                                     f"try to evolve into {name.en} (succeeds {chance})"),
                     {"die": cell_name(a)})
    fixed: dict[int, tuple[str, Names]] = {
        A.RESUMMON: ("resummon", Names("再召喚チャレンジ", "re-summon challenge")),
        A.NO_ITEM: ("no-item", Names("アイテムを使わない", "use no item")),
        A.NO_EVOLVE: ("no-evolve", Names("進化チャレンジをしない", "skip the evolution challenge")),
    }
    kind, text = fixed[base]
    return Words(kind, text)
