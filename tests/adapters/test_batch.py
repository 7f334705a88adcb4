"""The batched engine (asobiba/adapters/batch.py) held to the readable engines: the same games
played one by one with the readable engine and in one batch, the same actions in each, pass
through the same positions, show the same legal actions and observations, and end with the same
returns; a game that ends starts again."""

from __future__ import annotations

import numpy as np
import pytest

from asobiba.adapters.batch import BatchEnv, NoBatchError, batched_games
from asobiba.core import registry

CASES = [
    ("diamond", {"max_plies": 40}),
    ("diamond", {"players": 3, "max_plies": 30}),
    ("diamond", {"board": "small", "goal_block": "swap", "max_plies": 40}),
    ("diamond", {"long_jump": True, "king_chain_after_line": "any", "max_plies": 30}),
    ("chinese_checkers", {"players": 6, "max_plies": 40}),
    ("chinese_checkers", {"players": 3, "other_points": "pass", "hop_own": False, "max_plies": 30}),
    ("chinese_checkers", {"players": 1, "max_plies": 25}),
]
STEPS = 70
ENVS = 5


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=str)
def test_batched_games_follow_the_readable_engine(game_id: str, options: dict) -> None:
    env = BatchEnv(game_id, ENVS, **options)
    game = env.game
    observer = registry.descriptor(game_id).research.observer(game)
    observations, masks = env.reset(seed=0)
    states = [game.new_state() for _ in range(ENVS)]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(STEPS):
        for i, state in enumerate(states):
            assert env.state(i).key() == state.key()
            assert list(np.flatnonzero(masks[i])) == sorted(state.legal_actions())
            seat = state.current_player
            assert np.array_equal(observations[i], observer.tensor(state, seat))
        actions = env.random_actions(rng)
        observations, masks, rewards, dones = env.step(actions)
        for i in range(ENVS):
            after = states[i].apply(int(actions[i]))
            assert bool(dones[i]) == after.is_terminal
            if after.is_terminal:
                assert list(rewards[i]) == after.returns()
                after, ended = game.new_state(), ended + 1
            else:
                assert not rewards[i].any()
            states[i] = after
    assert ended


def test_the_star_games_and_no_others_say_they_are_batched() -> None:
    assert set(batched_games()) >= {"diamond", "chinese_checkers"}
    with pytest.raises(NoBatchError, match="gandice has no batched engine"):
        BatchEnv("gandice", 2)
