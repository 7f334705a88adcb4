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
from .play import Job, Played, play_many

CHUNK = 4
"""Games per task: enough to hide a task's overhead behind even a fast game."""

RAY_LOCAL: dict[str, Any] = {"num_cpus": 2, "include_dashboard": False}
"""A local Ray started by the study: two CPUs, no dashboard, and loopback only (:data:`LOOPBACK`)."""

LOOPBACK = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
"""Ray swaps a node address of 127.0.0.1 for the machine's own network address unless told this (its
single-machine mode, read when ray is first imported): then every Ray process of a local Ray listens
on 127.0.0.1 only."""


START_ATTEMPTS = 2
"""Ray gives its node 30 seconds to start, which a busy machine can miss: one more try."""


class EngineError(AsobibaError):
    """An engine that cannot start (one line)."""


def connect_ray(address: str | None) -> tuple[Any, bool]:
    """Ray, connected to the cluster at ``address`` or to a local Ray started here
    (:data:`RAY_LOCAL`); and whether this call started it (then its caller shuts it down). A Ray
    already running in this process is used as it is."""
    if not address:
        os.environ.setdefault(*LOOPBACK)
    try:
        import ray
    except ImportError:
        raise EngineError("--engine ray needs Ray: pip install 'asobiba[ray]'") from None
    started = not ray.is_initialized()
    if started:
        settings: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
        for attempt in range(START_ATTEMPTS):
            try:
                if address:
                    ray.init(address=address, **settings)
                else:
                    ray.init(**RAY_LOCAL, **settings)
                break
            except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ...)
                ray.shutdown()
                if attempt + 1 == START_ATTEMPTS:
                    where = address or "a local Ray"
                    raise EngineError(f"cannot start Ray on {where}: {exc}") from None
    return ray, started


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
    (:data:`RAY_LOCAL`) and stopped after it. Every node needs asobiba importable (the same
    version: the JSON records it)."""

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
