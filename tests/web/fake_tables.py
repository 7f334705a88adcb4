"""A quick stand-in for the Dice Out solver behind the web table's table builds (never a real solve).

``FakeSolver`` provides ``find`` and ``start`` with the signatures of ``find_table`` and
``build_table_async``; its jobs have the fields of the solver's ``TableJob`` and advance when told to
(``step``/``fail``), or by themselves in a thread for the browser test (``auto=True``). The resource
check stays the solver's real one, so a board too large for the machine is refused for real.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import uvicorn

from asobiba.web.app import create_app
from asobiba.web.tables import TableBuilds

STEPS = 4


class FakeJob:
    def __init__(self, rows: int, solver: FakeSolver) -> None:
        self.rows, self.solver = rows, solver
        self.phase, self.done, self.total = "starting", 0, STEPS
        self.finished, self.error, self.meta = False, None, None

    @property
    def fraction(self) -> float:
        return self.done / self.total

    def step(self) -> None:
        self.phase, self.done = "pass 1: sweep", self.done + 1
        if self.done == self.total:
            self.solver.built.add(self.rows)
            self.meta, self.finished = {"rows": self.rows}, True

    def fail(self, message: str) -> None:
        self.error, self.finished = message, True


class FakeSolver:
    def __init__(self, *, auto: bool = False) -> None:
        self.auto = auto
        self.built: set[int] = set()
        self.jobs: list[FakeJob] = []

    def find(self, rows: int, directory: Path | None) -> object | None:
        return SimpleNamespace(values=np.zeros(rows * 1000, np.uint8)) if rows in self.built else None

    def start(self, rows: int, directory: Path | None) -> FakeJob:
        job = FakeJob(rows, self)
        self.jobs.append(job)
        if self.auto:
            threading.Thread(target=self._advance, args=(job,), daemon=True).start()
        return job

    @staticmethod
    def _advance(job: FakeJob) -> None:
        while not job.finished:
            time.sleep(0.75)
            job.step()

    def builds(self) -> TableBuilds:
        return TableBuilds(find=self.find, start=self.start)


def serve(port: int, db: str) -> None:
    """The web table on 127.0.0.1:``port`` with self-advancing fake table builds (browser tests)."""
    app = create_app(db, tables=FakeSolver(auto=True).builds())
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
