"""Dice Out's agent kind ``kernel`` (Knowledge.agents): the compiled search, used by 最強 when no
solved table answers (docs/ai.md, "Level tables"), with the readable 最強 kept as the arena baseline
``strongest-python``. Budgets are cut down (tests assert behaviour, never strength or time)."""

from __future__ import annotations

import random

from asobiba.ai.levels import agent_names, build_agent, level_specs, make_agent
from asobiba.core.game import CHANCE
from asobiba.core.registry import make_game


def test_the_strongest_dice_out_level_searches_in_compiled_code() -> None:
    game = make_game("diceout")
    spec = level_specs(game)["strongest"]
    assert spec["agent"] == "kernel" and spec["exact"]
    assert "strongest-python" in agent_names(game)
    assert type(make_agent(game, "strongest-python", seed=0)).__name__ == "AlphaBetaAgent"
    searching = {k: v for k, v in spec.items() if k != "exact"}
    assert type(build_agent(game, searching, name="strongest", seed=0)).__name__ == "SearchAgent"


def test_a_kernel_agent_plays_whole_games_placing_included() -> None:
    for options in ({}, {"rows": 4, "declare": "manual"}, {"rows": 7, "placement": "rolled"}):
        game = make_game("diceout", options)
        agent = build_agent(game, {"agent": "kernel", "max_nodes": 2_000, "python_nodes": 300},
                            name="k", seed=1)
        assert agent.name == "k"
        rng = random.Random(str(options))
        state = game.new_state()
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state = state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            action = agent.choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)
