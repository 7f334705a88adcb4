"""The retrograde solve split into shards, with every table on disk (``asobiba solve diceout --engine
local|ray``, docs/solver.md, "Sharded solving").

Dice Out has no quantity that only grows in play (no die ever leaves the board), so the only order the
retrograde analysis follows is the distance: pass ``d`` resolves what is won or lost in exactly ``d``
plies, and reads nothing but the status of pass ``d - 1`` (:mod:`.kernels`). A shard is therefore
``(pass d, a block of rows of the table)``: the blocks of one pass are independent (each writes only its
own rows and reads the status table already on disk), the passes follow one another. Between two passes
the status table is brought up to date, rebuilt by blocks of its rows (shards again) or patched from the
new entries (one task). The result is the very table :func:`.retrograde.solve` writes, byte for byte.

Files in the table directory while a sharded solve runs (all removed when it is complete):

* ``values.u8`` – the table itself (written in place, row block by row block);
* ``status.u2``, ``changed.u8``, ``changed_rows.u8``, ``open.u8`` – the status table and the change
  and open maps of :mod:`.kernels`, memory-mapped by every shard;
* ``shards/plan.json`` – the row blocks; ``shards/pass-DDD/`` – one file per finished shard (a sweep
  shard's per-row counts, ``.npy``; a status shard's mark) and ``pass.json`` once the pass is complete.

A shard's results count only once its file is there, written after its rows are flushed, by a rename
(atomic). A shard that was cut short leaves a ``.started`` mark instead: its rerun first clears what the
interrupted run wrote into its rows (entries beyond pass ``d - 1``), so a rerun skips finished shards and
redoes the others from where the previous pass left them.

Every shard only needs the files, so a shard runs as a local process or as a Ray task on any machine
that sees the table directory (one shared folder).
"""

from __future__ import annotations

import os
import resource
import shutil
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ....core.errors import AsobibaError
from ..board import check_solver_rows
from . import kernels
from .geometry import board
from .retrograde import (
    FORMAT,
    REBUILD_SHARE,
    Progress,
    TableFiles,
    _finish,
    _quiet,
    _read_json,
    _write_json,
)

SHARD_BYTES = 256 << 20
"""Default size of a row block of the table (the rows one sweep shard writes)."""
SCRUB_BYTES = 16 << 20
"""Rows cleared at a time when a sweep cut short is redone."""
MIN_SHARDS = 8
"""At least this many row blocks per pass (so several workers have work even on small boards)."""

WORK_FILES = ("status.u2", "changed.u8", "changed_rows.u8", "open.u8")
SHARDS = "shards"
PLAN = "plan.json"
PASS = "pass.json"

SWEEP, STATUS, PUBLISH = "sweep", "status", "publish"


class ShardPlanError(AsobibaError):
    """A sharded solve resumed with a plan it was not started with (one line)."""


@dataclass(frozen=True)
class Shard:
    """One unit of work: a ``kind`` of step of pass ``d`` over ``lo..hi`` (rows of the table for a
    sweep, 64-row chunks of the status table for a status rebuild; the whole table for a publish)."""

    directory: str
    rows: int
    d: int
    kind: str
    index: int
    lo: int
    hi: int
    threads: int = 1


@dataclass(frozen=True)
class ShardResult:
    """What a shard reports: its wall-clock and CPU seconds, its process's peak
    resident memory (with the pages of the memory-mapped files it touched) and its own, anonymous
    memory at the end of the shard (``anon_mb``; 0 where ``/proc`` does not say)."""

    shard: Shard
    seconds: float
    cpu_seconds: float
    peak_rss_mb: int
    anon_mb: int


def _anonymous_mb() -> int:
    """This process's anonymous resident memory (Linux ``RssAnon``), in MB; 0 elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("RssAnon:"):
                return round(int(line.split()[1]) / 1024)
    except (OSError, ValueError):
        pass
    return 0


def shard_count(n: int, shards: int | None) -> int:
    """Row blocks for an ``n``-set board: ``shards`` when given, else blocks of about
    :data:`SHARD_BYTES` (at least :data:`MIN_SHARDS`), never more than the rows."""
    if shards is None:
        shards = max(MIN_SHARDS, -(-n * n // SHARD_BYTES))
    return max(1, min(shards, n))


def bounds(total: int, parts: int) -> list[int]:
    return [int(x) for x in np.linspace(0, total, parts + 1).astype(np.int64)]


def pass_dir(directory: Path, d: int) -> Path:
    return directory / SHARDS / f"pass-{d:03d}"


def _done_path(shard: Shard) -> Path:
    suffix = ".npy" if shard.kind == SWEEP else ".done"
    return pass_dir(Path(shard.directory), shard.d) / f"{shard.kind}-{shard.index:04d}{suffix}"


def _started_path(shard: Shard) -> Path:
    return _done_path(shard).with_suffix(".started")


class Work:
    """The memory-mapped files a shard works on (nothing is read until a kernel touches it)."""

    def __init__(self, directory: Path, n: int, create: bool = False) -> None:
        chunks = (n + kernels.CHUNK - 1) // kernels.CHUNK
        shapes = {"status.u2": (n, (n + 3) // 4), "changed.u8": (n, chunks), "changed_rows.u8": (n,),
                  "open.u8": (n, chunks)}
        if create:
            for name, shape in shapes.items():
                path = directory / name
                with path.open("wb") as fh:  # sparse: all zeros
                    fh.truncate(int(np.prod(shape)))
        self.values = np.memmap(directory / "values.u8", dtype=np.uint8, mode="r+", shape=(n, n))
        self.status = np.memmap(directory / "status.u2", dtype=np.uint8, mode="r+",
                                shape=shapes["status.u2"])
        self.changed = np.memmap(directory / "changed.u8", dtype=np.uint8, mode="r+",
                                 shape=shapes["changed.u8"])
        self.changed_rows = np.memmap(directory / "changed_rows.u8", dtype=np.uint8, mode="r+",
                                      shape=shapes["changed_rows.u8"])
        self.open = np.memmap(directory / "open.u8", dtype=np.uint8, mode="r+", shape=shapes["open.u8"])

    def flush(self) -> None:
        for array in (self.values, self.status, self.changed, self.changed_rows, self.open):
            array.flush()


def run_shard(shard: Shard) -> ShardResult:
    """Run one shard against the files of its table directory (in any process that sees them)."""
    import numba

    started, cpu = time.monotonic(), time.process_time()
    numba.set_num_threads(max(1, min(shard.threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]  # numba.config sets its names at import time
    geo = board(shard.rows)
    n = geo.n_sets
    directory = Path(shard.directory)
    work = Work(directory, n)
    mark = _started_path(shard)
    redo = mark.exists()
    mark.parent.mkdir(parents=True, exist_ok=True)
    mark.touch()
    resolved = np.zeros(n, dtype=np.int64)
    if shard.kind == SWEEP:
        if redo:
            _forget(work, shard.lo, shard.hi, shard.d)
        target0, target1 = geo.red_targets()
        kernels.sweep(work.values, work.status, work.changed, work.changed_rows, work.open, geo.sets,
                      geo.rank_of_colex, geo.neighbours, target0, target1, geo.cells, shard.d, shard.lo,
                      shard.hi, resolved)
    elif shard.kind == STATUS:
        kernels.build_status(work.values, work.status, work.changed, work.changed_rows, geo.rotated,
                             shard.d, shard.lo, shard.hi)
    else:
        counts = _pass_counts(directory, shard.d, n)
        work.changed.fill(0)
        work.changed_rows.fill(0)
        kernels.publish(work.values, work.status, work.changed, work.changed_rows, geo.rotated, counts,
                        shard.d)
    work.flush()
    anon = _anonymous_mb()
    done = _done_path(shard)
    tmp = done.with_name(done.name + ".tmp")
    if shard.kind == SWEEP:
        with tmp.open("wb") as fh:
            np.save(fh, resolved[shard.lo:shard.hi])
    else:
        tmp.write_text("done\n", encoding="utf-8")
    tmp.replace(done)
    mark.unlink(missing_ok=True)
    return ShardResult(shard, time.monotonic() - started, time.process_time() - cpu,
                       round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024), anon)


def _forget(work: Work, lo: int, hi: int, d: int) -> None:
    """Clear what an interrupted sweep of pass ``d`` wrote into rows ``lo..hi`` (entries beyond pass
    ``d - 1``) and reopen their chunks, a few rows at a time."""
    limit = 2 * (d - 1)
    step = max(1, SCRUB_BYTES // work.values.shape[1])
    for start in range(lo, hi, step):
        block = work.values[start:min(hi, start + step)]
        block[(block > limit) & (block != kernels.INVALID)] = kernels.UNKNOWN
    work.open[lo:hi] = 1


def _pass_counts(directory: Path, d: int, n: int) -> np.ndarray:
    """Per-row counts of entries resolved by pass ``d``, from its finished sweep shards."""
    plan = _read_json(directory / SHARDS / PLAN)
    row_bounds = plan["row_bounds"]
    counts = np.zeros(n, dtype=np.int64)
    for i in range(len(row_bounds) - 1):
        path = pass_dir(directory, d) / f"{SWEEP}-{i:04d}.npy"
        counts[row_bounds[i]:row_bounds[i + 1]] = np.load(path)
    return counts


class Runner:
    """Runs shards somewhere; yields their results as they finish."""

    name: str
    threads = 1
    """numba threads per shard."""
    solo_threads = 1
    """numba threads of a step that is one shard alone (the publish): the workers it leaves idle."""

    def run(self, shards: Sequence[Shard]) -> Iterator[ShardResult]:
        raise NotImplementedError

    def close(self) -> None:
        return None


class InProcess(Runner):
    """This process, one shard after another (``threads`` numba threads each)."""

    name = "in-process"

    def __init__(self, threads: int = 1) -> None:
        self.threads = self.solo_threads = threads

    def run(self, shards: Sequence[Shard]) -> Iterator[ShardResult]:
        for shard in shards:
            yield run_shard(shard)


class LocalProcesses(Runner):
    """``workers`` local processes (forkserver: numba's threads do not survive a fork)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        import multiprocessing

        self.workers = self.solo_threads = workers
        self._pool = multiprocessing.get_context("forkserver").Pool(workers)

    def run(self, shards: Sequence[Shard]) -> Iterator[ShardResult]:
        yield from self._pool.imap_unordered(run_shard, shards)

    def close(self) -> None:
        self._pool.terminate()
        self._pool.join()


class RayTasks(Runner):
    """One Ray task per shard, on the cluster at ``address`` or a local Ray (loopback only); every
    node must see the table directory under the same path."""

    name = "ray"

    def __init__(self, address: str | None) -> None:
        from ....ray_support import connect_ray

        self._ray, self._started = connect_ray(address)
        self._task = self._ray.remote(num_cpus=1)(run_shard)

    def run(self, shards: Sequence[Shard]) -> Iterator[ShardResult]:
        ray = self._ray
        pending = [self._task.remote(shard) for shard in shards]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()


def make_runner(engine: str, workers: int | None, address: str | None) -> Runner:
    """The runner of ``--engine local`` (``workers`` processes, 1: this process) or ``ray``."""
    if engine == "ray":
        return RayTasks(address)
    count = max(1, workers or os.cpu_count() or 1)
    return InProcess() if count == 1 else LocalProcesses(count)


def _plan(files: TableFiles, rows: int, shards: int | None) -> dict:
    """The row blocks of this solve: the plan on disk when resuming, else a new one (fresh files)."""
    n = board(rows).n_sets
    where = files.directory / SHARDS / PLAN
    plan = _read_json(where)
    if plan.get("format") == FORMAT and plan.get("rows") == rows and files.values.exists():
        count = len(plan["row_bounds"]) - 1
        if shards is not None and shard_count(n, shards) != count:
            raise ShardPlanError(f"this solve was started with {count} shards, not {shards}: "
                                 f"run it again without --shards, or remove {files.directory}")
        return plan
    count = shard_count(n, shards)
    chunks = (n + kernels.CHUNK - 1) // kernels.CHUNK
    shutil.rmtree(files.directory / SHARDS, ignore_errors=True)
    for stale in (files.meta, files.checkpoint, files.checksum, files.values):
        stale.unlink(missing_ok=True)
    values = np.memmap(files.values, dtype=np.uint8, mode="w+", shape=(n, n))
    del values
    Work(files.directory, n, create=True)
    np.memmap(files.directory / "open.u8", dtype=np.uint8, mode="r+", shape=(n, chunks))[:] = 1
    plan = {"format": FORMAT, "rows": rows, "row_bounds": bounds(n, count),
            "chunk_bounds": bounds(chunks, min(count, chunks))}
    where.parent.mkdir(parents=True, exist_ok=True)
    _write_json(where, plan)
    return plan


def solve_sharded(rows: int, directory: Path, runner: Runner, shards: int | None = None,
                  progress: Progress = _quiet) -> dict:
    """Solve (or finish solving) the 5 × ``rows`` board into ``directory`` through shards run by
    ``runner``; returns the meta data, the same as :func:`.retrograde.solve` gives plus a ``sharded``
    record: engine, shards, wall-clock and CPU seconds, the shards' largest peak and anonymous memory
    (:class:`ShardResult`), and per pass ``[d, entries resolved, sweep seconds, status seconds, CPU
    seconds]``."""
    check_solver_rows(rows)
    geo = board(rows)
    n = geo.n_sets
    files = TableFiles(Path(directory))
    files.directory.mkdir(parents=True, exist_ok=True)
    meta = _read_json(files.meta)
    if meta and meta.get("complete") and meta.get("rows") == rows and files.values.exists():
        _remove_work(files.directory)  # left behind if the last run stopped right after meta.json
        return meta
    plan = _plan(files, rows, shards)
    row_bounds, chunk_bounds = plan["row_bounds"], plan["chunk_bounds"]
    started = time.monotonic()
    record: dict[str, Any] = {
        "engine": runner.name, "shards": len(row_bounds) - 1, "seconds": 0.0, "cpu_seconds": 0.0,
        "peak_rss_mb": 0, "anon_mb": 0, "passes": [],
        **_read_json(files.directory / SHARDS / "record.json")}
    record["engine"] = runner.name
    base_seconds = float(record["seconds"])

    def run(kind: str, d: int, ranges: list[tuple[int, int]], label: str) -> float:
        """Run the shards of one step not done yet; returns their CPU seconds."""
        threads = runner.solo_threads if len(ranges) == 1 else runner.threads
        todo = [Shard(str(files.directory), rows, d, kind, i, lo, hi, threads)
                for i, (lo, hi) in enumerate(ranges)]
        todo = [s for s in todo if not _done_path(s).exists()]
        finished = len(ranges) - len(todo)
        progress(label, finished, len(ranges))
        cpu = 0.0
        for result in runner.run(todo):
            finished += 1
            cpu += result.cpu_seconds
            record["peak_rss_mb"] = max(record["peak_rss_mb"], result.peak_rss_mb)
            record["anon_mb"] = max(record["anon_mb"], result.anon_mb)
            progress(label, finished, len(ranges))
        return cpu

    d = 1
    while True:
        if d > kernels.MAX_DISTANCE:
            raise RuntimeError(f"distances beyond {kernels.MAX_DISTANCE} plies do not fit the table")
        here = pass_dir(files.directory, d)
        done = _read_json(here / PASS)
        if done:
            if done["new"] == 0:
                break
            d += 1
            continue
        here.mkdir(parents=True, exist_ok=True)
        t0 = time.monotonic()
        cpu = run(SWEEP, d, list(zip(row_bounds[:-1], row_bounds[1:], strict=True)), f"pass {d}: sweep")
        new = int(_pass_counts(files.directory, d, n).sum())
        t1 = time.monotonic()
        rebuild = new * REBUILD_SHARE > n * n
        if new and rebuild:
            cpu += run(STATUS, d, list(zip(chunk_bounds[:-1], chunk_bounds[1:], strict=True)),
                f"pass {d}: status")
        elif new:
            cpu += run(PUBLISH, d, [(0, n)], f"pass {d}: publish")
        t2 = time.monotonic()
        record["passes"].append([d, new, round(t1 - t0, 2), round(t2 - t1, 2), round(cpu, 2)])
        record["cpu_seconds"] = round(record["cpu_seconds"] + cpu, 1)
        record["seconds"] = round(base_seconds + time.monotonic() - started, 1)
        _write_json(files.directory / SHARDS / "record.json", record)
        _write_json(here / PASS, {"new": new, "rebuild": rebuild})
        for old in pass_dir(files.directory, d - 1).glob(f"{SWEEP}-*.npy"):
            old.unlink()  # the counts of the pass before are no longer read
        if new == 0:
            break
        d += 1

    work = Work(files.directory, n)
    values = work.values
    del work
    seconds = base_seconds + time.monotonic() - started
    record["seconds"] = round(seconds, 1)
    meta = _finish(files, rows, values, d - 1, seconds, progress)
    meta["sharded"] = record
    _write_json(files.meta, meta)
    _remove_work(files.directory)
    return meta


def _remove_work(directory: Path) -> None:
    """Remove the files only a sharded solve under way needs."""
    for name in WORK_FILES:
        (directory / name).unlink(missing_ok=True)
    shutil.rmtree(directory / SHARDS, ignore_errors=True)


def shard_disk_bytes(rows: int) -> int:
    """Disk a sharded solve needs: the table, the status table and the two maps."""
    n = board(rows).n_sets
    chunks = (n + kernels.CHUNK - 1) // kernels.CHUNK
    return n * n + n * ((n + 3) // 4) + 2 * n * chunks + n

