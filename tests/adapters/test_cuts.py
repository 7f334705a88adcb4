"""A game cut by a move limit is a truncation in every framework, with the game's returns at the
cut by default and, on request, returns from the race (asobiba/adapters/cuts.py); Gymnasium's
environment gives MaskablePPO its action masks."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test

import asobiba.adapters.gymnasium  # noqa: F401 - registers the ids
import asobiba.adapters.openspiel  # noqa: F401 - registers the games
from asobiba.adapters import pettingzoo
from asobiba.adapters.gymnasium import ENVS
from asobiba.core import registry

SHORT = {"max_plies": 6}
"""Six plies: no star game ends by the rules so soon."""


def play_out(env, seed: int = 0) -> tuple[dict, dict, dict]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env.terminations, env.truncations, env._cumulative_rewards


def test_pettingzoo_marks_a_cut_game_as_truncated_with_its_rules_returns() -> None:
    env = pettingzoo.env("diamond", **SHORT)
    seen = {}
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen[agent] = (terminated, truncated, reward)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert seen == {name: (False, True, 0.0) for name in env.possible_agents}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo.env("diamond", **SHORT), num_cycles=20)
        api_test(pettingzoo.env("diamond", cut_returns="race", **SHORT), num_cycles=20)


def test_returns_from_the_race_rank_the_seats_by_the_distance_left() -> None:
    env = pettingzoo.env("chinese_checkers", players=3, cut_returns="race", **SHORT)
    seen = {}
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    research = registry.descriptor("chinese_checkers").research
    distances = research.race(env.position)
    assert sum(seen.values()) == pytest.approx(0) and len(set(seen.values())) > 1
    order = sorted(range(3), key=lambda s: distances[s])
    rewards = [seen[name] for name in env.possible_agents]
    assert rewards[order[0]] >= rewards[order[1]] >= rewards[order[2]]


def test_a_game_the_rules_end_is_terminated_not_truncated() -> None:
    env = pettingzoo.env("diceout", rows=4)
    terminations, truncations, _ = play_out(env)
    assert all(terminations.values()) and not any(truncations.values())


def test_race_returns_are_only_for_the_games_that_declare_a_race() -> None:
    with pytest.raises(ValueError, match="declares no race distance"):
        pettingzoo.env("diceout", cut_returns="race")
    with pytest.raises(ValueError, match="cut_returns must be one of rules, race"):
        pettingzoo.env("diamond", cut_returns="distance")


def test_gymnasium_says_truncated_at_a_cut() -> None:
    env = gymnasium.make("asobiba/Diamond-v0", opponent="intro", **SHORT)
    observation, _ = env.reset(seed=0)
    terminated = truncated = False
    while not (terminated or truncated):
        mask = env.unwrapped.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, observation["action_mask"] == 1)
        observation, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
    assert truncated and not terminated and reward == 0.0
    assert not env.unwrapped.action_masks().any()


def test_gymnasium_checker_passes_with_cuts_and_race_returns() -> None:
    from gymnasium.utils.env_checker import check_env

    for extra in ({}, {"cut_returns": "race"}):
        env = gymnasium.make("asobiba/ChineseCheckers-v0", opponent="random", **SHORT, **extra)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its advice on unbounded boxes
            check_env(env.unwrapped)


def test_gymnasium_ids_are_the_documented_ones() -> None:
    assert ENVS == ["asobiba/Diamond-v0", "asobiba/ChineseCheckers-v0", "asobiba/Diceout-v0",
                    "asobiba/Gandice-v0"]
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    assert all(f'`"{name}"`' in page for name in ENVS)


def test_openspiel_returns_at_a_cut_follow_the_parameter() -> None:
    def final(name: str) -> list[float]:
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        rng = np.random.default_rng(1)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        return state.returns()

    assert final("asobiba_chinese_checkers(players=3,max_plies=6)") == [0.0, 0.0, 0.0]
    race = final("asobiba_chinese_checkers(players=3,max_plies=6,cut_returns=race)")
    assert sum(race) == pytest.approx(0) and len(set(race)) > 1
    with pytest.raises(ValueError, match="declares no race distance"):
        pyspiel.load_game("asobiba_diceout(cut_returns=race)")


def test_the_maskable_ppo_example_runs_or_says_what_it_needs() -> None:
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[2] / "examples" / "maskable_ppo.py"
    args = [sys.executable, str(script), "--seconds", "2", "--games", "2", "-o", "rows=4"]
    run = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if importlib.util.find_spec("sb3_contrib") is None:
        assert run.returncode == 2 and run.stderr.count("\n") == 1
        assert "pip install sb3-contrib" in run.stderr
    else:
        assert run.returncode == 0, run.stderr[-2000:]
        assert "won" in run.stdout
