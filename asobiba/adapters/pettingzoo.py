"""Every asobiba game as a PettingZoo AEC environment (docs/research.md, "PettingZoo").

``env(GAME, **options)`` plays one game with its rule options (as JSON values). Agents are the
game's seats by name; the agent to act is the seat to move. Chance (dice) is drawn by the
environment with the exact probabilities of the game, from a generator seeded by
``reset(seed=…)``. An observation is a dict: ``observation``, the game's declared tensor seen by the
agent, and ``action_mask``, int8 over the game's ``num_distinct_actions`` (ones for the legal
actions of the agent to act, zeros for the others). Rewards come at the end (the game's returns);
every agent terminates then — or is truncated, when a move or turn limit cut the game
(:mod:`.cuts`; ``cut_returns="race"`` gives the returns at a cut from the race, off by default).
``render_mode`` ``"ansi"`` gives the terminal picture, ``"rgb_array"``
the board picture as pixels (:mod:`.pictures`).

Needs the extra ``asobiba[rl]``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import IllegalMoveError, State, registry, sample_chance
from ..core.descriptor import GameDescriptor, Research
from . import pictures
from .cuts import RULES, Cuts

RENDER_MODES = ("ansi", "rgb_array")


def research_of(descriptor: GameDescriptor) -> Research:
    if descriptor.research is None:
        raise LookupError(f"{descriptor.id} declares nothing for the research frameworks")
    return descriptor.research


class AsobibaEnv(AECEnv):
    """One asobiba game with its options as an AEC environment."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game_id: str, render_mode: str | None = None, cut_returns: str = RULES,
                 **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.descriptor = registry.descriptor(game_id)
        self.game = registry.make_game(game_id, options)
        research = research_of(self.descriptor)
        self.cuts = Cuts.of(research, game_id, cut_returns)
        self.bounds = research.bounds(self.game)
        self.observer = research.observer(self.game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"asobiba_{game_id}_v0"}
        self.possible_agents = list(self.game.player_names)
        low, high = research.utility
        self.reward_range = (low, high)
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, self.observer.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.bounds.num_distinct_actions,), np.int8),
        })
        action = spaces.Discrete(self.bounds.num_distinct_actions)
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {agent: action for agent in self.possible_agents}
        self._chance = random.Random()
        self.position: State = self.game.new_state()
        self.last_move: int | None = None

    # -- spaces -----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- playing ----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._chance = random.Random(seed)
        self.position = self._settled(self.game.new_state())
        self.last_move = None
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _settled(self, state: State) -> State:
        """``state`` with every chance node on from it drawn."""
        while state.is_chance:
            state = state.apply(sample_chance(state, self._chance))
        return state

    def _select(self) -> None:
        seat = self.position.current_player
        self.agent_selection = self.possible_agents[seat if seat >= 0 else 0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is to act: step needs an action, not None")
        action = int(action)
        if action not in self.position.legal_actions():
            raise IllegalMoveError(f"action {action} is not legal for {agent} here")
        self.position = self._settled(self.position.apply(action))
        self.last_move = action
        self._cumulative_rewards[agent] = 0.0
        if self.position.is_terminal:
            returns = self.cuts.returns(self.position)
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            if self.cuts.is_cut(self.position):
                self.truncations = {a: True for a in self.agents}
            else:
                self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.bounds.num_distinct_actions, dtype=np.int8)
        if self.position.current_player == seat:
            mask[self.position.legal_actions()] = 1
        return {"observation": self.observer.tensor(self.position, seat), "action_mask": mask}

    # -- pictures ---------------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "ansi":
            return pictures.text(self.descriptor, self.position, self.last_move)
        if self.render_mode == "rgb_array":
            return pictures.pixels(self.descriptor, self.position, self.last_move)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, render_mode: str | None = None, cut_returns: str = RULES,
        **options: Any) -> AsobibaEnv:
    """The AEC environment of ``game_id`` with these rule options."""
    return AsobibaEnv(game_id, render_mode=render_mode, cut_returns=cut_returns, **options)
