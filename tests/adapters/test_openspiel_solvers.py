"""OpenSpiel's own exact search agrees with asobiba's solver, exactly, by the comparison of
bench/diceout_table_vs_openspiel.py: on Dice Out positions a few plies from the end of random
games, OpenSpiel's expectiminimax over the adapted game (every move, the engine's rules) finds a
forced result at the depth where asobiba proves it and none a ply sooner, and none within its depth
where asobiba proves none. The suite cannot afford the solved 4-row table (minutes to build, 1.2 GB),
so here asobiba's verdicts come from the compiled solver's search
(asobiba/games/diceout/solver/search.py); the script compares with the table itself
(docs/research.md, "OpenSpiel's solvers against asobiba's")."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyspiel

import asobiba.adapters.openspiel  # noqa: F401  (registers the games)
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import state_coordinates
from asobiba.games.diceout.solver.search import CAP, PLY_DISCOUNT, Search
from bench import diceout_table_vs_openspiel as script

ROWS = 4
DEPTH = 3


def search_verdict(search: Search):
    """The compiled search's value for the mover, in the table's terms: a result it proves within
    :data:`DEPTH`, else ``draw`` (nothing forced within reach, as a draw is for the comparison)."""

    def verdict(inner) -> tuple[str, int]:
        row, col = state_coordinates(search.geo, inner)
        game = np.array([inner.to_move, 0, 10**6, 10**6], dtype=np.int64)
        _, value, _, _ = search.run(row, col, game, np.zeros(0, dtype=np.int64), 10**9, DEPTH,
                                    math.inf, 1)
        if abs(value) <= CAP:
            return "draw", 0
        plies = round((1 - abs(value)) / PLY_DISCOUNT)
        assert 1 <= plies <= DEPTH
        return ("win" if value > 0 else "loss"), plies

    return verdict


def test_expectiminimax_agrees_with_the_solver_near_the_end() -> None:
    game = pyspiel.load_game("asobiba_diceout", {"rows": ROWS, **script.PARAMETERS})
    states = script.positions(game, games=12, near_end=4, seed=11)
    report = script.compare(states, search_verdict(Search(board(ROWS), 16)), DEPTH)
    assert report["disagreements"] == []
    assert report["positions"] >= 20
    values = {key.split()[0] for key in report["by_table_value"]}
    assert values == {"win", "loss", "draw"}


def test_each_table_value_asks_for_the_searches_that_pin_it() -> None:
    assert script.expected("win", 3, 4) == [(3, 1.0), (2, 0.0)]
    assert script.expected("loss", 1, 4) == [(1, -1.0)]
    assert script.expected("win", 5, 4) == [(4, 0.0)]
    assert script.expected("draw", 0, 4) == [(4, 0.0)]


def test_the_script_without_a_table_says_how_to_build_it(tmp_path: Path, capsys) -> None:
    assert script.main(["--rows", "4", "--tables", str(tmp_path)]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "asobiba solve diceout --rows 4" in error[0]
