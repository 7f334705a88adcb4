"""The solved 2-row test board against plain depth-limited minimax (tests/solver/minimax.py).

A table entry "win in d" must be a forced win within d plies and not within d-1 (likewise for losses);
the distances are what best play (fastest win, slowest loss) takes.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from solver.minimax import value

from asobiba.games.diceout.solver.table import decode, find_table

ROWS = 2


def test_table_agrees_with_minimax(tables_dir: Path) -> None:
    table = find_table(ROWS, tables_dir)
    assert table is not None
    geo = table.board
    rng = random.Random(7)
    by_plies: dict[tuple[str, int], int] = {}
    checked = 0
    while checked < 300:
        row, col = rng.randrange(geo.n_sets), rng.randrange(geo.n_sets)
        code = table.code(row, col)
        if code == 255:
            continue
        result, plies = decode(code)
        if plies > 5 or by_plies.get((result, plies), 0) >= 40:
            continue
        by_plies[result, plies] = by_plies.get((result, plies), 0) + 1
        red = tuple(int(s) for s in geo.sets[row])
        white = tuple(int(s) for s in geo.sets[col])
        assert value(ROWS, red, white, 0, plies) == result, (red, white, result, plies)
        assert value(ROWS, red, white, 0, plies - 1) is None, (red, white, result, plies)
        checked += 1
    assert {r for r, _ in by_plies} == {"win", "loss"}


def test_longest_results_need_their_full_length(tables_dir: Path) -> None:
    """Positions with long distances (up to 12 plies, to keep the test quick) need their full length."""
    table = find_table(ROWS, tables_dir)
    assert table is not None
    values = np.asarray(table.values)
    codes = np.unique(values)
    deepest = [int(c) for c in codes if c != 255 and decode(int(c))[1] <= 12][-4:]
    geo = table.board
    for code in deepest:
        row, col = (int(x[0]) for x in np.nonzero(values == code))
        result, plies = decode(code)
        red = tuple(int(s) for s in geo.sets[row])
        white = tuple(int(s) for s in geo.sets[col])
        assert value(ROWS, red, white, 0, plies) == result
        assert value(ROWS, red, white, 0, plies - 1) is None
