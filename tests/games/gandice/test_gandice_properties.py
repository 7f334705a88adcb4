"""Property tests over random battles: bookkeeping invariants, exact chance, notation, JSON, records."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.game import sample_chance
from asobiba.core.record import Record
from asobiba.core.registry import make_game
from asobiba.games.gandice.state import GRAVE

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
    states, actions = [state], []
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        states.append(state)
    return g, states, actions


@settings(max_examples=40, deadline=None)
@given(setup=st.integers(0, len(SETUPS) - 1), seed=st.integers(0, 10**6))
def test_invariants_over_random_battles(setup, seed):
    g, states, actions = battle(setup, seed)
    graveyard = set()
    for state, action in zip(states, actions + [None], strict=True):
        data = state.to_json()
        seen = [d["uid"] for p in data["players"] for key in ("dice", "graveyard", "aside", "retired")
                for d in p[key]]
        assert sorted(seen) == list(range(len(g.lineup.dice)))  # every die in exactly one place
        now = {u for u, loc in enumerate(state.loc) if loc == GRAVE}
        assert graveyard <= now  # nothing ever leaves the graveyard
        graveyard = now
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(p > 0 for _, p in outcomes)
            assert [a for a, _ in outcomes] == state.legal_actions()
        elif not state.is_terminal:
            assert state.legal_actions()
        notes = [state.action_to_notation(a) for a in state.legal_actions()]
        assert len(set(notes)) == len(notes)  # every legal action has its own notation
        if action is not None:
            text = state.action_to_notation(action)
            assert state.notation_to_action(text) == action
        back = g.state_from_json(json.loads(json.dumps(data)))
        assert back.key() == state.key() and back.to_json() == data
    final = states[-1]
    assert sorted(final.ranks())[0] == 1
    assert len(final.ranks()) == g.num_players


@settings(max_examples=10, deadline=None)
@given(setup=st.integers(0, len(SETUPS) - 1), seed=st.integers(0, 10**6))
def test_record_replays_to_the_same_state(setup, seed):
    g, states, actions = battle(setup, seed)
    record = Record.new(g)
    record.actions.extend(actions)
    again = Record.loads(record.dumps())
    assert again.final_state() == states[-1]
    assert again.to_json()["result"]["ranks"] == states[-1].ranks()


def test_record_from_a_mid_battle_position():
    g, states, actions = battle(0, 7)
    start = states[10]
    record = Record.new(g, start)
    record.actions.extend(actions[10:])
    assert Record.loads(record.dumps()).final_state() == states[-1]


def test_bench_positions_are_fixed():
    g = make_game("gandice", {})
    assert [s.key() for s in g.bench_positions()] == [s.key() for s in g.bench_positions()]
