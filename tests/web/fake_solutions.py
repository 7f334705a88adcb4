"""A quick stand-in for a game's solution tables behind the web table's builds (never a real solve).

``FakeSolutions`` follows the ``Solutions`` protocol of the game it stands in for: the variant
check, the resource check and the texts stay the game's real ones (so a table too large for the
machine is refused for real), while ``ready_bytes`` and ``start`` are fakes whose jobs advance when
told to (``step``/``fail``), or by themselves in a thread for the browser tests (``auto=True``).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import uvicorn

from asobiba.core.descriptor import Names, Solutions
from asobiba.web.app import create_app
from asobiba.web.solutions import SolutionBuilds, declared_solutions

STEPS = 4
GAME = "diceout"
"""The game whose tables are faked (the only one that declares solution tables)."""


class FakeJob:
    """A build that advances one step at a time; the fields of the ``BuildJob`` protocol."""

    def __init__(self, variant: int, tables: FakeSolutions) -> None:
        self.variant, self.tables = variant, tables
        self.phase: str | None = "starting"
        self.done, self.total = 0, STEPS
        self.finished, self.error = False, None

    @property
    def fraction(self) -> float:
        return self.done / self.total

    def step(self) -> None:
        self.phase, self.done = "pass 1: sweep", self.done + 1
        if self.done == self.total:
            self.tables.built.add(self.variant)
            self.finished = True

    def fail(self, message: str) -> None:
        self.error, self.finished = message, True


class FakeSolutions:
    """The tables of :data:`GAME` with fake builds; ``builds()`` serves them to the web table."""

    def __init__(self, *, auto: bool = False) -> None:
        self.real = declared_solutions(GAME)
        self.variant_option = self.real.variant_option
        self.auto = auto
        self.built: set[int] = set()
        self.jobs: list[FakeJob] = []

    def check_variant(self, variant: int) -> None:
        self.real.check_variant(variant)

    def check_resources(self, variant: int, directory: Path | None) -> None:
        self.real.check_resources(variant, directory)

    def variant_name(self, variant: int) -> Names:
        return self.real.variant_name(variant)

    def cost(self, variant: int) -> Names:
        return self.real.cost(variant)

    def ready_bytes(self, variant: int, directory: Path | None) -> int | None:
        return variant * 1000 if variant in self.built else None

    def start(self, variant: int, directory: Path | None) -> FakeJob:
        job = FakeJob(variant, self)
        self.jobs.append(job)
        if self.auto:
            threading.Thread(target=self._advance, args=(job,), daemon=True).start()
        return job

    @staticmethod
    def _advance(job: FakeJob) -> None:
        while not job.finished:
            time.sleep(0.75)
            job.step()

    def solutions_of(self, game_id: str) -> Solutions:
        """These fakes for :data:`GAME`, the declared tables (or their absence) for other games."""
        return self if game_id == GAME else declared_solutions(game_id)

    def builds(self) -> SolutionBuilds:
        """The web table's builds over these fakes, allowed (as ``serve --allow-builds`` does)."""
        return SolutionBuilds(solutions_of=self.solutions_of, allow=True)


def serve(port: int, db: str) -> None:
    """The web table on 127.0.0.1:``port`` with self-advancing fake table builds (browser tests)."""
    app = create_app(db, solutions=FakeSolutions(auto=True).builds())
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
