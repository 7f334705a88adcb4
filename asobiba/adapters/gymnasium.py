"""Every asobiba game as a single-agent Gymnasium environment against the computer
(docs/research.md, "Gymnasium").

Importing this module registers ``asobiba/<Name>-v0`` for each game, the name made from the game's
id (``chinese_checkers`` → ``ChineseCheckers``), so that
``gymnasium.make("asobiba/Diamond-v0", opponent="normal")`` plays Diamond Game against the level
ふつう (``gymnasium.make("asobiba.adapters.gymnasium:asobiba/Diamond-v0")`` imports it on the way).
The learner holds the seat ``seat`` (default the first); every other seat is the computer player
``opponent`` (a level or an agent name of :mod:`asobiba.ai.levels`). Observations are those of the
PettingZoo environment (:mod:`.pettingzoo`): the declared tensor and the action mask, which
:meth:`SingleAgentEnv.action_masks` also gives as sb3-contrib's ``MaskablePPO`` reads it. An action
that is not legal ends the episode as a loss (the least utility), with ``info["illegal"]``; the
reward is otherwise the learner's return at the end. A game cut by a move or turn limit ends with
``truncated=True`` (``terminated`` false) and the learner's return at the cut (:mod:`.cuts`;
``cut_returns="race"`` for the returns from the race). Rule options are keyword arguments.

Needs the extra ``asobiba[rl]``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..ai.levels import make_agent
from ..core import State, registry, sample_chance
from . import pictures
from .cuts import RULES, Cuts
from .pettingzoo import RENDER_MODES, research_of

NAMESPACE = "asobiba"


def env_name(game_id: str) -> str:
    """``chinese_checkers`` → ``ChineseCheckers``."""
    return "".join(part.capitalize() for part in game_id.split("_"))


def env_id(game_id: str) -> str:
    return f"{NAMESPACE}/{env_name(game_id)}-v0"


class SingleAgentEnv(gymnasium.Env):
    """One seat of one asobiba game, the others played by the computer."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game_id: str, opponent: str = "normal", seat: int = 0,
                 render_mode: str | None = None, cut_returns: str = RULES, **options: Any) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.descriptor = registry.descriptor(game_id)
        self.game = registry.make_game(game_id, options)
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0..{self.game.num_players - 1}, not {seat}")
        research = research_of(self.descriptor)
        self.cuts = Cuts.of(research, game_id, cut_returns)
        self.bounds = research.bounds(self.game)
        self.observer = research.observer(self.game)
        self.least = research.utility[0]
        self.opponent = opponent
        self.seat = seat
        self.render_mode = render_mode
        make_agent(self.game, opponent, seed=0)  # an unknown name fails here, in one line
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, self.observer.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.bounds.num_distinct_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.bounds.num_distinct_actions)
        self._start(None)
        self.position: State = self.game.new_state()
        self.last_move: int | None = None

    def _start(self, seed: int | None) -> None:
        """Fresh generators for chance and for the computer players, from ``seed``."""
        self._chance = random.Random(seed)
        draws = random.Random(seed)
        self._agents = {
            other: make_agent(self.game, self.opponent, seed=draws.randrange(2**31))
            for other in range(self.game.num_players) if other != self.seat
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now, as booleans over every action id (what
        sb3-contrib's ``MaskablePPO`` asks an environment for; all false once the game is
        over)."""
        mask = np.zeros(self.bounds.num_distinct_actions, dtype=np.bool_)
        if not self.position.is_terminal and self.position.current_player == self.seat:
            mask[self.position.legal_actions()] = True
        return mask

    def _observation(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.bounds.num_distinct_actions, dtype=np.int8)
        if self.position.current_player == self.seat:
            mask[self.position.legal_actions()] = 1
        return {"observation": self.observer.tensor(self.position, self.seat), "action_mask": mask}

    def _play_on(self) -> None:
        """Chance and the computer players act until the learner is to move or the game ends."""
        state = self.position
        while not state.is_terminal and state.current_player != self.seat:
            if state.is_chance:
                action = sample_chance(state, self._chance)
            else:
                action = self._agents[state.current_player].choose(state)
            state = state.apply(action)
            self.last_move = action
        self.position = state

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._start(seed)
        self.position = self.game.new_state()
        self.last_move = None
        self._play_on()
        return self._observation(), {}

    def step(self, action: Any):
        action = int(action)
        if self.position.is_terminal or action not in self.position.legal_actions():
            return self._observation(), float(self.least), True, False, {"illegal": True}
        self.position = self.position.apply(action)
        self.last_move = action
        self._play_on()
        done = self.position.is_terminal
        reward = float(self.cuts.returns(self.position)[self.seat]) if done else 0.0
        cut = done and self.cuts.is_cut(self.position)
        return self._observation(), reward, done and not cut, cut, {}

    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "ansi":
            return pictures.text(self.descriptor, self.position, self.last_move)
        if self.render_mode == "rgb_array":
            return pictures.pixels(self.descriptor, self.position, self.last_move)
        return None


def register_all() -> list[str]:
    """Register every game not yet registered; the ids of all of them."""
    ids = []
    for game_id in registry.game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=f"{__name__}:SingleAgentEnv", kwargs={"game_id": game_id})
        ids.append(name)
    return ids


ENVS = register_all()
"""The registered environment ids."""
