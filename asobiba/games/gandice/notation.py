"""Human notation of Gandice actions (table in :mod:`.actions`; docs/rules/gandice.md, "Notation").

Dice are named by their catalog name. When one player holds two dice of the same name, the second
and later get ``#2``, ``#3``… in instance order (``武具・羅#2``). With 3–4 players an attack target
carries its owner: ``attack ギダン>紅蓮のイスルギ@p3``. Notation is read in the state it belongs to;
:meth:`State.notation_to_action` parses it back by matching the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import Unreadable
from ...core.names import Names
from . import actions as A
from .dice import OUTCOME_NAMES
from .labels import cell_name

if TYPE_CHECKING:
    from .state import GandiceState


def die_label(state: GandiceState, u: int, ids: bool = False) -> str:
    """Name of die ``u`` (its catalog id with ``ids``), with ``#k`` when its owner holds several
    dice of that name."""
    dice = state.lineup.dice
    name = dice[u].name
    same = [v for v in range(len(dice)) if state.owner[v] == state.owner[u] and dice[v].name == name]
    shown = dice[u].id if ids else name
    return shown if len(same) == 1 else f"{shown}#{same.index(u) + 1}"


def die_names(state: GandiceState, u: int) -> Names:
    """Die ``u``'s name for people in both languages, with the ``#k`` of :func:`die_label`."""
    names = state.lineup.dice[u].names
    label = die_label(state, u)
    suffix = label[len(names.ja):]
    return Names(names.ja + suffix, names.en + suffix)


def card_names(state: GandiceState, c: int) -> Names:
    """Card ``c``'s name for people in both languages, with the ``#k`` of :func:`card_label`."""
    names = state.lineup.cards[c].names
    suffix = card_label(state, c)[len(names.ja):]
    return Names(names.ja + suffix, names.en + suffix)


def card_label(state: GandiceState, c: int, ids: bool = False) -> str:
    lu = state.lineup
    name = lu.cards[c].name
    same = [
        k for k in range(len(lu.cards)) if lu.card_owner[k] == lu.card_owner[c] and lu.cards[k].name == name
    ]
    shown = lu.cards[c].id if ids else name
    return shown if len(same) == 1 else f"{shown}#{same.index(c) + 1}"


def unit_label(state: GandiceState, u: int) -> str:
    """A unit: its lead die, followed by its fused members (``武王+鰐蛇``)."""
    if state.fusion[u] != u:
        return die_label(state, u)
    return "+".join(die_label(state, m) for m in [u] + [m for m in state.members(u) if m != u])


def unit_names(state: GandiceState, u: int) -> Names:
    """:func:`unit_label` in both languages, by the dice's names for people."""
    members = [u] if state.fusion[u] != u else [u] + [m for m in state.members(u) if m != u]
    names = [die_names(state, m) for m in members]
    return Names("+".join(n.ja for n in names), "+".join(n.en for n in names))


def typed_cell(state: GandiceState, text: str) -> str:
    """The die a person typed, by name or catalog id (``ギダン``, ``gidan``, ``武具・羅#2``), as the
    ``d<uid>`` cell that actions start from: the descriptor's ``parse_cell``. A name several
    players hold means the die of the player to move, else the first holder's. The cell's own
    name (``d3``, as :meth:`~.state.GandiceState.action_origin` gives it) reads as itself."""
    wanted = " ".join(text.split())
    dice = range(len(state.lineup.dice))
    named = [u for u in dice if wanted in (die_label(state, u), die_label(state, u, ids=True))]
    if not named and wanted in {cell_name(u) for u in dice}:
        return wanted
    if not named:
        raise Unreadable(Names(f"{wanted!r} という名前のダイスはありません。",
                               f"no die is called {wanted!r} (use its name or catalog id)"))
    own = [u for u in named if state.owner[u] == state.current_player]
    return f"d{(own or named)[0]}"


def notation_to_action(state: GandiceState, text: str) -> int | None:
    """The legal action written ``text``, in names or in the ASCII form with catalog ids
    (``attack gidan>guren-isurugi``), or None."""
    wanted = " ".join(text.split())
    legal = state.legal_actions()
    for ids in (False, True):  # names first, so an id can never shadow a name
        for action in legal:
            if action_to_notation(state, action, ids) == wanted:
                return action
    return None


def action_to_notation(state: GandiceState, action: int, ids: bool = False) -> str:
    """Notation of ``action``; ``ids`` writes catalog ids instead of names (typing without an IME)."""

    def label(u: int) -> str:
        return die_label(state, u, ids)

    base, a, b = A.split(action)
    if base == A.ROLL:
        return f"roll {label(state.pending[0])}:{OUTCOME_NAMES[a]}"
    if base == A.FIRST:
        return f"first {state.lineup.names[a]}"
    if base == A.ATTACK:
        target = label(b)
        if state.lineup.players > 2:
            target += f"@{state.lineup.names[state.owner[b]]}"
        return f"attack {label(a)}>{target}"
    if base == A.CORE_FUSE:
        return f"fuse {label(a)}+{label(b)}"
    if base == A.CARD:
        return f"card {card_label(state, a, ids)}"
    fixed = {A.RESUMMON: "resummon", A.NO_ITEM: "no-item", A.NO_EVOLVE: "no-evolve"}
    if base in fixed:
        return fixed[base]
    verbs = {A.ITEM: "item", A.EVOLVE: "evolve", A.FUSE: "fuse", A.BURY: "bury", A.BETRAY: "betray"}
    return f"{verbs[base]} {label(a)}"


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
