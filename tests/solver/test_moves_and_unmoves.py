"""Moves of the compiled generator and un-moves written from the rules agree in both directions."""

from __future__ import annotations

import random

import numpy as np
from solver.minimax import unmoves

from asobiba.games.diceout.solver import kernels
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import coordinates

ROWS = 4


def forward(geo, red: tuple[int, ...], white: tuple[int, ...]) -> set[tuple[int, int]]:
    """Table coordinates of the positions red's non-final moves reach (white then to move)."""
    buf = np.zeros((kernels.MAX_CANDIDATES, 5), dtype=np.int64)
    t0, t1 = geo.red_targets()
    row, col = coordinates(geo, red, white, 0)
    n = kernels.position_moves(row, col, geo.sets, geo.rank_of_colex, geo.rotated, geo.neighbours, t0, t1,
                               geo.cells, buf)
    return {(int(r), int(c)) for _, _, outcome, r, c in buf[:n] if outcome == kernels.OUT_CHILD}


def test_every_move_can_be_taken_back() -> None:
    geo = board(ROWS)
    rng = random.Random(11)
    seen = 0
    for _ in range(300):
        slots = rng.sample(range(15 * ROWS), 6)
        red, white = tuple(sorted(slots[:3])), tuple(sorted(slots[3:]))
        for child in forward(geo, red, white):
            # the child is stored from white's side: its white dice are red's, turned round
            after = tuple(sorted(geo.rotate_slot(int(s)) for s in geo.sets[child[1]]))
            assert red in set(unmoves(ROWS, after, white, 0))
            seen += 1
    assert seen > 1000


def test_every_unmove_is_a_move() -> None:
    geo = board(ROWS)
    rng = random.Random(12)
    seen = 0
    for _ in range(300):
        slots = rng.sample(range(15 * ROWS), 6)
        red, white = tuple(sorted(slots[:3])), tuple(sorted(slots[3:]))  # red has just moved
        reached = coordinates(geo, red, white, 1)
        for before in unmoves(ROWS, red, white, 0):
            assert reached in forward(geo, before, white)
            seen += 1
    assert seen > 200
