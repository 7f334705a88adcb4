"""Property tests over random battles: the dice bookkeeping. What every game owes (exact chance, notation,
JSON positions, records, returns from the ranks) is checked by tests/conformance."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.game import sample_chance
from asobiba.core.registry import make_game
from asobiba.games.gandice.phases import GRAVE

SETUPS = [
    {},
    {"decks": ["chogan", "shingan"]},
    {"decks": ["shingan", "yami"], "first": "p2"},
    {"players": 3, "decks": ["chogan", "shingan", "isurugi"]},
    {"players": 4, "decks": ["chogan", "shingan", "yami", "isurugi"], "max_turns": 60},
]


def battle(setup: int, seed: int):
    g = make_game("gandice", SETUPS[setup])
    rng = random.Random(seed)
    state = g.new_state()
    states = [state]
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
    return g, states


@settings(max_examples=40, deadline=None)
@given(setup=st.integers(0, len(SETUPS) - 1), seed=st.integers(0, 10**6))
def test_invariants_over_random_battles(setup, seed):
    g, states = battle(setup, seed)
    graveyard = set()
    for state in states:
        data = state.to_json()
        seen = [d["uid"] for p in data["players"] for key in ("dice", "graveyard", "aside", "retired")
                for d in p[key]]
        assert sorted(seen) == list(range(len(g.lineup.dice)))  # every die in exactly one place
        now = {u for u, loc in enumerate(state.loc) if loc == GRAVE}
        assert graveyard <= now  # nothing ever leaves the graveyard
        graveyard = now


def test_bench_positions_are_fixed():
    g = make_game("gandice", {})
    assert [s.key() for s in g.bench_positions()] == [s.key() for s in g.bench_positions()]
