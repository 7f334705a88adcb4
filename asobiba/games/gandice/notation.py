"""Human notation of Gandice actions (table in :mod:`.actions`; docs/rules/gandice.md, "Notation").

Dice are named by their catalog name. When one player holds two dice of the same name, the second
and later get ``#2``, ``#3``… in instance order (``武具・羅#2``). With 3–4 players an attack target
carries its owner: ``attack ギダン>紅蓮のイスルギ@p3``. Notation is read in the state it belongs to;
:meth:`State.notation_to_action` parses it back by matching the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .dice import OUTCOME_NAMES

if TYPE_CHECKING:
    from .state import GandiceState


def die_label(state: GandiceState, u: int) -> str:
    """Name of die ``u``, with ``#k`` when its owner holds several dice of that name."""
    dice = state.lineup.dice
    name = dice[u].name
    same = [v for v in range(len(dice)) if state.owner[v] == state.owner[u] and dice[v].name == name]
    return name if len(same) == 1 else f"{name}#{same.index(u) + 1}"


def card_label(state: GandiceState, c: int) -> str:
    lu = state.lineup
    name = lu.cards[c].name
    same = [
        k for k in range(len(lu.cards)) if lu.card_owner[k] == lu.card_owner[c] and lu.cards[k].name == name
    ]
    return name if len(same) == 1 else f"{name}#{same.index(c) + 1}"


def unit_label(state: GandiceState, u: int) -> str:
    """A unit: its lead die, followed by its fused members (``武王+鰐蛇``)."""
    if state.fusion[u] != u:
        return die_label(state, u)
    return "+".join(die_label(state, m) for m in [u] + [m for m in state.members(u) if m != u])


def action_to_notation(state: GandiceState, action: int) -> str:
    base, a, b = A.split(action)
    if base == A.ROLL:
        return f"roll {die_label(state, state.pending[0])}:{OUTCOME_NAMES[a]}"
    if base == A.FIRST:
        return f"first {state.lineup.names[a]}"
    if base == A.ATTACK:
        target = die_label(state, b)
        if state.lineup.players > 2:
            target += f"@{state.lineup.names[state.owner[b]]}"
        return f"attack {die_label(state, a)}>{target}"
    if base == A.CORE_FUSE:
        return f"fuse {die_label(state, a)}+{die_label(state, b)}"
    if base == A.CARD:
        return f"card {card_label(state, a)}"
    fixed = {A.RESUMMON: "resummon", A.NO_ITEM: "no-item", A.NO_EVOLVE: "no-evolve"}
    if base in fixed:
        return fixed[base]
    verbs = {A.ITEM: "item", A.EVOLVE: "evolve", A.FUSE: "fuse", A.BURY: "bury", A.BETRAY: "betray"}
    return f"{verbs[base]} {die_label(state, a)}"


def action_cells(state: GandiceState, action: int) -> tuple[str | None, str | None]:
    """Cells (``d<uid>``, the SVG's ``data-cell`` names) an action starts from and aims at:
    an attack goes from the attacker to the target; an item or a die to bury is picked as a
    'from'; a fusion partner or a betrayal target is a 'to'. Other actions touch no cell."""
    base, a, b = A.split(action)
    if base == A.ATTACK:
        return f"d{a}", f"d{b}"
    if base in (A.ITEM, A.BURY):
        return f"d{a}", None
    if base in (A.FUSE, A.BETRAY):
        return None, f"d{a}"
    return None, None
