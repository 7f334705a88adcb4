"""The broker of several server processes (docs/operations.md, "Several processes"): PostgreSQL's
LISTEN/NOTIFY on the store's own database.

Every change of a game is stored with a notification sent in the same transaction (:mod:`.store`).
PostgreSQL delivers a transaction's notifications when, and only if, it commits, and delivers those
of all transactions in the order they committed; so each process hears of exactly the changes that
were stored, in the order they were stored, from the database it needs anyway (no broker process to
run and watch, no change published and then rolled back, none stored and never published).

:class:`Broker` listens on one connection of its own and hands each change to the process at once
(it never waits for the process to act on it). When that connection is lost (the database
restarted, the connection was cut) the notifications sent meanwhile are lost with it: the broker
connects again (after :data:`RETRY` seconds, doubling up to :data:`RETRY_MAX`), listens again, and
then has the process resync (every live table read again from the store, every client sent the
state it now has). The log has one line when the connection is lost and one when the broker
listens again, not one per failed try between. A connection that has said nothing for :data:`PING`
seconds is asked whether it is still there.

psycopg (the ``postgres`` extra) is imported only when the broker starts, so a server of SQLite
needs no PostgreSQL driver.

A notification is input from another process: each is checked (:meth:`Change.parse`), and one that
is not a change is logged and ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("asobiba.web")

RETRY = 0.2
"""Seconds before the first attempt to connect again."""
RETRY_MAX = 2.0
"""The longest wait between attempts to connect again."""
PING = 5.0
"""Seconds of silence after which the connection is checked."""
START_TIMEOUT = 15.0
"""Seconds the broker may take to listen when the process starts."""
APPLICATION = "asobiba-broker"
"""The ``application_name`` of the broker's connection (how operators find it in
``pg_stat_activity``)."""
PRESENCE = "presence"
"""The kind of a change of who is connected (the other changes are the game's)."""
MAX_ACTIONS = 2048


@dataclass(frozen=True)
class Change:
    """One notification: a stored change of a game — from version ``base`` to ``version``, the
    ``actions`` it added from ply ``first_ply`` on when it only added moves (none: read the game
    again) — or (``kind`` :data:`PRESENCE`) a change of which seats have clients; ``origin`` is the
    process that made it ("" for none in particular)."""

    origin: str
    game_id: str
    kind: str = "game"
    base: int = -1
    version: int = -1
    first_ply: int = -1
    actions: tuple[int, ...] = ()

    @classmethod
    def parse(cls, payload: str) -> Change | None:
        """The change a notification's text says, or None if it says none."""
        try:
            data = json.loads(payload)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        origin, game_id = data.get("o"), data.get("g")
        if not (isinstance(origin, str) and isinstance(game_id, str) and 0 < len(game_id) <= 32):
            return None
        if data.get("k") == PRESENCE:
            return cls(origin, game_id, PRESENCE)
        base, version = data.get("b"), data.get("v")
        if not (_count(base) and _count(version)):
            return None
        actions, first = data.get("a", []), data.get("p", -1)
        assert isinstance(base, int) and isinstance(version, int)
        moves = isinstance(actions, list) and len(actions) <= MAX_ACTIONS and all(_count(a) for a in actions)
        if not (moves and (not actions or _count(first))):
            return None
        return cls(origin, game_id, "game", base, version, int(first), tuple(actions))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class Broker:
    """Listens for the changes of every game (see the module docstring): ``changed`` is called with
    each, in the order they were stored; ``resync`` after the connection was lost and found again."""

    def __init__(self, url: str, changed: Callable[[Change], None], resync: Callable[[], None]) -> None:
        self.conninfo = conninfo(url)
        self.changed = changed
        self.resync = resync
        self.listening = asyncio.Event()
        self.subscriptions = 0
        """How many times the broker has started listening (1 until a connection is lost)."""
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen, and return once listening (a one-line error if the database does not answer
        within :data:`START_TIMEOUT` seconds)."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        try:
            await asyncio.wait_for(self.listening.wait(), START_TIMEOUT)
        except TimeoutError:
            await self.close()
            raise RuntimeError("the broker could not listen on the database") from None

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        import psycopg

        delay = RETRY
        while True:
            before = self.subscriptions
            try:
                await self._listen()
            except (psycopg.Error, OSError) as exc:
                if self.subscriptions > before:  # it listened: lost, not one more failed try
                    log.warning("broker: lost the database connection (%s); connecting again",
                                " ".join(str(exc).split())[:200])
            self.listening.clear()
            delay = RETRY if self.subscriptions > before else min(2 * delay, RETRY_MAX)
            await asyncio.sleep(delay)

    async def _listen(self) -> None:
        """Listen on one connection until it fails."""
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True,
                                                     application_name=APPLICATION)
        async with conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            self.subscriptions += 1
            self.listening.set()
            if self.subscriptions > 1:
                log.warning("broker: listening again; every live game is read again")
                self.resync()
            while True:
                async for note in conn.notifies(timeout=PING):
                    change = Change.parse(note.payload)
                    if change is None:
                        log.warning("broker: ignored a notification that is no change: %.80r",
                                    note.payload)
                        continue
                    self.changed(change)
                await conn.execute("SELECT 1")
