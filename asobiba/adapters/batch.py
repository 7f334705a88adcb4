"""N games of one game stepped together in compiled code (docs/research.md, "The batched engine").

``BatchEnv(GAME, num_envs, **options)`` drives the batched kernel the game declares
(:class:`~asobiba.core.descriptor.BatchKernel`, ``Research.batch``): ``reset(seed)`` and
``step(actions)`` return numpy arrays — observations ``(N, *shape)`` seen by each game's seat to
move, legal-action masks ``(N, num_distinct_actions)``, rewards ``(N, players)`` (the returns of the
games that just ended, zeros elsewhere) and done flags ``(N,)``; a game that ends starts again at
once. ``legal`` and ``counts`` list each game's legal actions, and :meth:`BatchEnv.random_actions`
draws one uniformly per game from a numpy generator, so a whole random run is reproducible by its
seeds.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import registry
from ..core.descriptor import BatchKernel
from ..core.errors import AsobibaError


class NoBatchError(AsobibaError):
    """The game declares no batched engine."""


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
        self.rewards = np.zeros((num_envs, self.game.num_players), dtype=np.float32)
        self.dones = np.zeros(num_envs, dtype=np.bool_)
        self._games = np.arange(num_envs)

    @property
    def legal(self) -> np.ndarray:
        return self.kernel.legal

    @property
    def counts(self) -> np.ndarray:
        return self.kernel.counts

    def reset(self, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Every game from the start: ``(observations, masks)``."""
        self.kernel.reset(seed)
        self.rewards[:] = 0.0
        self.dones[:] = False
        return self.kernel.observations, self.kernel.masks

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play one legal action per game: ``(observations, masks, rewards, dones)``."""
        actions = np.ascontiguousarray(actions, dtype=np.int32)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {actions.shape}")
        self.kernel.step(actions, self.rewards, self.dones)
        return self.kernel.observations, self.kernel.masks, self.rewards, self.dones

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One legal action per game, uniformly."""
        counts = self.kernel.counts
        picks = (rng.random(self.num_envs) * counts).astype(np.intp)
        return self.kernel.legal[self._games, picks]

    def state(self, index: int) -> Any:
        """Game ``index`` as a readable state."""
        return self.kernel.state(index)
