"""The star boards of Diamond Game and Chinese Checkers (docs/rules/diamond.md, "Board and camps",
"The small board" and "Cell names / マスの名前"; docs/rules/chinese_checkers.md, "Board and seats").

Coordinates are axial ``(q, r)`` with ``s = -q - r``. A star of size ``n`` is the set of cells whose
``q, r, s`` are all ``>= -n`` or all ``<= n``: the **standard** star (``n = 4``, 121 holes, points
of 10) and the **small** star (``n = 3``, 73 holes, points of 6). Every star is drawn inside the
standard one, so one embedding serves them all and a smaller star is just a smaller mask:

* the **cell index** ``0..120`` of the standard star (stable, part of the action-id contract of
  every star): rows ``q = 8`` down to ``q = -8`` (the apex ``q+`` first), and inside a row from
  left to right, i.e. by falling ``r``. Index 0 is ``(8, -4)``, index 120 is ``(-8, 4)``.
* the **grid bit** ``g = (q + 8) * W + (r + 8)`` with ``W = 18``: the board embedded in a 17 x 18
  grid whose last column is always empty. A set of cells is an int with bit ``g`` set per cell, and
  moving every cell of a set one step in a direction is a single shift by that direction's
  :data:`SHIFTS` value (the empty column stops rows wrapping into each other).

Screen layout (used by the text and SVG pictures and by the cell names): rows of equal ``q`` are
horizontal, ``q = -2n`` at the top; ``x = -q - 2r`` grows to the right (in half cell widths). The
point ``q+`` is at the bottom, ``r+`` at the upper left, ``s+`` at the upper right.

The module-level names without a star (``CELLS``, ``POINT``, ``CAMP``, ``HEXAGON`` …) are those of
the standard star.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.names import Names

W = 18
"""Width of the embedding grid (17 columns ``r = -8..8`` plus one empty guard column)."""

GRID_BITS = 17 * W

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, -1), (1, 0), (0, -1), (-1, 1), (-1, 0))
"""The six neighbour directions ``(dq, dr)``; the last three are the first three reversed."""

SHIFTS: tuple[int, ...] = tuple(dq * W + dr for dq, dr in DIRECTIONS)
"""Grid-bit offset of each direction: ``1, W-1, W, -1, -(W-1), -W``."""

POSITIVE_SHIFTS: tuple[int, int, int] = (1, W - 1, W)
"""The three positive offsets; their negatives are the other three directions."""

COLOURS: tuple[str, ...] = ("red", "yellow", "green")
"""Diamond Game's colours, in turn order (docs/rules/diamond.md, "Board and camps")."""

CAMP_KEYS: tuple[str, ...] = ("q+", "q-", "r+", "r-", "s+", "s-")

ROUND_THE_STAR: tuple[str, ...] = ("q+", "s-", "r+", "q-", "s+", "r-")
"""The six points in turn order, round the star from the bottom point ``q+`` (clockwise on the
screen); every game's turn order follows it."""

STAR_COLOURS: dict[str, str] = {
    "red": "q+", "white": "s-", "yellow": "r+", "blue": "q-", "green": "s+", "black": "r-",
}
"""The colour that starts on each point, in turn order (docs/rules/chinese_checkers.md, "Board and
seats"); Diamond Game's red, yellow and green start where they do here. Every colour's goal is the
point opposite its start."""

COLOUR_NAMES: dict[str, Names] = {
    "red": Names("赤", "Red"), "white": Names("白", "White"), "yellow": Names("黄", "Yellow"),
    "blue": Names("青", "Blue"), "green": Names("緑", "Green"), "black": Names("黒", "Black"),
}
"""Each colour's name for people, in both languages."""


def opposite(key: str) -> str:
    """The point facing ``key`` across the star (``q+`` <-> ``q-``)."""
    return key[0] + ("-" if key[1] == "+" else "+")


def on_star(q: int, r: int, n: int) -> bool:
    """Whether ``(q, r)`` is a cell of the star of size ``n``."""
    s = -q - r
    return (q >= -n and r >= -n and s >= -n) or (q <= n and r <= n and s <= n)


def on_board(q: int, r: int) -> bool:
    """Whether ``(q, r)`` is one of the 121 cells of the standard star."""
    return on_star(q, r, 4)


def _cells_in_order(n: int) -> tuple[tuple[int, int], ...]:
    out = []
    for q in range(2 * n, -2 * n - 1, -1):
        for r in range(2 * n, -2 * n - 1, -1):
            if on_star(q, r, n):
                out.append((q, r))
    return tuple(out)


CELLS: tuple[tuple[int, int], ...] = _cells_in_order(4)
"""Every cell ``(q, r)`` of the standard star in cell-index order."""

NUM_CELLS = len(CELLS)
assert NUM_CELLS == 121

INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
"""Cell index of each ``(q, r)``."""


def grid_of(q: int, r: int) -> int:
    """Grid bit number of ``(q, r)``."""
    return (q + 8) * W + r + 8


GRID: tuple[int, ...] = tuple(grid_of(q, r) for q, r in CELLS)
"""Grid bit number of each cell index."""

BIT: tuple[int, ...] = tuple(1 << g for g in GRID)
"""Single-bit mask of each cell index."""

CELL_OF_GRID: tuple[int, ...] = tuple(
    GRID.index(g) if g in GRID else -1 for g in range(GRID_BITS)
)
"""Cell index of each grid bit number (``-1`` off the board)."""

QR_OF_GRID: tuple[tuple[int, int] | None, ...] = tuple(
    CELLS[c] if c >= 0 else None for c in CELL_OF_GRID
)

BOARD: int = sum(BIT)
"""Mask of all 121 cells."""


def mask_of(cells) -> int:
    """Mask of an iterable of ``(q, r)`` cells."""
    m = 0
    for q, r in cells:
        m |= 1 << grid_of(q, r)
    return m


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The ``(q, r)`` cells of a mask, in cell-index order."""
    indices = []
    while mask:
        low = mask & -mask
        indices.append(CELL_OF_GRID[low.bit_length() - 1])
        mask ^= low
    return [CELLS[i] for i in sorted(indices)]


def _neighbours(q: int, r: int) -> int:
    return mask_of((q + dq, r + dr) for dq, dr in DIRECTIONS if on_board(q + dq, r + dr))


NEIGHBOURS: tuple[int, ...] = tuple(
    _neighbours(*cell) if (cell := QR_OF_GRID[g]) else 0 for g in range(GRID_BITS)
)
"""Mask of the (up to six) neighbours of each grid bit number."""


def _rays(q: int, r: int) -> tuple[tuple[int, ...], ...]:
    rays = []
    for dq, dr in DIRECTIONS:
        ray = []
        cq, cr = q + dq, r + dr
        while on_board(cq, cr):
            ray.append(1 << grid_of(cq, cr))
            cq, cr = cq + dq, cr + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    _rays(*cell) if (cell := QR_OF_GRID[g]) else () for g in range(GRID_BITS)
)
"""For each grid bit number, the non-empty straight lines leaving it: tuples of single-bit masks,
nearest first, up to the edge of the standard star (a line never leaves and re-enters a star, so
on a smaller star the cells past its edge are simply never free)."""


# --- points, camps and apexes ---------------------------------------------------------------


def _coord(cell: tuple[int, int], axis: str) -> int:
    q, r = cell
    return {"q": q, "r": r, "s": -q - r}[axis]


def advance(start: str, cell: tuple[int, int]) -> int:
    """How far ``cell`` is on the way from the point ``start`` to the point opposite (the
    coordinate of ``start``'s axis, counted towards the goal: ``-2n`` at the start apex, ``2n``
    at the goal apex)."""
    return (-1 if start[1] == "+" else 1) * _coord(cell, start[0])


@dataclass(frozen=True, eq=False)
class Star:
    """One star board: its holes, points, camps and apexes, as masks of the embedding grid."""

    name: str
    """``standard`` or ``small`` (the option ``board``)."""
    n: int
    """Half the side of the central hexagon's widest row: 4 (121 holes) or 3 (73 holes)."""
    cells: tuple[tuple[int, int], ...]
    """The cells in the star's own reading order (rows from ``q = 2n`` down, left to right)."""
    board: int
    point: dict[str, int]
    """Mask of the cells of each point (``q+`` = ``q >= n + 1``, …)."""
    camp: dict[str, int]
    """Mask of each camp: the point and the border row of the hexagon next to it (``q+`` =
    ``q >= n`` with ``r, s >= -n``)."""
    apex: dict[str, tuple[int, int]]
    """The ◎ cell at the tip of each point (``q+``: ``(2n, -n)``)."""
    hexagon: int
    """The central hexagon (borders included): the board without its points."""

    def on_board(self, q: int, r: int) -> bool:
        return on_star(q, r, self.n)


def make_star(name: str, n: int) -> Star:
    cells = _cells_in_order(n)
    point, camp = {}, {}
    for key in CAMP_KEYS:
        axis, sign = key[0], 1 if key[1] == "+" else -1
        others = [a for a in "qrs" if a != axis]
        point[key] = mask_of(c for c in cells if sign * _coord(c, axis) >= n + 1)
        camp[key] = mask_of(
            c for c in cells
            if sign * _coord(c, axis) >= n and all(sign * _coord(c, o) >= -n for o in others)
        )
    apex = {"q+": (2 * n, -n), "q-": (-2 * n, n), "r+": (-n, 2 * n), "r-": (n, -2 * n),
            "s+": (-n, -n), "s-": (n, n)}
    board = mask_of(cells)
    return Star(name, n, cells, board, point, camp, apex, board & ~sum(point.values()))


STARS: dict[str, Star] = {"standard": make_star("standard", 4), "small": make_star("small", 3)}
"""The boards by the value of the option ``board``."""

STANDARD = STARS["standard"]

POINT: dict[str, int] = STANDARD.point
"""Mask of the 10 cells of each point of the standard star."""

CAMP: dict[str, int] = STANDARD.camp
"""Mask of the 15 cells of each camp of the standard star (point + border)."""

APEX_CELL: dict[str, tuple[int, int]] = STANDARD.apex
"""The ◎ cell at the tip of each camp of the standard star."""

ALL_POINTS: int = sum(POINT.values())
HEXAGON: int = STANDARD.hexagon
"""The 61 cells of the standard star's central hexagon (borders included)."""

COLOUR_CAMPS: dict[str, tuple[str, str]] = {c: (STAR_COLOURS[c], opposite(STAR_COLOURS[c]))
                                           for c in COLOURS}
"""Start camp and goal camp of each Diamond Game colour (docs/rules/diamond.md, "Cell names")."""


def forbidden_mask(colour: str) -> int:
    """Point cells a Diamond Game colour may never stop or land on: every point except its own
    two (standard star)."""
    start, goal = COLOUR_CAMPS[colour]
    return ALL_POINTS & ~POINT[start] & ~POINT[goal]


def progress(colour: str, cell: tuple[int, int]) -> int:
    """How far ``cell`` is along ``colour``'s way from start (-8) to goal (+8) (standard star)."""
    return advance(STAR_COLOURS[colour], cell)


@cache
def row_letters(n: int) -> dict[int, str]:
    """The letter of each row ``q`` of the star of size ``n``: ``a`` at the bottom (``q = 2n``)."""
    return {q: chr(ord("a") + 2 * n - q) for q in range(-2 * n, 2 * n + 1)}


for _star, _point, _camp, _hexagon in ((STANDARD, 10, 15, 61), (STARS["small"], 6, 10, 37)):
    for _k in CAMP_KEYS:
        assert bin(_star.point[_k]).count("1") == _point
        assert bin(_star.camp[_k]).count("1") == _camp
    assert bin(_star.hexagon).count("1") == _hexagon
assert len(STARS["small"].cells) == 73
