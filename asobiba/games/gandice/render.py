"""Text picture of a Gandice position (for the terminal player and logs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dice import SUMMON_STATE_JA
from .notation import card_label, die_label, unit_label
from .phases import ASIDE, DECK, GRAVE, PHASE_NAMES, PURPOSE_NAMES

if TYPE_CHECKING:
    from .state import GandiceState

_MARK = ("○", "◐", "●")  # unsummoned, half, summoned


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def render_text(state: GandiceState, color: bool = False) -> str:
    lu = state.lineup
    limit = state.game.options.max_turns
    lines = [f"眼魔伝ガンダイス  turn {min(state.turn + 1, limit)}/{limit}"]  # never past the limit
    for p, name in enumerate(lu.names):
        head = f"{name} {lu.deck_names[p]}"
        if p in state.out:
            head += "  (out)"
        elif state.phase != len(PHASE_NAMES) - 1 and p == state.turn_player:
            head = _paint(head + "  ◀", "1", color)
        lines.append(head)
        units, items = [], []
        for u in range(len(lu.dice)):
            if state.owner[u] != p or state.loc[u] != DECK:
                continue
            die = lu.dice[u]
            if die.is_item:
                items.append(f"{die_label(state, u)}(+{die.bonus})" if die.bonus else die_label(state, u))
            elif state.fusion[u] == u:
                units.append(_paint(f"●{unit_label(state, u)}[合身]", "33", color))
            elif state.fusion[u] == -1:
                mark = _MARK[state.summon[u]]
                units.append(f"{mark}{die_label(state, u)}[{SUMMON_STATE_JA[state.summon[u]]}]")
        lines.append("  キャラ: " + ("  ".join(units) or "-"))
        lines.append("  アイテム: " + ("  ".join(items) or "-"))
        grave = [die_label(state, u) for u in range(len(lu.dice))
                 if state.owner[u] == p and state.loc[u] == GRAVE]
        aside = [die_label(state, u) for u in range(len(lu.dice))
                 if state.owner[u] == p and state.loc[u] == ASIDE]
        cards = [card_label(state, c) + ("(used)" if state.cards_used[c] else "")
                 for c in range(len(lu.cards)) if lu.card_owner[c] == p]
        if grave:
            lines.append("  墓場: " + "  ".join(grave))
        if aside:
            lines.append("  進化: " + "  ".join(aside))
        if cards:
            lines.append("  小札絵: " + "  ".join(cards))
    if state.last is not None:
        lines.append(_last(state))
    lines.append(_status(state))
    return "\n".join(lines)


_RESULT_TEXT = {
    "fail": "attack fails (side)",
    "win": "attacker wins",
    "hold": "defence holds",
    "tie": "tie: defender drops a step",
    "counter": "counter-attack",
}


def _last(state: GandiceState) -> str:
    att, dfn, a, d, result = state.last
    shown = [f"{die_label(state, u)} {t if t >= 0 else '-'}" for u, t in ((att, a), (dfn, d))]
    return f"last: {' vs '.join(shown)} → {_RESULT_TEXT[result]}"


def _status(state: GandiceState) -> str:
    names = state.lineup.names
    if state.final is not None:
        return "result: " + ", ".join(f"{n} rank {r}" for n, r in zip(names, state.final, strict=True))
    x = state.x
    parts = [f"phase: {PHASE_NAMES[state.phase]}"]
    if state.pending:
        parts.append(f"{PURPOSE_NAMES[state.purpose]} roll of {die_label(state, state.pending[0])}")
    if x is not None:
        a, d = unit_label(state, x.att), unit_label(state, x.dfn)
        shown = [f"{a} ({x.total(0) if x.rolled[0] else '-'})",
                 f"{d} ({x.total(1) if x.rolled[1] else '-'})"]
        parts.append(" vs ".join(shown))
    if state.current_player >= 0:
        parts.append(f"to move: {names[state.current_player]}")
    return "  |  ".join(parts)
