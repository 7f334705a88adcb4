"""Terminal picture of a Diamond Game position (docs/rules/diamond.md, "Cell names").

The star is drawn with red's start at the bottom (see :mod:`.geometry`): one line per row, the row
letter of the notation on both sides. Men are ``r y g``, kings ``R Y G``, an empty cell is ``.``
and an empty apex ◎ is ``o``. Beside the star a key of the same shape shows each cell's number in
its row (the last digit: ``0 1 2 3`` after ``9`` are 10–13), so ``e7`` is read off the picture.
The last move is marked: its start cell in parentheses ``(.)``, the piece that moved in brackets
``[r]``. With ``color=True`` pieces are drawn in ANSI colours (kings bold), the empty cells of each
colour's points are tinted in that colour, and the moved piece is underlined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import TERMINAL
from .geometry import APEX_CELL, CELLS, COLOUR_CAMPS, POINT, grid_of
from .movegen import PASS, decode

if TYPE_CHECKING:
    from .game import DiamondState

_ANSI = {"red": "31", "yellow": "33", "green": "32"}
_APEXES = set(APEX_CELL.values())
_WIDTH = 27  # half-cell columns of the widest row (13 cells), plus one each side for marks
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def _point_colour(q: int, r: int) -> str | None:
    bit = 1 << grid_of(q, r)
    for colour, keys in COLOUR_CAMPS.items():
        if any(POINT[k] & bit for k in keys):
            return colour
    return None


def _column(q: int, r: int) -> int:
    """Character column of a cell in a row line (two columns per cell, one to spare each side)."""
    return (-q - 2 * r) + 13


def render_text(state: DiamondState, color: bool = False, last_move: int | None = None) -> str:
    colours = state.game.options.colors
    piece_at: dict[tuple[int, int], str] = {}
    owner: dict[tuple[int, int], str] = {}
    for seat, colour in enumerate(colours):
        men, king = state.pieces_of(seat)
        for cell in men:
            piece_at[cell], owner[cell] = colour[0], colour
        if king:
            piece_at[king], owner[king] = colour[0].upper(), colour
    moved_from = moved_to = None
    if last_move is not None and last_move != PASS:
        moved_from, moved_to = (CELLS[i] for i in decode(last_move))

    def glyph(q: int, r: int) -> str:
        cell = (q, r)
        if cell in piece_at:
            ch = piece_at[cell]
            if not color:
                return ch
            style = ("1;" if ch.isupper() else "") + ("4;" if cell == moved_to else "")
            return f"\x1b[{style}{_ANSI[owner[cell]]}m{ch}{_RESET}"
        ch = "o" if cell in _APEXES else "."
        tint = _point_colour(q, r) if color else None
        return f"\x1b[2;{_ANSI[tint]}m{ch}{_RESET}" if tint else ch

    lines = []
    for q in range(-8, 9):
        row = [(cq, r) for (cq, r) in CELLS if cq == q]
        letter = chr(ord("a") + 8 - q)
        marks = {_column(*cell): glyph(*cell) for cell in row}
        for cell, (left, right) in ((moved_from, "()"), (moved_to, "[]")):
            if cell in row:
                marks[_column(*cell) - 1], marks[_column(*cell) + 1] = left, right
        key = {_column(*cell): str(number % 10) for number, cell in enumerate(row, 1)}
        picture = "".join(marks.get(i, " ") for i in range(_WIDTH))
        numbers = "".join(key.get(i, " ") for i in range(_WIDTH)).rstrip()
        if color:
            numbers = _DIM + numbers + _RESET
        lines.append(f"{letter} {picture} {letter}   {numbers}".rstrip())
    if state.to_move == TERMINAL:
        lines.append(f"game over after {state.ply} plies / {state.ply}手で終局")
    else:
        lines.append(f"{colours[state.to_move]} to move (ply {state.ply})")
    return "\n".join(lines)
