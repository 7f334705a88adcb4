"""The 121-cell star board of Diamond Game (docs/rules/diamond.md, "Board and camps" and
"Cell names / マスの名前").

Coordinates are axial ``(q, r)`` with ``s = -q - r``; the star is the set of cells whose ``q, r, s``
are all ``>= -4`` or all ``<= 4``. Everything the rules need is precomputed here once, as tables
indexed by two kinds of numbers:

* the **cell index** ``0..120`` (stable, part of the action-id contract): rows ``q = 8`` down to
  ``q = -8`` (red's start apex first), and inside a row from left to right, i.e. by falling ``r``.
  Index 0 is ``(8, -4)``, index 120 is ``(-8, 4)``.
* the **grid bit** ``g = (q + 8) * W + (r + 8)`` with ``W = 18``: the board embedded in a 17 x 18
  grid whose last column is always empty. A set of cells is an int with bit ``g`` set per cell, and
  moving every cell of a set one step in a direction is a single shift by that direction's
  :data:`SHIFTS` value (the empty column stops rows wrapping into each other).

Screen layout (used by the text and SVG pictures and by the cell names): rows of equal ``q`` are
horizontal, ``q = -8`` at the top; ``x = -q - 2r`` grows to the right (in half cell widths). Red's
start point is at the bottom, yellow's at the upper left, green's at the upper right.
"""

from __future__ import annotations

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
"""Every colour, in turn order (docs/rules/diamond.md, "Board and camps")."""


def on_board(q: int, r: int) -> bool:
    """Whether ``(q, r)`` is one of the 121 cells of the star."""
    s = -q - r
    return (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4)


def _cells_in_order() -> tuple[tuple[int, int], ...]:
    out = []
    for q in range(8, -9, -1):
        for r in range(8, -9, -1):
            if on_board(q, r):
                out.append((q, r))
    return tuple(out)


CELLS: tuple[tuple[int, int], ...] = _cells_in_order()
"""Every cell ``(q, r)`` in cell-index order."""

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
    out = []
    while mask:
        low = mask & -mask
        out.append(QR_OF_GRID[low.bit_length() - 1])
        mask ^= low
    out.sort(key=INDEX.__getitem__)
    return out


def _neighbours(q: int, r: int) -> int:
    return mask_of((q + dq, r + dr) for dq, dr in DIRECTIONS if on_board(q + dq, r + dr))


NEIGHBOURS: tuple[int, ...] = tuple(
    _neighbours(*QR_OF_GRID[g]) if QR_OF_GRID[g] else 0 for g in range(GRID_BITS)
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
    _rays(*QR_OF_GRID[g]) if QR_OF_GRID[g] else () for g in range(GRID_BITS)
)
"""For each grid bit number, the non-empty straight lines leaving it: tuples of single-bit masks,
nearest first, up to the edge of the star (a line never leaves and re-enters the star)."""


# --- points, camps and apexes ---------------------------------------------------------------

CAMP_KEYS: tuple[str, ...] = ("q+", "q-", "r+", "r-", "s+", "s-")


def _coord(cell: tuple[int, int], axis: str) -> int:
    q, r = cell
    return {"q": q, "r": r, "s": -q - r}[axis]


def _point_cells(key: str) -> list[tuple[int, int]]:
    axis, sign = key[0], 1 if key[1] == "+" else -1
    return [c for c in CELLS if sign * _coord(c, axis) >= 5]


def _camp_cells(key: str) -> list[tuple[int, int]]:
    """Point plus the five border cells (docs/rules/diamond.md, "Board and camps"): e.g. camp
    ``q+`` = ``q >= 4``, ``r, s >= -4``."""
    axis, sign = key[0], 1 if key[1] == "+" else -1
    others = [a for a in "qrs" if a != axis]
    return [
        c
        for c in CELLS
        if sign * _coord(c, axis) >= 4 and all(sign * _coord(c, o) >= -4 for o in others)
    ]


POINT: dict[str, int] = {k: mask_of(_point_cells(k)) for k in CAMP_KEYS}
"""Mask of the 10 cells of each point."""

CAMP: dict[str, int] = {k: mask_of(_camp_cells(k)) for k in CAMP_KEYS}
"""Mask of the 15 cells of each camp (point + border)."""

APEX_CELL: dict[str, tuple[int, int]] = {
    "q+": (8, -4),
    "q-": (-8, 4),
    "r+": (-4, 8),
    "r-": (4, -8),
    "s+": (-4, -4),
    "s-": (4, 4),
}
"""The ◎ cell at the tip of each camp."""

ALL_POINTS: int = sum(POINT.values())
HEXAGON: int = BOARD & ~ALL_POINTS
"""The 61 cells of the central hexagon (borders included)."""

COLOUR_CAMPS: dict[str, tuple[str, str]] = {
    "red": ("q+", "q-"),
    "yellow": ("r+", "r-"),
    "green": ("s+", "s-"),
}
"""Start camp and goal camp of each colour (docs/rules/diamond.md, "Cell names / マスの名前")."""

PROGRESS_AXIS: dict[str, str] = {"red": "q", "yellow": "r", "green": "s"}
"""The coordinate each colour makes smaller on its way to the goal."""


def forbidden_mask(colour: str) -> int:
    """Point cells a colour may never stop or land on: every point except its own two."""
    start, goal = COLOUR_CAMPS[colour]
    return ALL_POINTS & ~POINT[start] & ~POINT[goal]


def progress(colour: str, cell: tuple[int, int]) -> int:
    """How far ``cell`` is along ``colour``'s way from start (-8) to goal (+8)."""
    return -_coord(cell, PROGRESS_AXIS[colour])


for _k in CAMP_KEYS:
    assert bin(POINT[_k]).count("1") == 10 and bin(CAMP[_k]).count("1") == 15
assert bin(HEXAGON).count("1") == 61
