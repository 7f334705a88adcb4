"""One game of a study, played to its end and read as a :class:`Played` value.

The seats are played by computer agents (levels or arena names, :func:`asobiba.ai.levels.make_agent`),
each seeded from the game's seed and its seat; chance outcomes come from a generator seeded with the
game's seed. So a game is a pure function of (game, options, agents, seed): wherever it runs — this
process, a worker process, a Ray task on another machine — it ends the same way.

This module is the one place that reads how a game ended (:func:`played`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.levels import make_agent
from ..core.errors import AsobibaError
from ..core.game import CHANCE, TERMINAL, Game, State, sample_chance
from ..core.outcome import EndReason
from ..core.registry import descriptor, make_game_from_pairs

MAX_STEPS = 100_000


@dataclass(frozen=True)
class Job:
    """One game to play: ``index`` is its place in the study (cell, then game number)."""

    cell: int
    number: int
    game_id: str
    options: tuple[str, ...]
    agents: tuple[str, ...]
    seed: int


CUT = "cut"
"""The ending of a game a move limit cut, when the engine names no reason."""
FINISHED = "finished"
"""The ending of a game the rules ended, when the engine names no reason."""


@dataclass(frozen=True)
class Played:
    """How a game ended: the ranks by seat (1 = first), the seat that made the first decision (None
    when the game ended before anyone chose), the number of actions, how it ended (the engine's
    reason, else :data:`CUT` or :data:`FINISHED`) and whether a move limit cut it
    (``Research.cut``)."""

    ranks: tuple[int, ...]
    first: int | None
    actions: int
    ending: str
    cut: bool = False

    @property
    def draw(self) -> bool:
        """Every seat shares one rank."""
        return len(set(self.ranks)) == 1

    def score(self, seat: int, others: Sequence[int]) -> float:
        """``seat``'s mean score against ``others``: 1 a better rank, ½ the same, 0 a worse."""
        mine = self.ranks[seat]
        points = [1.0 if mine < self.ranks[o] else 0.5 if mine == self.ranks[o] else 0.0 for o in others]
        return sum(points) / len(points)


def played(game_id: str, final: State, first: int | None, actions: int) -> Played:
    """Read a finished game (its ranks, how it ended and whether a move limit cut it)."""
    research = descriptor(game_id).research
    cut = bool(research is not None and research.cut is not None and research.cut(final))
    reason = final.reason if isinstance(final, EndReason) and final.reason else None
    ending = reason or (CUT if cut else FINISHED)
    return Played(tuple(final.ranks()), first, actions, ending, cut)


@functools.lru_cache(maxsize=64)
def cached_game(game_id: str, options: tuple[str, ...]) -> Game:
    """The game of these options, made once per process (a worker plays many games of each)."""
    return make_game_from_pairs(game_id, list(options))


def play(job: Job) -> Played:
    """Play ``job`` to its end."""
    game = cached_game(job.game_id, job.options)
    agents = [make_agent(game, name, seed=job.seed + seat) for seat, name in enumerate(job.agents)]
    rng = random.Random(job.seed)
    state = game.new_state()
    first = None
    steps = 0
    while (player := state.current_player) != TERMINAL:
        if steps >= MAX_STEPS:
            raise AsobibaError(f"a {job.game_id} game did not end within {MAX_STEPS} actions")
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            first = player if first is None else first
            action = agents[player].choose(state)
        state = state.apply(action)
        steps += 1
    return played(job.game_id, state, first, steps)


def play_many(jobs: Sequence[Job]) -> list[tuple[Job, Played]]:
    """Play a chunk of jobs (one task of an engine)."""
    return [(job, play(job)) for job in jobs]
