"""Action ids and notation of Dice Out moves (docs/rules/diceout.md, "Action ids").

Ids are stable and do not depend on the number of rows:

* a move is ``from_cell * 8 + direction`` (cells and directions as in :mod:`.board`), so ids
  0–359 cover the largest board (9 rows, 45 cells);
* ``PASS_ACTION`` = 360 (only when the player has no legal move, or to decline a declaration
  window, see :mod:`.state`), ``DECLARE_ACTION`` = 361 (ダイスアウト宣言, only with
  ``declare=manual``);
* the opening roll's chance outcomes use ids from ``SETUP_BASE`` = 400 (values placed as rolled)
  or ``ROLL_BASE`` = 1200 (values rolled, to be placed), and the placing decisions ids from
  ``PLACE_BASE`` = 2000 (see :mod:`.setup`).

Notation: a move is ``FROM-TO`` in cell names (``b1-c2``), then ``pass`` and ``declare``.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import NotationError, Unreadable
from ...core.names import Names
from .board import MAX_CELLS, Board

PASS_ACTION = MAX_CELLS * 8
DECLARE_ACTION = PASS_ACTION + 1
PASS_NOTATION = "pass"
DECLARE_NOTATION = "declare"
DECLARE_ALIASES = frozenset(
    {"declare", "dice out", "diceout", "dice out!", "ダイスアウト", "ダイスアウト!", "ダイスアウト！",
     "ダイスアウト宣言"}
)


def move_action(cell: int, direction: int) -> int:
    return cell * 8 + direction


def is_move(action: int) -> bool:
    return 0 <= action < PASS_ACTION


def move_cells(bd: Board, action: int) -> tuple[int, int]:
    """(from cell, to cell) of a move id; the destination is -1 if it leaves the board."""
    frm, direction = divmod(action, 8)
    if frm >= bd.num_cells:
        return frm, -1
    return frm, bd.neighbours[frm][direction]


def move_notation(bd: Board, action: int) -> str:
    frm, to = move_cells(bd, action)
    if to < 0:
        raise NotationError(f"action {action} leaves the {bd.rows}-row board")
    return f"{bd.names[frm]}-{bd.names[to]}"


def typed_cell(state: Any, text: str) -> str:
    """The cell a person typed (``B1`` or ``b1``) by its name: the descriptor's ``parse_cell``."""
    bd: Board = state.board
    name = text.strip().lower()
    if name not in bd.index:
        corner = f"a1–e{bd.rows}"
        raise Unreadable(Names(f"{text.strip()!r} はマスの名前ではありません（{corner}）。",
                               f"{text.strip()!r} is not a cell (board {corner})"))
    return name
