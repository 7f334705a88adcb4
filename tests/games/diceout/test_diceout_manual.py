"""``declare=manual``: when ダイスアウト can be declared, and what an undeclared one does.

Semantics (docs/rules/diceout.md, state.py): the side to move may ``declare`` while the other
side's dice show Dice Out; a mover who uncovers or creates the *opponent's* Dice Out gets a
declaration window (``declare`` or ``pass``); a mover who reaches a target EXIT while showing their
own Dice Out gives the opponent a window (``declare`` wins, ``pass`` concedes the EXIT); an
undeclared Dice Out changes nothing.
"""

from __future__ import annotations

import pytest
from games.diceout.diceout_helpers import moves_of, play, position

from asobiba.core.errors import IllegalMoveError, PositionError
from asobiba.games.diceout.board import RED, WHITE
from asobiba.games.diceout.game import DiceOutGame

MANUAL = {"declare": "manual"}

# White's 3 on c4 becomes a 1 on c3 next to white 1s: white shows 1, 1, 1.
WHITE_MAKES_OWN = {"c4": "w3", "b5": "w1", "d5": "w1", "d2": "r1", "a2": "r2", "b1": "r3"}
# Red lifts its 3 off a white 2 with white 2s on b5 and d5.
RED_UNCOVERS_WHITE = {"c3": "w2 r3", "a2": "r2", "e2": "r3", "b5": "w2", "d5": "w2"}
# Red's 2 reaches a5 as a 3 beside two red 3s.
RED_EXIT_WITH_OWN = {"b4": "r2", "c2": "r3", "d1": "r3", "b5": "w1", "d5": "w2", "e3": "w2"}


def test_an_opponents_own_dice_out_can_be_declared_on_your_turn() -> None:
    state = play(position(WHITE_MAKES_OWN, "white", **MANUAL), "c4-c3")
    assert not state.is_terminal  # nobody has declared yet
    assert state.current_player == RED and state.shows_dice_out(WHITE)
    assert "declare" in moves_of(state)
    won = play(state, "declare")
    assert (won.winner, won.reason) == (RED, "declared")
    assert won.returns() == [1.0, -1.0]


def test_the_declaration_alias_in_japanese() -> None:
    state = play(position(WHITE_MAKES_OWN, "white", **MANUAL), "c4-c3")
    assert state.notation_to_action("ダイスアウト！") == state.notation_to_action("declare")


def test_an_undeclared_dice_out_has_no_effect_and_expires() -> None:
    moved = play(position(WHITE_MAKES_OWN, "white", **MANUAL), "c4-c3", "a2-a3")
    # Still showing after red's move: red may still declare in its window, but lets it go.
    assert moved.current_player == RED and moves_of(moved) == {"pass", "declare"}
    state = play(moved, "pass")
    assert state.current_player == WHITE and state.shows_dice_out(WHITE)
    assert "declare" not in moves_of(state)  # white cannot declare its own
    later = play(state, "b5-b4")
    assert not later.shows_dice_out(WHITE)
    assert "declare" not in moves_of(later)
    with pytest.raises(IllegalMoveError):
        later.play_notation("declare")


def test_no_declaration_after_it_stops_showing() -> None:
    """Red covers a white 1 instead of declaring: the Dice Out is gone for good."""
    state = play(position(WHITE_MAKES_OWN, "white", **MANUAL), "c4-c3", "d2-c3")
    assert state.to_json()["stacks"]["c3"] == [["white", 1], ["red", 2]]
    assert not state.shows_dice_out(WHITE)
    back_to_red = play(state, "b5-b4")
    assert "declare" not in moves_of(back_to_red)


def test_uncovering_the_opponents_dice_out_opens_a_window_for_the_mover() -> None:
    state = play(position(RED_UNCOVERS_WHITE, **MANUAL), "c3-c4")
    assert not state.is_terminal
    assert state.current_player == RED
    assert moves_of(state) == {"pass", "declare"}
    assert state.to_json()["window"] == "after_move"
    assert (play(state, "declare").winner, play(state, "declare").reason) == (RED, "declared")
    let_go = play(state, "pass")
    assert let_go.current_player == WHITE and let_go.shows_dice_out(WHITE)
    assert "declare" not in moves_of(let_go)
    assert let_go.ply == state.ply  # a window decision is not a turn
    assert not play(let_go, "b5-b4").is_terminal


def test_the_same_move_wins_at_once_with_declare_auto() -> None:
    after = play(position(RED_UNCOVERS_WHITE), "c3-c4")
    assert (after.winner, after.reason) == (RED, "dice_out")


def test_reaching_the_exit_with_ones_own_dice_out_lets_the_opponent_declare() -> None:
    state = play(position(RED_EXIT_WITH_OWN, **MANUAL), "b4-a5")
    assert state.current_player == WHITE
    assert moves_of(state) == {"pass", "declare"}
    assert state.to_json()["window"] == "exit"
    declared = play(state, "declare")
    assert (declared.winner, declared.reason) == (WHITE, "declared")
    conceded = play(state, "pass")
    assert (conceded.winner, conceded.reason) == (RED, "exit")


def test_reaching_the_exit_without_ones_own_dice_out_wins_at_once_in_manual_mode() -> None:
    layout = {"b4": "r1", "c2": "r3", "d1": "r3", "b5": "w3", "d5": "w1", "e3": "w2"}
    after = play(position(layout, **MANUAL), "b4-a5")
    assert (after.winner, after.reason) == (RED, "exit")


def test_completing_ones_own_dice_out_gives_the_opponent_the_declaration() -> None:
    layout = {"b3": "r2", "c2": "r3", "d1": "r3", "b5": "w3", "d5": "w1", "a4": "w2"}
    state = play(position(layout, **MANUAL), "b3-b2")
    assert state.current_player == WHITE and state.shows_dice_out(RED)
    assert "declare" in moves_of(state) and len(moves_of(state)) > 1
    assert play(state, "declare").winner == WHITE
    moved = play(state, "a4-a3")  # still showing after white's move: white's window
    assert moved.current_player == WHITE and moves_of(moved) == {"pass", "declare"}
    ignored = play(moved, "pass")
    assert ignored.current_player == RED and "declare" not in moves_of(ignored)
    assert not play(ignored, "b2-b3").shows_dice_out(RED)


def test_when_both_show_the_mover_gets_no_window() -> None:
    layout = {"c3": "w1 r2", "a2": "r3", "e2": "r3", "b5": "w1", "d5": "w1"}
    state = play(position(layout, **MANUAL), "c3-c4")
    assert state.shows_dice_out(RED) and state.shows_dice_out(WHITE)
    assert state.current_player == WHITE and "declare" in moves_of(state)


def test_a_player_without_moves_may_still_declare() -> None:
    layout = {"b3": "w1 r3", "c3": "w2 r3", "d3": "w1 r3"}
    state = position(layout, "white", **MANUAL)
    assert moves_of(state) == {"pass", "declare"}
    assert play(state, "declare").winner == WHITE


def test_declare_is_never_legal_with_declare_auto() -> None:
    state = DiceOutGame({"setup": "fixed"}).new_state()
    assert "declare" not in moves_of(state)
    with pytest.raises(IllegalMoveError):
        state.play_notation("declare")


def test_window_positions_round_trip_and_are_validated() -> None:
    window = play(position(RED_UNCOVERS_WHITE, **MANUAL), "c3-c4")
    data = window.to_json()
    again = window.game.state_from_json(data)
    assert again == window and again.to_json() == data
    with pytest.raises(PositionError, match="declare=manual"):
        DiceOutGame().state_from_json({**data, "options": {}})
    quiet = dict(data, stacks={**data["stacks"], "b5": [["white", 3]]})
    with pytest.raises(PositionError, match="after_move"):
        window.game.state_from_json(quiet)
    exit_window = play(position(RED_EXIT_WITH_OWN, **MANUAL), "b4-a5").to_json()
    assert window.game.state_from_json(exit_window).to_json() == exit_window
    with pytest.raises(PositionError, match="window 'exit'"):
        window.game.state_from_json({**exit_window, "to_move": "red"})


def test_a_showing_dice_out_is_a_valid_position_only_in_manual_mode() -> None:
    layout = {"c3": "w1", "b5": "w1", "d5": "w1", "a2": "r1", "e2": "r2", "b1": "r3"}
    assert position(layout, **MANUAL).shows_dice_out(WHITE)
    with pytest.raises(PositionError, match="Dice Out"):
        position(layout)


def test_a_possible_declaration_comes_before_the_ply_limit() -> None:
    """White makes its own Dice Out on the last allowed turn: red may still declare."""
    state = play(position(WHITE_MAKES_OWN, "white", declare="manual", max_plies=1), "c4-c3")
    assert not state.is_terminal and "declare" in moves_of(state)
    assert state.game.state_from_json(state.to_json()) == state
    assert play(state, "declare").reason == "declared"
    assert play(state, "a2-a3", "pass").reason == "max_plies"


def test_a_window_on_the_last_turn_round_trips() -> None:
    window = play(position(RED_UNCOVERS_WHITE, declare="manual", max_plies=1), "c3-c4")
    assert window.ply == 1 and moves_of(window) == {"pass", "declare"}
    assert window.game.state_from_json(window.to_json()) == window
    assert play(window, "pass").reason == "max_plies"
