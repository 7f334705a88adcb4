"""The (cell, value) slot encoding and the precomputed move tables (docs/rules/diceout.md, "A turn").

Dice in a stack show strictly increasing values from bottom to top, so a cell holds at most one
die of each value and a position is fully described by *which (cell, value) slots are taken by
which colour*. Slot ``s = cell * 3 + value - 1``; a colour's three dice are three distinct slots
(kept as a sorted tuple) and the whole board is one int ``bits`` with bit ``s`` set for every die.

* The top die of a cell is its highest taken slot; a die is covered when a higher slot of the
  same cell is taken (``cover[s]`` masks those slots).
* A die of value ``v`` moving one step takes the value ``v % 3 + 1``. It may land on a cell whose
  top value is strictly smaller, i.e. where no slot of the new value or higher is taken:
  ``moves[s]`` lists, per on-board direction, that blocking mask and the action id, so move
  generation is one AND per direction.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .actions import move_action
from .board import Board, board

NEXT_VALUE = (0, 2, 3, 1)
"""``NEXT_VALUE[v]``: the value a die shows after moving (1→2→3→1)."""


def slot(cell: int, value: int) -> int:
    return cell * 3 + value - 1


def slot_cell(s: int) -> int:
    return s // 3


def slot_value(s: int) -> int:
    return s % 3 + 1


@dataclass(frozen=True)
class MoveTables:
    """Per-board lookup tables used by move generation and :meth:`DiceOutState.apply`."""

    board: Board
    cover: tuple[int, ...]
    """``cover[s]``: bits of the slots above ``s`` in the same cell."""
    moves: tuple[tuple[tuple[int, int], ...], ...]
    """``moves[s]``: ``(blocking bits, action)`` for each on-board step of a die in slot ``s``."""
    dest: tuple[int, ...]
    """``dest[s * 8 + direction]``: the slot the die lands in (value advanced), -1 off the board."""
    target_bits: tuple[int, int]
    """``target_bits[player]``: bit ``cell`` set for each of the player's target EXIT corners."""


@functools.cache
def move_tables(rows: int) -> MoveTables:
    bd = board(rows)
    n_slots = bd.num_cells * 3
    cover = []
    moves = []
    dest = []
    for s in range(n_slots):
        cell, value = slot_cell(s), slot_value(s)
        cover.append(sum(1 << slot(cell, v) for v in range(value + 1, 4)))
        new_value = NEXT_VALUE[value]
        steps = []
        for direction, to in enumerate(bd.neighbours[cell]):
            if to < 0:
                dest.append(-1)
                continue
            dest.append(slot(to, new_value))
            block = sum(1 << slot(to, v) for v in range(new_value, 4))
            steps.append((block, move_action(cell, direction)))
        moves.append(tuple(steps))
    red_bits, white_bits = (sum(1 << c for c in cells) for cells in bd.targets)
    return MoveTables(bd, tuple(cover), tuple(moves), tuple(dest), (red_bits, white_bits))


def shows_dice_out(dice: tuple[int, ...], bits: int, cover: tuple[int, ...]) -> bool:
    """True when all three dice are uncovered and show the same value (docs/rules/diceout.md,
    "Dice Out and the result")."""
    a, b, c = dice
    return a % 3 == b % 3 == c % 3 and not bits & (cover[a] | cover[b] | cover[c])


def arrangement_of(side: tuple[int, ...]) -> tuple[int, ...]:
    """The values of a colour's dice standing side by side on one row (its home row while the
    rolled dice are placed), in file order: one die per cell, so sorted slots are file order."""
    return tuple(slot_value(s) for s in sorted(side))
