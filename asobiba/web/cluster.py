"""What the server processes sharing one store agree on besides the games themselves
(docs/operations.md, "Several processes"): who works out a game's computer move or a seat's hint
(leases), which seats have a client connected to any process (presence), and how many processes
serve (each keeps its part of the per-address limits, :mod:`.shared_limits`).

Both are rows of the database with an expiry :data:`TTL` seconds ahead, measured by the database's
clock, and renewed every :data:`HEARTBEAT` seconds by the process that holds them (while the
database does not answer, the log says so once, and once more when renewing works again). A lease is taken
only if nobody holds it or its holder let it run out, so the work is done once; a process that dies
stops renewing, its leases run out, and a process waiting for one takes the work over. Its presence
runs out too, and the next renewal of any process forgets it and tells the others (their clients
see those seats disconnected). A process that stops cleanly gives its leases and presence up at
once.

A process serving alone (no broker) needs none of this: its memory is the only one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Set

from .shared_limits import Share
from .store import Store

log = logging.getLogger("asobiba.web")

TTL = 3.0
"""Seconds a lease or a process's presence lasts unless renewed."""
HEARTBEAT = 1.0
"""Seconds between renewals."""
MOVE = "move"
"""The lease of a game's computer move."""


def hint_lease(seat: int | None) -> str:
    """The lease of the hint of a seat."""
    return f"hint:{seat}"


def new_origin() -> str:
    """A process's id in the leases, the presence and the notifications (random, per start)."""
    return secrets.token_hex(8)


class Cluster:
    """This process's leases and presence in ``store`` (see the module docstring)."""

    def __init__(self, store: Store, origin: str, share: Share | None = None) -> None:
        self.store = store
        self.origin = origin
        self.share = share or Share()
        self.started_with = self.share.processes
        """The processes this one was started among (``--workers``): its part is never more."""
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._count()  # its part is known before the first request
        self._task = asyncio.get_running_loop().create_task(self._renew())

    async def _count(self) -> None:
        """Say this process serves, and count the processes that do."""
        shared = self.share.store
        if shared is not None:
            counted = await asyncio.to_thread(shared.serve, self.origin, TTL, self.share.processes)
            self.share.processes = max(self.started_with, counted)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):  # the database may be gone: the rows run out then
            await asyncio.to_thread(self.store.forget, self.origin)
            if self.share.store is not None:
                await asyncio.to_thread(self.share.store.leave, self.origin)

    async def _renew(self) -> None:
        """Renew every :data:`HEARTBEAT` seconds; the log has one line when renewing starts to
        fail (the database does not answer) and one when it succeeds again, not one a try."""
        failing = False
        while True:
            try:
                await asyncio.to_thread(self.store.renew, self.origin, TTL)
                await self._count()
            except Exception as exc:
                if not failing:
                    log.warning("cannot renew this process's leases (%s); trying again every %g s",
                                " ".join(str(exc).split())[:200], HEARTBEAT)
                failing = True
            else:
                if failing:
                    log.warning("renews this process's leases again")
                failing = False
            await asyncio.sleep(HEARTBEAT)

    async def take(self, game_id: str, kind: str) -> bool:
        """Whether this process holds the lease ``kind`` of the game now (taken if free)."""
        return await asyncio.to_thread(self.store.take_lease, game_id, kind, self.origin, TTL)

    async def drop(self, game_id: str, kind: str) -> None:
        await asyncio.to_thread(self.store.drop_lease, game_id, kind, self.origin)

    async def show(self, game_id: str, seats: Set[int]) -> None:
        """Say which seats of a game this process has clients of (the others are told)."""
        await asyncio.to_thread(self.store.set_presence, game_id, self.origin, sorted(seats), TTL)

    async def others(self, game_id: str) -> set[int]:
        """The seats of a game other processes have clients of."""
        return await asyncio.to_thread(self.store.presence, game_id, self.origin)
