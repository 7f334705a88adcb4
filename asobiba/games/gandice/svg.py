"""SVG picture of a Gandice battle for docs and the web table (common contract of ``svg.py``).

Each player has a band of the battle mat: character dice (colour by summon state: bright =
召喚, half-filled = 半召喚, outline = 未召喚; a fusion is framed together), item dice, then the
graveyard, the evolution dice aside and the cards. Every die in a deck is a cell named
``d<uid>`` (``data-cell``), the name :meth:`GandiceState.describe_action` uses for attacks and
items; the die glyph on top carries ``data-piece`` (the owner) and ``pointer-events:none``.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .dice import HALF, SUMMON_STATE_JA, SUMMONED
from .notation import action_cells, card_label, die_label, unit_label
from .phases import ASIDE, DECK, GRAVE

if TYPE_CHECKING:
    from .state import GandiceState

WIDTH = 820
BAND = 190
SEAT_COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#8e6b00")
KIND_MARK = {"weapon": "武", "curse": "呪", "evolution": "進", "super_eye": "超", "core": "核"}


def cell_name(u: int) -> str:
    return f"d{u}"


def _die(state: GandiceState, u: int, x: float, y: float, size: float, classes: list[str]) -> str:
    die = state.lineup.dice[u]
    seat = state.owner[u]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    cell = cell_name(u)
    cls = " ".join(["cell"] + classes)
    out = [f'<g class="{cls}" data-cell="{cell}">']
    out.append(
        f'<rect x="{x - 4}" y="{y - 4}" width="{size + 8}" height="{size + 8}" rx="10" '
        'fill="transparent" stroke="none" class="cell-hit"/>'
    )
    out.append(f'<g data-piece="{state.lineup.names[seat]}" style="pointer-events:none">')
    if die.is_fighter and state.loc[u] == DECK:
        level = SUMMONED if state.fusion[u] != -1 else state.summon[u]
    else:
        level = SUMMONED if die.is_item else HALF
    fill = colour if level == SUMMONED else "#f4efe4"
    out.append(
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="9" fill="{fill}" '
        f'stroke="{colour}" stroke-width="3"/>'
    )
    if level == HALF:
        out.append(
            f'<path d="M{x} {y + size / 2} H{x + size} V{y + size - 9} Q{x + size} {y + size} '
            f'{x + size - 9} {y + size} H{x + 9} Q{x} {y + size} {x} {y + size - 9} Z" '
            f'fill="{colour}" opacity="0.75"/>'
        )
    eye = "#fff" if level == SUMMONED else colour
    cx, cy = x + size / 2, y + size * 0.42
    out.append(
        f'<ellipse cx="{cx}" cy="{cy}" rx="{size * 0.3}" ry="{size * 0.16}" fill="none" '
        f'stroke="{eye}" stroke-width="2.5"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{size * 0.09}" fill="{eye}"/>'
    )
    mark = KIND_MARK.get(die.kind)
    if mark:
        out.append(
            f'<text x="{x + 5}" y="{y + 15}" font-size="12" fill="{eye}" '
            f'font-family="sans-serif">{mark}</text>'
        )
    out.append("</g>")
    label = escape(die_label(state, u))
    out.append(
        f'<text x="{x + size / 2}" y="{y + size + 16}" font-size="12" text-anchor="middle" '
        f'font-family="sans-serif" fill="#222" style="pointer-events:none">{label}</text>'
    )
    if die.is_fighter and state.loc[u] == DECK and state.fusion[u] == -1:
        out.append(
            f'<text x="{x + size / 2}" y="{y + size + 30}" font-size="10" text-anchor="middle" '
            f'font-family="sans-serif" fill="#555" style="pointer-events:none">'
            f"{SUMMON_STATE_JA[state.summon[u]]}</text>"
        )
    out.append("</g>")
    return "".join(out)


def _caption(state: GandiceState) -> str:
    """The exchange in progress, else the last judged one."""
    x = state.x
    if x is not None and x.winner < 0:
        totals = [str(x.total(side)) if x.rolled[side] else "-" for side in (0, 1)]
        return (f"{unit_label(state, x.att)} {totals[0]} vs "
                f"{unit_label(state, x.dfn)} {totals[1]}")
    if state.last is not None:
        att, dfn, a, d, result = state.last
        return (f"{die_label(state, att)} {a if a >= 0 else '-'} vs "
                f"{die_label(state, dfn)} {d if d >= 0 else '-'}: {result}")
    return ""


def _last_cells(state: GandiceState, last_move: int | None) -> set[str]:
    cells = set()
    if state.last is not None:
        cells.update(cell_name(u) for u in state.last[:2])
    if last_move is not None:
        cells.update(c for c in action_cells(state, last_move) if c)
    return cells


def render_svg(
    state: GandiceState,
    *,
    highlights: Iterable[str] = (),
    last_move: int | None = None,
    selected: str | None = None,
) -> str:
    """The battle mat as an SVG string (no external assets; scales with its viewBox).

    ``last_move`` is the action that led here (its die cells are read from the action id alone);
    the dice of the last judged exchange are marked ``last`` too.
    """
    lu = state.lineup
    marked = set(highlights)
    last = _last_cells(state, last_move)
    height = BAND * lu.players + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        'class="board gandice" font-family="sans-serif">',
        "<style>.legal .cell-hit{stroke:#f5b700;stroke-width:4}"
        ".selected .cell-hit{stroke:#222;stroke-width:4}.last .cell-hit{fill:#fff3c4}</style>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#e9dfc8" rx="14"/>',
    ]
    for p, name in enumerate(lu.names):
        top = 10 + p * BAND
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        turn = state.final is None and p == state.turn_player
        out.append(
            f'<rect x="10" y="{top}" width="{WIDTH - 20}" height="{BAND - 10}" rx="12" '
            f'fill="#fbf7ee" stroke="{colour}" stroke-width="{4 if turn else 1.5}"/>'
        )
        title = f"{name} {lu.deck_names[p]}" + ("  (out)" if p in state.out else "")
        out.append(
            f'<text x="24" y="{top + 22}" font-size="15" font-weight="bold" fill="{colour}">'
            f"{escape(title)}</text>"
        )
        x = 30.0
        mine = sorted(
            (u for u in range(len(lu.dice)) if state.owner[u] == p and state.loc[u] == DECK),
            key=lambda u: (state.fusion[u] if state.fusion[u] >= 0 else u, u),
        )
        framed = set()
        step = min(100.0, (WIDTH - 60) / max(len(mine), 1))
        for u in mine:
            classes = [c for c, on in (("legal", cell_name(u) in marked),
                                       ("selected", cell_name(u) == selected),
                                       ("last", cell_name(u) in last)) if on]
            lead = state.fusion[u]
            if lead >= 0 and lead not in framed:
                framed.add(lead)
                group = state.members(lead)
                out.append(
                    f'<rect x="{x - 6}" y="{top + 34}" width="{step * (len(group) - 1) + 68}" '
                    f'height="86" '
                    f'rx="12" fill="none" stroke="{colour}" stroke-dasharray="6 4"/>'
                )
            out.append(_die(state, u, x, top + 40, 56, classes))
            x += step
        small = 14.0
        extras = (
            [(u, "墓") for u in range(len(lu.dice)) if state.owner[u] == p and state.loc[u] == GRAVE]
            + [(u, "進") for u in range(len(lu.dice)) if state.owner[u] == p and state.loc[u] == ASIDE]
        )
        for u, tag in extras:
            out.append(
                f'<text x="{24 + small}" y="{top + 150}" font-size="11" fill="#555">'
                f"{tag}:{escape(die_label(state, u))}</text>"
            )
            small += 11 * (len(die_label(state, u)) + 2) + 12
        cards = [card_label(state, c) + ("✓" if state.cards_used[c] else "")
                 for c in range(len(lu.cards)) if lu.card_owner[c] == p]
        if cards:
            out.append(
                f'<text x="24" y="{top + 170}" font-size="11" fill="#333">'
                f"小札絵: {escape('  '.join(cards))}</text>"
            )
    text = _caption(state)
    if text:
        out.append(
            f'<text x="{WIDTH / 2}" y="{height - 12}" font-size="13" text-anchor="middle" '
            f'fill="#333">{escape(text)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
