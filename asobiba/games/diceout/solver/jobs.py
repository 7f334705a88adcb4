"""Building a table in a background thread, for the web table's "build the missing table" offer.

The numba kernels release the GIL, so the server keeps answering while the table is solved. Progress is
a plain object the caller polls (phase, done, total, finished, error).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .retrograde import solve
from .table import table_directory


@dataclass
class TableJob:
    """Progress of one background solve; read the fields, they are updated in place."""

    rows: int
    directory: Path
    phase: str = "starting"
    done: int = 0
    total: int = 1
    finished: bool = False
    error: str | None = None
    meta: dict[str, Any] | None = None
    thread: threading.Thread | None = field(default=None, repr=False)

    @property
    def fraction(self) -> float:
        """Share of the current phase done (phases repeat once per solving pass)."""
        return self.done / self.total if self.total else 0.0

    def _progress(self, phase: str, done: int, total: int) -> None:
        self.phase, self.done, self.total = phase, done, total

    def _run(self, workers: int | None) -> None:
        try:
            self.meta = solve(self.rows, self.directory, workers, self._progress)
        except Exception as exc:  # reported to the poller, never lost in the thread
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished = True


def build_table_async(rows: int, directory: Path | None = None, workers: int | None = None) -> TableJob:
    """Start solving the ``rows`` table (resuming if a checkpoint exists); returns its progress."""
    job = TableJob(rows, table_directory(rows, directory))
    job.thread = threading.Thread(target=job._run, args=(workers,), name=f"diceout-table-r{rows}",
                                  daemon=True)
    job.thread.start()
    return job
