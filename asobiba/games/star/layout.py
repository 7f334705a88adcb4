"""What a game's options fix for a whole game on the star (docs/rules/diamond.md, "Players and
set-up", "Forbidden cells"; docs/rules/chinese_checkers.md, "Board and seats", "Options").

:class:`StarRules` is what the star engine plays: the board, the colours in turn order, where the
pieces start, the move rules and the end rules. Diamond Game and Chinese Checkers each build it
from their own options (``Options.star_rules()``), so one engine plays both.

A :class:`SeatLayout` tells, for one colour in play, where its pieces start, where they must go,
where they may stop, where they may land in the middle of a jump chain, and where a swap may go.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import reduce

from .geometry import STAR_COLOURS, Star, mask_of, opposite

OTHER_POINTS = ("closed", "pass", "open")
"""Points that are neither a colour's start nor its goal: ``closed`` (never landed on, not even in
the middle of a jump chain), ``pass`` (landed on in the middle of a chain, never stopped in),
``open`` (like any other cell)."""


@dataclass(frozen=True)
class StarRules:
    """The rules of one game on the star, as the engine reads them."""

    star: Star
    colours: tuple[str, ...]
    """The colours in play, in turn order (seat order)."""
    first: int
    """The seat that moves first."""
    area: str
    """``camp`` (pieces start in the whole camp and must fill the goal camp) or ``point``."""
    king: bool
    after_line: str
    """What may follow a king's line jump (``king_chain_after_line``: single, any or none)."""
    long_jump: bool
    goal_block: str
    max_plies: int
    painted: Mapping[str, str]
    """The colour each point is painted in, for the pictures."""
    hop_own: bool = True
    """Whether a piece may hop the mover's own pieces."""
    other_points: str = "closed"
    """One of :data:`OTHER_POINTS`."""


@dataclass(frozen=True)
class SeatLayout:
    colour: str
    start_area: int
    """Cells filled at set-up: the start camp, or the start point when ``area`` is ``point``."""
    goal_area: int
    """Cells that must hold every piece to finish (the camp or point opposite)."""
    start_apex: int
    goal_apex: int
    allowed: int
    """Cells this colour may stop on (the board, less the points it may not enter)."""
    passable: int
    """Cells this colour may land on in the middle of a jump chain (``allowed``, or the whole
    board with ``other_points=pass``)."""
    swap_cells: int
    """Goal cells where another colour in play may stand (a move may swap into them under
    ``goal_block=swap``): the goal camp's border row in Diamond Game."""
    swap_from: int
    """Cells a swapping move may start from: where every other colour may stand, since the
    displaced piece goes there."""


def _limits(rules: StarRules, colour: str) -> tuple[int, int]:
    """``(allowed, passable)`` of a colour under ``other_points``."""
    star = rules.star
    start = STAR_COLOURS[colour]
    closed = sum(star.point.values()) & ~star.point[start] & ~star.point[opposite(start)]
    limited = star.board & ~closed
    if rules.other_points == "closed":
        return limited, limited
    if rules.other_points == "pass":
        return limited, star.board
    return star.board, star.board


def seat_layouts(rules: StarRules) -> tuple[SeatLayout, ...]:
    """The layout of every seat, in seat order."""
    star = rules.star
    area = star.camp if rules.area == "camp" else star.point
    limits = [_limits(rules, c) for c in rules.colours]
    out = []
    for seat, colour in enumerate(rules.colours):
        start = STAR_COLOURS[colour]
        goal = opposite(start)
        others = [allowed for other, (allowed, _) in enumerate(limits) if other != seat]
        allowed, passable = limits[seat]
        out.append(SeatLayout(
            colour=colour,
            start_area=area[start],
            goal_area=area[goal],
            start_apex=mask_of([star.apex[start]]),
            goal_apex=mask_of([star.apex[goal]]),
            allowed=allowed,
            passable=passable,
            swap_cells=area[goal] & reduce(int.__or__, others, 0),
            swap_from=allowed & reduce(int.__and__, others, star.board),
        ))
    return tuple(out)


def initial_pieces(seat: SeatLayout, king: bool) -> tuple[int, int]:
    """``(men, king)`` masks at set-up: the king (if any) on the start apex, men on the rest."""
    if king:
        return seat.start_area & ~seat.start_apex, seat.start_apex
    return seat.start_area, 0
