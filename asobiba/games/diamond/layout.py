"""Per-seat masks that the options fix for a whole game (docs/rules/diamond.md,
"Players and set-up").

A :class:`SeatLayout` tells, for one colour in play, where its pieces start, where they must go,
where they may never stand, and which goal cells can be swapped into under ``goal_block=swap``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import (
    APEX_CELL,
    BOARD,
    CAMP,
    COLOUR_CAMPS,
    POINT,
    forbidden_mask,
    mask_of,
)
from .options import DiamondOptions


@dataclass(frozen=True)
class SeatLayout:
    colour: str
    start_area: int
    """Cells filled at set-up: the 15-cell camp, or the 10-cell point with ``pieces=10``."""
    goal_area: int
    """Cells that must hold every piece to finish (camp, or point with ``pieces=10``)."""
    start_apex: int
    goal_apex: int
    allowed: int
    """Cells this colour may stop or land on (the board minus other colours' points)."""
    swap_cells: int
    """Goal border cells (``goal_block=swap``); empty with ``pieces=10``, whose goal has no border."""


def seat_layout(colour: str, options: DiamondOptions) -> SeatLayout:
    start, goal = COLOUR_CAMPS[colour]
    area = CAMP if options.pieces == 15 else POINT
    return SeatLayout(
        colour=colour,
        start_area=area[start],
        goal_area=area[goal],
        start_apex=mask_of([APEX_CELL[start]]),
        goal_apex=mask_of([APEX_CELL[goal]]),
        allowed=BOARD & ~forbidden_mask(colour),
        swap_cells=area[goal] & ~POINT[goal],
    )


def initial_pieces(seat: SeatLayout, options: DiamondOptions) -> tuple[int, int]:
    """``(men, king)`` masks at set-up: the king (if any) on the start apex, men on the rest."""
    if options.king:
        return seat.start_area & ~seat.start_apex, seat.start_apex
    return seat.start_area, 0
