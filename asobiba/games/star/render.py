"""Terminal picture of a position on the star (docs/rules/diamond.md, "Cell names").

The star is drawn with the point ``q+`` at the bottom (see :mod:`.geometry`): one line per row, the
row letter of the notation on both sides. Men are ``r y g`` (Chinese Checkers adds ``b w k`` for
blue, white and black), kings ``R Y G …``, an empty cell is ``.``
and an empty apex ◎ is ``o``. Beside the star a key of the same shape shows each cell's number in
its row (the last digit: ``0 1 2 3`` after ``9`` are 10–13), so ``e7`` is read off the picture.
The last move is marked: the piece that moved in brackets ``[r]``, its start cell, when empty, as
``*``. With ``color=True`` pieces are drawn in ANSI colours (kings bold), the empty cells of each
colour's points are tinted in that colour, and the moved piece is underlined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import TERMINAL
from .geometry import CELLS, COLOUR_NAMES, grid_of, row_letters
from .movegen import PASS, decode

if TYPE_CHECKING:
    from .game import StarState

_ANSI = {"red": "31", "yellow": "33", "green": "32", "blue": "34", "white": "37", "black": "90"}
_GLYPH = {"red": "r", "yellow": "y", "green": "g", "blue": "b", "white": "w", "black": "k"}
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def _point_colour(state: StarState, q: int, r: int) -> str | None:
    """The colour the point holding ``(q, r)`` is painted in (None off the points)."""
    bit = 1 << grid_of(q, r)
    star = state.game.star
    for key, colour in state.game.rules.painted.items():
        if star.point[key] & bit:
            return colour
    return None


def render_text(state: StarState, color: bool = False, last_move: int | None = None) -> str:
    star = state.game.star
    n = star.n
    width = 6 * n + 3  # half-cell columns of the widest row, plus one each side for marks

    def _column(q: int, r: int) -> int:
        """Character column of a cell in a row line (two columns per cell, one to spare each
        side)."""
        return (-q - 2 * r) + 3 * n + 1

    apexes = set(star.apex.values())
    colours = state.game.rules.colours
    piece_at: dict[tuple[int, int], str] = {}
    owner: dict[tuple[int, int], str] = {}
    for seat, colour in enumerate(colours):
        men, king = state.pieces_of(seat)
        for cell in men:
            piece_at[cell], owner[cell] = _GLYPH[colour], colour
        if king:
            piece_at[king], owner[king] = _GLYPH[colour].upper(), colour
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
        ch = "*" if cell == moved_from else "o" if cell in apexes else "."
        tint = _point_colour(state, q, r) if color else None
        return f"\x1b[2;{_ANSI[tint]}m{ch}{_RESET}" if tint else ch

    lines = []
    letters = row_letters(n)
    for q in range(-2 * n, 2 * n + 1):
        row = [(cq, r) for (cq, r) in star.cells if cq == q]
        letter = letters[q]
        marks = {_column(*cell): glyph(*cell) for cell in row}
        if moved_to in row:
            marks[_column(*moved_to) - 1], marks[_column(*moved_to) + 1] = "[", "]"
        key = {_column(*cell): str(number % 10) for number, cell in enumerate(row, 1)}
        picture = "".join(marks.get(i, " ") for i in range(width))
        numbers = "".join(key.get(i, " ") for i in range(width)).rstrip()
        if color:
            numbers = _DIM + numbers + _RESET
        lines.append(f"{letter} {picture} {letter}   {numbers}".rstrip())
    if state.to_move == TERMINAL:
        lines.append(f"game over after {state.ply} plies / {state.ply}手で終局")
    else:
        colour = colours[state.to_move]
        lines.append(f"{colour} to move (ply {state.ply}) / "
                     f"{COLOUR_NAMES[colour].ja}の番（ここまで{state.ply}手）")
    return "\n".join(lines)
