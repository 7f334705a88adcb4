"""Human notation for Diamond Game cells and moves (documented in docs/rules/diamond.md).

Cell names: the 17 rows of the star are lettered ``a`` (bottom, red's start apex ``(8, -4)``) to
``q`` (top, red's goal apex ``(-8, 4)``), i.e. row letter ``chr(ord('a') + 8 - q)``. Inside a row
the cells are numbered from 1 at the left. Rows hold 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13,
4, 3, 2, 1 cells, so ``e1``..``e13`` is the long row through red's start border and ``i5`` is the
centre ``(0, 0)``.

Moves are ``FROM-TO`` (``e3-f4``); the turn without a legal move is ``pass``. The parser also takes
axial coordinates, ``q,r`` per cell (``8,-4-7,-3`` is unambiguous: the separator is the ``-`` that
follows a digit and precedes a digit or sign of the second cell), and any case (``E3``). A chain of
jumps is still written by its two ends: a path like ``e5-g5-i5`` is refused with that explanation.
The web uses ``"q,r"`` as cell name.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.errors import NotationError, Unreadable
from ...core.names import Names
from .geometry import CELLS, INDEX, on_board

PASS_TEXT = "pass"


def _build_names() -> tuple[dict[tuple[int, int], str], dict[str, tuple[int, int]]]:
    names: dict[tuple[int, int], str] = {}
    file_in_row: dict[int, int] = {}
    for q, r in CELLS:  # CELLS run row by row, left to right
        file_in_row[q] = file_in_row.get(q, 0) + 1
        names[(q, r)] = f"{chr(ord('a') + 8 - q)}{file_in_row[q]}"
    return names, {v: k for k, v in names.items()}


NAME_OF, CELL_OF_NAME = _build_names()


def cell_name(q: int, r: int) -> str:
    """Human name of a cell, e.g. ``cell_name(8, -4) == "a1"``."""
    try:
        return NAME_OF[(q, r)]
    except KeyError:
        raise NotationError(f"({q},{r}) is not a cell of the star") from None


def web_name(q: int, r: int) -> str:
    """The web/SVG name of a cell: ``"q,r"``."""
    return f"{q},{r}"


_AXIAL = re.compile(r"^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$")


def parse_cell(text: str) -> tuple[int, int]:
    """Parse ``e3`` or ``q,r`` (optionally in brackets, any case) into ``(q, r)``; a one-line
    NotationError in both languages if it names no cell of the star."""
    t = text.strip().lower()
    if t in CELL_OF_NAME:
        return CELL_OF_NAME[t]
    m = _AXIAL.match(t)
    if m:
        q, r = int(m.group(1)), int(m.group(2))
        if on_board(q, r):
            return q, r
        raise Unreadable(Names(f"({q},{r}) は星形の盤の穴ではありません。",
                               f"({q},{r}) is not a cell of the star"))
    shown = text.strip()
    raise Unreadable(Names(
        f"{shown!r} は穴の名前ではありません（e3 のような行の文字と番号、または q,r）。",
        f"{shown!r} is not a cell (use a name like e3 or q,r)"))


def typed_cell(_state: Any, text: str) -> str:
    """The cell a person typed, by its name (``E3``, ``4,0`` and ``(4,0)`` all give ``e5``-style
    names): the descriptor's ``parse_cell``."""
    return NAME_OF[parse_cell(text)]


_SPLIT = re.compile(r"(?<=[\d)])\s*-\s*(?=[\d(a-q-])")


def parse_move(text: str) -> tuple[int, int] | None:
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
    return INDEX[parse_cell(parts[0])], INDEX[parse_cell(parts[1])]


def move_text(from_cell: tuple[int, int], to_cell: tuple[int, int]) -> str:
    """``FROM-TO`` in cell names."""
    return f"{NAME_OF[from_cell]}-{NAME_OF[to_cell]}"
