"""The limits of a server of several processes on one database (docs/operations.md, "Limits of a
server of several processes"): what is counted in the store, and what each process divides.

* **Counted in the store** — the per-address quota of new games (:meth:`SharedLimits.take`: a token
  bucket per address, one row of ``address_quota``, taken in one statement) and the study slot
  (:mod:`.studyslot`), so that they hold for the database whatever process a request reaches.
* **Divided** — the per-address request rates, WebSockets, frames and TCP connections are kept by
  each process in its memory (counting each request in the database would cost a write a request):
  each process holds its share, the limit divided by the number of processes serving
  (:attr:`Share.processes`, at least the ``--workers`` it was started with). Each process says it
  serves in ``processes`` every heartbeat (:mod:`.cluster`), with an expiry, and counts the
  processes whose row has not run out; so the sum of the shares is never more than the limit. An
  address whose requests all reach one process gets that process's share only.

A process serving alone (no broker) counts everything in its memory, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, delete, func, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.sql import ColumnElement

QUOTA_LOCK = 0x61736F6269626102
"""The PostgreSQL advisory lock held while these tables are made."""
PRUNE_EVERY = 256
"""Takes between two sweeps of the addresses whose bucket is full again (forgotten)."""

metadata = MetaData()

quota_table = Table(
    "address_quota",
    metadata,
    Column("kind", String(16), primary_key=True),
    Column("address", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("stamp", Float, nullable=False, index=True),
)

processes_table = Table(
    "processes",
    metadata,
    Column("origin", String(32), primary_key=True),
    Column("expires", Float, nullable=False),
    Column("counted", Integer, nullable=False),
)


@dataclass
class Share:
    """What a process knows of the others serving its database: how many serve (its share of a
    divided limit is the limit over it) and the store's quotas (None: it serves alone)."""

    processes: int = 1
    store: SharedLimits | None = field(default=None, repr=False)

    def part(self, limit: float) -> float:
        """This process's part of ``limit``."""
        return limit / max(1, self.processes)


class SharedLimits:
    """The rows of ``address_quota`` and ``processes`` in one PostgreSQL database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.takes = 0
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": QUOTA_LOCK})
            metadata.create_all(conn)

    def _now(self) -> ColumnElement[float]:
        """The database's clock (one for every process)."""
        if self.engine.dialect.name == "postgresql":
            return func.extract("epoch", func.clock_timestamp()).cast(Float)
        return ((func.julianday("now") - 2440587.5) * 86400.0).cast(Float)

    def take(self, kind: str, address: str, rate: float, burst: float) -> bool:
        """Take one token of the bucket ``kind`` of ``address`` (``rate`` a second, at most
        ``burst``); whether there was one."""
        t, now = quota_table, self._now()
        pg = self.engine.dialect.name == "postgresql"
        least = func.least if pg else func.min
        filled = least(burst, t.c.tokens + (now - t.c.stamp) * rate)
        statement = (postgresql if pg else sqlite).insert(t).values(
            kind=kind, address=address[:64], tokens=burst - 1, stamp=now)
        statement = statement.on_conflict_do_update(
            index_elements=[t.c.kind, t.c.address], set_={"tokens": filled - 1, "stamp": now},
            where=filled >= 1).returning(t.c.tokens)
        with self.engine.begin() as conn:
            taken = conn.execute(statement).first() is not None
            self.takes += 1
            if self.takes % PRUNE_EVERY == 0:
                conn.execute(delete(t).where((t.c.kind == kind) & (t.c.stamp < now - burst / rate)))
        return taken

    def serve(self, origin: str, ttl: float, counted: int) -> int:
        """Say that ``origin`` serves for ``ttl`` more seconds (having counted ``counted``
        processes last time); how many processes serve now (their rows not run out)."""
        t, now = processes_table, self._now()
        with self.engine.begin() as conn:
            if conn.execute(update(t).where(t.c.origin == origin).values(
                    expires=now + ttl, counted=counted)).rowcount == 0:
                conn.execute(t.insert().values(origin=origin, expires=now + ttl, counted=counted))
            conn.execute(delete(t).where(t.c.expires < now))
            return int(conn.execute(select(func.count()).select_from(t)).scalar_one())

    def leave(self, origin: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(processes_table).where(processes_table.c.origin == origin))
