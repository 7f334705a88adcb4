"""SVG picture of a Dice Out position (a pure function, like ``chess.svg``).

A wooden board of 5 × ``rows`` squares with the four EXIT corners marked, rank 1 (red's home) at
the bottom. Every square is a ``<rect data-cell="b1">`` (classes ``cell``, ``exit``, and ``legal``
/ ``selected`` / ``last`` on request). A stack is drawn as its covered dice as blank layers
(faces hidden, as on the real board) under the top die, which shows its pips; stacks of two or
more carry a small height badge. Dice groups have ``data-piece`` (their colour) and
``pointer-events: none`` so clicks land on the square. The root's ``data-seat-turns`` says how far
to turn the picture to bring each colour's home row to the bottom (red's is there already).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .actions import is_move, move_cells
from .board import COLOURS, FILES, NUM_FILES, Board, board
from .state import SETUP

if TYPE_CHECKING:
    from .state import DiceOutState

CELL = 100
MARGIN = 36
DIE = 62
LAYER = 7
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1))}
FACE = {"red": ("#c62828", "#7f1010", "#ffffff"), "white": ("#f7f3ea", "#9a9080", "#2b2b2b")}

STYLE = """
.cell { fill: #e9c48e; stroke: #6b4320; stroke-width: 2; }
.cell.exit { fill: #d79c5a; }
.cell.last { fill: #f2d98c; }
.cell.legal { fill: #b9dba0; }
.cell.selected { fill: #f6e27a; stroke: #b3541e; stroke-width: 4; }
.die, .label, .exit-label { pointer-events: none; }
.label { font: 600 18px sans-serif; fill: #f3e2c6; }
.exit-label { font: 700 15px sans-serif; fill: #7a3f12; letter-spacing: 1px; }
.badge text { font: 700 15px sans-serif; fill: #fff; }
"""


def render_svg(
    state: DiceOutState,
    *,
    highlights: Iterable[str] = (),
    last_move: int | None = None,
    selected: str | None = None,
) -> str:
    bd = state.board
    fixed = _board(bd.rows)
    marked = set(highlights)
    last: set[str] = set()
    if last_move is not None and is_move(last_move):
        frm, to = move_cells(bd, last_move)
        last = {bd.names[frm], bd.names[to]}
    squares = list(fixed.squares)
    for name in last | marked | {selected}:
        cell = bd.index.get(name) if name is not None else None
        if cell is not None:
            squares[cell] = _square(bd, cell, name in last, name in marked, name == selected)
    parts = [fixed.head, *squares, fixed.labels]
    if state.phase != SETUP:
        for cell, stack in state.stacks().items():
            parts.append(_stack(bd.names[cell], *_corner(bd.rows, cell), tuple(stack)))
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class _Board:
    """What the picture of a board size always shows: the root, style and wood (``head``), each
    square unmarked (``squares``, a cell's with its EXIT label) and the file and rank labels."""

    head: str
    squares: tuple[str, ...]
    labels: str


@cache  # the same few sizes every time: drawn once each
def _board(rows: int) -> _Board:
    bd = board(rows)
    width = NUM_FILES * CELL + 2 * MARGIN
    height = rows * CELL + 2 * MARGIN
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="diceout-board" role="img" aria-label="Dice Out board" '
        f'data-seat-turns="{COLOURS[0]}:0 {COLOURS[1]}:180">'
        f"<style>{STYLE}</style>{_wood(width, height)}"
    )
    squares = tuple(_square(bd, cell, False, False, False) for cell in range(bd.num_cells))
    return _Board(head, squares, _labels(rows))


def _square(bd: Board, cell: int, last: bool, legal: bool, selected: bool) -> str:
    """A square (``rect.cell``, classes as marked) and, on an EXIT corner, its label."""
    x, y = _corner(bd.rows, cell)
    classes = ["cell"]
    if cell in bd.exits:
        classes.append("exit")
    if last:
        classes.append("last")
    if legal:
        classes.append("legal")
    if selected:
        classes.append("selected")
    square = (f'<rect class="{" ".join(classes)}" data-cell="{bd.names[cell]}" x="{x}" y="{y}" '
              f'width="{CELL}" height="{CELL}"/>')
    if cell in bd.exits:
        ty = y + 18 if bd.rank_of(cell) else y + CELL - 8
        square += f'<text class="exit-label" x="{x + CELL / 2}" y="{ty}" text-anchor="middle">EXIT</text>'
    return square


def _corner(rows: int, cell: int) -> tuple[int, int]:
    file, rank = cell % NUM_FILES, cell // NUM_FILES
    return MARGIN + file * CELL, MARGIN + (rows - 1 - rank) * CELL


def _wood(width: int, height: int) -> str:
    grain = "".join(
        f'<path d="M0 {y} C {width / 3} {y - 9}, {2 * width / 3} {y + 9}, {width} {y}" '
        f'stroke="#6e4420" stroke-opacity="0.18" stroke-width="2" fill="none"/>'
        for y in range(12, height, 23)
    )
    return (
        '<defs><linearGradient id="diceout-wood" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#a8713a"/><stop offset="1" stop-color="#7c4f26"/>'
        "</linearGradient></defs>"
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="url(#diceout-wood)"/>'
        f"{grain}"
    )


def _labels(rows: int) -> str:
    out = []
    for f, letter in enumerate(FILES):
        x = MARGIN + f * CELL + CELL / 2
        out.append(f'<text class="label" x="{x}" y="{MARGIN + rows * CELL + 25}" '
                   f'text-anchor="middle">{letter}</text>')
    for r in range(rows):
        y = MARGIN + (rows - 1 - r) * CELL + CELL / 2 + 6
        out.append(f'<text class="label" x="{MARGIN / 2}" y="{y}" text-anchor="middle">{r + 1}</text>')
    return "".join(out)


@lru_cache(maxsize=4096)  # the same stacks on the same squares, moment after moment: drawn once each
def _stack(name: str, x: int, y: int, stack: tuple[tuple[int, int], ...]) -> str:
    height = len(stack)
    left = x + (CELL - DIE) / 2
    base = y + (CELL - DIE) / 2 + LAYER * (height - 1) / 2
    parts = []
    for level, (seat, value) in enumerate(stack):
        colour = COLOURS[seat]
        fill, edge, pip = FACE[colour]
        top = base - LAYER * level
        covered = level < height - 1
        die = [
            f'<g class="die" data-piece="{colour}" data-stack="{name}" data-level="{level}" '
            f'style="pointer-events:none">',
            f'<rect x="{left}" y="{top}" width="{DIE}" height="{DIE}" rx="11" fill="{fill}" '
            f'stroke="{edge}" stroke-width="2.5"/>',
        ]
        if not covered:
            cx, cy = left + DIE / 2, top + DIE / 2
            die.extend(
                f'<circle cx="{cx + dx * DIE * 0.25}" cy="{cy + dy * DIE * 0.25}" r="6.5" '
                f'fill="{pip}"/>'
                for dx, dy in PIPS[value]
            )
        die.append("</g>")
        parts.append("".join(die))
    if height > 1:
        bx, by = left + DIE - 2, base - LAYER * (height - 1) + 2
        parts.append(
            f'<g class="badge" style="pointer-events:none"><circle cx="{bx}" cy="{by}" r="12" '
            f'fill="#3b2a1a" stroke="#f3e2c6" stroke-width="2"/>'
            f'<text x="{bx}" y="{by + 5}" text-anchor="middle">{height}</text></g>'
        )
    return "".join(parts)
