"""Human notation for cells and moves on the star (documented in docs/rules/diamond.md, "Cell
names / マスの名前").

Cell names: the rows of a star of size ``n`` are lettered from ``a`` (bottom, the apex of ``q+``,
``q = 2n``) upwards, i.e. row letter ``chr(ord('a') + 2n - q)``: ``a``..``q`` on the standard star,
``a``..``m`` on the small one. Inside a row the cells are numbered from 1 at the left. On the
standard star rows hold 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 cells, so
``e1``..``e13`` is the long row through red's start border and ``i5`` is the centre ``(0, 0)``; on
the small star 1, 2, 3, 10, 9, 8, 7, 8, 9, 10, 3, 2, 1, with the centre ``g4``.

Moves are ``FROM-TO`` (``e3-f4``); the turn without a legal move is ``pass``. The parser also takes
axial coordinates, ``q,r`` per cell (``8,-4-7,-3`` is unambiguous: the separator is the ``-`` that
follows a digit and precedes a digit or sign of the second cell), and any case (``E3``). A chain of
jumps is still written by its two ends: a path like ``e5-g5-i5`` is refused with that explanation.
The web uses ``"q,r"`` as cell name.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ...core.errors import NotationError, Unreadable
from ...core.names import Names
from .geometry import INDEX, STANDARD, Star, row_letters

PASS_TEXT = "pass"


@cache
def names(star: Star) -> tuple[dict[tuple[int, int], str], dict[str, tuple[int, int]]]:
    """``(name of each cell, cell of each name)`` on ``star``."""
    letters = row_letters(star.n)
    named: dict[tuple[int, int], str] = {}
    file_in_row: dict[int, int] = {}
    for q, r in star.cells:  # row by row, left to right
        file_in_row[q] = file_in_row.get(q, 0) + 1
        named[(q, r)] = f"{letters[q]}{file_in_row[q]}"
    return named, {v: k for k, v in named.items()}


NAME_OF, CELL_OF_NAME = names(STANDARD)
"""The names of the standard star."""


def cell_name(q: int, r: int, star: Star = STANDARD) -> str:
    """Human name of a cell, e.g. ``cell_name(8, -4) == "a1"``."""
    try:
        return names(star)[0][(q, r)]
    except KeyError:
        raise NotationError(f"({q},{r}) is not a cell of the star ({star.name} board)") from None


def web_name(q: int, r: int) -> str:
    """The web/SVG name of a cell: ``"q,r"``."""
    return f"{q},{r}"


_AXIAL = re.compile(r"^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$")


def parse_cell(text: str, star: Star = STANDARD) -> tuple[int, int]:
    """Parse ``e3`` or ``q,r`` (optionally in brackets, any case) into ``(q, r)``; a one-line
    NotationError in both languages if it names no cell of the board."""
    t = text.strip().lower()
    cell_of = names(star)[1]
    if t in cell_of:
        return cell_of[t]
    m = _AXIAL.match(t)
    if m:
        q, r = int(m.group(1)), int(m.group(2))
        if star.on_board(q, r):
            return q, r
        raise Unreadable(Names(f"({q},{r}) は星形の盤の穴ではありません。",
                               f"({q},{r}) is not a cell of the star"))
    shown = text.strip()
    raise Unreadable(Names(
        f"{shown!r} は穴の名前ではありません（e3 のような行の文字と番号、または q,r）。",
        f"{shown!r} is not a cell (use a name like e3 or q,r)"))


def typed_cell(state: Any, text: str) -> str:
    """The cell a person typed, by its name (``E3``, ``4,0`` and ``(4,0)`` all give ``e5``-style
    names): the descriptor's ``parse_cell``."""
    star = state.game.star
    return names(star)[0][parse_cell(text, star)]


_SPLIT = re.compile(r"(?<=[\d)])\s*-\s*(?=[\d(a-q-])")


def parse_move(text: str, star: Star = STANDARD) -> tuple[int, int] | None:
    """Parse ``FROM-TO`` into a pair of cell indices, or ``None`` for ``pass``."""
    t = text.strip().lower()
    if t == PASS_TEXT:
        return None
    parts = _SPLIT.split(t)
    shown = text.strip()
    if len(parts) > 2:
        ends = f"{parts[0]}-{parts[-1]}"
        raise Unreadable(Names(
            f"{shown!r}: 手は出発と到着の2つの穴だけで書きます（{ends}）。途中の跳び方は自動で見つけます。",
            f"{shown!r}: a move names only where the piece starts and where it stops ({ends}); "
            "the jumps in between are found for you"))
    if len(parts) != 2:
        raise Unreadable(Names(
            f"{shown!r} は手として読めません（e3-f4 のように「出発-到着」、またはパス pass）。",
            f"{shown!r} is not a move (use FROM-TO like e3-f4, or pass)"))
    return INDEX[parse_cell(parts[0], star)], INDEX[parse_cell(parts[1], star)]


def move_text(from_cell: tuple[int, int], to_cell: tuple[int, int], star: Star = STANDARD) -> str:
    """``FROM-TO`` in cell names."""
    named = names(star)[0]
    return f"{named[from_cell]}-{named[to_cell]}"
