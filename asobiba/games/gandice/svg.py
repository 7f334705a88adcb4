"""SVG picture of a Gandice battle for docs and the web table (common contract of ``svg.py``).

A line on top says whose turn it is and what they decide (or what is being rolled); then each
player has a band of the battle mat: the seat and deck name, the character dice (colour by summon
state: filled = 召喚, half-filled = 半召喚, outline = 未召喚; a fusion is framed together) and the item
dice still in the deck, each with the mark of the outcome it last landed on (立 逆 横 特 0–6), then
chips for the graveyard, the evolution dice kept aside and the cards (a used card is struck
through). The exchange in progress, or the last judged one, is written at the bottom.

Two layouts of the same mat: the wide one (820 units across, a band per player with the dice in one
row) and the narrow one for a phone held upright (``narrow=True``: 300 units across, so that its
smallest text, 10 units, is at least 12 CSS px on a 390 px screen; three dice a row, long names on
two lines, the lines of the top and the bottom stacked instead of side by side).

Every die in a deck is a cell named ``d<uid>`` (``data-cell``), the name
:meth:`GandiceState.describe_action` uses for attacks and items; every die drawn, chips included,
carries ``data-die`` (the same name), ``data-state`` (``summoned``, ``half``, ``unsummoned``,
``item``, ``graveyard``, ``aside``, ``retired``) and, once rolled, ``data-shows`` (the outcome).
The die glyph on top carries ``data-piece`` (the owner) and ``pointer-events:none``. Texts come in
both languages: elements of class ``ja`` and ``en``; the picture's style shows the Japanese ones
unless the page it sits in is English (``html[lang=en]``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ...core.names import Names
from .dice import HALF, OUTCOME_NAMES, SUMMON_STATE_NAMES, SUMMONED
from .labels import OUTCOME_MARKS, OUTCOMES, PLACE_MARKS, SEATS, SUMMON_STATES, cell_name, mark_words
from .notation import action_cells, card_names, die_names, unit_names
from .phases import (
    ASIDE,
    BETRAY,
    BURY,
    DECK,
    EVOLVE,
    FIRST,
    GRAVE,
    ITEM,
    LOC_NAMES,
    OVER,
    PHASE_NAMES,
    RETIRED,
    ROLL,
    TURN,
)

if TYPE_CHECKING:
    from .state import GandiceState

WIDTH = 820
TOP = 40
BAND = 200
DIE = 58
NARROW = 300
"""Width of the narrow layout: a 390 px phone shows it about 1.25 times larger."""
NARROW_STEP = 96.0
"""From one die to the next in the narrow layout: three a row."""
MARGIN = 12
SEAT_COLOURS = ("#b3261e", "#1f5fa8", "#2e7d32", "#8e6b00")
KIND_MARK = {"weapon": "武", "curse": "呪", "evolution": "進", "super_eye": "超", "core": "核"}
STYLE = (
    ".en{display:none}html[lang=en] .gandice .ja{display:none}"
    "html[lang=en] .gandice .en{display:inline}"
    ".legal .cell-hit{stroke:#f5b700;stroke-width:4}.movable .cell-hit{stroke:#f5b700;"
    "stroke-width:2;stroke-dasharray:5 4}.selected .cell-hit{stroke:#222;stroke-width:4}"
    ".hint .cell-hit{stroke:#f08c00;stroke-width:5}.last .cell-hit{fill:#fff3c4}"
)
RESULTS = {
    "fail": Names("攻撃失敗（横倒し）", "the attack fails (side)"),
    "win": Names("攻撃側の勝ち", "the attacker wins"),
    "hold": Names("防御成功", "the defence holds"),
    "tie": Names("同点：防御側が1段下がる", "tie: the defender drops a step"),
    "counter": Names("カウンター：攻撃側が墓場へ", "counter-attack: the attacker falls"),
}


def _both(x: float, y: float, text: Names, attrs: str = "") -> str:
    """The same text in both languages at one place (the page shows one of them)."""
    return "".join(
        f'<text x="{x}" y="{y}" class="{lang}" {attrs}>{escape(said)}</text>'
        for lang, said in (("ja", text.ja), ("en", text.en))
    )


def _width(text: str, size: float) -> float:
    """About how wide ``text`` is at font size ``size`` (a CJK character is a square, others about
    0.58 of one; bold runs are allowed for by the caller's margin)."""
    return size * sum(1.0 if ord(ch) >= 0x2E80 else 0.58 for ch in text)


def _lines(text: str, size: float, limit: float | None) -> list[str]:
    """``text`` on one line, or on two split at the break nearest its middle (a space, else after
    「の」「・」「：」 or "+") when it is wider than ``limit``."""
    if limit is None or _width(text, size) <= limit:
        return [text]
    breaks = [i + 1 for i, ch in enumerate(text[:-1]) if ch in " の・：+"]
    if not breaks:
        return [text]
    cut = min(breaks, key=lambda i: abs(_width(text[:i], size) - _width(text[i:], size)))
    return [text[:cut].rstrip(), text[cut:].lstrip()]


def _wrapped(x: float, y: float, text: Names, size: float, limit: float | None, attrs: str = "",
             gap: float | None = None) -> tuple[str, int]:
    """:func:`_both` with each language's text on one or two lines (``gap`` apart, 1.2 times the
    font size unless given), and how many lines the longer one takes."""
    out, most = [], 1
    for lang, said in (("ja", text.ja), ("en", text.en)):
        lines = _lines(said, size, limit)
        most = max(most, len(lines))
        spans = escape(said) if len(lines) == 1 else " ".join(  # a space: the words of two lines read apart
            f'<tspan x="{x}" dy="{0 if i == 0 else gap or size * 1.2}">{escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        out.append(f'<text x="{x}" y="{y}" class="{lang}" font-size="{size}" {attrs}>{spans}</text>')
    return "".join(out), most


@dataclass(frozen=True)
class _Layout:
    """Where things go: the mat's width, and whether it is the narrow (upright phone) layout."""

    width: float
    narrow: bool

    @property
    def name_limit(self) -> float | None:
        """How wide a die's name may be before it goes on two lines (narrow layout only)."""
        return NARROW_STEP - 8 if self.narrow else None


def _badge(x: float, y: float, outcome: int) -> str:
    """The mark of the outcome a die shows, at its top right corner."""
    name = OUTCOME_NAMES[outcome]
    mark = OUTCOME_MARKS[name]
    attrs = 'font-size="11" font-weight="bold" text-anchor="middle" fill="#222"'
    words = OUTCOMES[name]
    title = "" if words == mark else f"<title>{escape(mark_words(mark, words))}</title>"  # a face: its number
    return (
        f'<g class="badge">{title}'
        f'<rect x="{x - 13}" y="{y - 8}" width="26" height="17" rx="5" fill="#fffbe8" '
        f'stroke="#222" stroke-width="1"/>' + _both(x, y + 4, mark, attrs) + "</g>"
    )


def _state(state: GandiceState, u: int) -> str:
    """``data-state`` of a die: its summon state in a deck, ``item``, or where it lies."""
    die = state.lineup.dice[u]
    if state.loc[u] != DECK:
        return LOC_NAMES[state.loc[u]]
    if die.is_item:
        return "item"
    return SUMMON_STATE_NAMES[SUMMONED if state.fusion[u] != -1 else state.summon[u]]


def _die(state: GandiceState, u: int, x: float, y: float, classes: list[str], layout: _Layout) -> str:
    die = state.lineup.dice[u]
    seat = state.owner[u]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    cell = cell_name(u)
    where = _state(state, u)
    shows = state.shown[u]
    data = f'data-die="{cell}" data-state="{where}"'
    if shows >= 0:
        data += f' data-shows="{OUTCOME_NAMES[shows]}"'
    out = [f'<g class="{" ".join(["cell", "die"] + classes)}" data-cell="{cell}" {data}>']
    out.append(
        f'<rect x="{x - 4}" y="{y - 4}" width="{DIE + 8}" height="{DIE + 8}" rx="10" '
        'fill="transparent" stroke="none" class="cell-hit"/>'
    )
    out.append(f'<g data-piece="{state.lineup.names[seat]}" style="pointer-events:none">')
    level = SUMMONED if where in ("summoned", "item") else HALF if where == "half" else 0
    fill = colour if level == SUMMONED else "#f4efe4"
    if die.is_item:
        fill = "#fdf6e3"
    out.append(
        f'<rect x="{x}" y="{y}" width="{DIE}" height="{DIE}" rx="9" fill="{fill}" '
        f'stroke="{colour}" stroke-width="3"/>'
    )
    if level == HALF:
        out.append(
            f'<path d="M{x} {y + DIE / 2} H{x + DIE} V{y + DIE - 9} Q{x + DIE} {y + DIE} '
            f'{x + DIE - 9} {y + DIE} H{x + 9} Q{x} {y + DIE} {x} {y + DIE - 9} Z" '
            f'fill="{colour}" opacity="0.75"/>'
        )
    eye = "#fff" if level == SUMMONED and not die.is_item else colour
    cx, cy = x + DIE / 2, y + DIE * 0.45
    out.append(
        f'<ellipse cx="{cx}" cy="{cy}" rx="{DIE * 0.3}" ry="{DIE * 0.16}" fill="none" '
        f'stroke="{eye}" stroke-width="2.5"/>'
        f'<circle cx="{cx}" cy="{cy}" r="{DIE * 0.09}" fill="{eye}"/>'
    )
    mark = KIND_MARK.get(die.kind)
    if mark:
        out.append(f'<text x="{x + 5}" y="{y + 15}" font-size="12" fill="{eye}">{mark}</text>')
    if die.is_item and die.bonus:
        out.append(f'<text x="{x + DIE - 5}" y="{y + DIE - 6}" font-size="11" text-anchor="end" '
                   f'fill="{colour}">+{die.bonus}</text>')
    if shows >= 0:
        out.append(_badge(x + DIE - 4, y + 4, shows))
    out.append("</g>")
    names = die_names(state, u)
    out.append(_wrapped(x + DIE / 2, y + DIE + 16, names, 12, layout.name_limit,
                        'text-anchor="middle" fill="#222" style="pointer-events:none"', gap=14)[0])
    if die.is_fighter and state.fusion[u] == -1:
        attrs = 'font-size="10" text-anchor="middle" fill="#555" style="pointer-events:none"'
        summon = SUMMON_STATES[state.summon[u]]
        for lang, name, said in (("ja", names.ja, summon.ja), ("en", names.en, summon.en)):
            below = y + DIE + 19 + 14 * len(_lines(name, 12, layout.name_limit))  # under its own name
            out.append(f'<text x="{x + DIE / 2}" y="{below}" class="{lang}" {attrs}>{escape(said)}</text>')
    out.append("</g>")
    return " ".join(out)  # spaces between the texts: a die's texts read as words apart (its name in words)


def _chip(state: GandiceState, u: int, x: float, y: float, place: str) -> tuple[str, float]:
    """A die that is out of play (graveyard, aside, retired) as a small chip, its mark explained
    in its tooltip; its width."""
    tag, words = PLACE_MARKS[place]
    name = die_names(state, u)
    width = 38 + 12 * max(len(name.ja), 0.55 * len(name.en))
    colour = SEAT_COLOURS[state.owner[u] % len(SEAT_COLOURS)]
    shows = state.shown[u]
    data = f'data-die="{cell_name(u)}" data-state="{_state(state, u)}"'
    if shows >= 0:
        data += f' data-shows="{OUTCOME_NAMES[shows]}"'
    chip = (
        f'<g class="chip" {data}><title>{escape(mark_words(tag, words))}</title>'
        f'<rect x="{x}" y="{y}" width="{width}" height="20" rx="6" '
        f'fill="#efe7d6" stroke="{colour}" stroke-dasharray="3 2"/>'
        + _both(x + 5, y + 14, tag, f'font-size="10" fill="{colour}"')
        + _both(x + 34, y + 14, name, 'font-size="11" fill="#444"') + "</g>"
    )
    return chip, width + 6


def status_words(state: GandiceState) -> Names:
    """Whose turn it is and what they decide, or what is being rolled."""
    names = state.lineup.names
    if state.phase == OVER:
        winners = Names.listed([SEATS[names[p]] for p, r in enumerate(state.final or ()) if r == 1])
        return Names(f"対戦終了：{winners.ja}の勝ち", f"battle over: {winners.en} won")
    if state.phase == FIRST:
        return Names("先攻を決めています", "rolling for the first attacker")
    seat = SEATS[names[state.turn_player if state.phase == ROLL else state.actor]]
    said = {
        TURN: Names("攻撃か再召喚チャレンジ", "attack, or a re-summon challenge"),
        ITEM: Names("特殊目！アイテムを使うか", "special eye: use an item?"),
        BETRAY: Names("裏切り：取るダイスを選ぶ", "betrayal: choose a die to take"),
        BURY: Names("合身のどちらを墓場へ送るか", "which fused die goes to the graveyard"),
        EVOLVE: Names("進化チャレンジをするか", "try the evolution challenge?"),
        ROLL: Names("ダイスを振っています", "the dice are rolling"),
    }[state.phase]
    return Names(f"{seat.ja}：{said.ja}", f"{seat.en}: {said.en}")


def _caption(state: GandiceState) -> tuple[Names | None, Names | None]:
    """The exchange in progress, else the last judged one (with its result in words)."""
    x = state.x
    if x is not None and x.winner < 0:
        totals = [str(x.total(side)) if x.rolled[side] else "-" for side in (0, 1)]
        att, dfn = unit_names(state, x.att), unit_names(state, x.dfn)
        return Names(f"{att.ja} {totals[0]} 対 {dfn.ja} {totals[1]}",
                     f"{att.en} {totals[0]} vs {dfn.en} {totals[1]}"), None
    if state.last is not None:
        att_u, dfn_u, a, d, result = state.last
        att, dfn = die_names(state, att_u), die_names(state, dfn_u)
        shown_a, shown_d = a if a >= 0 else "-", d if d >= 0 else "-"
        return Names(f"{att.ja} {shown_a} 対 {dfn.ja} {shown_d}",
                     f"{att.en} {shown_a} vs {dfn.en} {shown_d}"), RESULTS[result]
    return None, None


def _last_cells(state: GandiceState, last_move: int | None) -> set[str]:
    cells: set[str] = set()
    if state.last is not None:
        cells.update(cell_name(u) for u in state.last[:2])
    if last_move is not None:
        cells.update(c for c in action_cells(state, last_move) if c)
    return cells


def _dice_places(state: GandiceState, mine: list[int], top: float,
                 layout: _Layout) -> tuple[list[tuple[float, float]], float]:
    """Where each die of ``mine`` goes (its top left corner) and where the rows of dice end. The
    wide layout puts them in one row; the narrow one three a row, a fusion never split between rows,
    each row as tall as its longest name needs."""
    if not layout.narrow:
        step = min(96.0, (WIDTH - 60 - DIE) / max(len(mine) - 1, 1))
        return [(30.0 + i * step, top + 40) for i in range(len(mine))], top + BAND - 50
    per_row = int((layout.width - 2 * MARGIN - DIE) // NARROW_STEP) + 1
    places: list[tuple[float, float]] = []
    column, y, tallest = 0, top + 52, 1
    for i, u in enumerate(mine):
        lead = state.fusion[u]
        size = len(state.members(lead)) if lead >= 0 and (i == 0 or state.fusion[mine[i - 1]] != lead) else 1
        if column and column + size > per_row:
            column, y, tallest = 0, y + DIE + 34 + 14 * tallest, 1
        places.append((2 * MARGIN + column * NARROW_STEP, y))
        names = die_names(state, u)
        tallest = max(tallest, *(len(_lines(n, 12, layout.name_limit)) for n in (names.ja, names.en)))
        column += 1
    return places, y + DIE + 36 + 14 * tallest


def _band(state: GandiceState, p: int, top: float, marked: set[str], selected: str | None,
          last: set[str], layout: _Layout) -> tuple[list[str], float]:
    """One player's band of the mat from ``top``, and how tall it is."""
    lu = state.lineup
    width = layout.width
    colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
    turn = state.final is None and p == state.turn_player
    left = MARGIN + 8 if layout.narrow else 24
    out = [
        _both(left, top + 22, SEATS[lu.names[p]], f'font-size="15" font-weight="bold" fill="{colour}"'),
        _both(left if layout.narrow else 120, top + (42 if layout.narrow else 22), lu.deck_titles[p],
              'font-size="14" fill="#333"'),
    ]
    right = width - (MARGIN + 8 if layout.narrow else 30)
    if p in state.out:
        out.append(_both(right, top + 22, Names("脱落", "out"),
                         'font-size="13" text-anchor="end" fill="#777"'))
    elif turn:
        out.append(_both(right, top + 22, Names("▶ 手番", "▶ to move"),
                         f'font-size="13" font-weight="bold" text-anchor="end" fill="{colour}"'))
    mine = sorted(
        (u for u in range(len(lu.dice)) if state.owner[u] == p and state.loc[u] == DECK),
        key=lambda u: (lu.dice[u].is_item, state.fusion[u] if state.fusion[u] >= 0 else u, u),
    )
    places, below = _dice_places(state, mine, top, layout)
    framed: set[int] = set()
    for u, (x, y) in zip(mine, places, strict=True):
        classes = [c for c, on in (("legal", cell_name(u) in marked),
                                   ("selected", cell_name(u) == selected),
                                   ("last", cell_name(u) in last)) if on]
        lead = state.fusion[u]
        if lead >= 0 and lead not in framed:
            framed.add(lead)
            ends = [places[i][0] for i, m in enumerate(mine) if state.fusion[m] == lead]
            out.append(
                f'<rect x="{x - 7}" y="{y - 7}" width="{max(ends) - x + DIE + 14}" '
                f'height="{DIE + 44}" rx="12" fill="none" stroke="{colour}" stroke-dasharray="6 4"/>'
            )
        out.append(_die(state, u, x, y, classes, layout))
    chips, x, y = [], float(left), below
    places_out = ((GRAVE, "grave"), (ASIDE, "aside"), (RETIRED, "retired"))
    for where, tag in places_out:
        for u in range(len(lu.dice)):
            if state.owner[u] == p and state.loc[u] == where:
                chip, chip_width = _chip(state, u, x, y, tag)
                if x + chip_width > width - 20:
                    x, y = float(left), y + 22
                    chip, chip_width = _chip(state, u, x, y, tag)
                chips.append(chip)
                x += chip_width
    out.extend(chips)
    x = x + 10 if chips else float(left)
    for c in (c for c in range(len(lu.cards)) if lu.card_owner[c] == p):
        used = state.cards_used[c]
        name = card_names(state, c)
        card_width = 40 + 12 * max(len(name.ja), 0.55 * len(name.en))
        if x + card_width > width - 20:
            x, y = float(left), y + 22
        struck = ' text-decoration="line-through"' if used else ""
        faded = ' opacity="0.45"' if used else ""
        out.append(
            f'<g class="card" data-card="{c}" data-used="{str(used).lower()}"{faded}>'
            f'<rect x="{x}" y="{y}" width="{card_width}" height="20" rx="4" fill="#fff" stroke="{colour}"/>'
            + _both(x + 5, y + 14, Names("札", "CARD"), f'font-size="10" fill="{colour}"')
            + _both(x + 36, y + 14, name, f'font-size="11" fill="#333"{struck}') + "</g>"
        )
        x += card_width + 6
    height = BAND if not layout.narrow else y + 32 - top
    out.insert(0, f'<rect x="10" y="{top}" width="{width - 20}" height="{height - 10}" rx="12" '
                  f'fill="#fbf7ee" stroke="{colour}" stroke-width="{4 if turn else 1.5}" '
                  f'data-seat="{lu.names[p]}"/>')
    return out, height


def render_svg(
    state: GandiceState,
    *,
    highlights: Iterable[str] = (),
    last_move: int | None = None,
    selected: str | None = None,
    narrow: bool = False,
) -> str:
    """The battle mat as an SVG string (no external assets; scales with its viewBox).

    ``last_move`` is the action that led here (its die cells are read from the action id alone);
    the dice of the last judged exchange are marked ``last`` too. ``narrow``: the layout for a
    phone held upright (the module's docstring).
    """
    lu = state.lineup
    layout = _Layout(NARROW if narrow else WIDTH, narrow)
    width = layout.width
    marked = set(highlights)
    last = _last_cells(state, last_move)
    limit = state.game.options.max_turns
    now = min(state.turn + 1, limit)
    turn = Names(f"ターン {now} / {limit}", f"turn {now} of {limit}")
    status_attrs = 'font-weight="bold" fill="#222" data-role="status"'
    if narrow:
        status, lines = _wrapped(MARGIN, 24, status_words(state), 15, width - 2 * MARGIN, status_attrs)
        head = [status, _both(MARGIN, 24 + 18 * lines, turn, 'font-size="12" fill="#555"')]
        top: float = 34 + 18 * lines
    else:
        head = [_both(24, 26, status_words(state), f'font-size="15" {status_attrs}'),
                _both(WIDTH - 24, 26, turn, 'font-size="12" text-anchor="end" fill="#555"')]
        top = TOP
    bands = []
    for p in range(lu.players):
        band, tall = _band(state, p, top, marked, selected, last, layout)
        bands.extend(band)
        top += tall
    numbers, result = _caption(state)
    foot = []
    if narrow:
        y = top + 14
        if numbers is not None:
            said, lines = _wrapped(width / 2, y, numbers, 14, width - 2 * MARGIN,
                                   'text-anchor="middle" fill="#222" data-role="exchange"')
            foot.append(said)
            y += 17 * lines
        if result is not None:
            foot.append(_both(width / 2, y, result, 'font-size="12" text-anchor="middle" fill="#555"'))
            y += 15
        height = y
    else:
        height = top + 36
        if numbers is not None:
            foot.append(_both(WIDTH / 2, height - 14, numbers,
                              'font-size="14" text-anchor="middle" fill="#222" data-role="exchange"'))
        if result is not None:
            attrs = 'font-size="12" text-anchor="end" fill="#555"'
            foot.append(_both(WIDTH - 24, height - 14, result, attrs))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="board gandice{" narrow" if narrow else ""}" font-family="sans-serif" '
        f'data-phase="{PHASE_NAMES[state.phase]}">',
        f"<style>{STYLE}</style>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#e9dfc8" rx="14"/>',
        *head, *bands, *foot,
        "</svg>",
    ]
    return "".join(out)


def render_narrow_svg(
    state: GandiceState,
    *,
    highlights: Iterable[str] = (),
    last_move: int | None = None,
) -> str:
    """:func:`render_svg` in the narrow layout: the descriptor's ``render_narrow_svg``."""
    return render_svg(state, highlights=highlights, last_move=last_move, narrow=True)
