"""Where a study's games run: local processes (:class:`LocalEngine`) or Ray tasks
(:class:`RayEngine`, ``--engine ray``; docs/study/README.md, "On a cluster").

An engine takes chunks of :class:`~.play.Job` s and yields ``(job, played)`` pairs in whatever order
they finish; the study puts them back in order, so every engine gives the same results.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from ..core.errors import AsobibaError
from ..ray_support import connect_ray
from .play import Job, Played, play_many

CHUNK = 4
"""Games per task: enough to hide a task's overhead behind even a fast game."""

class EngineError(AsobibaError):
    """An engine that cannot start (one line)."""


class Engine(Protocol):
    name: str

    def run(self, jobs: Sequence[Job]) -> Iterator[tuple[Job, Played]]:
        """Play ``jobs``; yield each with its result as it finishes."""
        ...

    def close(self) -> None:
        ...


def chunks(jobs: Sequence[Job]) -> list[list[Job]]:
    return [list(jobs[i:i + CHUNK]) for i in range(0, len(jobs), CHUNK)]


class LocalEngine:
    """This machine's processes: ``workers`` processes forked from a fresh server process (one:
    this process)."""

    name = "local"

    def __init__(self, workers: int | None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: Any = None

    def run(self, jobs: Sequence[Job]) -> Iterator[tuple[Job, Played]]:
        work = chunks(jobs)
        if self.workers == 1 or len(work) == 1:
            for chunk in work:
                yield from play_many(chunk)
            return
        if self._pool is None:
            # forkserver, not fork: a fork of a process that has run Ray (its threads) can hang
            self._pool = multiprocessing.get_context("forkserver").Pool(self.workers)
        for done in self._pool.imap_unordered(play_many, work):
            yield from done

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


class RayEngine:
    """Ray tasks: on the cluster at ``address``, or on a local Ray started for the study
    (:data:`asobiba.ray_support.RAY_LOCAL`) and stopped after it. Every node needs asobiba
    importable (the same version: the JSON records it)."""

    name = "ray"

    def __init__(self, address: str | None) -> None:
        self._ray, self._started = connect_ray(address)
        self._task = self._ray.remote(play_many)

    def run(self, jobs: Sequence[Job]) -> Iterator[tuple[Job, Played]]:
        ray = self._ray
        pending = [self._task.remote(chunk) for chunk in chunks(jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()


def make_engine(name: str, workers: int | None, address: str | None) -> Engine:
    if name == "local":
        if address:
            raise EngineError("--address belongs to --engine ray")
        return LocalEngine(workers)
    if name == "ray":
        if workers is not None:
            raise EngineError("--workers belongs to --engine local (Ray places its own tasks)")
        return RayEngine(address)
    raise EngineError(f"--engine takes local or ray, not {name!r}")
