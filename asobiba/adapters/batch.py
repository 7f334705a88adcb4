"""N games of one game stepped together in compiled code (docs/research.md, "The batched engine").

``BatchEnv(GAME, num_envs, **options)`` drives the batched kernel the game declares
(:class:`~asobiba.core.descriptor.BatchKernel`, ``Research.batch``). ``reset(seed)`` and
``step(actions)`` return a :class:`BatchStep` of numpy arrays, in the shape pgx's ``State`` has
them: ``observation`` ``(N, *shape)`` seen by each game's seat to move, ``legal_action_mask``
``(N, num_distinct_actions)``, ``rewards`` ``(N, players)`` (the returns of the games that just
ended, zeros elsewhere), ``terminated`` and ``truncated`` ``(N,)`` (a game that just ended by the
rules, or was cut by a move limit: ``Research.cut``), ``current_player`` ``(N,)`` and ``illegal``
``(N,)``. A game that ends starts again at once (auto-reset), so the observation, mask and player
are those of the new game.

Every action is checked before the compiled step, which trusts its input: an id outside
``0 … num_distinct_actions - 1`` (or not an integer, or the wrong shape) raises ValueError and
plays nothing; an id that is not legal in its game ends that game at once, the mover
losing (as pgx does): the mover's reward is the least utility, every other seat shares what
it loses so the rewards add up to 0, ``terminated`` and ``illegal`` are set, and the game starts
again. ``legal`` and ``counts`` list each game's legal actions, and :meth:`BatchEnv.random_actions`
draws one uniformly per game from a numpy generator, so a whole random run is reproducible by its
seeds.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..core import registry
from ..core.descriptor import BatchKernel
from ..core.errors import AsobibaError

RESTART = -1
"""The action the kernel reads as "start this game again, nothing played"."""


class NoBatchError(AsobibaError):
    """The game declares no batched engine."""


class BatchStep(NamedTuple):
    """What :meth:`BatchEnv.reset` and :meth:`BatchEnv.step` give, named as pgx's ``State``
    fields are (docs/research.md, "The batched engine"). The arrays are the batch's: read or copy
    them, never write them."""

    observation: np.ndarray
    legal_action_mask: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    current_player: np.ndarray
    illegal: np.ndarray


def batched_games() -> list[str]:
    """The games that declare a batched engine."""
    return [d.id for d in registry.descriptors() if d.research is not None and d.research.batch]


class BatchEnv:
    """N games of one game with its options."""

    def __init__(self, game_id: str, num_envs: int, **options: Any) -> None:
        descriptor = registry.descriptor(game_id)
        research = descriptor.research
        if research is None or research.batch is None:
            known = ", ".join(batched_games()) or "none"
            raise NoBatchError(f"{game_id} has no batched engine (games with one: {known})")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.game = registry.make_game(game_id, options)
        self.kernel: BatchKernel = research.batch(self.game, num_envs)
        self.num_envs = num_envs
        self.num_actions = research.bounds(self.game).num_distinct_actions
        players = self.game.num_players
        self.least = float(research.utility[0])
        self.rewards = np.zeros((num_envs, players), dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.truncated = np.zeros(num_envs, dtype=np.bool_)
        self.illegal = np.zeros(num_envs, dtype=np.bool_)
        self._dones = np.zeros(num_envs, dtype=np.bool_)
        self._games = np.arange(num_envs)

    @property
    def legal(self) -> np.ndarray:
        return self.kernel.legal

    @property
    def counts(self) -> np.ndarray:
        return self.kernel.counts

    @property
    def current_player(self) -> np.ndarray:
        """int ``(N,)``: the seat to move in each game (a copy)."""
        return np.asarray(self.kernel.to_move, dtype=np.int32)

    def _result(self) -> BatchStep:
        k = self.kernel
        return BatchStep(k.observations, k.masks, self.rewards, self.terminated, self.truncated,
                         self.current_player, self.illegal)

    def reset(self, seed: int = 0) -> BatchStep:
        """Every game from the start."""
        self.kernel.reset(seed)
        for array in (self.rewards, self.terminated, self.truncated, self.illegal, self._dones):
            array[:] = 0
        return self._result()

    def checked(self, actions: Any) -> np.ndarray:
        """``actions`` as the kernel's int32 array, once they are one integer id per game within
        the game's action ids (ValueError otherwise, nothing played)."""
        given = np.asarray(actions)
        if given.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {given.shape}")
        if given.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {given.dtype}")
        if given.min() < 0 or given.max() >= self.num_actions:
            wide = given.astype(np.int64)
            wrong = np.flatnonzero((wide < 0) | (wide >= self.num_actions))
            i = int(wrong[0])
            raise ValueError(f"action {int(wide[i])} of game {i} is not an action id "
                             f"(0 … {self.num_actions - 1}); {wrong.size} such in all")
        return given.astype(np.int32)

    def step(self, actions: Any) -> BatchStep:
        """Play one action per game (see the module's text for an illegal one)."""
        chosen = self.checked(actions)
        legal = self.kernel.masks[self._games, chosen]
        wrong = not legal.all()
        if wrong:
            np.logical_not(legal, out=self.illegal)
            movers = self.current_player[self.illegal]
            chosen[self.illegal] = RESTART
        elif self.illegal.any():
            self.illegal[:] = False
        self.kernel.step(chosen, self.rewards, self._dones, self.truncated)
        np.greater(self._dones, self.truncated, out=self.terminated)  # done and not cut
        if wrong:
            self._penalise(np.flatnonzero(self.illegal), movers)
        return self._result()

    def _penalise(self, games: np.ndarray, movers: np.ndarray) -> None:
        """The rewards of games ended by an illegal action: the mover the least utility, the
        others sharing the opposite."""
        players = self.rewards.shape[1]
        others = -self.least / (players - 1) if players > 1 else 0.0
        self.rewards[games] = others
        self.rewards[games, movers] = self.least
        self.terminated[games] = True

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One legal action per game, uniformly."""
        counts = self.kernel.counts
        picks = (rng.random(self.num_envs) * counts).astype(np.intp)
        return self.kernel.legal[self._games, picks]

    def state(self, index: int) -> Any:
        """Game ``index`` as a readable state."""
        return self.kernel.state(index)
