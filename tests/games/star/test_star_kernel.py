"""The compiled engine (asobiba/games/star/kernel/) against the readable one, move for move.

* Move SETS equal (not only counts) on every position of games under every option combination:
  racing games (mostly moves that gain the most rows, some random), which reach the goals, so
  that swaps, blocked goals, finishing, ``no_camping`` losses and three-player ranks all happen;
  and scattered positions (pieces anywhere they may stand, kings among them).
* After each move both engines hold the same position (the board arrays are compared whole:
  pieces, player to move, ply, turns, ranks, losers), and unmaking the move restores it.
* Perft at depths 1–3 from the start equals the readable figures of test_diamond_perft.py for
  every option set there.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from games.diamond.test_diamond_perft import PERFT
from games.star.star_support import COMBOS, scattered

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.geometry import CELLS, progress
from asobiba.games.star.kernel.arrays import (
    MAX_PIECES,
    MAX_SEATS,
    PASS,
    PIECES,
    PLY,
    R_KING,
    RANK,
    TERMINAL_SEAT,
    TO_MOVE,
    WORK_SIZE,
)
from asobiba.games.star.kernel.convert import board_of, state_of
from asobiba.games.star.kernel.movegen import legal_moves
from asobiba.games.star.kernel.play import UNDO_SIZE, make, perft, random_playout, seed, unmake
from asobiba.games.star.kernel.tables import rules_of


def same_position(board, expected, rules) -> None:
    """Equal cells and header; each seat's piece list equal up to the order of the men."""
    got, want = board.tolist(), expected.tolist()
    assert got[:PIECES] == want[:PIECES]
    first = 1 if rules[R_KING] else 0
    for seat in range(MAX_SEATS):
        lo, hi = PIECES + seat * MAX_PIECES, PIECES + (seat + 1) * MAX_PIECES
        assert got[lo:lo + first] == want[lo:lo + first]
        assert sorted(got[lo + first:hi]) == sorted(want[lo + first:hi])


def kernel_moves(board, rules, work) -> list[int]:
    n = legal_moves(board, rules, work)
    return sorted(work[:n].tolist())


def check_position(state, rules, work) -> None:
    """Same moves in both engines; each engine's move leads to the same position; unmake undoes."""
    board = board_of(state)
    assert state_of(state.game, board).key() == state.key()
    moves = kernel_moves(board, rules, work)
    expected = state.legal_actions()
    assert moves == (sorted(expected) if expected != [PASS] else []), state.to_json()
    undo = np.zeros(UNDO_SIZE, dtype=np.int32)
    for action in expected[:: max(1, len(expected) // 3)]:
        after = board.copy()
        make(after, rules, action, undo)
        same_position(after, board_of(state.apply(action)), rules)
        unmake(after, rules, action, undo)
        same_position(after, board, rules)


def racing_choice(state, rng):
    """A move gaining the most rows for its piece, or (one time in four) any legal move."""
    actions = state.legal_actions()
    if rng.random() < 0.25 or actions == [PASS]:
        return rng.choice(actions)
    colour = state.game.rules.colours[state.to_move]

    def gain(action):
        f, t = divmod(action, len(CELLS))
        return progress(colour, CELLS[t]) - progress(colour, CELLS[f])

    best = max(map(gain, actions))
    return rng.choice([a for a in actions if gain(a) == best])


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: ",".join(f"{v}" for v in o.values()))
def test_moves_and_positions_match_the_readable_engine(options):
    game = DiamondGame(options)
    rules = rules_of(game)
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    rng = random.Random(str(options))
    state = game.new_state()
    while not state.is_terminal and state.ply < 400:
        check_position(state, rules, work)
        state = state.apply(racing_choice(state, rng))
    check_position(state, rules, work)
    for _ in range(4):
        check_position(scattered(game, rng), rules, work)


def test_racing_games_reach_every_end_rule():
    """The games above do exercise the end rules: finishing, blocked goals, swaps, camping."""
    wanted = {"swap", "ranked", "lost by camping", "finished, full_with_king",
              "finished, full_with_one", "finished, swap"}
    seen = set()
    for options in COMBOS:
        game = DiamondGame(options)
        rng = random.Random(str(options))
        state = game.new_state()
        while not state.is_terminal and state.ply < 400:
            action = racing_choice(state, rng)
            if action != PASS and _is_swap(state, action):
                seen.add("swap")
            state = state.apply(action)
        if any(state.rank_of):
            seen.add("ranked")
        if state.lost:
            seen.add("lost by camping")
        if state.is_terminal and len(set(state.rank_of)) > 1:
            seen.add(f"finished, {game.options.goal_block}")
        if wanted <= seen:
            return
    assert wanted <= seen, seen


def _is_swap(state, action):
    d = state.describe_action(action)
    target = tuple(d["to"])
    return any(target in state.pieces_of(s)[0] or target == state.pieces_of(s)[1]
               for s in range(state.game.num_players) if s != state.to_move)


@pytest.mark.parametrize("combo", sorted(PERFT), ids=str)
def test_kernel_perft_equals_the_readable_figures(combo):
    players, pieces, king, chain, long_jump = combo
    game = DiamondGame(dict(players=players, pieces=pieces, king=king,
                            king_chain_after_line=chain, long_jump=long_jump))
    board = board_of(game.new_state())
    rules = rules_of(game)
    assert tuple(perft(board, rules, d) for d in (1, 2, 3)) == PERFT[combo]
    same_position(board, board_of(game.new_state()), rules)  # unmade back to the start


def test_random_playout_plays_legal_moves_to_the_end():
    """A kernel playout stops at the game's end (here ``max_plies``, all players sharing rank 1)
    or at its own ply cap, and leaves a position the readable engine accepts."""
    game = DiamondGame({"max_plies": 120})
    rules = rules_of(game)
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    seed(5)
    board = board_of(game.new_state())
    assert random_playout(board, rules, work, 50) == 50
    assert board[PLY] == 50 and board[TO_MOVE] == 0
    state = state_of(game, board)
    assert game.state_from_json(state.to_json()).key() == state.key()
    assert random_playout(board, rules, work, 1000) == 70
    assert board[TO_MOVE] == TERMINAL_SEAT and board[RANK] == board[RANK + 1] == 1


def test_the_bench_calls_the_compiled_move_generator_directly():
    """``asobiba bench --vs`` calls the compiled code without numba's dispatcher: same moves."""
    from asobiba.games.star.kernel.versus import KernelBench

    bench = KernelBench(DiamondGame({"max_plies": 60}))
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    for board in bench.positions:
        n = bench.legal_moves(board, bench.rules, bench.work)
        assert sorted(bench.work[:n].tolist()) == kernel_moves(board, bench.rules, work)
