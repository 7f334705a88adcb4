"""Tables of the compiled engine, built once from :mod:`..geometry` (docs/rules/diamond.md, "Board
and camps"), and the rules array of a game on the star (:mod:`.arrays` gives the layouts).

Cells are cell indices ``0..120``; directions are those of :data:`..geometry.DIRECTIONS` (the last
three are the first three reversed).
"""

from __future__ import annotations

import numpy as np

from ..game import StarGame
from ..geometry import BIT, CELLS, DIRECTIONS, INDEX, on_board
from ..movegen import AFTER_LINE
from .arrays import (
    ALLOWED,
    GOAL,
    GOAL_APEX,
    GOAL_RULES,
    MAX_PIECES,
    PASSABLE,
    R_AFTER_LINE,
    R_ALLOWED,
    R_FLAGS,
    R_GOAL_CELLS,
    R_GOAL_RULE,
    R_GOAL_SIZE,
    R_HOP_OWN,
    R_KING,
    R_LONG_JUMP,
    R_MAX_PLIES,
    R_PASS_ONLY,
    R_PASSABLE,
    R_PIECES,
    R_PLAYERS,
    RULES_SIZE,
    START,
    SWAP,
    SWAP_FROM,
    N,
)
from .bits import int32_halves, words_of

MAX_RAY = 12
"""The longest straight line inside the star has 12 cells after its start (an apex along an edge
of its camp to the far side of the hexagon)."""


def _rays() -> tuple[np.ndarray, np.ndarray]:
    rays = np.full((N, 6, MAX_RAY), -1, dtype=np.int32)
    lengths = np.zeros((N, 6), dtype=np.int32)
    for c, (q, r) in enumerate(CELLS):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            k = 0
            cq, cr = q + dq, r + dr
            while on_board(cq, cr):
                rays[c, d, k] = INDEX[(cq, cr)]
                k += 1
                cq, cr = cq + dq, cr + dr
            lengths[c, d] = k
    assert lengths.max() == MAX_RAY
    return rays, lengths


RAY, RAY_LENGTH = _rays()
"""``RAY[c, d, k]``: the cell ``k + 1`` steps from ``c`` in direction ``d`` (-1 past the edge);
``RAY_LENGTH[c, d]``: how many cells that line has (a line never leaves and re-enters the star)."""

NEIGHBOUR = np.ascontiguousarray(RAY[:, :, 0])
"""``NEIGHBOUR[c, d]``: the neighbour of ``c`` in direction ``d``, -1 off the board."""
BEHIND = np.ascontiguousarray(RAY[:, :, 1])
"""``BEHIND[c, d]``: the cell two steps away, where a hop over the neighbour lands (-1 if none)."""


NO_CELL = 127
"""A cell number no set of cells holds (:mod:`.bits`: the top bit of the second word)."""

STEP = np.where(NEIGHBOUR >= 0, NEIGHBOUR, NO_CELL).astype(np.int64)
"""``STEP[c, d]``: :data:`NEIGHBOUR`, with :data:`NO_CELL` off the board (never free, so a step
there is never kept)."""


def _hop_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    near = np.zeros((N, 2), dtype=np.int64)
    over = np.zeros((N, 2), dtype=np.int64)
    land = np.full((N, N), -1, dtype=np.int8)
    direction = np.full((N, N), -1, dtype=np.int8)
    for c in range(N):
        near[c] = words_of(NEIGHBOUR[c][NEIGHBOUR[c] >= 0])
        hops = [d for d in range(6) if BEHIND[c, d] >= 0]
        over[c] = words_of(NEIGHBOUR[c, d] for d in hops)
        for d in hops:
            land[c, NEIGHBOUR[c, d]] = BEHIND[c, d]
            direction[c, NEIGHBOUR[c, d]] = d
    return near, over, land, direction


NEAR, HOP_OVER, HOP_LAND, HOP_DIRECTION = _hop_tables()
"""As sets of cells (two words, :mod:`.bits`): ``NEAR[c]``, the neighbours of ``c``;
``HOP_OVER[c]``, the neighbours of ``c`` with a cell behind them. ``HOP_LAND[c, over]``: where a
hop from ``c`` over its neighbour ``over`` lands, and ``HOP_DIRECTION[c, over]`` its direction
(-1 if ``over`` is not in ``HOP_OVER[c]``)."""


def _hop_sets() -> np.ndarray:
    sets = np.zeros((N, 64, 2), dtype=np.int64)
    for c in range(N):
        for pattern in range(64):
            sets[c, pattern] = words_of(int(BEHIND[c, d]) for d in range(6)
                                        if (pattern >> d) & 1 and BEHIND[c, d] >= 0)
    return sets


HOP_SET = _hop_sets()
"""``HOP_SET[c, pattern]``: where single hops from ``c`` land, as a set of cells (two words,
:mod:`.bits`), when ``pattern`` has bit ``d`` set for each direction ``d`` whose neighbour may be
hopped: one look-up instead of a loop over the hoppable neighbours."""


def rules_of(game: StarGame) -> np.ndarray:
    """The rules array of a game on the star (Diamond Game or Chinese Checkers): its rules and,
    per seat, the flags of every cell."""
    star_rules = game.rules
    rules = np.zeros(RULES_SIZE, dtype=np.int32)
    rules[R_PLAYERS] = game.num_players
    rules[R_PIECES] = game.seats[0].start_area.bit_count()
    rules[R_KING] = int(star_rules.king)
    rules[R_AFTER_LINE] = AFTER_LINE[star_rules.after_line]
    rules[R_LONG_JUMP] = int(star_rules.long_jump)
    rules[R_GOAL_RULE] = GOAL_RULES.index(star_rules.goal_block)
    rules[R_MAX_PLIES] = star_rules.max_plies
    rules[R_HOP_OWN] = int(star_rules.hop_own)
    rules[R_PASS_ONLY] = int(any(s.passable != s.allowed for s in game.seats))
    swap = star_rules.goal_block == "swap"
    for seat, layout in enumerate(game.seats):
        for at, cells in ((R_ALLOWED, layout.allowed), (R_PASSABLE, layout.passable)):
            words = words_of(c for c in range(N) if cells & BIT[c])
            rules[at + 4 * seat : at + 4 * seat + 4] = int32_halves(words)
        goal_cells = [c for c in range(N) if layout.goal_area & BIT[c]]
        rules[R_GOAL_SIZE] = len(goal_cells)
        base = R_GOAL_CELLS + seat * MAX_PIECES
        rules[base : base + len(goal_cells)] = goal_cells
        for c in range(N):
            bit = BIT[c]
            flags = (
                (ALLOWED if layout.allowed & bit else 0)
                | (PASSABLE if layout.passable & bit else 0)
                | (GOAL if layout.goal_area & bit else 0)
                | (START if layout.start_area & bit else 0)
                | (SWAP if swap and layout.swap_cells & bit else 0)
                | (SWAP_FROM if swap and layout.swap_from & bit else 0)
                | (GOAL_APEX if layout.goal_apex & bit else 0)
            )
            rules[R_FLAGS + seat * N + c] = flags
    return rules
