"""The compiled engine on every game of the star, against the readable engine: Chinese Checkers
(docs/rules/chinese_checkers.md) for one to six players under its own options (``other_points``,
``hop_own``) and the shared ones, and the small board (docs/rules/diamond.md, "The small board";
its move sets under every rule are compared in test_diamond_small_board.py).

* Move SETS equal on racing games and scattered positions; after each move the same position,
  and unmaking restores it (as in test_star_kernel.py).
* Perft from the start at depths 1–3 equals the readable figures.
* The compiled evaluation equals ``heuristic.evaluate``; the search plays legal moves.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from games.chinese_checkers.test_chinese_checkers_perft import PERFT as CC_PERFT
from games.star.star_support import SMALL_COMBOS, scattered
from games.star.test_star_kernel import check_position, racing_choice, same_position
from games.star.test_star_kernel_search import sample_positions

from asobiba.core.game import TERMINAL
from asobiba.games.chinese_checkers.game import ChineseCheckersGame
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star import heuristic
from asobiba.games.star.kernel.agent import KernelAgent
from asobiba.games.star.kernel.arrays import MAX_SEATS, WORK_SIZE
from asobiba.games.star.kernel.convert import board_of
from asobiba.games.star.kernel.evaluate import eval_tables, evaluate
from asobiba.games.star.kernel.play import perft
from asobiba.games.star.kernel.tables import rules_of


def cc_combos():
    """Every seating with every ``other_points`` and ``hop_own``, the other options taking turns
    (kings, what follows a line hop, long hops, every goal rule)."""
    extras = itertools.cycle([
        dict(king=True, king_chain_after_line="single"),
        dict(long_jump=True, goal_block="swap"),
        dict(king=True, king_chain_after_line="any", goal_block="no_camping"),
        dict(goal_block="swap"),
        dict(king=True, king_chain_after_line="none", long_jump=True),
        dict(king=True, goal_block="swap"),
        dict(goal_block="no_camping", max_plies=300),
    ])
    out = []
    for players, other, hop_own in itertools.product((1, 2, 3, 4, 6), ("open", "pass", "closed"),
                                                     (True, False)):
        out.append(dict(players=players, other_points=other, hop_own=hop_own, **next(extras)))
    return out


CC_COMBOS = cc_combos()
SMALL_SWAP = [c for c in SMALL_COMBOS if c["goal_block"] == "swap"]


def _ids(options):
    return ",".join(f"{k}={v}" for k, v in options.items())


def _play_and_check(game, rng, plies):
    rules = rules_of(game)
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    state = game.new_state()
    while not state.is_terminal and state.ply < plies:
        check_position(state, rules, work)
        state = state.apply(racing_choice(state, rng))
    check_position(state, rules, work)
    for _ in range(3):
        check_position(scattered(game, rng), rules, work)
    return state


@pytest.mark.parametrize("options", CC_COMBOS, ids=_ids)
def test_chinese_checkers_moves_and_positions_match(options):
    _play_and_check(ChineseCheckersGame(options), random.Random(str(options)), 300)


def test_the_racing_games_swap_and_finish():
    """The games above reach the goals: a seat is ranked in most of them, in both games."""
    ranked = {"chinese_checkers": 0, "diamond": 0}
    for game in [ChineseCheckersGame(o) for o in CC_COMBOS[6:18]] + [
            DiamondGame(o) for o in SMALL_SWAP[:4]]:
        rng = random.Random(str(game.options.to_dict()))
        state = game.new_state()
        while not state.is_terminal and state.ply < 300:
            state = state.apply(racing_choice(state, rng))
        ranked[game.id] += any(state.rank_of)
    assert ranked["chinese_checkers"] >= 6 and ranked["diamond"] >= 2, ranked


@pytest.mark.parametrize("combo", sorted(CC_PERFT, key=str), ids=str)
def test_chinese_checkers_perft(combo):
    players, other, hop_own, king = combo
    game = ChineseCheckersGame(dict(players=players, other_points=other, hop_own=hop_own,
                                    king=king))
    board = board_of(game.new_state())
    rules = rules_of(game)
    assert tuple(perft(board, rules, d) for d in (1, 2, 3)) == CC_PERFT[combo]
    same_position(board, board_of(game.new_state()), rules)


@pytest.mark.parametrize("options,expected", [
    ({"board": "small"}, (16, 258, 6588)),
    ({"board": "small", "king": False}, (14, 197, 4684)),
    ({"board": "small", "players": 3}, (16, 258, 4192)),
    ({"board": "small", "goal_block": "swap"}, (16, 258, 6592)),
], ids=str)
def test_small_board_perft(options, expected):
    """The readable figures (docs/rules/diamond.md); with swaps, four more at depth 3: on the small
    board red's second move can already reach a corner of its goal camp where a yellow man stands
    (neighbouring camps share their corner cells) and swap with it."""
    game = DiamondGame(options)
    board = board_of(game.new_state())
    assert tuple(perft(board, rules_of(game), d) for d in (1, 2, 3)) == expected


@pytest.mark.parametrize("options", CC_COMBOS[::2] + SMALL_SWAP[:3], ids=_ids)
def test_compiled_evaluation_equals_the_readable_one(options):
    game = (DiamondGame if "board" in options else ChineseCheckersGame)(options)
    rules, tables = rules_of(game), eval_tables(game)
    values = np.zeros(MAX_SEATS)
    for state in sample_positions(game, random.Random(str(options)), every=11):
        if state.is_terminal:
            continue
        evaluate(board_of(state), rules, *tables, values)
        expected = heuristic.evaluate(state)
        assert values[: len(expected)] == pytest.approx(expected, abs=1e-9), state.to_json()


@pytest.mark.parametrize("options", [
    {"players": 6}, {"players": 4, "king": True, "other_points": "pass"},
    {"players": 3, "hop_own": False, "long_jump": True}, {"players": 1},
], ids=_ids)
def test_search_plays_chinese_checkers(options):
    game = ChineseCheckersGame(options)
    agent = KernelAgent(game, max_nodes=800, beam=6, seed=3)
    for state in sample_positions(game, random.Random(str(options)), every=37, scatter=2):
        if state.current_player == TERMINAL:
            continue
        result = agent.analyse(state)
        assert result.action in state.legal_actions()


def test_the_levels_search_the_compiled_engine_on_every_star():
    for game in (DiamondGame({"board": "small", "goal_block": "swap"}),
                 ChineseCheckersGame({"players": 6}), ChineseCheckersGame({"players": 1})):
        specs = heuristic.level_specs(game)
        assert specs["strong"]["agent"] == specs["strongest"]["agent"] == "kernel"


def test_a_place_below_the_middle_is_taken_at_once():
    """Six players, four finished: green finishes now (f4-f3 fills its goal, a black man on g1
    helping) for fifth place, worth less than 0. A proven place better than last is worth more the
    sooner it comes, so the search takes it instead of putting it off move after move (found in a
    game between computers that went on for 1 700 plies)."""
    game = ChineseCheckersGame({"players": 6})
    men = {
        "red": [[1, -1], [0, 4], [-5, 4], [-5, 3], [-5, 2], [-5, 1], [-6, 4], [-6, 3], [-7, 4],
                [-7, 3]],
        "white": [[-1, -4], [-2, -3], [-3, -2], [-3, -3], [-4, 0], [-4, -1], [-4, -2], [-4, -3],
                  [-4, -4], [-8, 4]],
        "yellow": [[4, -6], [4, -7], [4, -8], [3, -5], [3, -6], [2, -5], [2, -6], [1, -5],
                   [-2, -4], [-3, -4]],
        "blue": [[8, -4], [7, -3], [7, -4], [6, -2], [6, -3], [6, -4], [5, -1], [5, -2], [5, -4],
                 [3, -7]],
        "green": [[4, 4], [4, 3], [4, 2], [4, 1], [3, 4], [3, 3], [3, 1], [2, 3], [1, 4], [-4, 8]],
        "black": [[2, 4], [-1, 4], [-2, 6], [-2, 5], [-3, 7], [-3, 6], [-3, 5], [-4, 7], [-4, 6],
                  [-4, 5]],
    }
    state = game.state_from_json({
        "pieces": {c: {"king": None, "men": m} for c, m in men.items()}, "to_move": "green",
        "ply": 400, "ranks": {"red": 2, "white": 4, "yellow": 1, "black": 3},
    })
    finish = state.notation_to_action("f4-f3")
    assert state.apply(finish).is_terminal
    for nodes in (500, 20_000):
        assert KernelAgent(game, max_nodes=nodes, beam=8, seed=1).choose(state) == finish
