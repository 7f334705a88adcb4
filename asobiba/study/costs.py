"""What a study will cost, said before it runs (``asobiba study … --dry-run``; docs/study/README.md,
"Costs before the work").

The games: a cell stops once its interval is no wider than ± ``width`` or at ``games`` games,
looking after whole batches (:mod:`.run`), and a share near 50 % needs the most games for a width
(:func:`.stats.games_for_width`); so each cell plays at most that many, rounded up to whole batches
and capped by ``games`` — fewer when its share is far from 50 %.

The time: a short calibration times each cell's own players in that cell's own game, not in any
of the study's games — calibration games seeded apart from the study's seeds (``asobiba-calibration``)
and played move by move on this process's CPU clock until the cell's budget is spent (:data:`BUDGET`,
or up to :data:`LONGEST` while no calibration game has finished; every decision of every seat and
every chance draw counted as one action). The mean length of the calibration games that finished,
times the CPU seconds an action took, is a game's cost; when none finished, the actions played so
far are a lower bound of a game's length and the estimate says "at least" (no factor holds then).
Measured against whole runs the estimate was within a factor of :data:`FACTOR`
(docs/study/README.md).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..ai.levels import make_agent
from ..core.game import CHANCE, TERMINAL, sample_chance
from .plan import Cell, Study
from .play import cached_game
from .stats import games_for_width

BUDGET = 1.0
"""CPU seconds of calibration per cell."""
LONGEST = 10.0
"""CPU seconds a cell's calibration goes on, past :data:`BUDGET`, to finish its first game."""
FACTOR = 3
"""The factor the estimate was found within, either way, against whole runs on this machine."""


@dataclass(frozen=True)
class CellCost:
    """One cell's estimate: the most games it plays, a game's actions and CPU seconds, and whether
    the length is only a lower bound (no calibration game finished)."""

    label: str
    games: int
    actions: float
    seconds_per_action: float
    at_least: bool
    calibration_actions: int
    calibration_games: int

    @property
    def seconds(self) -> float:
        return self.games * self.actions * self.seconds_per_action


@dataclass(frozen=True)
class Estimate:
    cells: tuple[CellCost, ...]

    @property
    def games(self) -> int:
        return sum(c.games for c in self.cells)

    @property
    def seconds(self) -> float:
        return sum(c.seconds for c in self.cells)

    @property
    def at_least(self) -> bool:
        return any(c.at_least for c in self.cells)


def most_games(study: Study, cell: Cell) -> int:
    """The most games a cell plays: the games a 50 % share needs for the width, in whole
    batches, at most ``games``."""
    need = games_for_width(0.5, study.width, study.confidence)
    step = cell.batch(study.batch)
    return min(study.games, step * math.ceil(need / step))


def calibrate_cell(study: Study, index: int, budget: float, longest: float = LONGEST) -> CellCost:
    cell = study.cells[index]
    spent = 0.0
    actions = finished = finished_actions = number = 0
    longest = max(budget, longest)
    while spent < budget or (not finished and spent < longest):
        job = cell.job(index, number, study.game_id, study.seed)
        seed = random.Random(f"asobiba-calibration:{study.seed}:{index}:{number}").getrandbits(62)
        game = cached_game(job.game_id, job.options)
        agents = [make_agent(game, name, seed=seed + s) for s, name in enumerate(job.agents)]
        rng = random.Random(seed)
        state = game.new_state()
        length = 0
        limit = budget if finished else longest
        while (player := state.current_player) != TERMINAL and spent < limit:
            began = time.process_time()
            action = sample_chance(state, rng) if player == CHANCE else agents[player].choose(state)
            state = state.apply(action)
            spent += time.process_time() - began
            length += 1
        actions += length
        if state.current_player == TERMINAL:
            finished += 1
            finished_actions += length
        number += 1
    per_action = spent / max(actions, 1)
    if finished:
        return CellCost(cell.label, most_games(study, cell), finished_actions / finished,
                        per_action, False, actions, finished)
    return CellCost(cell.label, most_games(study, cell), float(actions), per_action, True,
                    actions, 0)


def estimate(study: Study, budget: float = BUDGET, longest: float = LONGEST) -> Estimate:
    """Calibrate every cell (``budget`` CPU seconds each, up to ``longest`` to finish its first
    game) and estimate the study."""
    return Estimate(tuple(calibrate_cell(study, i, budget, longest) for i in range(len(study.cells))))


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def describe(study: Study, found: Estimate, workers: int) -> list[str]:
    """The lines ``--dry-run`` prints."""
    bound = "at least " if found.at_least else ""
    lines = [f"dry run of: {study.command()}",
             f"calibration: {BUDGET:g} CPU s a cell (up to {LONGEST:g} s to finish one game) of timed "
             "moves by the cell's own players in games seeded apart from the study's (no game of "
             "the study is played)"]
    for c in found.cells:
        length = f"{'≥ ' if c.at_least else ''}{c.actions:.0f} actions"
        lines.append(f"  {c.label}: at most {c.games} games × {length} × "
                     f"{1000 * c.seconds_per_action:.2f} ms = {_duration(c.seconds)} CPU "
                     f"({c.calibration_actions} actions timed, {c.calibration_games} "
                     f"game{'s' if c.calibration_games != 1 else ''} finished)")
    total = found.seconds
    factor = ("no calibration game finished: a lower bound" if found.at_least
              else f"within a factor of {FACTOR} either way")
    lines.append(f"estimate: at most {found.games} games, {bound}{_duration(total)} CPU "
                 f"({factor}), about {bound}"
                 f"{_duration(total / max(workers, 1))} on {workers} worker"
                 f"{'s' if workers != 1 else ''}; cells far from 50 % stop sooner")
    return lines
