"""Placing the rolled dice (docs/rules/diceout.md, "Set-up"): with ``placement=choose`` the starter,
then the other player, decides the order of their rolled values on files b, c, d.

One test per rule sentence, then the faces of the new decision (ids, notation, JSON, records) and the
options that keep the old behaviour (``placement=rolled``, ``setup=fixed``, records saved before).
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core.errors import IllegalMoveError, NotationError, PositionError
from asobiba.core.game import CHANCE
from asobiba.core.record import Record
from asobiba.games.diceout.actions import DECLARE_ACTION, PASS_ACTION
from asobiba.games.diceout.board import RED, WHITE
from asobiba.games.diceout.game import DiceOutGame, DiceOutOptions
from asobiba.games.diceout.setup import (
    PLACE_BASE,
    PLACE_END,
    ROLL_BASE,
    ROLL_END,
    SETUP_END,
    VALUE_SETS,
    arrangements,
    decode_roll,
    decode_setup,
    first_player,
    roll_outcomes,
    setup_outcomes,
    values_of,
)
from asobiba.games.diceout.state import PLACE, DiceOutState


def rolled(text: str, **options: object) -> DiceOutState:
    """The position right after the roll ``text`` (e.g. ``roll red:1,2,3 white:1,3,3``)."""
    return DiceOutGame(options).new_state().play_notation(text)


def notations(state: DiceOutState) -> list[str]:
    return [state.action_to_notation(a) for a in state.legal_actions()]


# -- the rule sentences ------------------------------------------------------------------------------

def test_three_different_values_can_be_lined_up_six_ways() -> None:
    state = rolled("roll red:1,2,3 white:1,1,2")
    assert state.current_player == RED and state.phase == PLACE
    assert notations(state) == [
        "place 1,2,3", "place 1,3,2", "place 2,1,3", "place 2,3,1", "place 3,1,2", "place 3,2,1"
    ]


def test_a_pair_can_be_lined_up_three_ways() -> None:
    state = rolled("roll red:1,2,3 white:1,1,2").play_notation("place 3,1,2")
    assert state.current_player == WHITE
    assert notations(state) == ["place 1,1,2", "place 1,2,1", "place 2,1,1"]


def test_the_starter_places_first() -> None:
    """Higher maximum starts; same maximum → more dice showing it (3·3·1 beats 3·2·1)."""
    assert rolled("roll red:1,2,3 white:1,1,2").current_player == RED
    assert rolled("roll red:1,2,3 white:1,3,3").current_player == WHITE
    assert rolled("roll red:1,2,2 white:1,1,2").current_player == RED
    assert rolled("roll red:1,2,3 white:1,3,3", first="red").current_player == RED


def test_the_second_placer_sees_the_first_arrangement() -> None:
    first = rolled("roll red:1,2,3 white:1,3,3").play_notation("place 3,1,3")
    assert first.current_player == RED
    data = first.to_json()
    assert data["stacks"] == {"b5": [["white", 3]], "c5": [["white", 1]], "d5": [["white", 3]]}
    assert "white placed 3,1,3" in first.render_text()
    assert "red to place 1,2,3 on b1 c1 d1" in first.render_text()


def test_after_both_placings_the_starter_moves_from_the_chosen_arrangements() -> None:
    state = rolled("roll red:1,2,3 white:1,3,3").play_notation("place 3,1,3").play_notation("place 2,3,1")
    assert state.current_player == WHITE and state.ply == 0 and not state.rolled
    assert state.to_json()["stacks"] == {
        "b1": [["red", 2]], "c1": [["red", 3]], "d1": [["red", 1]],
        "b5": [["white", 3]], "c5": [["white", 1]], "d5": [["white", 3]],
    }
    same = DiceOutGame({"placement": "rolled"}).new_state().play_notation(
        "setup red:2,3,1 white:3,1,3 first:white"
    )
    assert state.key() == same.key() and state.history == same.history
    assert {**state.to_json(), "options": None} == {**same.to_json(), "options": None}
    assert state.legal_actions() == same.legal_actions()


def test_nobody_shows_dice_out_or_declares_while_placing() -> None:
    state = rolled("roll red:1,2,3 white:1,1,2", declare="manual")
    for after in (state, state.play_notation("place 2,1,3")):
        assert not after.shows_dice_out(RED) and not after.shows_dice_out(WHITE)
        assert PASS_ACTION not in after.legal_actions() and DECLARE_ACTION not in after.legal_actions()


# -- the chance node ---------------------------------------------------------------------------------

def test_roll_outcomes_are_value_sets_with_the_probability_of_their_ordered_rolls() -> None:
    """Each pair of value sets gets the summed probability of the accepted ordered pairs behind it."""
    grouped: dict[tuple, Fraction] = defaultdict(Fraction)
    for action, p in setup_outcomes("roll"):
        red, white = decode_setup(action)
        grouped[values_of(red), values_of(white)] += p
    exact = roll_outcomes("roll")
    assert {decode_roll(a): p for a, p in exact} == grouped
    assert len(exact) == 34
    assert sum(p for _, p in exact) == 1
    assert sum(p for a, p in exact if first_player(*decode_roll(a), "roll") == RED) == Fraction(1, 2)
    assert dict((decode_roll(a), p) for a, p in exact)[(1, 2, 3), (1, 1, 2)] == Fraction(18, 378)


def test_the_engine_offers_the_value_sets_at_the_chance_node() -> None:
    state = DiceOutGame().new_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    texts = [state.action_to_notation(a) for a, _ in outcomes]
    assert "roll red:1,3,3 white:1,2,3 first:red" in texts
    assert not any("red:1,1,1" in t or "3,2,1" in t for t in texts)  # values smallest first


def test_a_named_starter_keeps_every_pair_of_value_sets() -> None:
    exact = roll_outcomes("white")
    assert len(exact) == 49 and sum(p for _, p in exact) == 1
    state = rolled("roll red:1,3,3 white:1,2,3", first="white")
    assert state.current_player == WHITE
    assert state.action_to_notation(state.legal_actions()[0]) == "place 1,2,3"


def test_value_sets_and_their_arrangements() -> None:
    assert VALUE_SETS == ((1, 1, 2), (1, 1, 3), (1, 2, 2), (1, 2, 3), (1, 3, 3), (2, 2, 3), (2, 3, 3))
    assert sum(len(arrangements(v)) for v in VALUE_SETS) == 24
    assert arrangements((3, 1, 3)) == ((1, 3, 3), (3, 1, 3), (3, 3, 1))


# -- notation, ids, JSON, key, records ---------------------------------------------------------------

def test_new_ids_do_not_collide_with_the_old_ones() -> None:
    assert SETUP_END <= ROLL_BASE < ROLL_END <= PLACE_BASE < PLACE_END
    state = rolled("roll red:1,2,3 white:1,1,2")
    assert all(PLACE_BASE <= a < PLACE_END for a in state.legal_actions())
    assert state.notation_to_action("place 3,1,2") == PLACE_BASE + 9 * 2 + 0 + 1


@pytest.mark.parametrize("text", ["place 3,1,2", "312", "place 312", "3,1,2", " Place 3, 1, 2 ", "3 1 2"])
def test_placing_notation_is_read_in_several_spellings(text: str) -> None:
    state = rolled("roll red:1,2,3 white:1,1,2")
    action = state.notation_to_action(text)
    assert state.action_to_notation(action) == "place 3,1,2"
    assert state.describe_action(action) == {"from": None, "to": None, "notation": "place 3,1,2"}


def test_placing_notation_errors() -> None:
    state = rolled("roll red:1,2,3 white:1,1,2")
    with pytest.raises(IllegalMoveError, match="red rolled 1,2,3"):
        state.play_notation("place 3,3,1")
    with pytest.raises(NotationError):
        state.play_notation("place 4,1,2")
    with pytest.raises(NotationError):
        state.play_notation("31")
    with pytest.raises(IllegalMoveError):
        state.play_notation("b1-c2")
    with pytest.raises(IllegalMoveError):
        DiceOutGame({"placement": "rolled"}).new_state().play_notation("roll red:1,2,3 white:1,1,2")
    with pytest.raises(IllegalMoveError, match="red moves first"):
        DiceOutGame().new_state().play_notation("roll red:1,2,3 white:1,1,2 first:white")
    with pytest.raises(IllegalMoveError):
        DiceOutGame().new_state().play_notation("roll red:1,2,3 white:1,1,3")  # a tie
    with pytest.raises(IllegalMoveError):
        DiceOutGame().new_state().play_notation("setup red:3,2,1 white:1,1,2")


def test_roll_notation_reads_values_in_any_order() -> None:
    state = DiceOutGame().new_state()
    assert state.notation_to_action("roll red:3,2,1 white:2,1,1") == state.notation_to_action(
        "roll red:1,2,3 white:1,1,2 first:red"
    )


def test_json_round_trips_through_both_placing_positions() -> None:
    game = DiceOutGame()
    first = game.new_state().play_notation("roll red:1,2,3 white:1,3,3")
    second = first.play_notation("place 3,3,1")
    assert first.to_json()["rolled"] == {"red": [1, 2, 3], "white": [1, 3, 3]}
    assert first.to_json()["stacks"] == {} and first.to_json()["to_move"] == "white"
    for state in (first, second):
        data = json.loads(json.dumps(state.to_json()))
        again = game.state_from_json(data)
        assert again == state and again.to_json() == data
        assert again.legal_actions() == state.legal_actions()
        assert set(data) == {"game", "options", "to_move", "rolled", "stacks"}


def test_keys_tell_the_placing_phases_apart() -> None:
    start = DiceOutGame().new_state()
    first = start.play_notation("roll red:1,2,3 white:1,3,3")
    seconds = [first.apply(a) for a in first.legal_actions()]
    keys = {start.key(), first.key(), *(s.key() for s in seconds)}
    assert len(keys) == 2 + 3
    other_roll = start.play_notation("roll red:1,2,2 white:1,3,3")
    assert other_roll.key() != first.key()
    openings = {s.apply(a).key() for s in seconds for a in s.legal_actions()}
    assert len(openings) == 3 * 6 and not openings & keys


@pytest.mark.parametrize(
    "data, message",
    [
        ({"to_move": "red", "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]}, "stacks": {}},
         "white places next"),
        ({"to_move": "white", "rolled": {"red": [1, 2, 3], "white": [1, 1, 3]}, "stacks": {}}, "tie"),
        ({"to_move": "white", "rolled": {"red": [1, 2, 3], "white": [3, 3, 3]}, "stacks": {}},
         "equal values"),
        ({"to_move": "white", "rolled": {"red": [1, 2, 3]}, "stacks": {}}, "rolled must be"),
        ({"to_move": "white", "rolled": {"red": [1, 2, 4], "white": [1, 3, 3]}, "stacks": {}},
         "three values 1-3"),
        ({"to_move": "red", "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]},
          "stacks": {"b1": [["red", 1]], "c1": [["red", 2]], "d1": [["red", 3]]}}, "no red die"),
        ({"to_move": "red", "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]},
          "stacks": {"b5": [["white", 3]], "c5": [["white", 3]], "d4": [["white", 1]]}},
         "b5 c5 d5 showing 1,3,3"),
        ({"to_move": "red", "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]},
          "stacks": {"b5": [["white", 3]], "c5": [["white", 3]]}}, "b5 c5 d5"),
        ({"to_move": "white", "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]}, "stacks": {},
          "ply": 0}, "cannot have 'ply'"),
    ],
)
def test_impossible_placing_positions_are_one_line_errors(data: dict, message: str) -> None:
    with pytest.raises(PositionError, match=message) as info:
        DiceOutGame().state_from_json(data)
    assert "\n" not in str(info.value)


def test_placing_positions_need_placement_choose_and_a_roll() -> None:
    data = DiceOutGame().new_state().play_notation("roll red:1,2,3 white:1,3,3").to_json()
    for options in ({"placement": "rolled"}, {"setup": "fixed"}):
        with pytest.raises(PositionError, match="placement=choose"):
            DiceOutGame(options).state_from_json(data)


def test_a_record_replays_across_the_placing_phase() -> None:
    game = DiceOutGame()
    record = Record.new(game)
    state = game.new_state()
    for text in ("roll red:1,2,3 white:1,3,3", "place 3,3,1", "place 2,1,3", "b5-a4", "b1-b2"):
        action = state.notation_to_action(text)
        record.actions.append(action)
        state = state.apply(action)
    data = json.loads(record.dumps())
    assert [m["notation"] for m in data["moves"]] == [
        "roll red:1,2,3 white:1,3,3 first:white", "place 3,3,1", "place 2,1,3", "b5-a4", "b1-b2"
    ]
    assert [m["player"] for m in data["moves"]] == ["chance", "white", "red", "white", "red"]
    assert data["options"]["placement"] == "choose"
    again = Record.from_json(data)
    assert again.game.options.placement == "choose"
    assert again.final_state() == state
    mid = Record.new(game, record.states()[2])  # a record starting while red places
    mid.actions = record.actions[2:]
    assert Record.loads(mid.dumps()).final_state() == state


# -- what stays as it was ----------------------------------------------------------------------------

def test_placement_rolled_keeps_the_ordered_roll_and_no_decision() -> None:
    state = DiceOutGame({"placement": "rolled"}).new_state()
    assert len(state.chance_outcomes()) == 378
    assert all(a < SETUP_END for a in state.legal_actions())
    after = state.play_notation("setup red:3,1,2 white:1,3,3 first:white")
    assert after.current_player == WHITE and after.phase == 0


def test_fixed_set_ups_ignore_the_placement_option() -> None:
    for fixed in ({"setup": "fixed"}, {"setup": "fixed", "red": [3, 1, 1], "first": "white"}):
        chosen = DiceOutGame({**fixed, "placement": "choose"}).new_state()
        as_rolled = DiceOutGame({**fixed, "placement": "rolled"}).new_state()
        assert chosen.to_json()["stacks"] == as_rolled.to_json()["stacks"]
        assert chosen.key() == as_rolled.key() and chosen.legal_actions() == as_rolled.legal_actions()


def test_new_games_choose_and_saved_games_without_the_option_meant_rolled() -> None:
    assert DiceOutOptions().placement == "choose"
    assert DiceOutOptions.from_dict({}).placement == "choose"
    assert DiceOutOptions.from_saved({}).placement == "rolled"
    assert DiceOutOptions.from_saved({"placement": "choose"}).placement == "choose"
    with pytest.raises(Exception, match="not one of"):
        DiceOutOptions(placement="sorted")


OLD_RECORD = {
    "format": "asobiba-record/1",
    "game": "diceout",
    "options": {"rows": 5, "setup": "roll", "red": [1, 2, 3], "white": [2, 3, 1], "first": "roll",
                "declare": "auto", "repetition": 3, "max_plies": 300},
    "start": None,
    "moves": [
        {"player": "chance", "action": 990, "notation": "setup red:3,2,1 white:3,2,3 first:white"},
        {"player": "white", "action": 188, "notation": "d5-d4"},
        {"player": "red", "action": 9, "notation": "b1-c2"},
    ],
    "result": None,
    "meta": {"players": ["you", "random"]},
}
"""A record as asobiba wrote it before the placing decision existed (no ``placement`` option)."""

OLD_FINAL_STACKS = {
    "c1": [["red", 2]], "d1": [["red", 1]], "c2": [["red", 1]],
    "d4": [["white", 1]], "b5": [["white", 3]], "c5": [["white", 2]],
}


def test_a_record_written_before_the_placing_decision_replays_exactly() -> None:
    record = Record.from_json(json.loads(json.dumps(OLD_RECORD)))
    assert record.game.options.placement == "rolled"
    state = record.final_state()
    assert state.to_json()["stacks"] == OLD_FINAL_STACKS
    assert record.to_json()["moves"] == OLD_RECORD["moves"]
    assert Record.loads(record.dumps()).final_state() == state


# -- the command line --------------------------------------------------------------------------------

runner = CliRunner()


def test_cli_perft_counts_the_placings_by_default_and_not_with_rolled() -> None:
    result = runner.invoke(app, ["perft", "diceout", "--depth", "3"])
    assert result.exit_code == 0 and result.stdout.splitlines() == ["1 34", "2 114", "3 378"]
    rolled_out = runner.invoke(app, ["perft", "diceout", "-o", "placement=rolled", "--depth", "2"])
    assert rolled_out.stdout.splitlines() == ["1 378", "2 4350"]


def test_cli_moves_lists_the_placings_of_a_placing_position(tmp_path) -> None:
    path = tmp_path / "placing.json"
    path.write_text(json.dumps({"game": "diceout", "to_move": "white",
                                "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]}, "stacks": {}}))
    result = runner.invoke(app, ["moves", "diceout", "--position", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"from": None, "to": None, "notation": f"place {text}"} for text in ("1,3,3", "3,1,3", "3,3,1")
    ]
    refused = runner.invoke(app, ["moves", "diceout", "--position", str(path), "-o", "placement=rolled"])
    assert refused.exit_code == 2 and "placement=choose" in refused.stderr
