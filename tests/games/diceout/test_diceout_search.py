"""The compiled evaluation and search of Dice Out (asobiba/games/diceout/solver/evaluate.py,
search.py, agent.py) against the readable ones.

* The compiled evaluation equals ``heuristic.evaluate`` for the side to move, on scattered positions
  of every board size.
* At equal depth the compiled search finds the value of the readable alpha-beta (and finishes the
  same iterations), on scattered positions and on positions of games whose history and move limit
  bring the draws by repetition and by move count into the search.
* What the compiled search does not cover (placing the rolled dice, ``declare=manual``) is played
  by the readable search, as it would be without the compiled one.

The move generator is the solver's, checked against the engine in tests/solver/.
"""

from __future__ import annotations

import random

import pytest
from games.diceout.diceout_helpers import play, position, random_positions

from asobiba.ai.alphabeta import AlphaBetaAgent
from asobiba.core.game import CHANCE, TERMINAL
from asobiba.games.diceout import heuristic
from asobiba.games.diceout.game import DiceOutGame
from asobiba.games.diceout.solver.agent import SearchAgent, covers
from asobiba.games.diceout.solver.evaluate import eval_tables, evaluate
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import coordinates
from asobiba.games.diceout.state import DRAW, PLACE

UNLIMITED = 10**9


def scattered(seed: int, count: int) -> list:
    """Scattered positions where the game goes on (neither side shows Dice Out)."""
    return [s for s in random_positions(seed, count)
            if not s.is_terminal and not s.shows_dice_out(0) and not s.shows_dice_out(1)]


def game_positions(seed: int, options: dict, every: int = 3) -> list:
    """Turns of random games (the opening rolled, then random moves), with their history."""
    rng = random.Random(seed)
    game = DiceOutGame(options)
    out = []
    state = game.new_state()
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state = state.apply(rng.choice(state.chance_outcomes())[0])
            continue
        if covers(state) and state.ply % every == 0:
            out.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return out


def readable(state, depth: int):
    return AlphaBetaAgent(heuristic.evaluate, max_nodes=UNLIMITED, max_depth=depth,
                          seed=0).analyse(state)


def compiled(state, depth: int, seed: int = 0):
    return SearchAgent(state.game, max_nodes=UNLIMITED, max_depth=depth, seed=seed).analyse(state)


def assert_same_search(state, depth: int) -> None:
    mine, theirs = compiled(state, depth), readable(state, depth)
    where = f"depth {depth}: {state.to_json()}"
    assert mine.value == pytest.approx(theirs.value, abs=1e-9), where
    assert (mine.depth, mine.exact) == (theirs.depth, theirs.exact), where
    assert mine.action in state.legal_actions(), where
    after = state
    for action in mine.line:  # the principal line is playable
        assert after.current_player not in (CHANCE, TERMINAL), where
        assert action in after.legal_actions(), where
        after = after.apply(action)


def test_compiled_evaluation_equals_the_readable_one() -> None:
    for state in scattered(11, 400):
        geo = board(state.board.rows)
        row, col = coordinates(geo, *state.dice, state.to_move)
        value = evaluate(row, col, geo.sets, geo.neighbours, *eval_tables(geo))
        assert value == pytest.approx(heuristic.evaluate(state)[state.to_move], abs=1e-12), (
            state.to_json())


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_search_values_equal_the_readable_ones_on_scattered_positions(depth: int) -> None:
    for state in scattered(depth, 60 if depth < 4 else 25):
        assert_same_search(state, depth)


@pytest.mark.parametrize("options", [
    {},
    {"rows": 4, "repetition": 2},
    {"rows": 6, "placement": "rolled", "repetition": 2, "max_plies": 40},
    {"rows": 9, "max_plies": 25},
], ids=str)
def test_search_values_equal_the_readable_ones_in_games(options: dict) -> None:
    for index, state in enumerate(game_positions(len(str(options)), options)[:30]):
        assert_same_search(state, 3 + index % 3)


def cycling() -> object:
    """Red and white each walk a die round a triangle (three steps bring its value back), with
    the draw on the second occurrence: two plies before the start comes back."""
    start = position({"c2": "r1", "a1": "r3", "e1": "r2", "c4": "w1", "a5": "w3", "e5": "w2"},
                     "red", repetition=2)
    return play(start, "c2-d2", "c4-b4", "d2-d3", "b4-b3", "d3-c2")


def test_a_game_that_walks_in_circles_is_drawn_in_the_search_as_in_the_engine() -> None:
    state = cycling()
    assert play(state, "b3-c4").winner == DRAW  # the start again
    for depth in (1, 2, 3, 4, 5):
        assert_same_search(state, depth)


def test_the_move_limit_makes_every_line_a_draw() -> None:
    state = position({"b4": "r1", "a1": "r3", "e1": "r2", "c3": "w1", "c5": "w3", "e5": "w2"},
                     "white", max_plies=1)
    result = compiled(state, 6)
    assert result.value == 0.0 and not result.exact
    assert compiled(position({"b4": "r1", "a1": "r3", "e1": "r2", "c3": "w1", "c5": "w3",
                              "e5": "w2"}, "white"), 6).value != 0.0


def test_a_win_in_one_is_played_and_proven() -> None:
    state = position({"d4": "r1", "a1": "r3", "b1": "r2", "c3": "w1", "c5": "w3", "d5": "w2"})
    result = compiled(state, 4)
    assert result.exact and result.value == pytest.approx(1 - 1e-4)
    assert play(state, state.action_to_notation(result.action)).winner == 0
    assert result.line == [result.action]


def test_a_tiny_budget_is_deterministic_and_legal() -> None:
    state = scattered(5, 20)[3]
    agents = [SearchAgent(state.game, max_nodes=300, seed=4) for _ in range(3)]
    results = [agent.analyse(state) for agent in agents]
    assert len({(r.action, r.value, r.nodes, tuple(r.line)) for r in results}) == 1
    assert results[0].action in state.legal_actions() and results[0].nodes <= 300


def test_a_spent_time_cap_still_answers_with_a_legal_move() -> None:
    for state in scattered(6, 10):
        result = SearchAgent(state.game, max_nodes=UNLIMITED, time_limit=0.0, seed=1).analyse(state)
        assert result.action in state.legal_actions()
        assert result.nodes <= 1024


def test_placing_and_manual_declaring_go_to_the_readable_search() -> None:
    placing = DiceOutGame({}).new_state()
    placing = placing.apply(placing.chance_outcomes()[5][0])
    assert placing.phase == PLACE
    manual = scattered(8, 3)[0]
    manual = DiceOutGame({"rows": manual.board.rows, "declare": "manual"}).state_from_json(
        {**manual.to_json(), "options": {"rows": manual.board.rows, "declare": "manual"}})
    for state in (placing, manual):
        assert not covers(state)
        mine = SearchAgent(state.game, max_nodes=50, python_nodes=400, seed=2).analyse(state)
        theirs = AlphaBetaAgent(heuristic.evaluate, max_nodes=400, seed=2).analyse(state)
        assert (mine.action, mine.value, mine.nodes) == (theirs.action, theirs.value, theirs.nodes)


def test_an_agent_reused_move_after_move_answers_as_a_fresh_one() -> None:
    states = game_positions(9, {}, every=1)[:12] + scattered(9, 6)
    agent = SearchAgent(states[0].game, max_nodes=UNLIMITED, max_depth=4, seed=0)
    for state in states:
        again, fresh = agent.analyse(state), compiled(state, 4)
        assert (again.value, again.depth) == (fresh.value, fresh.depth), state.to_json()
