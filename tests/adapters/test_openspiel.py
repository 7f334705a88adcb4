"""Every asobiba game in OpenSpiel (asobiba/adapters/openspiel.py), checked by OpenSpiel's own
tests and algorithms: its random simulation test with serialization under every option set of the
conformance suite, its MCTS bot playing each game to the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from conformance.cases import Case, cases

from asobiba.adapters import openspiel
from asobiba.core import registry

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"diamond": {"max_plies": 60}, "chinese_checkers": {"max_plies": 60}}
"""The star games' length cap lowered for the many random games: random play seldom finishes, so
their games run to the cap (the cap itself is checked at its default by the conformance suite)."""


def load(game_id: str, options: dict) -> pyspiel.Game:
    return pyspiel.load_game(openspiel.short_name(game_id), options)


def parameters(case: Case) -> dict:
    return {**SHORT.get(case.game_id, {}), **dict(case.changed)}


@pytest.mark.parametrize("case", cases(), ids=str)
def test_random_simulation_passes_under_every_option_set(case: Case) -> None:
    game = load(case.game_id, parameters(case))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_importing_registers_every_game_with_its_options_as_parameters() -> None:
    assert [f"asobiba_{game_id}" for game_id in registry.game_ids()] == openspiel.GAMES
    game = pyspiel.load_game("asobiba_diceout(rows=4)")
    assert game.get_parameters()["rows"] == 4
    state = game.new_initial_state()
    assert state.inner.game.options.rows == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert pyspiel.load_game("asobiba_diamond").get_type().chance_mode == (
        pyspiel.GameType.ChanceMode.DETERMINISTIC)
    tuple_option = pyspiel.load_game("asobiba_diceout(setup=fixed,red=3/2/1)")
    assert tuple_option.new_initial_state().inner.game.options.red == (3, 2, 1)


def test_game_info_comes_from_the_declared_bounds() -> None:
    for game_id in registry.game_ids():
        game = pyspiel.load_game(openspiel.short_name(game_id))
        bounds = registry.descriptor(game_id).research.bounds(registry.make_game(game_id))
        assert game.num_distinct_actions() == bounds.num_distinct_actions
        assert game.max_chance_outcomes() == bounds.max_chance_outcomes
        assert game.max_game_length() == bounds.max_game_length
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_observations_are_the_declared_tensors_and_serialization_round_trips() -> None:
    game = pyspiel.load_game("asobiba_diamond(players=3)")
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    observer = registry.descriptor("diamond").research.observer(state.inner.game)
    tensor = np.asarray(state.observation_tensor(1)).reshape(observer.shape)
    assert np.array_equal(tensor, observer.tensor(state.inner, 1))
    assert state.observation_string(1) == observer.text(state.inner, 1)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.inner.key() == state.inner.key() and again.history() == state.history()
    assert str(again_game) == str(game)


MCTS_GAME = """
import sys
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
import asobiba.adapters.openspiel

game = pyspiel.load_game(sys.argv[1])
rng = np.random.RandomState(7)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    else:
        state.apply_action(bot.step(state))
print("ended", len(state.returns()) == game.num_players())
"""
"""One game played by OpenSpiel's MCTS bot. It runs in a child process: OpenSpiel's MCTS imports
absl, whose logging set-up would stay behind in this process for the tests after it."""


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_the_mcts_bot_plays_every_game_to_the_end(game_id: str) -> None:
    name = openspiel.short_name(game_id)
    short = SHORT.get(game_id, {})
    if short:
        name += "(" + ",".join(f"{k}={v}" for k, v in short.items()) + ")"
    run = subprocess.run([sys.executable, "-c", MCTS_GAME, name], capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["ended", "True"]
