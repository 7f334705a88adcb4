"""The core interface on a toy game: returns from ranks, perft, records that replay exactly."""

from __future__ import annotations

import json
import random

import pytest

from asobiba.core import (
    CHANCE,
    IllegalMoveError,
    Record,
    RecordError,
    UnknownGameError,
    make_game,
    random_action,
    returns_from_ranks,
)
from asobiba.core.perft import perft, perft_table
from asobiba.core.position import state_from_position


def test_returns_from_ranks() -> None:
    assert returns_from_ranks([1, 2]) == [1.0, -1.0]
    assert returns_from_ranks([1, 1]) == [0.0, 0.0]
    assert returns_from_ranks([1, 2, 3]) == [1.0, 0.0, -1.0]
    # two unfinished players share places 2 and 3
    assert returns_from_ranks([1, 2, 2]) == [1.0, -0.5, -0.5]
    assert returns_from_ranks([2, 1, 3]) == [0.0, 1.0, -1.0]


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        make_game("chess")


def test_perft_counts_chance_outcomes_and_stops_at_terminal() -> None:
    start = make_game("toynim").new_state()
    assert start.current_player == CHANCE
    # depth 1: three pile sizes; depth 2: each pile allows take 1 or 2
    assert perft_table(start, 2) == [(1, 3), (2, 6)]
    two_stones = state_from_position("toynim", {"pile": 2})
    # take 2 ends the game (no further moves); take 1 leaves one forced move
    assert perft(two_stones, 1) == 2
    assert perft(two_stones, 2) == 1


def test_play_refuses_illegal_actions() -> None:
    state = state_from_position("toynim", {"pile": 1})
    with pytest.raises(IllegalMoveError):
        state.play(2)
    over = state.play(1)
    assert over.is_terminal
    assert over.returns() == [1.0, -1.0]
    with pytest.raises(IllegalMoveError, match="over"):
        over.play(1)


def test_record_round_trip_and_replay_identity() -> None:
    game = make_game("toynim", {"max_take": 3})
    rng = random.Random(7)
    record = Record.new(game, players=["a", "b"])
    state = record.start
    while not state.is_terminal:
        action = random_action(state, rng)
        record.actions.append(action)
        state = state.apply(action)
    data = json.loads(record.dumps())
    assert data["moves"][0]["player"] == "chance"
    assert data["result"]["returns"] in ([1.0, -1.0], [-1.0, 1.0])
    again = Record.from_json(data)
    assert again.final_state() == state
    assert again.to_json() == data


def test_record_from_a_start_position(tmp_path) -> None:
    start = state_from_position("toynim", {"pile": 4, "to_move": "second"})
    record = Record.new(start.game, start)
    record.actions += [1, 2]
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded.start == start
    assert loaded.final_state().pile == 1


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "not an asobiba record"),
        (lambda d: d["moves"].append({"action": 3, "notation": "take 3"}), "move 3"),
        (lambda d: d["moves"][1].update(notation="take 2"), "move 2: action 1 is 'take 1'"),
        (lambda d: d.update(options={"max_take": 9}), "record start: option max_take"),
    ],
)
def test_bad_records_are_refused(mutate, message: str) -> None:
    record = Record.new(make_game("toynim"))
    record.actions += [103, 1]
    data = record.to_json()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)
