"""The compiled engine's evaluation and search (asobiba/games/star/kernel/evaluate.py, search.py,
agent.py) against the readable engine.

* The compiled evaluation equals ``heuristic.evaluate`` within 1e-9 for every seat, on positions
  of racing games and scattered positions under every option combination.
* The search answers every position with one of the readable engine's legal moves, finds a win in
  one move and a forced win in two, and plays the same move for the same seed and budget.
* A deadline stops it the way a spent node budget does (no timing is measured: the deadline has
  passed before the search starts).
* A search stopped part way answers as the readable alpha-beta does: with the last finished
  iteration (its move, value and depth together) unless the unfinished one found another move.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from games.star.star_support import COMBOS, scattered
from games.star.test_star_kernel import racing_choice

from asobiba.core.game import TERMINAL
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star import heuristic
from asobiba.games.star.geometry import CAMP, cells_of
from asobiba.games.star.kernel.agent import KernelAgent
from asobiba.games.star.kernel.arrays import MAX_SEATS
from asobiba.games.star.kernel.convert import board_of
from asobiba.games.star.kernel.evaluate import eval_tables, evaluate
from asobiba.games.star.kernel.search import CAP, CLOCK_EVERY
from asobiba.games.star.kernel.tables import rules_of


def sample_positions(game, rng, every=7, scatter=3):
    """Positions of a racing game (every few plies, to its end) and a few scattered ones."""
    out = []
    state = game.new_state()
    while not state.is_terminal and state.ply < 400:
        if state.ply % every == 0:
            out.append(state)
        state = state.apply(racing_choice(state, rng))
    return out + [scattered(game, rng) for _ in range(scatter)]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: ",".join(f"{v}" for v in o.values()))
def test_compiled_evaluation_equals_the_readable_one(options):
    game = DiamondGame(options)
    rules, tables = rules_of(game), eval_tables(game)
    values = np.zeros(MAX_SEATS)
    for state in sample_positions(game, random.Random(str(options))):
        evaluate(board_of(state), rules, *tables, values)
        expected = heuristic.evaluate(state)
        assert values[: len(expected)] == pytest.approx(expected, abs=1e-9), state.to_json()


SEARCH_OPTIONS = [
    {},
    {"players": 3},
    {"king": False, "pieces": 10},
    {"players": 3, "long_jump": True, "king_chain_after_line": "none"},
    {"goal_block": "swap"},
    {"goal_block": "no_camping", "max_plies": 80},
]


@pytest.mark.parametrize("options", SEARCH_OPTIONS, ids=str)
def test_search_plays_a_legal_move(options):
    game = DiamondGame(options)
    agent = KernelAgent(game, max_nodes=600, beam=6, seed=3)
    rng = random.Random(str(options))
    for state in sample_positions(game, rng, every=23, scatter=2):
        if state.current_player == TERMINAL:
            continue
        result = agent.analyse(state)
        assert result.action in state.legal_actions()
        after = state
        for action in result.line:  # the principal line is playable too
            assert after.current_player != TERMINAL and action in after.legal_actions()
            after = after.apply(action)


def position(red_men_outside):
    """Red: king on the goal apex, every goal cell held but (-4, 2), one more man outside;
    yellow at home with its king in the centre."""
    goal = [c for c in cells_of(CAMP["q-"]) if c not in ((-8, 4), (-4, 2))]
    yellow = [c for c in cells_of(CAMP["r-"]) if c != (4, -8)]
    game = DiamondGame({})
    return game.state_from_json({
        "game": "diamond", "to_move": "red",
        "pieces": {"red": {"king": [-8, 4], "men": [list(c) for c in goal] + [red_men_outside]},
                   "yellow": {"king": [0, 0], "men": [list(c) for c in yellow]}},
    })


def wins_at_once(state):
    return [a for a in state.legal_actions()
            if (after := state.apply(a)).is_terminal and after.ranks()[state.to_move] == 1]


def test_search_finds_the_win_in_one():
    state = position([-3, 2])
    [win] = wins_at_once(state)
    result = KernelAgent(state.game, max_nodes=20_000, beam=8, seed=0).analyse(state)
    assert result.action == win and result.exact and result.value > CAP
    assert result.line == [win]


def test_search_finds_the_forced_win_in_two():
    state = position([-2, 2])
    assert wins_at_once(state) == []
    result = KernelAgent(state.game, max_nodes=200_000, seed=0).analyse(state)
    assert result.exact and result.value > CAP and result.depth == 3
    after = state.apply(result.action)
    for reply in after.legal_actions():
        assert wins_at_once(after.apply(reply))


def test_tiny_budget_is_deterministic():
    game = DiamondGame({"players": 3})
    state = sample_positions(game, random.Random(9), every=30, scatter=0)[1]
    results = [KernelAgent(game, max_nodes=150, beam=8, seed=5).analyse(state) for _ in range(3)]
    assert len({(r.action, r.value, r.nodes, tuple(r.line)) for r in results}) == 1
    assert results[0].action in state.legal_actions() and results[0].nodes <= 150



def test_a_passed_deadline_stops_the_search_like_a_spent_budget():
    """The clock is read every CLOCK_EVERY nodes; with the deadline already passed, the search
    stops at the first look and answers as a budget of that many nodes does: the move of the
    deepest finished iteration."""
    game = DiamondGame({})
    state = sample_positions(game, random.Random(4), every=30, scatter=0)[1]
    timed = KernelAgent(game, max_nodes=CLOCK_EVERY + 1, beam=8, time_limit=0.0, seed=2)
    budget = KernelAgent(game, max_nodes=CLOCK_EVERY, beam=8, seed=2)
    stopped, spent = timed.analyse(state), budget.analyse(state)
    assert stopped.nodes == spent.nodes == CLOCK_EVERY
    assert stopped.depth >= 1 and stopped.action in state.legal_actions()
    assert (stopped.action, stopped.value, stopped.depth, stopped.line) == (
        spent.action, spent.value, spent.depth, spent.line)


def test_the_equal_time_baselines_come_in_pairs():
    """Each think time has 最強's search on both engines, stopped by the same clock."""
    for seconds in heuristic.EQUAL_TIMES:
        kernel = heuristic.BASELINES[f"strongest-{seconds:g}s"]
        readable = heuristic.BASELINES[f"strongest-python-{seconds:g}s"]
        assert kernel["agent"] == "kernel" and readable["agent"] == "alphabeta"
        assert kernel["time_limit"] == readable["time_limit"] == seconds
        assert kernel["beam"] == readable["beam"]


def answer(game, state, seed, *, max_nodes, max_depth=40, budget=None):
    """``(action, value, depth)`` of a search whose table is sized for ``max_nodes`` and whose
    node budget is ``budget`` (default ``max_nodes``)."""
    agent = KernelAgent(game, max_nodes=max_nodes, max_depth=max_depth, beam=8, seed=seed)
    agent.max_nodes = max_nodes if budget is None else budget
    result = agent.analyse(state)
    return result.action, result.value, result.depth


@pytest.mark.parametrize(("players", "index"), [(2, 2), (3, 4)])
def test_a_stopped_search_answers_with_the_move_value_and_depth_of_one_iteration(players, index):
    """For budgets that stop the search part way through its iterations, the answer is either that
    of a search allowed to finish exactly the reported depth (the last finished iteration stands,
    its value with its depth), or a move other than those chosen by the iterations of that depth
    and the one before (the unfinished iteration found it better, reported with its own depth):
    never the same move with a deeper value under a shallower depth. Both happen here."""
    game = DiamondGame({"players": players})
    state = sample_positions(game, random.Random(players), every=20, scatter=0)[index]
    kinds = set()
    for budget in range(200, 3000, 100):
        action, value, depth = answer(game, state, 3, max_nodes=budget)
        full = answer(game, state, 3, max_nodes=budget, max_depth=depth, budget=10**8)
        if (action, value) == full[:2]:
            kinds.add("finished")
            continue
        before = answer(game, state, 3, max_nodes=budget, max_depth=depth - 1, budget=10**8)
        assert depth >= 2 and action not in (full[0], before[0])
        kinds.add("unfinished")
    assert kinds == {"finished", "unfinished"}
