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
    ("diceout", {}),
    ("diceout", {"rows": 4, "placement": "rolled", "repetition": 2, "max_plies": 12}),
    ("diceout", {"rows": 9, "setup": "fixed", "first": "white", "max_plies": 20}),
]
STEPS = 70
ENVS = 5


def start(game, env: BatchEnv, i: int):
    """The start of game ``i`` of the batch: after the chance outcome the batch drew, if any."""
    state = game.new_state()
    if state.is_chance:
        state = state.apply(int(env.kernel.openings[i]))
    return state


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=str)
def test_batched_games_follow_the_readable_engine(game_id: str, options: dict) -> None:
    env = BatchEnv(game_id, ENVS, **options)
    game = env.game
    observer = registry.descriptor(game_id).research.observer(game)
    observations, masks = env.reset(seed=0)
    states = [start(game, env, i) for i in range(ENVS)]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(STEPS):
        for i, state in enumerate(states):
            assert env.state(i).key() == state.key()
            assert env.state(i).to_json() == state.to_json()
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
                after, ended = start(game, env, i), ended + 1
            else:
                assert not rewards[i].any()
            states[i] = after
    assert ended


def test_batched_chance_is_reproducible_by_seed() -> None:
    def openings(seed: int) -> list[int]:
        env = BatchEnv("diceout", 16)
        env.reset(seed=seed)
        return list(env.kernel.openings)

    assert openings(3) == openings(3) and openings(3) != openings(4)


def test_the_batched_games_are_declared() -> None:
    assert set(batched_games()) == {"diamond", "chinese_checkers", "diceout"}
    with pytest.raises(NoBatchError, match="gandice has no batched engine"):
        BatchEnv("gandice", 2)
