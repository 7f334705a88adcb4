"""Group commit: the writes of many games made durable together (docs/web.md, "Nothing is lost").

One writer thread owns every write to the database. Callers hand it a write (a function of an open
connection) and get a future; the writer takes every write waiting, runs them in one transaction
and commits once — one fsync for all of them — and only then resolves their futures. So a move is
still durable before anyone is told of it, but a hundred games moving at once cost one commit
instead of a hundred. A batch whose transaction fails is rolled back and its writes are tried again
one by one, so one bad write fails alone.

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

log = logging.getLogger("asobiba.web")

BATCH_LIMIT = 512
"""The most writes committed in one transaction."""

Write = Callable[[Connection], Any]


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
                results = [job.write(conn) for job in batch]
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


def _settle(future: Future[Any], result: Any = None, exc: BaseException | None = None) -> None:
    """Resolve ``future`` unless its caller stopped waiting (the write was carried out anyway)."""
    if not future.set_running_or_notify_cancel():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
