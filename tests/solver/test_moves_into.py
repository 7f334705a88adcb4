"""``kernels.moves_into`` — the move generator with scratch arrays lent once, as the computer players'
search calls it position after position — lists what ``kernels.position_moves`` lists (which the
engine checks in test_movegen_vs_engine.py), whatever positions came before."""

from __future__ import annotations

import random

import numpy as np

from asobiba.games.diceout.solver import kernels
from asobiba.games.diceout.solver.geometry import board


def test_lent_scratch_arrays_give_the_same_moves() -> None:
    geo = board(5)
    t0, t1 = geo.red_targets()
    buffers = kernels.candidate_buffers(geo.cells)
    fresh = np.zeros((kernels.MAX_CANDIDATES, 5), dtype=np.int64)
    lent = np.zeros((kernels.MAX_CANDIDATES, 5), dtype=np.int64)
    rng = random.Random(5)
    for _ in range(500):
        slots = rng.sample(range(geo.slots), 6)
        red, white = geo.rank(slots[:3]), geo.rank(slots[3:])
        n = kernels.position_moves(red, white, geo.sets, geo.rank_of_colex, geo.rotated,
                                   geo.neighbours, t0, t1, geo.cells, fresh)
        m = kernels.moves_into(red, white, geo.sets, geo.rank_of_colex, geo.rotated,
                               geo.neighbours, t0, t1, buffers, lent)
        assert m == n and (lent[:n] == fresh[:n]).all()
