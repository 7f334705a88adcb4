"""SVG picture of a position on the star, Diamond Game's or Chinese Checkers' (for the docs and the
web table).

:func:`render_svg` is a pure function returning one ``<svg>`` element with a ``viewBox`` (it scales
to any size) and no external assets. It draws the star board as the real one looks: a wooden star
with the six points painted in their colours (in Diamond Game opposite points share a colour), grid
lines, a hole per cell, the ◎ ring at each apex, and the pieces as glass marbles; kings wear a golden crown.

Web contract: every hole is a ``<circle class="cell" data-cell="q,r" data-name="e3">`` (``data-name``:
the name players read, docs/rules/diamond.md, "Cell names"); cells named in
``highlights`` also get class ``legal``, the ``selected`` cell class ``selected``, and the two cells
of ``last_move`` class ``last``, the start also ``last-from`` and the end ``last-to``. Pieces are
separate elements (``data-piece`` = colour, ``data-king`` on kings) drawn on top with
``pointer-events:none`` so clicks land on the cell. The root's ``data-seat-turns`` says how far to
turn the picture to bring each colour's start apex to the bottom. The last move is marked above the pieces, so
its end shows around the piece standing there: a solid ring on the end, a dashed one on the start
(``.last-mark``, ``data-last`` = ``from`` / ``to``).

Coordinates (docs/rules/diamond.md, "Cell names"): each row's letter stands beside both ends of the
row, and each hole's number within its row is engraved in the hole, all with class ``coords`` so
that a page can hide them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from .geometry import CELLS, DIRECTIONS, STAR_COLOURS, Star
from .movegen import PASS, decode
from .notation import names, web_name

if TYPE_CHECKING:
    from .game import StarState

UNIT = 30.0
"""Distance between neighbouring holes, in SVG user units."""
RIM = 0.9 * UNIT
"""How far the wooden star reaches past its outermost holes (its tips lie this far beyond the apexes)."""
MARGIN = 8.0
"""Room around the star so its tips, the apex rings and pieces stay inside the viewBox."""

_FILL = {"red": "#d8352a", "yellow": "#f2c21b", "green": "#2f9e44", "blue": "#2463c9",
         "white": "#f4f1ea", "black": "#2b2b2b"}
_TINT = {"red": "#f3b4ab", "yellow": "#f7e39a", "green": "#a9dcb2", "blue": "#a9c3ef",
         "white": "#fbf8f1", "black": "#a39d94"}
_DARK = {"red": "#7d1711", "yellow": "#8a6a00", "green": "#14532a", "blue": "#0f2f66",
         "white": "#8c877c", "black": "#000000"}

_STYLE = """
.board{fill:#e9c98f;stroke:#8a5a2b;stroke-width:3;stroke-linejoin:round}
.grid{stroke:#9b7446;stroke-width:1.2}
.cell{fill:#5b3a1c;stroke:#3b240f;stroke-width:1;cursor:pointer}
.cell.legal{fill:#2b7de9;stroke:#bfe0ff;stroke-width:3}
.cell.selected{stroke:#ffffff;stroke-width:4}
.cell.last{stroke:#ff8c00;stroke-width:3.5}
.last-mark{fill:none;stroke:#ff8c00;stroke-width:3;pointer-events:none}
.last-mark[data-last=from]{stroke-width:2.2;stroke-dasharray:4 3}
.coords{pointer-events:none;stroke:none;font-family:sans-serif;text-anchor:middle;dominant-baseline:central}
.coord-row{font-size:11px;font-weight:bold;fill:#7a5530}
.coord-num{font-size:7px;fill:#e9c98f;fill-opacity:.6}
.apex{fill:none;stroke:#3b240f;stroke-width:1.6;pointer-events:none}
.piece,.crown,.label{pointer-events:none}
.crown{fill:#ffd54a;stroke:#7a5a00;stroke-width:1}
.label{font:bold 9px sans-serif;fill:#6b4a26;text-anchor:middle}
"""


def cell_xy(q: float, r: float) -> tuple[float, float]:
    """Centre of a cell in SVG units (red's start at the bottom, like the text picture)."""
    return (-q - 2 * r) * UNIT / 2, q * UNIT * math.sqrt(3) / 2


def _pt(q: float, r: float) -> str:
    x, y = cell_xy(q, r)
    return f"{x:.1f},{y:.1f}"


def _triangle(corners: Sequence[tuple[float, float]], grow: float) -> str:
    """Polygon points of a triangle pushed out from its centroid by ``grow`` units."""
    pts = [cell_xy(q, r) for q, r in corners]
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    out = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy)
        out.append(f"{x + dx / d * grow:.1f},{y + dy / d * grow:.1f}")
    return " ".join(out)


def _camp_corners(star: Star, key: str) -> list[tuple[float, float]]:
    """Apex and the two ends of the border row of a camp."""
    aq, ar = star.apex[key]
    n = star.n * (1 if key[1] == "+" else -1)
    axis = key[0]
    if axis == "q":
        return [(aq, ar), (n, -n), (n, 0)]
    if axis == "r":
        return [(aq, ar), (-n, n), (0, n)]
    return [(aq, ar), (-n, 0), (0, -n)]


def render_svg(
    state: StarState,
    *,
    highlights: Iterable[str] = (),
    last_move: int | None = None,
    selected: str | None = None,
    labels: bool = False,
) -> str:
    """The position as an SVG string (see the module docstring for the web contract).

    ``labels=True`` writes the notation name of every cell beside it (for the rules pages).
    """
    lit = set(highlights)
    ends: dict[tuple[int, int], str] = {}  # the last move's cells → "from" / "to"
    if last_move is not None and last_move != PASS:
        f, t = decode(last_move)
        ends = {CELLS[f]: "from", CELLS[t]: "to"}
    star = state.game.star
    name_of = names(star)[0]
    n = star.n
    half_w = (1.5 * n + 0.8) * UNIT + MARGIN  # the widest rows reach 3n half cells out
    half_h = 2 * n * UNIT * math.sqrt(3) / 2 + RIM + MARGIN  # apex holes are 2n rows out
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-half_w:.1f} {-half_h:.1f} '
        f'{2 * half_w:.1f} {2 * half_h:.1f}" class="diamond-board" role="img" '
        f'aria-label="{state.game.name_en} board" data-seat-turns="{_seat_turns(state)}">',
        f"<style>{_STYLE}</style>",
        "<defs>",
    ]
    for colour, fill in _FILL.items():
        parts.append(
            f'<radialGradient id="marble-{colour}" cx="35%" cy="30%" r="70%">'
            f'<stop offset="0%" stop-color="#ffffff" stop-opacity="0.9"/>'
            f'<stop offset="35%" stop-color="{fill}"/>'
            f'<stop offset="100%" stop-color="{_DARK[colour]}"/></radialGradient>'
        )
    parts.append("</defs>")
    # wooden star: the two big triangles
    for keys in (("q+", "r+", "s+"), ("q-", "r-", "s-")):
        corners = [star.apex[k] for k in keys]
        parts.append(f'<polygon class="board" points="{_triangle(corners, RIM)}"/>')
    # painted points (Diamond Game paints opposite points alike, Chinese Checkers each its own)
    for key, colour in state.game.rules.painted.items():
        pts = _triangle(_camp_corners(star, key), UNIT * 0.45)
        parts.append(
            f'<polygon points="{pts}" fill="{_TINT[colour]}" stroke="{_FILL[colour]}" '
            f'stroke-width="1.5" data-camp="{key}"/>'
        )
    parts.append(_grid(star))
    # holes
    hole = UNIT * 0.24
    for q, r in star.cells:
        name = web_name(q, r)
        classes = ["cell"]
        if name in lit:
            classes.append("legal")
        if name == selected:
            classes.append("selected")
        if (q, r) in ends:
            classes += ["last", f"last-{ends[q, r]}"]
        x, y = cell_xy(q, r)
        parts.append(
            f'<circle class="{" ".join(classes)}" data-cell="{name}" data-name="{name_of[(q, r)]}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="{hole:.1f}"><title>{name_of[(q, r)]}</title></circle>'
        )
        if labels:
            parts.append(
                f'<text class="label" x="{x:.1f}" y="{y - UNIT * 0.3:.1f}">{name_of[(q, r)]}</text>'
            )
    for q, r in star.apex.values():
        x, y = cell_xy(q, r)
        parts.append(f'<circle class="apex" cx="{x:.1f}" cy="{y:.1f}" r="{UNIT * 0.42:.1f}"/>')
    parts.append(_hole_numbers(star))
    # pieces
    radius = UNIT * 0.4
    for seat, colour in enumerate(state.game.rules.colours):
        men, king = state.pieces_of(seat)
        for q, r in men:
            x, y = cell_xy(q, r)
            parts.append(
                f'<circle class="piece" data-piece="{colour}" cx="{x:.1f}" cy="{y:.1f}" '
                f'r="{radius:.1f}" fill="url(#marble-{colour})" stroke="{_DARK[colour]}"/>'
            )
        if king:
            x, y = cell_xy(*king)
            parts.append(
                f'<g class="piece" data-piece="{colour}" data-king="true">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="url(#marble-{colour})" '
                f'stroke="#ffd54a" stroke-width="2.5"/>'
                f'<path class="crown" d="{_crown(x, y, radius * 0.6)}"/></g>'
            )
    for (q, r), end in ends.items():
        x, y = cell_xy(q, r)
        parts.append(f'<circle class="last-mark" data-last="{end}" cx="{x:.1f}" cy="{y:.1f}" '
                     f'r="{radius + 3:.1f}"/>')
    parts.append(_row_letters(star))
    parts.append("</svg>")
    return "".join(parts)


def _seat_turns(state: StarState) -> str:
    """``colour:degrees`` for each colour in play: the clockwise turn of the picture that brings
    the colour's start apex to the bottom (the page turns the board for the seat it plays)."""
    star = state.game.star
    turns = []
    for colour in state.game.rules.colours:
        x, y = cell_xy(*star.apex[STAR_COLOURS[colour]])
        turns.append(f"{colour}:{round(90 - math.degrees(math.atan2(y, x))) % 360}")
    return " ".join(turns)


@cache  # the drawing of a board that never changes: made once per board
def _grid(star: Star) -> str:
    """The lines between neighbouring holes."""
    lines = []
    for q, r in star.cells:
        for dq, dr in DIRECTIONS[:3]:
            if star.on_board(q + dq, r + dr):
                lines.append(f"M{_pt(q, r)}L{_pt(q + dq, r + dr)}")
    return f'<path class="grid" d="{"".join(lines)}"/>'


@cache
def _row_letters(star: Star) -> str:
    """Each row's letter beside both ends of the row (class ``coords``)."""
    name_of = names(star)[0]
    rows: dict[int, list[tuple[int, int]]] = {}
    for q, r in star.cells:  # row by row, left to right
        rows.setdefault(q, []).append((q, r))
    out = ['<g class="coords" aria-hidden="true">']
    for row in rows.values():
        for (q, r), side in ((row[0], -1), (row[-1], 1)):
            x, y = cell_xy(q, r)
            out.append(f'<text class="coord-row" x="{x + side * 0.85 * UNIT:.1f}" '
                       f'y="{y:.1f}">{name_of[row[0]][0]}</text>')
    out.append("</g>")
    return "".join(out)


@cache
def _hole_numbers(star: Star) -> str:
    """Each hole's number within its row, engraved in the hole (class ``coords``)."""
    name_of = names(star)[0]
    out = ['<g class="coords" aria-hidden="true">']
    for q, r in star.cells:
        x, y = cell_xy(q, r)
        out.append(f'<text class="coord-num" x="{x:.1f}" y="{y:.1f}">{name_of[(q, r)][1:]}</text>')
    out.append("</g>")
    return "".join(out)


def _crown(x: float, y: float, size: float) -> str:
    """A small three-pointed crown centred on ``(x, y)``."""
    s = size
    pts = [
        (-s, s * 0.6), (-s, -s * 0.4), (-s * 0.5, s * 0.1), (0, -s * 0.7),
        (s * 0.5, s * 0.1), (s, -s * 0.4), (s, s * 0.6),
    ]
    return "M" + "L".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in pts) + "Z"
