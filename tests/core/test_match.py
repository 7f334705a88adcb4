"""A game in progress (asobiba.core.match): chance from the seed and the ply, forced passes, undo back
to a person's move, resign, the result."""

from __future__ import annotations

import pytest
from core.toy_nim import NimGame

from asobiba.core.errors import IllegalMoveError
from asobiba.core.match import COMPUTER, HUMAN, Match


def _match(seats=(HUMAN, COMPUTER), seed: int = 7, actions=()) -> Match:
    game = NimGame()
    return Match(game, game.new_state(), list(seats), seed, actions)


def _settle_chance(match: Match) -> None:
    while (action := match.automatic_action()) is not None:
        match.play(action)


def test_chance_is_drawn_from_the_seed_and_the_ply_so_undo_rolls_the_same_again() -> None:
    match = _match()
    roll = match.chance_action()
    assert roll == _match().chance_action()  # same seed, same ply: same outcome
    _settle_chance(match)
    match.play(1)
    match.play(1)
    match.truncate(0)
    assert match.chance_action() == roll
    rolls = {_match(seed=s).chance_action() for s in range(40)}
    assert rolls == {103, 104, 105}  # and every outcome does come up


def test_undo_takes_back_the_persons_move_and_the_computers_reply() -> None:
    match = _match()
    _settle_chance(match)
    start = match.plies
    match.play(1)  # the person
    match.play(1)  # the computer
    assert match.undo_target() == start
    hot_seat = _match(seats=(HUMAN, HUMAN), actions=match.actions[:start])
    hot_seat.play(1)
    hot_seat.play(2)
    assert hot_seat.undo_target() == start + 1  # between people: one move
    with pytest.raises(IllegalMoveError, match="no move of yours"):
        _match().undo_target()


def test_the_engine_result_and_resign() -> None:
    match = _match(seats=(HUMAN, HUMAN))
    _settle_chance(match)
    while not match.finished:
        match.play(match.state.legal_actions()[-1])
    assert match.result is not None and match.result.reason == "rules"
    assert sorted(match.result.ranks) == [1, 2]
    with pytest.raises(IllegalMoveError, match="over"):
        match.check_human_move(1)
    resigning = _match()
    _settle_chance(resigning)
    assert resigning.resign([0]) == (0,)
    assert resigning.result is not None
    assert resigning.result.ranks == (2, 1) and resigning.result.resigned == ("first",)
    with pytest.raises(IllegalMoveError, match="resigned"):
        resigning.undo_target()


def test_people_may_only_play_legal_moves_on_their_turn() -> None:
    match = _match(seats=(COMPUTER, HUMAN))
    _settle_chance(match)
    with pytest.raises(IllegalMoveError, match="not a person's turn"):
        match.check_human_move(1)
    match.play(1)
    with pytest.raises(IllegalMoveError, match="'take 3' is not legal"):
        match.check_human_move(3)
    assert match.forced_pass() is None  # two moves to choose from: nothing is forced
