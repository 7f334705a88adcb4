"""Group commit: the writes of many games made durable together (docs/operations.md, "Nothing is lost").

One writer thread owns every write to the database. Callers hand it a write (a function of an open
connection) and get a future; the writer takes every write waiting, runs them in one transaction
and commits once — one fsync for all of them — and only then resolves their futures. So a move is
still durable before anyone is told of it, but a hundred games moving at once cost one commit
instead of a hundred. A batch whose transaction fails is rolled back and its writes are tried again
one by one, so one bad write fails alone.

Most writes are moves: a few rows for statements prepared once (:class:`Rows`). The rows of
consecutive such writes in a batch go to each statement together (one ``executemany``), which
saves the per-statement cost of the database layer for every move; only writes whose statements do
not depend on each other's order across games are handed over this way. A write may name one of its
statements as a compare-and-set (``checked``): each of its rows must change exactly one row, else
the write fails with its ``conflict`` (in a batch, the batch is tried again one write at a time, so
only the write that lost fails).

A write is always carried out once handed over, even when its caller stops waiting (the change it
stores is already in memory); closing the writer carries out the writes still waiting first.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql import Executable

log = logging.getLogger("asobiba.web")

BATCH_LIMIT = 512
"""The most writes committed in one transaction."""


@dataclass(frozen=True)
class Rows:
    """A write that only runs prepared statements with their rows, in order; consecutive ones are
    carried out together (see the module docstring). Its result is None."""

    steps: tuple[tuple[Executable, list[dict[str, Any]]], ...]
    checked: Executable | None = None
    """The step whose every row must change one row (a compare-and-set)."""
    conflict: Callable[[], Exception] = RuntimeError
    """The error raised when ``checked`` changed fewer rows than it was given."""


Write = Callable[[Connection], Any] | Rows


@dataclass
class _Job:
    write: Write
    future: Future[Any] = field(default_factory=Future)


class GroupCommit:
    """The writer thread of one engine (see the module docstring)."""

    def __init__(self, engine: Engine, *, batch_limit: int = BATCH_LIMIT) -> None:
        self.engine = engine
        self.batch_limit = batch_limit
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        """Transactions committed so far (for the load bench and the tests)."""

    def submit(self, write: Write) -> Future[Any]:
        """Hand ``write`` over; its future resolves to what it returned once it is committed, or
        raises what it (or the commit) raised."""
        if self._closed:
            raise RuntimeError("the store is closed")
        job = _Job(write)
        self._jobs.put(job)
        return job.future

    def close(self) -> None:
        """Carry out the writes still waiting, then stop the writer thread."""
        if not self._closed:
            self._closed = True
            self._jobs.put(None)
            self._thread.join()

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.batch_limit:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stopping = True
                    break
                batch.append(job)
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        try:
            with self.engine.begin() as conn:
                results = _run(conn, [job.write for job in batch])
        except Exception as exc:
            if len(batch) == 1:
                _settle(batch[0].future, exc=exc)
            else:
                log.warning("a group commit of %d writes failed (%s); trying them one by one",
                            len(batch), exc)
                for job in batch:
                    self._commit([job])
            return
        self.commits += 1
        for job, result in zip(batch, results, strict=True):
            _settle(job.future, result=result)


def _run(conn: Connection, writes: list[Write]) -> list[Any]:
    """Carry out ``writes`` in order, each run of consecutive :class:`Rows` together."""
    results: list[Any] = []
    pending: list[Rows] = []
    for write in writes:
        if isinstance(write, Rows):
            pending.append(write)
            results.append(None)
            continue
        _execute(conn, pending)
        pending = []
        results.append(write(conn))
    _execute(conn, pending)
    return results


def _execute(conn: Connection, writes: list[Rows]) -> None:
    """Each statement of ``writes`` once, with the rows all of them give it (in their order)."""
    merged: dict[Executable, list[dict[str, Any]]] = {}
    checked = {write.checked: write.conflict for write in writes if write.checked is not None}
    for write in writes:
        for statement, rows in write.steps:
            merged.setdefault(statement, []).extend(rows)
    for statement, rows in merged.items():
        if rows:
            changed = conn.execute(statement, rows).rowcount
            if statement in checked and changed != len(rows):
                raise checked[statement]()


def _settle(future: Future[Any], result: Any = None, exc: BaseException | None = None) -> None:
    """Resolve ``future`` unless its caller stopped waiting (the write was carried out anyway)."""
    if not future.set_running_or_notify_cancel():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
