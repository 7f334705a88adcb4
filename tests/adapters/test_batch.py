"""The batched engine (asobiba/adapters/batch.py) held to the readable engines: the same games
played one by one with the readable engine and in one batch, the same actions in each, pass
through the same positions, show the same legal actions, observations and players to move, and
end with the same returns, cut (truncated) or not as the readable engine's ``Research.cut`` says;
a game that ends starts again. Actions are checked before the compiled step: an out-of-range id
is a ValueError (tried in a child process, so that a crash of the interpreter fails the test) and
an illegal one ends its game as the mover's loss."""

from __future__ import annotations

import subprocess
import sys
import textwrap

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
    research = registry.descriptor(game_id).research
    observer = research.observer(game)
    result = env.reset(seed=0)
    states = [start(game, env, i) for i in range(ENVS)]
    rng = np.random.default_rng(1)
    ended = cut = 0
    for _ in range(STEPS):
        for i, state in enumerate(states):
            assert env.state(i).key() == state.key()
            assert env.state(i).to_json() == state.to_json()
            assert list(np.flatnonzero(result.legal_action_mask[i])) == sorted(state.legal_actions())
            seat = state.current_player
            assert result.current_player[i] == seat
            assert np.array_equal(result.observation[i], observer.tensor(state, seat))
        actions = env.random_actions(rng)
        result = env.step(actions)
        assert not result.illegal.any()
        for i in range(ENVS):
            after = states[i].apply(int(actions[i]))
            truncated = after.is_terminal and research.cut(after)
            assert bool(result.truncated[i]) == truncated
            assert bool(result.terminated[i]) == (after.is_terminal and not truncated)
            if after.is_terminal:
                assert list(result.rewards[i]) == after.returns()
                after, ended, cut = start(game, env, i), ended + 1, cut + truncated
            else:
                assert not result.rewards[i].any()
            states[i] = after
    assert ended
    if options.get("max_plies", 1000) <= 30 and game_id != "diceout":
        assert cut  # random play on the star runs into a low cap


def test_an_illegal_action_ends_its_game_as_the_movers_loss() -> None:
    env = BatchEnv("diamond", 3, players=3, max_plies=30)
    env.reset(seed=0)
    env.step(env.random_actions(np.random.default_rng(0)))
    before = env.state(0).key()
    mover = int(env.current_player[1])
    actions = env.random_actions(np.random.default_rng(1))
    illegal = int(np.flatnonzero(~env.kernel.masks[1])[0])
    actions[1] = illegal
    result = env.step(actions)
    assert list(result.illegal) == [False, True, False]
    assert list(result.terminated) == [False, True, False] and not result.truncated.any()
    assert result.rewards[1, mover] == -1.0 and result.rewards[1].sum() == 0.0
    assert env.state(1).key() == env.game.new_state().key()  # started again
    assert env.state(0).key() != before  # the others played on


CHILD = """
import numpy as np
from asobiba.adapters.batch import BatchEnv
env = BatchEnv({game!r}, 2)
env.reset(seed=0)
for wrong in ([0, {big}], [-1, 0], [0, 2**40], np.array([0.5, 1.0]), [0]):
    try:
        env.step(np.array(wrong))
    except ValueError as e:
        print("ValueError", str(e).splitlines()[0])
    else:
        print("played", wrong)
print("alive")
"""


@pytest.mark.parametrize("game_id", ["diamond", "diceout"])
def test_an_out_of_range_action_is_a_value_error_not_a_crash(game_id: str) -> None:
    big = 10**6
    code = textwrap.dedent(CHILD.format(game=game_id, big=big))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert lines[-1] == "alive"
    assert len(lines) == 6 and all(line.startswith("ValueError") for line in lines[:5]), lines
    assert f"action {big} of game 1 is not an action id" in lines[0]


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
