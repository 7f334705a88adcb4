"""The compiled search (asobiba/games/diceout/solver/search.py) against the solved 2-row test board.

Positions of every distance in the table (the 2-row board has no draws): searched deep enough, a
position the table scores as won or lost in ``d`` plies is proven won or lost in exactly ``d``
plies (value ``±(1 - d · 1e-4)``: the fastest win, the slowest loss); a result further away than
the search looks is never proven. The table ignores the repetition draw, so the search gets no
earlier turns and a limit it does not reach.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from asobiba.games.diceout.solver.search import CAP, PLY_DISCOUNT, Search
from asobiba.games.diceout.solver.table import WIN, decode, find_table

ROWS = 2
DEPTH = 9
NO_DRAWS = np.array([0, 0, 10**6, 10**6], dtype=np.int64)
"""Red to move at ply 0, no move limit and no repetition draw within reach."""


def test_search_finds_the_table_results_within_its_depth(tables_dir: Path) -> None:
    table = find_table(ROWS, tables_dir)
    assert table is not None
    values = np.asarray(table.values)
    search = Search(table.board, 16)
    rng = np.random.default_rng(3)
    beyond = 0
    for code in np.unique(values):
        if code == 255:
            continue
        result, plies = decode(int(code))
        where = np.flatnonzero(values == code)
        for index in rng.choice(where, size=min(12, where.size), replace=False):
            row, col = divmod(int(index), values.shape[1])
            _, value, _, _ = search.run(row, col, NO_DRAWS, np.zeros(0, dtype=np.int64), 10**9,
                                        DEPTH, math.inf, int(index))
            seen = (row, col, result, plies, value)
            if plies <= DEPTH:
                sign = 1 if result == WIN else -1
                assert abs(value - sign * (1 - plies * PLY_DISCOUNT)) < 1e-9, seen
            else:
                beyond += 1
                assert abs(value) <= CAP, seen
    assert beyond
