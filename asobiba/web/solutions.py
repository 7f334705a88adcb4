"""Exact solution tables as seen from the web table (docs/protocol.md, "Table checks").

A game declares its tables in its descriptor (``solutions``): one table per variant, the value of
an integer option such as the board size. A table is ``missing``, ``building`` (a background build
started by the game's ``Solutions.start``), ``ready`` (complete and verified: what the strongest
level and the hints use) or ``error`` (the last build failed; a new build resumes where it can).
Tables live where the game's solver looks by default, so a table built from the web is the one the
computer player finds.

Nothing here blocks the event loop: ``ready_bytes`` (which may verify a fresh table once, for
seconds) and the machine checks run in one dedicated worker thread, and the build runs in the
game's own background thread.

Builds take hours of both cores and gigabytes of disk, so a server builds tables only when it was
started to (``asobiba serve --allow-builds``); otherwise a build is refused (HTTP 403) and the
status says so (``"builds": false``). At most :data:`RUNNING_BUILDS` builds run at once, of any
game: the machine check of a new build (memory, disk) knows nothing of the builds already running,
so while one runs another is refused (HTTP 409) rather than checked against a machine it shares.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..core.descriptor import BuildJob, Solutions
from ..core.errors import AsobibaError, Explained, UnknownGameError
from ..core.names import Names
from ..core.registry import descriptor
from .errors import NotFound
from .protocol import ProtocolError

MISSING, BUILDING, READY, ERROR = "missing", "building", "ready", "error"
RUNNING_BUILDS = 1
"""The most table builds running at once on one server."""


class BuildsOff(Explained):
    """This server was not started to build tables (HTTP 403)."""

    status = 403


class BuildRunning(Explained):
    """Another table is being built (HTTP 409)."""

    status = 409


BUILDS_OFF = Names(
    "このサーバーではテーブルを作成できません（作成するには asobiba serve --allow-builds で起動します）。",
    "this server does not build tables (start it with asobiba serve --allow-builds to build them)",
)


def declared_solutions(game_id: str) -> Solutions:
    """The solution tables a game declares (NotFound for an unknown game or a game without)."""
    try:
        game = descriptor(game_id)
    except UnknownGameError as exc:
        raise NotFound(str(exc)) from None
    if game.solutions is None:
        raise NotFound(f"{game_id} has no solution tables")
    return game.solutions()


def parse_variant(solutions: Solutions, text: str) -> int:
    """The variant from the URL: not a number is a one-line 400; a variant the game has no tables
    for is not found (404)."""
    try:
        variant = int(text)
    except ValueError:
        raise ProtocolError(f"{solutions.variant_option} must be a whole number, not {text!r}") from None
    try:
        solutions.check_variant(variant)
    except AsobibaError as exc:
        raise NotFound(str(exc)) from None
    return variant


class SolutionBuilds:
    """One background build per game and variant at a time, and the status of every table.

    ``directory``: where tables live (None: each solver's default). ``solutions_of`` finds a game's
    tables (default: its descriptor's); tests pass quick stand-ins. ``allow``: whether builds may be
    started at all (``asobiba serve --allow-builds``).
    """

    def __init__(
        self,
        directory: Path | None = None,
        *,
        solutions_of: Callable[[str], Solutions] = declared_solutions,
        allow: bool = False,
    ) -> None:
        self.directory = directory
        self.allow = allow
        self._solutions_of = solutions_of
        self._jobs: dict[tuple[str, int], BuildJob] = {}
        self._starting = asyncio.Lock()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="solution-tables")

    async def _in_worker(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    async def status(self, game_id: str, variant_text: str) -> dict[str, Any]:
        """The status of a table (see :func:`answer`); NotFound or a 400 for a bad game or variant."""
        solutions = self._solutions_of(game_id)
        return await self._status(game_id, solutions, parse_variant(solutions, variant_text))

    async def _status(self, game_id: str, solutions: Solutions, variant: int) -> dict[str, Any]:
        base = {**answer(game_id, solutions, variant), "builds": self.allow}
        job = self._jobs.get((game_id, variant))
        if job is not None and not job.finished:
            return {**base, "status": BUILDING, "phase": job.phase, "fraction": round(job.fraction, 4)}
        if job is not None and job.error:
            return {**base, "status": ERROR, "phase": job.phase, "fraction": round(job.fraction, 4),
                    "error": job.error}
        size = await self._in_worker(solutions.ready_bytes, variant, self.directory)
        if size is None:
            return base
        return {**base, "status": READY, "fraction": 1.0, "size_bytes": size}

    async def build(self, game_id: str, variant_text: str) -> tuple[bool, dict[str, Any]]:
        """Start building unless a build runs or the table is ready; ``(started, status)``.

        Raises :class:`BuildsOff` unless builds are allowed, :class:`BuildRunning` while another
        table is being built, and the game's one-line refusal of a table too large for this machine."""
        solutions = self._solutions_of(game_id)
        variant = parse_variant(solutions, variant_text)
        async with self._starting:
            current = await self._status(game_id, solutions, variant)
            if current["status"] in (BUILDING, READY):
                return False, current
            if not self.allow:
                raise BuildsOff(BUILDS_OFF)
            self._check_running()
            await self._in_worker(solutions.check_resources, variant, self.directory)
            self._jobs[game_id, variant] = solutions.start(variant, self.directory)
            return True, await self._status(game_id, solutions, variant)

    def _check_running(self) -> None:
        """Refuse a build while :data:`RUNNING_BUILDS` others run."""
        running = [(game, variant) for (game, variant), job in self._jobs.items() if not job.finished]
        if len(running) < RUNNING_BUILDS:
            return
        game, variant = running[0]
        name = self._solutions_of(game).variant_name(variant)
        raise BuildRunning(Names(
            f"いまは別のテーブル（{game} {name.ja}）を作成中です。"
            f"同時に作成できるのは{RUNNING_BUILDS}つまでです。",
            f"another table ({game} {name.en}) is being built; at most {RUNNING_BUILDS} build(s) run at once",
        ))

    def close(self) -> None:
        """Stop the status worker (a running build keeps its checkpoint and resumes next time)."""
        self._worker.shutdown(wait=False, cancel_futures=True)


def answer(game_id: str, solutions: Solutions, variant: int) -> dict[str, Any]:
    """The status body of a missing table: ``{"game","variant","name","cost","status","phase",
    "fraction","error"}``; the other states change the last four and add ``size_bytes`` when ready."""
    return {
        "game": game_id,
        "variant": variant,
        "name": solutions.variant_name(variant).to_json(),
        "cost": solutions.cost(variant).to_json(),
        "status": MISSING,
        "phase": None,
        "fraction": 0.0,
        "error": None,
    }
