"""Finishing, losing, ranks and the end of a game on the star (docs/rules/diamond.md, "Finishing
and ranks"; Chinese Checkers plays the same, docs/rules/chinese_checkers.md).

* A player **finishes** when every piece is in the goal area and, with kings, the king is on the goal
  apex ◎ (a man on the apex therefore blocks finishing until it moves away).
* ``goal_block=full_with_king``: also finished when every goal cell is occupied (by anyone) and the
  own king is on the apex. ``full_with_one``: every goal cell occupied and at least one own piece in
  it. ``swap`` is a kind of move (see :mod:`.movegen`). ``no_camping``: from their 30th turn on, a
  player who still has a piece in the start area after their own turn loses.
* Every player who meets a finishing condition after a move is ranked, the mover or not; players
  finishing on the same move share the rank. A loser takes the worst rank still free.
* The game ends when at most one player is still playing (that player takes the rank after the
  finishers; a player alone, as in Chinese Checkers' crossing puzzle, plays until finished) or
  when ``max_plies`` plies have been played (every player still playing shares the
  rank after the finishers, a draw among them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.game import TERMINAL
from .layout import SeatLayout, StarRules

CAMPING_LIMIT = 30
"""``no_camping``: own turns after which no piece may remain in the start area."""


def has_finished(rule: str, seat: SeatLayout, pieces: int, king: int, occ: int,
                 with_king: bool) -> bool:
    """Whether a player with these pieces (``pieces`` includes the king) has finished."""
    goal = seat.goal_area
    king_home = bool(king & seat.goal_apex) or not with_king
    if not pieces & ~goal and king_home:
        return True
    if occ & goal != goal:
        return False
    if rule == "full_with_king":
        return bool(king & seat.goal_apex)
    if rule == "full_with_one":
        return bool(pieces & goal)
    return False


def is_camping(seat: SeatLayout, pieces: int, turns_taken: int) -> bool:
    """``no_camping``: a piece is still in the start area after the player's 30th turn or later."""
    return turns_taken >= CAMPING_LIMIT and bool(pieces & seat.start_area)


def settle(
    rules: StarRules,
    seats: Sequence[SeatLayout],
    men: Sequence[int],
    kings: Sequence[int],
    ranks: Sequence[int],
    lost: int,
    mover: int | None,
    moves_made: Sequence[int],
    ply: int,
) -> tuple[tuple[int, ...], int, int]:
    """Rank whoever finished or lost after ``mover``'s turn; return ``(ranks, lost, to_move)``.

    ``ranks`` holds 0 for a player still playing; ``lost`` is a bitmask of seats that lost by
    ``no_camping``; ``to_move`` is the next seat still playing after ``mover`` (or ``TERMINAL``).
    With ``mover=None`` (a loaded position) only finishing is checked and ``to_move`` is the first
    seat still playing from seat 0 (callers keep their own choice when it is still playing).
    """
    n = len(seats)
    ranks = list(ranks)
    occ = 0
    for i in range(n):
        occ |= men[i] | kings[i]
    finishers_before = sum(1 for i in range(n) if ranks[i] and not lost >> i & 1)
    newly = [
        i
        for i in range(n)
        if not ranks[i]
        and has_finished(rules.goal_block, seats[i], men[i] | kings[i], kings[i], occ,
                         rules.king)
    ]
    for i in newly:
        ranks[i] = finishers_before + 1
    if (
        mover is not None
        and rules.goal_block == "no_camping"
        and not ranks[mover]
        and is_camping(seats[mover], men[mover] | kings[mover], moves_made[mover])
    ):
        losers_before = bin(lost).count("1")
        ranks[mover] = n - losers_before
        lost |= 1 << mover
    playing = [i for i in range(n) if not ranks[i]]
    if len(playing) < min(n, 2) or ply >= rules.max_plies:
        finishers = sum(1 for i in range(n) if ranks[i] and not lost >> i & 1)
        for i in playing:
            ranks[i] = finishers + 1
        return tuple(ranks), lost, TERMINAL
    start = -1 if mover is None else mover
    to_move = next(i % n for i in range(start + 1, start + 1 + n) if not ranks[i % n])
    return tuple(ranks), lost, to_move
