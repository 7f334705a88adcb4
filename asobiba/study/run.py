"""A study's games in rounds, with sequential stopping and a progress bar (docs/study/README.md,
"Intervals and stopping").

Each round plays the next batch (``--batch`` games, :meth:`~.plan.Cell.batch`) of every cell still
open, on the engine, then adds the results in game order and looks at each cell's interval: a cell
stops once its Wilson
interval is no wider than ± ``width``, or at ``games`` games. The decisions depend only on the results
of whole batches, so the same seed gives the same figures on any engine and any number of workers.
The bar's total is re-estimated after every round from the shares so far (at first, every cell at
the most games a 50 % share needs); its time left (:class:`Eta`) counts from the first finished
game, so the start of the workers, which comes before any game, does not inflate it, and it shows
"–" until games have kept finishing for a second after the first.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from .engines import Engine
from .plan import Study
from .play import Played
from .stats import games_for_width, half_width

WIDTH = "width"
CAP = "games"


@dataclass
class Tally:
    """What one cell has gathered: games played, those that count, their summed score, actions,
    draws (every seat one rank), games cut by a move limit and how the games ended."""

    games: int = 0
    counted: int = 0
    score: float = 0.0
    actions: int = 0
    draws: int = 0
    cut: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    stopped: str | None = None

    def add(self, score: float | None, result: Played) -> None:
        self.games += 1
        self.actions += result.actions
        self.draws += result.draw
        self.cut += result.cut
        self.endings[result.ending] += 1
        if score is not None:
            self.counted += 1
            self.score += score

    def look(self, study: Study) -> None:
        """Stop when the interval is narrow enough or the games run out."""
        if self.counted and half_width(self.score, self.counted, study.confidence) <= study.width:
            self.stopped = WIDTH
        elif self.games >= study.games:
            self.stopped = CAP

    def still_to_play(self, study: Study) -> int:
        if self.stopped:
            return 0
        share = self.score / self.counted if self.counted else 0.5
        need = games_for_width(share, study.width, study.confidence)
        return max(0, min(study.games, need) - self.games)


@dataclass
class Eta:
    """The time left, from the pace since the first finished game."""

    first: float | None = None
    """When the first game finished."""
    after: int = 0
    """Games finished since then."""

    def advance(self, now: float) -> None:
        if self.first is None:
            self.first = now
        else:
            self.after += 1

    SPAN = 1.0
    """Seconds of results after the first before a time is shown: the results of a worker's
    chunk of games come at once, and a burst says nothing of the pace."""

    def text(self, now: float, left: int) -> str:
        if self.first is None or self.after < 1 or now - self.first < self.SPAN:
            return "–"
        seconds = round(left * (now - self.first) / self.after)
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


@dataclass(frozen=True)
class Timing:
    """How long the study took here (terminal only: never in the JSON)."""

    seconds: float
    games: int

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def run_study(study: Study, engine: Engine, console: Console | None = None,
              on_round: Callable[[list[Tally]], None] | None = None) -> tuple[list[Tally], Timing]:
    """Play the study to its end; ``on_round`` sees the tallies after every round."""
    tallies = [Tally() for _ in study.cells]
    begun = time.monotonic()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("ETA {task.fields[eta]}"))
    eta = Eta()
    with Progress(*columns, console=console or Console(stderr=True), transient=False) as progress:
        total = sum(t.still_to_play(study) for t in tallies)
        bar = progress.add_task(f"{study.game_id}: {study.compare}", total=total, eta="–")
        while open_cells := [i for i, t in enumerate(tallies) if not t.stopped]:
            jobs = []
            for i in open_cells:
                cell, tally = study.cells[i], tallies[i]
                count = min(cell.batch(study.batch), study.games - tally.games)
                jobs += [cell.job(i, n, study.game_id, study.seed)
                         for n in range(tally.games, tally.games + count)]
            results: dict[tuple[int, int], Played] = {}
            for job, result in engine.run(jobs):
                results[job.cell, job.number] = result
                now = time.monotonic()
                eta.advance(now)
                task = progress.tasks[0]
                left = int(task.total or 0) - int(task.completed) - 1
                progress.update(bar, advance=1, eta=eta.text(now, max(left, 0)))
            for job in jobs:
                result = results[job.cell, job.number]
                tallies[job.cell].add(study.cells[job.cell].score(job.number, result), result)
            for i in open_cells:
                tallies[i].look(study)
            done = sum(t.games for t in tallies)
            progress.update(bar, total=done + sum(t.still_to_play(study) for t in tallies))
            if on_round is not None:
                on_round(tallies)
    played = sum(t.games for t in tallies)
    return tallies, Timing(time.monotonic() - begun, played)
