"""One hand-made position per rule sentence of docs/rules/diceout.md ("A turn", "Dice Out and the result").

Layouts are written bottom → top per cell: ``"c3": "w1 r3"`` is a white 1 under a red 3.
"""

from __future__ import annotations

import pytest
from games.diceout.diceout_helpers import moves_of, play, position

from asobiba.core.errors import IllegalMoveError
from asobiba.core.game import TERMINAL
from asobiba.games.diceout.board import RED, WHITE
from asobiba.games.diceout.state import DRAW

# Spare dice that stay out of the way (no Dice Out, nobody on a target).
WHITE_SPARES = {"b5": "w3", "d5": "w1"}
RED_SPARES = {"b1": "r3", "d1": "r1"}


def stacks_of(state) -> dict:
    return state.to_json()["stacks"]


def test_a_two_moving_onto_a_two_becomes_three_and_stacks() -> None:
    state = position({"b2": "r2", "c3": "w2", "e3": "r1", "d1": "r3", **WHITE_SPARES})
    assert "b2-c3" in moves_of(state)
    after = play(state, "b2-c3")
    assert stacks_of(after)["c3"] == [["white", 2], ["red", 3]]
    assert after.current_player == WHITE


def test_a_three_moving_onto_a_two_becomes_one_and_is_refused() -> None:
    state = position({"b2": "r3", "c3": "w2", "e3": "r1", "d1": "r2", **WHITE_SPARES})
    assert "b2-c3" not in moves_of(state)
    assert "b2-c2" in moves_of(state)  # onto an empty cell a 3 becomes a 1 freely
    with pytest.raises(IllegalMoveError):
        state.play_notation("b2-c3")


def test_equal_values_are_refused() -> None:
    """A 1 becomes a 2 and cannot land on a 2 (the top must be strictly smaller)."""
    state = position({"b2": "r1", "c3": "w2", "e3": "r3", "d1": "r2", **WHITE_SPARES})
    assert "b2-c3" not in moves_of(state)
    assert "b2-a3" in moves_of(state)


def test_a_die_may_stack_on_its_own_colour() -> None:
    state = position({"b2": "r2", "c3": "r1", "d1": "r2", **WHITE_SPARES, "a4": "w2"})
    after = play(state, "b2-c3")
    assert stacks_of(after)["c3"] == [["red", 1], ["red", 3]]


def test_only_the_top_of_a_stack_of_three_moves() -> None:
    state = position({"c3": "w1 r2 w3", "a2": "r1", "e2": "r3", "b5": "w2"}, to_move="white")
    origins = {state.action_origin(a) for a in state.legal_actions()}
    assert origins == {"c3", "b5"}
    red_turn = position({"c3": "w1 r2 w3", "a2": "r1", "e2": "r3", "b5": "w2"}, to_move="red")
    assert {red_turn.action_origin(a) for a in red_turn.legal_actions()} == {"a2", "e2"}
    after = play(state, "c3-c4")
    assert stacks_of(after)["c3"] == [["white", 1], ["red", 2]]
    assert "c3" in {after.action_origin(a) for a in after.legal_actions()}  # red 2 freed


def test_covered_dice_are_frozen_until_uncovered() -> None:
    state = position({"c3": "r1 w2", "a2": "r2", "e2": "r3", "b5": "w1", "d5": "w3"})
    assert not any(m.startswith("c3-") for m in moves_of(state))


def test_uncovering_the_opponents_dice_out_wins_for_the_mover() -> None:
    """White lifts its 3 off a red 2; red's 2, 2, 2 now all show: white wins at once."""
    state = position({"c3": "r2 w3", "a2": "r2", "e2": "r2", "b5": "w2", "d5": "w3"}, "white")
    assert not state.shows_dice_out(RED)
    after = play(state, "c3-c4")
    assert after.current_player == TERMINAL
    assert (after.winner, after.reason) == (WHITE, "dice_out")
    assert after.returns() == [-1.0, 1.0]


def test_uncovering_ones_own_dice_out_loses() -> None:
    """Red lifts its 3 (which becomes a 1) off its own 1 with another red 1 on e2."""
    state = position({"c3": "r1 r3", "e2": "r1", **WHITE_SPARES, "a4": "w2"})
    after = play(state, "c3-c4")
    assert (after.winner, after.reason) == (WHITE, "own_dice_out")


def test_completing_ones_own_dice_out_by_moving_loses() -> None:
    state = position({"b3": "r2", "c2": "r3", "d1": "r3", **WHITE_SPARES, "a4": "w2"})
    after = play(state, "b3-b2")
    assert (after.winner, after.reason) == (WHITE, "own_dice_out")


def test_reaching_the_exit_while_completing_ones_own_dice_out_loses() -> None:
    state = position({"b4": "r2", "c2": "r3", "d1": "r3", "b5": "w1", "d5": "w2", "e3": "w2"})
    after = play(state, "b4-a5")
    assert (after.winner, after.reason) == (WHITE, "own_dice_out")


def test_when_both_show_dice_out_the_mover_loses() -> None:
    """Red's 2 leaves a white 1 (white shows 1, 1, 1) and becomes a 3 beside two red 3s."""
    state = position({"c3": "w1 r2", "a2": "r3", "e2": "r3", "b5": "w1", "d5": "w1"})
    after = play(state, "c3-c4")
    assert after.shows_dice_out(RED) and after.shows_dice_out(WHITE)
    assert (after.winner, after.reason) == (WHITE, "own_dice_out")


def test_reaching_a_target_exit_wins() -> None:
    state = position({"b4": "r1", "c2": "r3", "d1": "r3", **WHITE_SPARES, "e3": "w2"})
    after = play(state, "b4-a5")
    assert (after.winner, after.reason) == (RED, "exit")
    white = position({"b2": "w2", "c4": "w1", "d4": "w3", "c1": "r1", "d1": "r2", "e4": "r3"},
                     "white")
    assert (play(white, "b2-a1").winner, play(white, "b2-a1").reason) == (WHITE, "exit")


def test_a_player_may_block_their_own_exit_but_can_be_stacked_on_there() -> None:
    """White parks on a5 (red's target). A red 1 (→ 2) may land on white's 1 there and wins."""
    state = position({"a5": "w1", "b4": "r1", "c2": "r3", "d1": "r3", "c5": "w3", "d5": "w2"})
    after = play(state, "b4-a5")
    assert (after.winner, after.reason) == (RED, "exit")
    assert stacks_of(after)["a5"] == [["white", 1], ["red", 2]]


def test_a_blocked_exit_keeps_a_smaller_or_equal_die_out() -> None:
    state = position({"a5": "w3", "b4": "r2", "a4": "r1", "d1": "r2", "c5": "w1", "d5": "w2"})
    assert not any(m.endswith("-a5") for m in moves_of(state))


def test_reaching_ones_own_side_exit_does_nothing() -> None:
    state = position({"b2": "r1", "c2": "r3", "d1": "r3", **WHITE_SPARES, "e3": "w2"})
    after = play(state, "b2-a1")
    assert not after.is_terminal
    assert after.current_player == WHITE


def test_a_covered_die_breaks_a_dice_out() -> None:
    """Red's values become 2, 2, 2 but one 2 lies under a white 3: no Dice Out, play goes on."""
    state = position({"c3": "r2 w3", "a2": "r1", "e2": "r2", "b5": "w1", "d5": "w2"})
    after = play(state, "a2-a3")
    assert not after.shows_dice_out(RED)
    assert not after.is_terminal


def test_covering_a_die_prevents_the_dice_out_it_would_complete() -> None:
    """White 1 → 2 covers red's 1 on c3 while red shows 2, 2 and (now hidden) 1: play goes on."""
    state = position({"c3": "r1", "a2": "r2", "e2": "r2", "c4": "w1", "b5": "w2", "d5": "w3"},
                     "white")
    after = play(state, "c4-c3")
    assert not after.is_terminal
    assert stacks_of(after)["c3"] == [["red", 1], ["white", 2]]


def test_pass_only_without_a_legal_move() -> None:
    """Every white die is covered by a red one: white's only action is pass."""
    state = position({"b3": "w1 r2", "c3": "w2 r3", "d3": "w1 r3"}, "white")
    assert moves_of(state) == {"pass"}
    after = play(state, "pass")
    assert after.current_player == RED
    assert stacks_of(after) == stacks_of(state)
    assert after.ply == state.ply + 1
    red = position({"b3": "w1 r2", "c3": "w2 r3", "d3": "w1 r3"}, "red")
    assert "pass" not in moves_of(red)
    with pytest.raises(IllegalMoveError):
        red.play_notation("pass")


def test_a_die_in_a_corner_can_be_hemmed_in() -> None:
    """A 3 (→ 1) needs an empty cell; white's a5 3 is surrounded by red on a4, b4 and b5."""
    state = position({"a5": "w3", "a4": "r1", "b4": "r2", "b5": "r3", "c3": "w2 w3"}, "white")
    assert {state.action_origin(a) for a in state.legal_actions()} == {"c3"}


TRIANGLES = ("b1-a2", "d5-e4", "a2-a1", "e4-e5", "a1-b1", "e5-d5")


def test_third_repetition_is_a_draw() -> None:
    """Each side walks one die round a triangle: three steps bring its value back too."""
    from asobiba.games.diceout.game import DiceOutGame

    start = DiceOutGame({"setup": "fixed"}).new_state()
    once = play(start, *TRIANGLES)
    assert once.key() == start.key() and not once.is_terminal
    twice = play(once, *TRIANGLES)
    assert (twice.winner, twice.reason) == (DRAW, "repetition")
    assert twice.ranks() == [1, 1] and twice.returns() == [0.0, 0.0]
    early = play(DiceOutGame({"setup": "fixed", "repetition": 2}).new_state(), *TRIANGLES)
    assert early.reason == "repetition"


def test_max_plies_is_a_draw() -> None:
    from asobiba.games.diceout.game import DiceOutGame

    start = DiceOutGame({"setup": "fixed", "max_plies": 4}).new_state()
    three = play(start, *TRIANGLES[:3])
    assert not three.is_terminal
    four = play(three, TRIANGLES[3])
    assert (four.winner, four.reason) == (DRAW, "max_plies")
    assert four.legal_actions() == []


def test_a_win_takes_precedence_over_the_ply_limit() -> None:
    layout = {"b4": "r1", "c2": "r3", "d1": "r3", **WHITE_SPARES, "e3": "w2"}
    assert play(position(layout, max_plies=1), "b4-a5").reason == "exit"
    assert play(position(layout, max_plies=1), "b4-c4").reason == "max_plies"


def test_the_finished_game_has_no_moves() -> None:
    state = position({"b4": "r1", "c2": "r3", "d1": "r3", **WHITE_SPARES, "e3": "w2"})
    after = play(state, "b4-a5")
    assert after.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="over"):
        after.play_notation("c2-c3")


def test_red_spares_are_quiet() -> None:
    """The spare dice used above really are inert (sanity check of the fixtures)."""
    state = position({**RED_SPARES, "c1": "r2", **WHITE_SPARES, "c5": "w2"})
    assert not state.shows_dice_out(RED) and not state.shows_dice_out(WHITE)
