"""Agent kinds a game declares in its knowledge (``Knowledge.agents``): Diamond Game's ``kernel``
search on the compiled engine, used by its two strongest levels (docs/ai.md, "Level tables")."""

from __future__ import annotations

from asobiba.ai.levels import LEVEL_BUDGETS, agent_names, build_agent, level_specs, make_agent
from asobiba.core.registry import make_game


def test_the_two_strongest_diamond_levels_search_on_the_compiled_engine() -> None:
    game = make_game("diamond")
    specs = level_specs(game)
    assert specs["strong"]["agent"] == specs["strongest"]["agent"] == "kernel"
    assert specs["strong"]["max_nodes"] < specs["strongest"]["max_nodes"]
    assert {"strong-python", "strongest-python"} <= set(agent_names(game))


def test_the_compiled_levels_stop_inside_their_think_time() -> None:
    """Each carries a time cap under its level's budget, on top of its node budget."""
    specs = level_specs(make_game("diamond"))
    for level in ("strong", "strongest"):
        assert 0 < specs[level]["time_limit"] < LEVEL_BUDGETS[level]


def test_the_equal_time_baselines_are_stopped_by_the_clock() -> None:
    game = make_game("diamond")
    for name in ("strongest-0.25s", "strongest-python-0.25s"):
        agent = make_agent(game, name, seed=0)
        assert agent.time_limit == 0.25 and agent.max_nodes >= 1_000_000


def test_a_kernel_spec_builds_an_agent_that_plays_legal_moves() -> None:
    for options in (None, {"players": 3}):
        game = make_game("diamond", options)
        agent = build_agent(game, {"agent": "kernel", "max_nodes": 300, "beam": 4},
                            name="k", seed=1)
        state = game.new_state()
        for _ in range(4):
            action = agent.choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)
        assert agent.name == "k"


def test_the_python_baseline_keeps_the_readable_search() -> None:
    game = make_game("diamond")
    agent = make_agent(game, "strongest-python", seed=0)
    assert type(agent).__name__ == "AlphaBetaAgent"
