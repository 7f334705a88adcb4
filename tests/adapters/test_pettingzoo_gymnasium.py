"""Every asobiba game as a PettingZoo AEC environment and a Gymnasium environment
(asobiba/adapters/pettingzoo.py, gymnasium.py), checked by those frameworks' own tests."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from conformance.cases import Case, cases
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from asobiba.adapters import gymnasium as asobiba_gym
from asobiba.adapters import pettingzoo, pictures
from asobiba.core import registry

SHORT = {"diamond": {"max_plies": 60}, "chinese_checkers": {"max_plies": 60}}
"""The star games' length cap lowered: random play runs to it."""


def options(case: Case) -> dict:
    return {**SHORT.get(case.game_id, {}), **dict(case.changed)}


@pytest.mark.parametrize("case", cases(), ids=str)
def test_the_aec_environment_passes_the_api_and_seed_tests(case: Case) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on names and dict observations
        api_test(pettingzoo.env(case.game_id, **options(case)), num_cycles=60)
        seed_test(lambda: pettingzoo.env(case.game_id, **options(case)), num_cycles=60)


def test_chance_is_seeded_and_the_mask_is_the_legal_moves() -> None:
    def first_position(seed: int) -> dict:
        env = pettingzoo.env("diceout")
        env.reset(seed=seed)
        return env.position.to_json()

    assert first_position(4) == first_position(4)
    assert len({str(first_position(seed)) for seed in range(8)}) > 1
    env = pettingzoo.env("gandice")
    env.reset(seed=2)
    observation = env.observe(env.agent_selection)
    assert list(np.flatnonzero(observation["action_mask"])) == sorted(env.position.legal_actions())


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_pictures_are_text_and_pixels(game_id: str) -> None:
    env = pettingzoo.env(game_id, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == pictures.text(registry.descriptor(game_id), env.position, None)
    assert env.position.render_text().splitlines()[0] in env.render()
    env = pettingzoo.env(game_id, render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[1:] == (480, 3)
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 8  # a drawing, not a blank


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_gymnasium_environment_passes_the_checker(game_id: str) -> None:
    env = gymnasium.make(asobiba_gym.env_id(game_id), opponent="random", **SHORT.get(game_id, {}))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded boxes
        check_env(env.unwrapped)


def test_a_game_against_the_computer_runs_to_its_end() -> None:
    env = gymnasium.make("asobiba/Diamond-v0", opponent="intro", max_plies=40)
    observation, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done, truncated, reward = False, False, 0.0
    while not (done or truncated):
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, info = env.step(action)
        assert "illegal" not in info
    assert reward in (-1.0, 0.0, 1.0)
    _, reward, done, _, info = env.step(0)
    assert done and info["illegal"] and reward == -1.0


def test_the_pictures_draw_japanese_text_in_a_japanese_font() -> None:
    assert pictures.japanese_font() is not None  # scripts/test.sh installs fonts-noto-cjk
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
           '<text x="4" y="30" font-family="sans-serif" font-size="24">闇ダイス組</text></svg>')
    assert "sans-serif" not in pictures.with_japanese_font(svg)
    import io

    import cairosvg
    from PIL import Image

    def ink(text: str) -> np.ndarray:
        png = cairosvg.svg2png(bytestring=text.encode(), background_color="white")
        with Image.open(io.BytesIO(png)) as image:
            return np.asarray(image.convert("L")) < 128

    boxes, glyphs = ink(svg), ink(pictures.with_japanese_font(svg))
    assert glyphs.sum() > 0 and not np.array_equal(boxes, glyphs)
