"""A hint's reason on the star says why when the way left to the goal grows (docs/play.md, "Hints,
results and the replay"): a step back builds a ladder, a step forward leaves a straggler."""

from __future__ import annotations

import random

from asobiba.core.registry import make_game
from asobiba.games.star.heuristic import explain, remaining_work
from asobiba.games.star.movegen import PASS


def rising_moves(game_id: str, seed: int = 1, plies: int = 60):
    """(state, action) pairs of random games whose move makes the mover's way left grow."""
    rng = random.Random(seed)
    state = make_game(game_id, {}).new_state()
    for _ in range(plies):
        if state.is_terminal:
            return
        seat = state.to_move
        before = remaining_work(state, seat)
        for action in state.legal_actions():
            if action != PASS and remaining_work(state.apply(action), seat) > before:
                yield state, action
        state = state.apply(rng.choice(state.legal_actions()))


def test_a_rising_figure_is_explained_in_both_languages() -> None:
    found = list(rising_moves("diamond"))
    assert found
    for state, action in found[:20]:
        ja, en = explain(state, action)
        assert "増えます" in ja and "いちばん良い" in ja
        assert "rises from" in en and "best" in en
