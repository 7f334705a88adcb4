"""Random legal games never break the invariants of Diamond Game (hypothesis). What every game owes
(JSON, notation and record round-trips) is checked by tests/conformance."""

from __future__ import annotations

import random

from games.star.star_support import COMBOS
from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.movegen import PASS


def popcount(x: int) -> int:
    return bin(x).count("1")


def check_invariants(state):
    game = state.game
    opts = game.options
    total = 0
    for seat, layout in enumerate(game.seats):
        men, king = state.men[seat], state.kings[seat]
        assert popcount(men) + (1 if king else 0) == opts.pieces
        assert bool(king) == opts.king and popcount(king) <= 1
        assert not (men | king) & ~layout.allowed  # never on a forbidden cell
        total += popcount(men | king)
    assert popcount(state.occ) == total  # no two pieces on one cell
    for action in state.legal_actions():
        if action != PASS:
            assert action // 121 != action % 121


@settings(max_examples=30, deadline=None)
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32), plies=st.integers(1, 70))
def test_random_games_keep_the_invariants(combo, seed, plies):
    game = DiamondGame(combo)
    rng = random.Random(seed)
    state = game.new_state()
    check_invariants(state)
    for _ in range(plies):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        nxt = state.play(action)
        assert nxt.ply == state.ply + 1
        state = nxt
        check_invariants(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_games_to_the_end_rank_every_player(seed):
    game = DiamondGame({"players": 3, "pieces": 10, "max_plies": 300})
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(rng.choice(actions))
    ranks = state.ranks()
    assert all(1 <= r <= 3 for r in ranks)
    assert abs(sum(state.returns())) < 1e-9
