"""The study slot of a database, its queue and its kept results (docs/operations.md, "Studies").

One row of ``studies`` per study asked for, in the store every server process of a database
shares, so that the slot, the queue and the quotas hold for the whole server, whatever process a
request reaches:

* **the slot** — at most one study is ``running`` per database. A study asked for joins the queue
  (``queued``); whenever the slot is free the oldest queued study is claimed by the process that
  notices (the one whose study just ended, or the next one asked about a study) and runs there.
  The running study's process renews its ``beat`` every :data:`BEAT` seconds, storing its status
  and reading whether it was cancelled; a study whose beat is :data:`TTL` seconds old is taken for
  ended with its process (``failed``) and the slot is free again.
* **the queue** — at most :attr:`StudyQuota.queue` studies wait; one more is refused
  (:class:`QueueFull`: 409 with the queue's length and ``Retry-After``).
* **the quotas of an address** — at most :attr:`StudyQuota.per_address` studies running or waiting
  at once, and :attr:`StudyQuota.hourly` asked for within an hour (:class:`QuotaSpent`: 429 with
  ``Retry-After``).
* **who may read and cancel** — only the digests of a study's token (its starter's: read, cancel,
  share) and of its share key (read only) are stored, never the secrets.
* **how long results stay** — a study's status, JSON and plots are kept :attr:`StudyQuota.keep`
  seconds after it ends (the :attr:`StudyQuota.kept` newest ended studies at most: an older one's
  results go sooner); its row stays until the hour of its address's quota has passed too.

Every change of the slot is one transaction, and on PostgreSQL one process at a time
(an advisory lock), so two processes never run two studies nor claim one twice; times are the
database server's clock (one clock for every process). The methods block: call them off the
event loop.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.sql import Select

from ..core.errors import Explained
from ..core.names import Names

QUEUED, RUNNING = "queued", "running"
FAILED = "failed"
EXPIRED = "expired"
"""An ended study whose results are no longer kept (its row stays for its address's quota)."""
BEAT = 1.0
"""Seconds between two renewals of the running study's beat."""
TTL = 10.0
"""Seconds after its last beat that a running study is taken for ended with its process."""
HOUR = 3600.0
SLOT_LOCK = 0x61736F6269626101
"""The PostgreSQL advisory lock of the study slot's changes."""

metadata = MetaData()

studies_table = Table(
    "studies",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("token", String(64), nullable=False),
    Column("share", String(64)),
    Column("address", String(64), nullable=False, index=True),
    Column("body", Text, nullable=False),
    Column("state", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("started", Float),
    Column("ended", Float),
    Column("holder", String(32)),
    Column("beat", Float),
    Column("cancel", Integer, nullable=False, server_default="0"),
    Column("status", Text),
    Column("results", Text),
    Column("png", LargeBinary),
    Column("svg", LargeBinary),
)


@dataclass(frozen=True)
class StudyQuota:
    """The bounds of the slot (see the module docstring)."""

    queue: int = 4
    per_address: int = 1
    hourly: int = 12
    keep: float = HOUR
    kept: int = 100


@dataclass(frozen=True)
class StudyRow:
    """One study as stored (without its plots)."""

    id: str
    token: str
    share: str | None
    address: str
    body: str
    state: str
    created: float
    started: float | None
    ended: float | None
    holder: str | None
    status: str | None
    results: str | None
    plots: tuple[str, ...]


class QueueFull(Explained):
    """A study asked for while the queue is full (HTTP 409, with ``Retry-After``)."""

    status = 409

    def __init__(self, text: Names, retry_after: int, waiting: int) -> None:
        super().__init__(text)
        self.retry_after = retry_after
        self.waiting = waiting


class QuotaSpent(Explained):
    """A study asked for past its address's quota (HTTP 429, with ``Retry-After``)."""

    status = 429

    def __init__(self, text: Names, retry_after: int) -> None:
        super().__init__(text)
        self.retry_after = retry_after


def digest(secret: str) -> str:
    """What is stored of a token or share key."""
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, stored: str | None) -> bool:
    return stored is not None and secrets.compare_digest(digest(secret), stored)


def prepare(engine: Engine) -> None:
    """Make the table if it is missing (on PostgreSQL, one process at a time)."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SLOT_LOCK})
        metadata.create_all(conn)


_COLUMNS = [c for c in studies_table.c if c.name not in ("png", "svg", "beat", "cancel")]


def _row(row: Row[Any]) -> StudyRow:
    m = row._mapping
    plots = tuple(kind for kind in ("png", "svg") if m[f"has_{kind}"])
    return StudyRow(m["id"], m["token"], m["share"], m["address"], m["body"], m["state"], m["created"],
                    m["started"], m["ended"], m["holder"], m["status"], m["results"],
                    plots)


def _waiting(conn: Connection) -> int:
    t = studies_table
    return int(conn.execute(select(func.count()).select_from(t).where(t.c.state == QUEUED)).scalar_one())


def _select() -> Select[Any]:
    t = studies_table
    return select(*_COLUMNS, t.c.png.is_not(None).label("has_png"), t.c.svg.is_not(None).label("has_svg"))


class StudySlot:
    """The study rows of one database (see the module docstring)."""

    def __init__(self, engine: Engine, quota: StudyQuota | None = None) -> None:
        self.engine = engine
        self.quota = quota or StudyQuota()
        self._lock = threading.Lock()
        """One change of the slot at a time within this process (SQLite serves one process)."""
        prepare(engine)

    @contextlib.contextmanager
    def _change(self) -> Iterator[tuple[Connection, float]]:
        """A transaction holding the slot, and the database's time."""
        with self._lock, self.engine.begin() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SLOT_LOCK})
            yield conn, self._now(conn)

    def _now(self, conn: Connection) -> float:
        if self.engine.dialect.name == "postgresql":
            return float(conn.execute(text("SELECT extract(epoch FROM clock_timestamp())")).scalar_one())
        return time.time()

    # -- asking for a study ------------------------------------------------------------------------
    def enqueue(self, study_id: str, token: str, address: str, body: str, retry: int) -> None:
        """Add a study to the queue, or refuse it (:class:`QuotaSpent`, :class:`QueueFull`;
        ``retry``: the seconds the running study may still take, for ``Retry-After``)."""
        t, quota = studies_table, self.quota
        address = address[:64]
        with self._change() as (conn, now):
            self._sweep(conn, now)
            mine = conn.execute(select(t.c.created).where(
                (t.c.address == address) & (t.c.created > now - HOUR)).order_by(t.c.created)).scalars().all()
            active = conn.execute(select(func.count()).select_from(t).where(
                (t.c.address == address) & t.c.state.in_((QUEUED, RUNNING)))).scalar_one()
            if active >= quota.per_address:
                raise QuotaSpent(Names(
                    f"このアドレスの検証がすでに{active}件、実行中か順番待ちです。終わるか止めてからどうぞ。",
                    f"this address already has {active} study running or waiting (at most "
                    f"{quota.per_address}); wait for it or cancel it"), max(1, retry))
            if len(mine) >= quota.hourly:
                wait = max(1, int(mine[0] + HOUR - now) + 1)
                raise QuotaSpent(Names(
                    f"このアドレスからの検証は1時間に{quota.hourly}件までです。約{wait}秒後にどうぞ。",
                    f"at most {quota.hourly} studies an hour from one address; try again in about "
                    f"{wait} s"), wait)
            waiting = _waiting(conn)
            if waiting >= quota.queue:
                wait = max(1, retry)
                raise QueueFull(Names(
                    f"検証の順番待ちがいっぱいです（{waiting}件待ち、{quota.queue}件まで）。約{wait}秒後にどうぞ。",
                    f"the study queue is full ({waiting} waiting, at most {quota.queue}); try again "
                    f"in about {wait} s"), wait, waiting)
            conn.execute(insert(t).values(id=study_id, token=digest(token), address=address, body=body,
                                          state=QUEUED, created=now, cancel=0))

    def _sweep(self, conn: Connection, now: float) -> None:
        """Forget what is no longer kept: the results of studies ended :attr:`StudyQuota.keep`
        seconds ago or beyond the :attr:`StudyQuota.kept` newest; the rows past both that and
        their hour; the running studies whose process stopped beating (they failed)."""
        t, quota = studies_table, self.quota
        conn.execute(update(t).where((t.c.state == RUNNING) & (t.c.beat < now)).values(
            state=FAILED, ended=now))
        ended = t.c.ended.is_not(None) & (t.c.state != EXPIRED)
        newest = select(t.c.id).where(ended).order_by(t.c.ended.desc()).limit(quota.kept).scalar_subquery()
        gone = {"state": EXPIRED, "status": None, "results": None, "png": None, "svg": None}
        conn.execute(update(t).where(ended & ((t.c.ended < now - quota.keep) | t.c.id.not_in(newest)))
                     .values(**gone))
        conn.execute(delete(t).where((t.c.state == EXPIRED) & (t.c.created < now - HOUR)))

    # -- the slot ----------------------------------------------------------------------------------
    def claim(self, holder: str) -> StudyRow | None:
        """The oldest queued study, now running in ``holder``, if the slot is free (else None)."""
        t = studies_table
        with self._change() as (conn, now):
            self._sweep(conn, now)
            if conn.execute(select(t.c.id).where(t.c.state == RUNNING)).first() is not None:
                return None
            first = conn.execute(select(t.c.id).where(t.c.state == QUEUED)
                                 .order_by(t.c.created, t.c.id).limit(1)).scalar()
            if first is None:
                return None
            conn.execute(update(t).where(t.c.id == first).values(
                state=RUNNING, started=now, holder=holder, beat=now + TTL))
            return self._read(conn, first)

    def beat(self, study_id: str, holder: str, status: str, results: str | None) -> bool:
        """Renew the running study's beat and store its status (and its results when given);
        whether it goes on (False: it was cancelled, or is no longer this process's)."""
        t = studies_table
        values: dict[str, object] = {"status": status}
        if results is not None:
            values["results"] = results
        with self.engine.begin() as conn:
            now = self._now(conn)
            mine = (t.c.id == study_id) & (t.c.holder == holder) & (t.c.state == RUNNING)
            changed = conn.execute(update(t).where(mine).values(beat=now + TTL, **values)).rowcount
            if changed != 1:
                return False
            return not conn.execute(select(t.c.cancel).where(t.c.id == study_id)).scalar_one()

    def finish(self, study_id: str, holder: str, state: str, status: str, results: str | None,
               plots: dict[str, bytes]) -> None:
        """Store a study's end: its state, last status, results and plots (if it is still this
        process's)."""
        t = studies_table
        with self._change() as (conn, now):
            conn.execute(update(t).where((t.c.id == study_id) & (t.c.holder == holder)
                                         & (t.c.state == RUNNING)).values(
                state=state, ended=now, status=status, results=results,
                png=plots.get("png"), svg=plots.get("svg")))

    def cancel(self, study_id: str) -> None:
        """Cancel a study: a queued one ends at once, a running one at its next beat."""
        t = studies_table
        with self._change() as (conn, now):
            conn.execute(update(t).where((t.c.id == study_id) & (t.c.state == QUEUED))
                         .values(state="cancelled", ended=now, cancel=1))
            conn.execute(update(t).where((t.c.id == study_id) & (t.c.state == RUNNING)).values(cancel=1))

    def share(self, study_id: str, key: str) -> None:
        """Let ``key`` read the study (the share key made before stops reading it)."""
        with self._change() as (conn, _now):
            conn.execute(update(studies_table).where(studies_table.c.id == study_id)
                         .values(share=digest(key)))

    # -- reads -------------------------------------------------------------------------------------
    def _read(self, conn: Connection, study_id: str) -> StudyRow | None:
        found = conn.execute(_select().where(studies_table.c.id == study_id)).first()
        return None if found is None else _row(found)

    def get(self, study_id: str) -> StudyRow | None:
        """The study, unless its results are no longer kept."""
        with self.engine.connect() as conn:
            row = self._read(conn, study_id)
            now = self._now(conn)
        if row is None or row.state == EXPIRED:
            return None
        return None if row.ended is not None and row.ended + self.quota.keep < now else row

    def ahead(self, row: StudyRow) -> int:
        """How many studies run or wait before a queued one."""
        t = studies_table
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(t).where(
                (t.c.state == RUNNING) | ((t.c.state == QUEUED) & (
                    (t.c.created < row.created) | ((t.c.created == row.created) & (t.c.id < row.id)))))
            ).scalar_one())

    def plot(self, study_id: str, kind: str) -> bytes | None:
        column = studies_table.c.png if kind == "png" else studies_table.c.svg
        with self.engine.connect() as conn:
            return conn.execute(select(column).where(
                (studies_table.c.id == study_id) & (studies_table.c.state != EXPIRED))).scalar()

    def occupancy(self) -> tuple[StudyRow | None, int, float]:
        """The running study (None: the slot is free), how many wait, and the database's time."""
        t = studies_table
        with self.engine.connect() as conn:
            now = self._now(conn)
            running = conn.execute(_select().where(t.c.state == RUNNING)).first()
            waiting = _waiting(conn)
        return (None if running is None else _row(running)), int(waiting), now

    def clock(self) -> float:
        with self.engine.connect() as conn:
            return self._now(conn)

