"""Terminal picture of a Diamond Game position.

The star is drawn with red's start at the bottom (see :mod:`.geometry`): one line per row, the row
letter of the notation on both sides. Men are ``r y g``, kings ``R Y G``, an empty cell is ``.``
and an empty apex ◎ is ``o``. With ``color=True`` pieces are drawn in ANSI colours (kings bold) and
the empty cells of each colour's points are tinted in that colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import TERMINAL
from .geometry import APEX_CELL, CELLS, COLOUR_CAMPS, POINT, grid_of

if TYPE_CHECKING:
    from .game import DiamondState

_ANSI = {"red": "31", "yellow": "33", "green": "32"}
_APEXES = set(APEX_CELL.values())


def _point_colour(q: int, r: int) -> str | None:
    bit = 1 << grid_of(q, r)
    for colour, keys in COLOUR_CAMPS.items():
        if any(POINT[k] & bit for k in keys):
            return colour
    return None


def render_text(state: DiamondState, color: bool = False) -> str:
    colours = state.game.options.colors
    piece_at: dict[tuple[int, int], str] = {}
    owner: dict[tuple[int, int], str] = {}
    for seat, colour in enumerate(colours):
        men, king = state.pieces_of(seat)
        for cell in men:
            piece_at[cell], owner[cell] = colour[0], colour
        if king:
            piece_at[king], owner[king] = colour[0].upper(), colour

    def glyph(q: int, r: int) -> str:
        cell = (q, r)
        if cell in piece_at:
            ch = piece_at[cell]
            if not color:
                return ch
            bold = "1;" if ch.isupper() else ""
            return f"\x1b[{bold}{_ANSI[owner[cell]]}m{ch}\x1b[0m"
        ch = "o" if cell in _APEXES else "."
        tint = _point_colour(q, r) if color else None
        return f"\x1b[2;{_ANSI[tint]}m{ch}\x1b[0m" if tint else ch

    lines = []
    for q in range(-8, 9):
        row = [(q, r) for (cq, r) in CELLS if cq == q]
        letter = chr(ord("a") + 8 - q)
        width = 25
        chars = [" "] * width
        marks = {(-q - 2 * r) + 12: glyph(q, r) for q, r in row}
        text = "".join(marks.get(i, chars[i]) for i in range(width))
        lines.append(f"{letter}  {text}  {letter}")
    if state.to_move == TERMINAL:
        ranks = ", ".join(f"{c} {r}" for c, r in zip(colours, state.rank_of, strict=True))
        lines.append(f"game over after {state.ply} plies - ranks: {ranks}")
    else:
        lines.append(f"{colours[state.to_move]} to move (ply {state.ply})")
    return "\n".join(lines)
