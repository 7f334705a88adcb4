"""Tables of what happens around one cell, for the move generators (:mod:`.fast_moves`,
:mod:`.movegen`).

A piece's steps and first hops depend only on the cells around it: which of its six neighbours are
free or hold a piece that may be jumped (docs/rules/diamond.md, "Moves"), and which of the six
cells right behind those neighbours are free. Every such local pattern is listed here once, at
import, with the moves it gives, so the generator reads them with one or two look-ups per piece
instead of working them out. The tables depend on the geometry alone, never on a position.

Windows. The neighbours of grid bit ``g`` lie at ``g - W + o`` for ``o`` in :data:`WINDOW_OFFSETS`
(a neighbour beyond the end of a row falls on the always-empty guard column, so it is never set),
and ``((mask << NEAR_SHIFT) >> (g + 1)) & WINDOW`` is the *neighbour window* of ``mask`` around
``g``. The cells two steps away along the six lines lie at ``g - 2W + r`` for ``r`` in
:data:`RING_OFFSETS`, and ``(mask << RING_SHIFT) >> (g + 1)`` masked by a :data:`BEHIND` value is a
*ring window*. Tables are indexed by ``g + 1`` (``mask.bit_length()`` of a single-bit mask) and then
by a window.
"""

from __future__ import annotations

from .geometry import BOARD, CELL_OF_GRID, GRID_BITS, NEIGHBOURS, NUM_CELLS, W

TOP = [1 << (g - 1) if g else 0 for g in range(GRID_BITS + 1)]
"""``TOP[m.bit_length()]`` is the highest bit of ``m``: masks are walked from the top down, which
costs one operation on the mask per cell instead of three."""


def _by_bit_length(fn) -> list[int]:
    """A list indexed by ``bit_length()`` of a single-bit mask (grid bit ``g`` -> index ``g + 1``)."""
    return [fn(g - 1) if g and CELL_OF_GRID[g - 1] >= 0 else -1 for g in range(GRID_BITS + 1)]


MOVES_FROM = [
    _by_bit_length(lambda g, f=CELL_OF_GRID[b - 1]: f * NUM_CELLS + CELL_OF_GRID[g])
    if b and CELL_OF_GRID[b - 1] >= 0 else []
    for b in range(GRID_BITS + 1)
]
"""``MOVES_FROM[origin.bit_length()][target.bit_length()]``: action id of the move."""

NOT_NEIGHBOUR = [BOARD & ~NEIGHBOURS[b - 1] if b else 0 for b in range(GRID_BITS + 1)]
"""``NOT_NEIGHBOUR[g + 1]``: the board without grid bit ``g``'s neighbours."""


def append_jumps(out: list[int], g1: int, targets: int) -> None:
    """Append the jump moves from grid bit ``g1 - 1`` to each cell of ``targets`` that is not a
    neighbour (a neighbour is already a step, and a move is only its (from, to) pair)."""
    targets &= NOT_NEIGHBOUR[g1]
    moves = MOVES_FROM[g1]
    top = TOP
    append = out.append
    while targets:
        g = targets.bit_length()
        append(moves[g])
        targets ^= top[g]

WINDOW_OFFSETS = (0, 1, W - 1, W + 1, 2 * W - 1, 2 * W)
"""Where the six neighbours of grid bit ``g`` lie, counted from ``g - W``."""
WINDOW = sum(1 << o for o in WINDOW_OFFSETS)

RING_OFFSETS = tuple(2 * o for o in WINDOW_OFFSETS)
"""Where the cells right behind those neighbours lie, counted from ``g - 2W`` (same order)."""

NEAR_SHIFT = W + 1
"""``((mask << NEAR_SHIFT) >> (g + 1)) & WINDOW`` is the neighbour window of ``mask`` at ``g``."""
RING_SHIFT = 2 * W + 1
"""``((mask << RING_SHIFT) >> (g + 1))`` read with a :data:`BEHIND` value is a ring window."""
PAIR_SHIFT = 330
"""How far above the free neighbours the jumpable ones sit in a :data:`STEPS_AND_BEHIND` key: far
enough that the two copies of the board never overlap."""
PAIR_WINDOW = WINDOW | (WINDOW << PAIR_SHIFT)


def pair_view(free: int, jumpable: int) -> int:
    """Both masks in one int: ``(view >> (g + 1)) & PAIR_WINDOW`` is a :data:`STEPS_AND_BEHIND`
    key (the free neighbour window, plus the jumpable one shifted by :data:`PAIR_SHIFT`)."""
    return (free << NEAR_SHIFT) | (jumpable << (NEAR_SHIFT + PAIR_SHIFT))


def _around(g: int) -> list[tuple[int, int, int]]:
    """``(window bit, ring bit, grid bit behind)`` per on-board neighbour of grid bit ``g``; the
    last two are 0 and -1 when the cell behind the neighbour is off the board."""
    out = []
    for o, r in zip(WINDOW_OFFSETS, RING_OFFSETS, strict=True):
        n, t = g - W + o, g - 2 * W + r
        if 0 <= n < GRID_BITS and CELL_OF_GRID[n] >= 0:
            if 0 <= t < GRID_BITS and CELL_OF_GRID[t] >= 0:
                out.append((1 << o, 1 << r, t))
            else:
                out.append((1 << o, 0, -1))
    return out


def _subsets(items: list) -> list[list]:
    subsets: list[list] = [[]]
    for item in items:
        subsets += [s + [item] for s in subsets]
    return subsets


def _tables() -> tuple[list[dict], list[dict], list[dict]]:
    steps_tables: list[dict[int, tuple[int, ...]]] = [{}]
    behind_tables: list[dict[int, int]] = [{}]
    hop_tables: list[dict[int, tuple[int, tuple[int, ...]]]] = [{}]
    for g in range(GRID_BITS):
        steps: dict[int, tuple[int, ...]] = {}
        behind: dict[int, int] = {}
        hops: dict[int, tuple[int, tuple[int, ...]]] = {}
        steps_tables.append(steps)
        behind_tables.append(behind)
        hop_tables.append(hops)
        if CELL_OF_GRID[g] < 0:
            continue
        base = CELL_OF_GRID[g] * NUM_CELLS
        around = _around(g)
        for chosen in _subsets(around):
            window = sum(w for w, _, _ in chosen)
            steps[window] = tuple(base + CELL_OF_GRID[g - W + o.bit_length() - 1]
                                  for o, _, _ in chosen)
            behind[window] = sum(r for _, r, _ in chosen)
        for chosen in _subsets([a for a in around if a[2] >= 0]):
            hops[sum(r for _, r, _ in chosen)] = (
                sum(1 << t for _, _, t in chosen),
                tuple(base + CELL_OF_GRID[t] for _, _, t in chosen),
            )
    return steps_tables, behind_tables, hop_tables


STEPS_BY_WINDOW, BEHIND, FIRST_HOPS = _tables()
"""Per grid bit ``g`` (index ``g + 1``):

* ``STEPS_BY_WINDOW[g + 1][window]``: action ids of the steps to the neighbours in a neighbour
  window (of the free cells, say);
* ``BEHIND[g + 1][window]``: for the jumpable neighbours in a neighbour window, the ring window
  of the cells right behind them (where single hops would land);
* ``FIRST_HOPS[g + 1][landings]``: for a ring window of free landing cells, ``(mask, action
  ids)`` of the hops from ``g`` to them."""


def _steps_and_behind() -> list[dict[int, tuple[tuple[int, ...], int]]]:
    tables: list[dict[int, tuple[tuple[int, ...], int]]] = [{}]
    keys: dict[int, int] = {}  # one int object per key, shared by every cell
    for g1 in range(1, GRID_BITS + 1):
        table = {}
        for free_window, steps in STEPS_BY_WINDOW[g1].items():
            for jump_window, behind in BEHIND[g1].items():
                if not free_window & jump_window:
                    key = free_window | jump_window << PAIR_SHIFT
                    table[keys.setdefault(key, key)] = (steps, behind)
        tables.append(table)
    return tables


STEPS_AND_BEHIND = _steps_and_behind()
"""``STEPS_AND_BEHIND[g + 1][key]`` with a :func:`pair_view` key: ``(steps, behind)``, the two
look-ups above at once for a piece on ``g`` (free and jumpable neighbours never overlap)."""
