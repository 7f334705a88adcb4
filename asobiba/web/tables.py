"""The perfect-play Dice Out tables as seen from the web table (docs/web.md, "Perfect-play tables").

A table is ``missing``, ``building`` (a background solve, see ``solver.jobs``), ``ready`` (complete and
checksum-valid: what the strongest level and the hints use) or ``error`` (the last build failed; a new
build resumes from its checkpoint). Tables live where the solver looks by default, so a table built
from the web is the one the computer player finds.

Nothing here blocks the event loop: ``find_table`` (which hashes a fresh table once, 10–30 s for 5×5)
and the machine checks run in one dedicated worker thread, and the solve itself runs in the solver's
own thread (its kernels release the GIL). ``find_table`` keeps its answer per file version, so
polling the status costs a file ``stat`` once a table has been checked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..games.diceout.solver.cli import check_resources, check_rows
from ..games.diceout.solver.jobs import build_table_async
from ..games.diceout.solver.table import find_table, table_directory
from .protocol import ProtocolError

MISSING, BUILDING, READY, ERROR = "missing", "building", "ready", "error"


def parse_rows(text: str) -> int:
    """The board's row count from the URL, refused (one-line 400) unless the solver supports it."""
    try:
        rows = int(text)
    except ValueError:
        raise ProtocolError(f"rows must be a whole number, not {text!r}") from None
    check_rows(rows)
    return rows


def check_buildable(rows: int, directory: Path | None) -> None:
    """The solver's own refusal of a board too large for this machine's memory or disk."""
    check_resources(rows, table_directory(rows, directory))


class TableBuilds:
    """One background build per board size at a time, and the status of every table.

    ``find``, ``start`` and ``check`` default to the solver's ``find_table``, ``build_table_async`` and
    its resource check; tests pass quick stand-ins.
    """

    def __init__(
        self,
        directory: Path | None = None,
        *,
        find: Callable[[int, Path | None], Any] = find_table,
        start: Callable[[int, Path | None], Any] = build_table_async,
        check: Callable[[int, Path | None], None] = check_buildable,
    ) -> None:
        self.directory = directory
        self._find, self._start, self._check = find, start, check
        self._jobs: dict[int, Any] = {}
        self._starting = asyncio.Lock()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="diceout-tables")

    async def _in_worker(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    async def status(self, rows: int) -> dict[str, Any]:
        """``{"rows","status","phase","fraction","error"}`` plus ``size_bytes`` when ready."""
        job = self._jobs.get(rows)
        if job is not None and not job.finished:
            return _answer(rows, BUILDING, job.phase, job.fraction)
        if job is not None and job.error:
            return _answer(rows, ERROR, job.phase, job.fraction, job.error)
        table = await self._in_worker(self._find, rows, self.directory)
        if table is None:
            return _answer(rows, MISSING)
        return {**_answer(rows, READY, fraction=1.0), "size_bytes": int(table.values.nbytes)}

    async def build(self, rows: int) -> tuple[bool, dict[str, Any]]:
        """Start building unless a build runs or the table is ready; ``(started, status)``.

        Raises the solver's one-line error for a board too large for this machine."""
        async with self._starting:
            current = await self.status(rows)
            if current["status"] in (BUILDING, READY):
                return False, current
            await self._in_worker(self._check, rows, self.directory)
            self._jobs[rows] = self._start(rows, self.directory)
            return True, await self.status(rows)

    def close(self) -> None:
        """Stop the status worker (a running solve keeps its checkpoint and resumes next time)."""
        self._worker.shutdown(wait=False, cancel_futures=True)


def _answer(rows: int, status: str, phase: str | None = None, fraction: float = 0.0,
            error: str | None = None) -> dict[str, Any]:
    return {"rows": rows, "status": status, "phase": phase, "fraction": round(fraction, 4), "error": error}
