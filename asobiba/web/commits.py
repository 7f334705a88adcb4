"""Group commit: the writes of many games made durable together (docs/operations.md, "Nothing is lost").

One writer thread owns every write to the database. Callers hand it a write (a function of an open
connection) and wait for it; the writer takes every write waiting, runs them in one transaction
and commits once — one fsync for all of them — and only then tells their callers. So a move is
still durable before anyone is told of it, but a hundred games moving at once cost one commit
instead of a hundred. A batch whose transaction fails is rolled back and its writes are tried again
one by one, so one bad write fails alone.

A thread hands a write over with :meth:`GroupCommit.submit` and gets a concurrent future; a
coroutine awaits :meth:`GroupCommit.commit`, whose asyncio future the writer resolves on its event
loop — those of one batch with one wake-up of the loop (``call_soon_threadsafe``), not a thread-safe
future and a wake-up for each write.

Most writes are moves and new games: a few rows for statements prepared once (:class:`Rows`). The rows of
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

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql import Executable

from .errors import StoreUnavailable

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
    future: Future[Any] | asyncio.Future[Any]
    """Told of the outcome: a concurrent future (a thread waits), or an asyncio future that only its
    event loop may resolve."""


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
        future: Future[Any] = Future()
        self._put(_Job(write, future))
        return future

    async def commit(self, write: Write) -> Any:
        """Hand ``write`` over from the event loop and wait until it is committed: what it returned,
        or what it (or the commit) raised. A caller that stops waiting leaves it carried out."""
        future = asyncio.get_running_loop().create_future()
        self._put(_Job(write, future))
        return await future

    def _put(self, job: _Job) -> None:
        if self._closed:
            raise RuntimeError("the store is closed")
        self._jobs.put(job)

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
            if len(batch) == 1 or isinstance(exc, StoreUnavailable):  # a database gone fails them all
                _tell(batch, [(None, exc)] * len(batch))
            else:
                log.warning("a group commit of %d writes failed (%s); trying them one by one",
                            len(batch), exc)
                for job in batch:
                    self._commit([job])
            return
        self.commits += 1
        _tell(batch, [(result, None) for result in results])


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


Told = tuple[Any, BaseException | None]
"""What a write returned, or what it raised."""


def _tell(batch: list[_Job], outcomes: list[Told]) -> None:
    """Resolve the futures of ``batch``: the concurrent ones here, the asyncio ones on their loops,
    all of one loop in one callback."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Told]]] = {}
    for job, outcome in zip(batch, outcomes, strict=True):
        if isinstance(job.future, asyncio.Future):
            loops.setdefault(job.future.get_loop(), []).append((job.future, outcome))
        elif job.future.set_running_or_notify_cancel():  # else its caller stopped waiting
            _resolve(job.future, outcome)
    for loop, told in loops.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_resolve_all, told)


def _resolve_all(told: list[tuple[asyncio.Future[Any], Told]]) -> None:
    """On the event loop: resolve the futures whose callers still wait."""
    for future, outcome in told:
        if not future.cancelled():
            _resolve(future, outcome)


def _resolve(future: Future[Any] | asyncio.Future[Any], outcome: Told) -> None:
    result, exc = outcome
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
