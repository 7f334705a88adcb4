"""What every registered game declares for the research frameworks (docs/research.md), checked
the same way for each on the positions of the conformance suite's random games, and on whole
random games for the length bound."""

from __future__ import annotations

import math
import random

import numpy as np
from conformance.cases import Case, Playout

from asobiba.core import random_action, registry

Played = tuple[Playout, ...]


def research(case: Case):
    found = registry.descriptor(case.game_id).research
    assert found is not None, f"{case.game_id} declares nothing for the research frameworks"
    return found


def test_every_action_is_below_its_bound(case: Case, played: Played) -> None:
    """Every legal decision is below ``num_distinct_actions``, every chance outcome below
    ``max_chance_outcomes``; action ids are never negative."""
    bounds = research(case).bounds(case.game())
    for playout in played:
        for state in playout.positions():
            limit = bounds.max_chance_outcomes if state.is_chance else bounds.num_distinct_actions
            for action in state.legal_actions():
                assert 0 <= action < limit, (action, state.to_json())


def test_games_end_within_their_length_bound(case: Case) -> None:
    """Whole random games end, taking at most ``max_game_length`` decisions (chance outcomes
    not counted)."""
    game = case.game()
    bound = research(case).bounds(game).max_game_length
    assert 0 < bound < math.inf
    for number in range(2):
        rng = random.Random(f"{case}/whole/{number}")
        state, decisions = game.new_state(), 0
        while not state.is_terminal:
            decisions += not state.is_chance
            assert decisions <= bound, state.to_json()
            state = state.apply(random_action(state, rng))


def test_observations_have_their_declared_shape(case: Case, played: Played) -> None:
    """The tensor of every position, for every seat, is float32 of the declared shape with one
    name per entry of its first axis, finite, never negative and the same for equal positions;
    the text names the position."""
    game = case.game()
    observer = research(case).observer(game)
    assert len(observer.planes) == observer.shape[0]
    for playout in played:
        for state in playout.positions():
            for seat in range(game.num_players):
                tensor = observer.tensor(state, seat)
                assert tensor.dtype == np.float32 and tensor.shape == observer.shape
                assert np.isfinite(tensor).all() and (tensor >= 0).all()
                again = game.state_from_json(state.to_json())
                assert np.array_equal(observer.tensor(again, seat), tensor)
                assert isinstance(observer.text(state, seat), str) and observer.text(state, seat)


def test_returns_lie_in_the_declared_range(case: Case, played: Played) -> None:
    """Final returns lie in the declared utility range and add up to 0 in a zero-sum game."""
    declared = research(case)
    low, high = declared.utility
    ended = [playout.states[-1] for playout in played if playout.states[-1].is_terminal]
    assert ended, "no game of the case reached its end"
    for last in ended:
        returns = last.returns()
        assert all(low <= r <= high for r in returns)
        if declared.zero_sum:
            assert abs(sum(returns)) < 1e-9
