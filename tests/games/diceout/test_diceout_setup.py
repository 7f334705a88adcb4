"""The opening roll (docs/rules/diceout.md, "Set-up") and the set-up options.

The roll tests here use ``placement=rolled`` (values placed in the order drawn); the placing
decisions of ``placement=choose`` are tested in ``test_diceout_placement.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from asobiba.core.errors import IllegalMoveError, NotationError, OptionError
from asobiba.core.game import CHANCE
from asobiba.games.diceout.board import RED, WHITE
from asobiba.games.diceout.game import DiceOutGame, DiceOutOptions
from asobiba.games.diceout.setup import ROLLS, setup_outcomes, starter

ROLLED = {"placement": "rolled"}


def test_higher_maximum_starts() -> None:
    assert starter((1, 3, 1), (2, 2, 1)) == RED
    assert starter((2, 1, 1), (1, 1, 3)) == WHITE


def test_more_dice_showing_the_maximum_starts() -> None:
    """The document's example: 3·3·1 beats 3·2·1."""
    assert starter((3, 3, 1), (3, 2, 1)) == RED
    assert starter((3, 2, 1), (1, 3, 3)) == WHITE


def test_same_maximum_and_count_is_rolled_again() -> None:
    assert starter((3, 2, 1), (1, 1, 3)) is None
    assert starter((2, 2, 1), (1, 2, 2)) is None


def test_all_matching_rolls_never_stand() -> None:
    assert len(ROLLS) == 24
    assert all(len(set(r)) > 1 for r in ROLLS)
    state = DiceOutGame(ROLLED).new_state()
    texts = [state.action_to_notation(a) for a in state.legal_actions()]
    assert not any(f"{v},{v},{v}" in t for t in texts for v in (1, 2, 3))


def test_outcomes_are_the_accepted_pairs_with_exact_conditional_probabilities() -> None:
    """Physical process: 27 × 27 equally likely ordered rolls, re-roll until accepted."""
    accepted = []
    for red in itertools.product((1, 2, 3), repeat=3):
        for white in itertools.product((1, 2, 3), repeat=3):
            if len(set(red)) == 1 or len(set(white)) == 1:
                continue
            strength = [(max(r), r.count(max(r))) for r in (red, white)]
            if strength[0] != strength[1]:
                accepted.append((red, white, RED if strength[0] > strength[1] else WHITE))
    assert len(accepted) == 378
    exact = setup_outcomes("roll")
    assert sum(p for _, p in exact) == 1
    assert {p for _, p in exact} == {Fraction(1, 378)}
    state = DiceOutGame(ROLLED).new_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    texts = {state.action_to_notation(a) for a, _ in outcomes}
    expected = {
        f"setup red:{','.join(map(str, r))} white:{','.join(map(str, w))} "
        f"first:{('red', 'white')[who]}"
        for r, w, who in accepted
    }
    assert texts == expected
    assert sum(1 for _, _, who in accepted if who == RED) == 189


def test_the_starter_is_to_move_and_values_go_on_b_c_d_in_rolled_order() -> None:
    state = DiceOutGame(ROLLED).new_state().play_notation("setup red:3,3,1 white:3,2,1 first:red")
    assert state.current_player == RED
    assert state.to_json()["stacks"] == {
        "b1": [["red", 3]], "c1": [["red", 3]], "d1": [["red", 1]],
        "b5": [["white", 3]], "c5": [["white", 2]], "d5": [["white", 1]],
    }
    other = DiceOutGame({"rows": 7, **ROLLED}).new_state().play_notation("setup red:1,2,1 white:2,1,3")
    assert other.current_player == WHITE
    assert other.to_json()["stacks"]["b7"] == [["white", 2]]


def test_set_up_notation_errors() -> None:
    state = DiceOutGame(ROLLED).new_state()
    with pytest.raises(IllegalMoveError, match="white moves first"):
        state.play_notation("setup red:3,2,1 white:3,3,1 first:red")
    with pytest.raises(IllegalMoveError):
        state.play_notation("setup red:3,2,1 white:1,2,3")  # a tie is rolled again
    with pytest.raises(IllegalMoveError):
        state.play_notation("setup red:2,2,2 white:1,2,3")
    with pytest.raises(NotationError):
        state.play_notation("setup red:4,2,2 white:1,2,3")
    with pytest.raises(IllegalMoveError):
        state.play_notation("b1-c2")


def test_first_named_with_a_roll_keeps_ties_and_fixes_the_starter() -> None:
    state = DiceOutGame({"first": "white", **ROLLED}).new_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 576
    after = state.play_notation("setup red:3,3,1 white:3,2,1")
    assert after.current_player == WHITE
    assert state.action_to_notation(outcomes[0][0]).endswith("first:white")


def test_fixed_set_up_uses_the_options() -> None:
    state = DiceOutGame({"setup": "fixed", "red": [3, 1, 2], "white": "1,3,3"}).new_state()
    assert state.current_player == WHITE  # 3·3·1 beats 3·2·1 (any order)
    assert state.to_json()["stacks"]["b1"] == [["red", 3]]
    assert state.to_json()["stacks"]["d5"] == [["white", 3]]


def test_fixed_set_up_with_tied_values_lets_red_start() -> None:
    """The defaults 1,2,3 and 2,3,1 tie (max 3 once each): red, the first seat, starts."""
    assert DiceOutGame({"setup": "fixed"}).new_state().current_player == RED
    named = DiceOutGame({"setup": "fixed", "first": "white"}).new_state()
    assert named.current_player == WHITE


@pytest.mark.parametrize(
    "options, message",
    [
        ({"red": [2, 2, 2]}, "all match"),
        ({"white": "1,1,1"}, "all match"),
        ({"red": [1, 2]}, "3 values"),
        ({"red": [1, 2, 4]}, "maximum"),
        ({"rows": 10}, "maximum"),
        ({"rows": 3}, "minimum"),
        ({"setup": "random"}, "not one of"),
        ({"first": "black"}, "not one of"),
        ({"declare": "sometimes"}, "not one of"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_one_line_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message) as info:
        DiceOutGame(options)
    assert "\n" not in str(info.value)


def test_options_round_trip_through_text_and_json() -> None:
    opts = DiceOutOptions.from_pairs(["declare=auto", "rows=6", "red=3,1,2"])
    assert opts.declare == "auto" and opts.rows == 6 and opts.red == (3, 1, 2)
    assert DiceOutOptions.from_dict(opts.to_dict()) == opts
    assert DiceOutOptions(declare="manual").declare == "manual"
    assert DiceOutOptions().to_dict()["declare"] == "auto"
