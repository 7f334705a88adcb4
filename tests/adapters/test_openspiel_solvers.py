"""OpenSpiel's own exact search agrees with asobiba's solver: on Dice Out positions a few plies
from the end of random games, OpenSpiel's expectiminimax over the adapted game (every move, the
engine's rules) finds a forced result within its depth exactly when the compiled solver's search
(asobiba/games/diceout/solver/search.py) proves one, and the same one."""

from __future__ import annotations

import math

import numpy as np
import pyspiel
from open_spiel.python.algorithms.minimax import expectiminimax

import asobiba.adapters.openspiel  # noqa: F401  (registers the games)
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import state_coordinates
from asobiba.games.diceout.solver.search import CAP, PLY_DISCOUNT, Search

ROWS = 4
DEPTH = 3
NEAR_END = 4
"""Positions at most this many decisions before the end of their random game are sampled."""
PARAMETERS = {"rows": ROWS, "repetition": 100, "max_plies": 100_000}
"""No draw by repetition or move count within reach (the solver's search is told the same)."""


def near_the_end(game: pyspiel.Game, games: int, seed: int) -> list[pyspiel.State]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        state, line = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            line.append(state.clone())
            state.apply_action(int(rng.choice(state.legal_actions())))
        out += [s for s in line[-NEAR_END:] if s.inner.phase == 0]
    return out


def solver_verdict(search: Search, state: pyspiel.State) -> int:
    """+1 / -1: the solver proves a win / loss for the mover within :data:`DEPTH`; 0: it does
    not."""
    inner = state.inner
    row, col = state_coordinates(search.geo, inner)
    game = np.array([inner.to_move, 0, 10**6, 10**6], dtype=np.int64)
    _, value, _, _ = search.run(row, col, game, np.zeros(0, dtype=np.int64), 10**9, DEPTH, math.inf, 1)
    if abs(value) <= CAP:
        return 0
    plies = round((1 - abs(value)) / PLY_DISCOUNT)
    assert 1 <= plies <= DEPTH
    return 1 if value > 0 else -1


def test_expectiminimax_agrees_with_the_solver_near_the_end() -> None:
    game = pyspiel.load_game("asobiba_diceout", PARAMETERS)
    search = Search(board(ROWS), 16)
    positions = near_the_end(game, games=12, seed=11)
    assert len(positions) >= 20
    seen = set()
    for state in positions:
        mover = state.current_player()
        value, _ = expectiminimax(state, DEPTH, lambda s: 0.0, mover)
        ours = solver_verdict(search, state)
        assert value == ours, (state.inner.to_json(), value, ours)
        seen.add(ours)
    assert seen == {-1, 0, 1}
