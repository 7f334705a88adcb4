"""Hypothesis property tests: random legal games stay legal and end for a named reason, and random
stacked positions round-trip. What every game owes on positions reached by play (JSON, notation and
record round-trips, ``apply`` leaving its state alone) is checked by tests/conformance."""

from __future__ import annotations

import json
import random

from games.diceout.diceout_helpers import random_positions
from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.game import random_action
from asobiba.core.record import Record
from asobiba.games.diceout.board import GAME_ROWS
from asobiba.games.diceout.game import DiceOutGame, DiceOutState


def check_invariants(state: DiceOutState) -> None:
    """3 dice per colour, stacks strictly increasing bottom → top, values 1–3, tables consistent;
    while placing, only the colours that have placed have dice, on their home rows."""
    data = state.to_json()
    if data["to_move"] == "setup":
        assert data["stacks"] == {}
        return
    if "rolled" in data:
        check_placing(state, data)
        return
    counts = {"red": 0, "white": 0}
    for stack in data["stacks"].values():
        assert stack
        values = [value for _, value in stack]
        assert all(1 <= v <= 3 for v in values)
        assert values == sorted(set(values))
        for colour, _ in stack:
            counts[colour] += 1
    assert counts == {"red": 3, "white": 3}
    assert all(len(side) == 3 and list(side) == sorted(set(side)) for side in state.dice)
    assert bin(state.bits).count("1") == 6


def check_placing(state: DiceOutState, data: dict) -> None:
    placer = data["to_move"]
    other = "white" if placer == "red" else "red"
    assert not state.dice[state.to_move]
    assert all(colour == other for stack in data["stacks"].values() for colour, _ in stack)
    rolled = data["rolled"]
    assert all(values == sorted(values) and len(set(values)) > 1 for values in rolled.values())
    if data["stacks"]:
        shown = sorted(stack[0][1] for stack in data["stacks"].values())
        assert shown == rolled[other] and len(data["stacks"]) == 3


def check_round_trips(game: DiceOutGame, state: DiceOutState) -> None:
    data = state.to_json()
    again = game.state_from_json(json.loads(json.dumps(data)))
    assert again == state
    assert again.to_json() == data
    assert again.legal_actions() == state.legal_actions()
    for action in state.legal_actions():
        text = state.action_to_notation(action)
        assert state.notation_to_action(text) == action
        assert state.describe_action(action)["notation"] == text


games = st.builds(
    lambda rows, declare, setup, placement: DiceOutGame(
        {"rows": rows, "declare": declare, "setup": setup, "placement": placement, "max_plies": 150}
    ),
    st.sampled_from(GAME_ROWS),
    st.sampled_from(["auto", "manual"]),
    st.sampled_from(["roll", "fixed"]),
    st.sampled_from(["choose", "rolled"]),
)


@settings(max_examples=40, deadline=None)
@given(game=games, seed=st.integers(0, 2**32 - 1))
def test_random_games_stay_legal_and_end_for_a_reason(game: DiceOutGame, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_state()
    while True:
        check_invariants(state)
        if state.is_terminal:
            break
        state = state.apply(random_action(state, rng))
    assert state.reason in {"exit", "dice_out", "own_dice_out", "declared", "repetition",
                            "max_plies"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_records_from_a_position_replay(seed: int) -> None:
    game = DiceOutGame({"declare": "manual"})
    start = game.bench_positions()[seed % 6]
    rng = random.Random(seed)
    record = Record.new(game, start)
    state = start
    for _ in range(rng.randint(1, 30)):
        if state.is_terminal:
            break
        action = random_action(state, rng)
        record.actions.append(action)
        state = state.apply(action)
    replayed = Record.loads(record.dumps())
    assert replayed.final_state().to_json() == state.to_json()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), declare=st.sampled_from(["auto", "manual"]))
def test_random_positions_with_stacks_round_trip(seed: int, declare: str) -> None:
    (state,) = random_positions(seed, 1, declare)
    check_invariants(state)
    check_round_trips(state.game, state)
    flipped = state.game.state_from_json(
        dict(state.to_json(), to_move=("white", "red")[state.to_move])
    )
    assert flipped.key() != state.key()  # the side to move is part of the key
