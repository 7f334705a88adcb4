"""Driving the retrograde solve of a 5 × ``rows`` Dice Out board: passes, checkpoints, resume, checksum.

Pass ``d`` resolves every position won or lost in exactly ``d`` plies (see :mod:`.kernels`); solving stops
after the first pass that resolves nothing, and whatever is still unresolved is a draw (play can go on for
ever; the rules draw it by repetition, docs/rules/diceout.md, "Draws"). Play that follows the distances
never repeats a position, so repetition cannot change a won or lost value.

Files in the table directory:

* ``values.u8`` – the ``N × N`` byte matrix (memory-mapped, red to move, see :mod:`.geometry`);
* ``checkpoint.json`` – the last pass whose results are safely on disk; a new run resumes after it;
* ``meta.json`` – written when solving is complete: figures of the solve and the SHA-256 of the values;
* ``values.sha256`` – the same checksum in ``sha256sum`` format.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..board import check_solver_rows
from . import kernels
from .geometry import board

FORMAT = 1
VALUES = "values.u8"
CHECKPOINT = "checkpoint.json"
META = "meta.json"
CHECKSUM = "values.sha256"
VERIFIED = "values.verified"
FLUSH_EVERY = 60.0
"""Seconds between checkpoints (a checkpoint writes the dirty pages of the table to disk)."""

REBUILD_SHARE = 8
"""A pass that resolves more than 1/REBUILD_SHARE of the table rebuilds the status table from scratch."""

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``, called as work advances."""


class SolveInterrupted(Exception):
    """Raised by a progress callback to stop solving (tests use it to simulate an interruption)."""


@dataclass
class TableFiles:
    """Paths of a table directory."""

    directory: Path

    @property
    def values(self) -> Path:
        return self.directory / VALUES

    @property
    def checkpoint(self) -> Path:
        return self.directory / CHECKPOINT

    @property
    def meta(self) -> Path:
        return self.directory / META

    @property
    def checksum(self) -> Path:
        return self.directory / CHECKSUM


def _quiet(phase: str, done: int, total: int) -> None:
    return None


def _read_json(path: Path) -> dict:
    """The JSON object in ``path``; empty when the file is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def sha256_file(path: Path, progress: Progress = _quiet) -> str:
    """SHA-256 of a file, read in 16 MiB blocks."""
    total = path.stat().st_size
    digest = hashlib.sha256()
    done = 0
    with path.open("rb") as fh:
        while block := fh.read(1 << 24):
            digest.update(block)
            done += len(block)
            progress("checksum", done, total)
    return digest.hexdigest()


def solve(rows: int, directory: Path, workers: int | None = None, progress: Progress = _quiet) -> dict:
    """Solve (or finish solving) the 5 × ``rows`` board into ``directory``; returns the meta data."""
    import numba

    check_solver_rows(rows)
    geo = board(rows)
    n = geo.n_sets
    files = TableFiles(Path(directory))
    files.directory.mkdir(parents=True, exist_ok=True)
    if workers:
        numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]  # numba.config sets its names at import time
    meta = _read_json(files.meta)
    if meta and meta.get("complete") and meta.get("rows") == rows and files.values.exists():
        return meta

    started = time.monotonic()
    checkpoint = _read_json(files.checkpoint)
    resumable = (
        checkpoint.get("format") == FORMAT
        and checkpoint.get("rows") == rows
        and files.values.exists()
        and files.values.stat().st_size == n * n
    )
    if resumable:
        done_passes = int(checkpoint["passes_done"])
        previous_seconds = float(checkpoint.get("seconds", 0.0))
        values = np.memmap(files.values, dtype=np.uint8, mode="r+", shape=(n, n))
        progress("resume: forget the interrupted pass", 0, 1)
        kernels.scrub(values, done_passes)
        progress("resume: forget the interrupted pass", 1, 1)
    else:
        done_passes = 0
        previous_seconds = 0.0
        files.meta.unlink(missing_ok=True)
        files.values.unlink(missing_ok=True)
        values = np.memmap(files.values, dtype=np.uint8, mode="w+", shape=(n, n))
        _save_checkpoint(files, rows, 0, previous_seconds)

    status = np.zeros((n, (n + 3) // 4), dtype=np.uint8)
    chunks = (n + kernels.CHUNK - 1) // kernels.CHUNK
    changed = np.zeros((n, chunks), dtype=np.uint8)
    changed_rows = np.zeros(n, dtype=np.uint8)
    open_chunks = np.ones((n, chunks), dtype=np.uint8)
    resolved = np.zeros(n, dtype=np.int64)
    # a few large kernel calls (each parallel call waits for all threads), enough for a progress bar
    slices = max(1, min(200, n * n // 20_000_000))
    row_bounds = np.linspace(0, n, slices + 1).astype(np.int64)
    chunk_bounds = np.linspace(0, chunks, min(slices, chunks) + 1).astype(np.int64)
    target0, target1 = geo.red_targets()
    last_flush = time.monotonic()
    d = done_passes + 1
    rebuild = True
    while True:
        if d > kernels.MAX_DISTANCE:
            raise RuntimeError(f"distances beyond {kernels.MAX_DISTANCE} plies do not fit the table")
        if d > 1 and rebuild:
            for i in range(len(chunk_bounds) - 1):
                kernels.build_status(values, status, changed, changed_rows, geo.rotated, d - 1,
                                     chunk_bounds[i], chunk_bounds[i + 1])
                progress(f"pass {d}: status", i + 1, len(chunk_bounds) - 1)
        resolved[:] = 0
        for i in range(slices):
            kernels.sweep(values, status, changed, changed_rows, open_chunks, geo.sets, geo.rank_of_colex,
                          geo.neighbours, target0, target1, geo.cells, d, row_bounds[i],
                          row_bounds[i + 1], resolved)
            progress(f"pass {d}: sweep", i + 1, slices)
        new = int(resolved.sum())
        now = time.monotonic()
        if new == 0 or now - last_flush >= FLUSH_EVERY:
            values.flush()
            _save_checkpoint(files, rows, d, previous_seconds + now - started)
            last_flush = now
        if new == 0:
            break
        # many new entries: rebuild T from V before the next pass; few: patch T in place
        rebuild = new * REBUILD_SHARE > n * n
        if not rebuild:
            changed.fill(0)
            changed_rows.fill(0)
            progress(f"pass {d}: publish", 0, 1)
            kernels.publish(values, status, changed, changed_rows, geo.rotated, resolved, d)
            progress(f"pass {d}: publish", 1, 1)
        d += 1

    del status, changed
    return _finish(files, rows, values, d - 1, previous_seconds + time.monotonic() - started, progress)


def _save_checkpoint(files: TableFiles, rows: int, passes_done: int, seconds: float) -> None:
    _write_json(files.checkpoint, {"format": FORMAT, "rows": rows, "passes_done": passes_done,
                                   "seconds": round(seconds, 1)})


def mark_verified(values_path: Path, digest: str) -> None:
    """Stamp the values file, as it is now, as hashing to ``digest`` (``values.verified``), so that
    ``find_table`` need not hash a multi-gigabyte file again; a read-only folder just goes without."""
    stat = values_path.stat()
    version = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": digest}
    with contextlib.suppress(OSError):
        values_path.with_name(VERIFIED).write_text(json.dumps(version) + "\n", encoding="utf-8")


def _finish(files: TableFiles, rows: int, values: np.memmap, max_distance: int, seconds: float,
            progress: Progress) -> dict:
    """Census, checksum and meta data of a finished table."""
    geo = board(rows)
    progress("census", 0, 1)
    counts = census(values, rows)
    progress("census", 1, 1)
    values.flush()
    digest = sha256_file(files.values, progress)
    files.checksum.write_text(f"{digest}  {VALUES}\n", encoding="utf-8")
    mark_verified(files.values, digest)
    meta = {
        "format": FORMAT,
        "complete": True,
        "rows": rows,
        "n_sets": geo.n_sets,
        "passes": max_distance + 1,
        "max_distance": max_distance,
        "solve_seconds": round(seconds, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "sha256": digest,
        **counts,
    }
    _write_json(files.meta, meta)
    files.checkpoint.unlink(missing_ok=True)
    return meta


def census(values: np.ndarray, rows: int) -> dict:
    """Counts per code over all placements and over live ones, and one example index per code."""
    geo = board(rows)
    blocks = 64
    hist_all = np.zeros((blocks, 256), dtype=np.int64)
    hist_live = np.zeros((blocks, 256), dtype=np.int64)
    first = np.full((blocks, 256), -1, dtype=np.int64)
    kernels.census(values, geo.sets, *geo.red_targets(), *geo.white_targets(), blocks, hist_all, hist_live,
                   first)
    firsts = np.where(first < 0, np.iinfo(np.int64).max, first).min(axis=0)
    return {
        "codes_all": hist_all.sum(axis=0).tolist(),
        "codes_live": hist_live.sum(axis=0).tolist(),
        "first_index": [int(x) if x != np.iinfo(np.int64).max else -1 for x in firsts],
    }
