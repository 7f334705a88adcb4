"""Persistence of web games (issue "nothing lost"): SQLAlchemy Core over SQLite (WAL) or PostgreSQL.

Six tables:

* ``games`` — one row per game: id, game id, options, seats, the chance seed, status, result,
  an optional start position (uploaded records), free-form meta, timestamps, the game's
  ``version``, a waiting takeback request and a finished game's rematch offer;
* ``moves`` — one row per action (chance outcomes included), keyed by ``(game_id, ply)``;
* ``seat_keys`` — who holds or may open each person's seat: the digests of tokens and invites
  (:mod:`.holders`; the secrets themselves are never stored);
* ``leases`` — which server process works out a game's computer move or a seat's hint, until when
  (:mod:`.leases`);
* ``presence`` — which seats each server process has a client of, until when (:mod:`.leases`);
* ``reviews`` — the engine's review of a finished game, one per analysis level (:mod:`.reviews`).

Several server processes may share one database (docs/operations.md, "Several processes"), so the
database, never a process's memory, decides which change of a game is accepted: every change is a
compare-and-set on ``games.version`` (it names the version it was made on and the one it leaves),
and a change made on a version another process has moved past fails with :class:`StaleGame` and
stores nothing. With ``notify`` on (PostgreSQL), every change also sends a notification in its own
transaction (:mod:`.broker`), so the other processes hear of exactly the committed changes, in the
order they were committed.

Every change is atomic and durable before the caller acknowledges it to a client, so a crash or
restart never loses an acknowledged move; the changes of many games waiting at the same moment are
committed in one transaction (group commit, :mod:`.commits`: one fsync for all). SQLite runs in
WAL mode with full fsync; a new SQLite file is created readable by its owner only (mode 0600;
SQLite gives its ``-wal`` and ``-shm`` files the same mode). The seed is a 64-bit integer; a
PostgreSQL database made when it was 32-bit has its column widened at start-up.

A database that does not answer — a PostgreSQL server stopped or unreachable, a connection lost, a
SQLite file locked past its time-out — raises :class:`StoreUnavailable` from every read and write
(HTTP 503 with ``Retry-After``), and the log has one line when the outage
begins and one when the database answers again (:class:`Outage`), not one per request. Nothing
else is needed to recover: the connection pool tests a connection before it lends it, so the first
request after the outage opens a new one.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    literal,
    select,
    text,
    update,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine, ExceptionContext, make_url
from sqlalchemy.sql import ColumnElement, Executable

from ..core.errors import AsobibaError, Explained, one_line
from ..core.names import Names
from ..core.outcome import Outcome
from .commits import GroupCommit, Rows, Write
from .errors import StoreUnavailable
from .holders import HOLDER, SeatKey
from .seats import Seat

log = logging.getLogger("asobiba.web")
metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", Text),
    Column("start", Text),
    Column("source", String(16), nullable=False),
    Column("meta", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("takeback", Text),
    Column("rematch", Text),
)

moves_table = Table(
    "moves",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("notation", String(64), nullable=False),
)

seat_keys_table = Table(
    "seat_keys",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("digest", String(64), primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("seats", Text, nullable=False),
    Column("creator", Integer, nullable=False),
)

leases_table = Table(
    "leases",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("holder", String(32), nullable=False),
    Column("expires", Float, nullable=False),
)

presence_table = Table(
    "presence",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("holder", String(32), primary_key=True),
    Column("seats", Text, nullable=False),
    Column("expires", Float, nullable=False, index=True),
)

# -- reviews (the engine's review of a finished game, asobiba/web/reviews.py) ------------------------
reviews_table = Table(
    "reviews",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("level", String(16), primary_key=True),
    Column("plies", Integer, nullable=False),
    Column("body", Text, nullable=False),
    Column("created", Float, nullable=False),
)
"""One review a game and level: ``plies`` — how many actions of the game it covers; ``body`` — the
review's JSON (docs/formats.md, "Reviews")."""
# -- end of reviews ---------------------------------------------------------------------------------

_ADD_GAME = insert(games_table)
_ADD_KEYS = insert(seat_keys_table)
_ADD_MOVES = insert(moves_table)
_SET_STATUS = (
    update(games_table)
    .where((games_table.c.id == bindparam("b_id")) & (games_table.c.version == bindparam("b_base")))
    .values(status=bindparam("b_status"), result=bindparam("b_result"), updated=bindparam("b_updated"),
            version=bindparam("b_version"), takeback=None)
)
CHANNEL = "asobiba"
"""The PostgreSQL notification channel of the server processes (:mod:`.broker`)."""
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")
"""The statements of a new game (:meth:`Store.create`) and of a move (:meth:`Store.append`), prepared
once: the writer gives each the rows of many games or moves at a time. The status update is the
move's compare-and-set (its takeback request goes with any move); the notification is sent at
commit."""

NOTIFY_LIMIT = 7900
"""The longest notification sent (PostgreSQL takes up to 8000 bytes); a longer one says only that
the game changed."""

PLAYING = "playing"
FINISHED = "finished"


class StaleGame(Explained):
    """A change made on a version of the game that is no longer the stored one: another player or
    another server process changed it first (HTTP 409). Nothing was stored."""

    status = 409


STALE = Names("対局はその間に進みました（別の操作が先に届きました）。盤面を読み直してください。",
              "the game changed meanwhile (another change came first); nothing was done")


def stale() -> StaleGame:
    return StaleGame(STALE)


GONE = (sa_exc.OperationalError, sa_exc.InterfaceError)
"""What SQLAlchemy raises when the database cannot be reached or stops answering (a refused or
lost connection, a server shutting down, a SQLite file locked past its time-out)."""


class Outage:
    """Whether the database is down now, told to the log once when it goes and once when it comes
    back (from any thread). Watched from the moment the store is open: a database that cannot be
    opened at all is an error of its own (:func:`check_db`), not an outage."""

    def __init__(self, engine: Engine) -> None:
        self.shown = engine.url.render_as_string(hide_password=True)
        self.since: float | None = None
        self.lock = threading.Lock()
        event.listen(engine, "handle_error", self.went)
        event.listen(engine, "commit", self.answered)
        event.listen(engine.pool, "connect", self.answered)

    def went(self, context: ExceptionContext) -> StoreUnavailable | None:
        """SQLAlchemy's ``handle_error`` hook: a database that does not answer becomes
        :class:`StoreUnavailable` (other errors stay as they are). The pool's own test of a
        connection is left alone: it opens a new connection when the test fails."""
        if context.is_pre_ping or not isinstance(context.sqlalchemy_exception, GONE):
            return None
        with self.lock:
            if self.since is None:
                self.since = time.monotonic()
                reason = one_line(str(context.original_exception))[:200]
                log.warning("the database %s does not answer (%s); requests get 503 until it does",
                            self.shown, reason)
        return StoreUnavailable()

    def answered(self, *_: Any) -> None:
        """SQLAlchemy's ``connect`` and ``commit`` hooks: the database answers."""
        if self.since is None:
            return
        with self.lock:
            if self.since is not None:
                log.warning("the database %s answers again, after %.0f s", self.shown,
                            time.monotonic() - self.since)
                self.since = None


@dataclass(frozen=True)
class Revision:
    """The versions of one change of a game: the one it was made on (the stored row must still
    have it) and the one it leaves."""

    base: int
    version: int


@dataclass
class StoredMove:
    action: int
    notation: str


@dataclass
class StoredGame:
    """One row of ``games`` plus its moves, decoded from JSON."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    status: str
    result: Outcome | None
    start: dict[str, Any] | None
    source: str
    meta: dict[str, Any]
    created: float
    updated: float
    moves: list[StoredMove] = field(default_factory=list)
    keys: list[SeatKey] = field(default_factory=list)
    version: int = 0
    """Bumped by every change (the compare-and-set of every write)."""
    takeback: dict[str, Any] | None = None
    """A waiting takeback request as :meth:`~.table.Table.takeback_json` stores it."""
    rematch: dict[str, Any] | None = None
    """A finished game's rematch offer as :meth:`~.friends.Rematch.to_json` stores it."""


def default_db_path() -> Path:
    """The default SQLite file in the user's data directory (created if missing)."""
    folder = Path(platformdirs.user_data_dir("asobiba", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "asobiba.sqlite3"


class StoreError(AsobibaError):
    """A database that cannot be used (a path that is no file, a URL that does not open)."""


def resolve_db_url(db: str | None) -> str:
    """``None`` → the default file; a SQLAlchemy URL stays (a bare ``postgresql://`` gets the
    psycopg 3 driver of the ``postgres`` extra); anything else is a SQLite file path (its folder
    is created if missing)."""
    if db is None:
        return f"sqlite:///{default_db_path()}"
    if not db.strip():
        raise StoreError("the database must be a SQLite file path or a SQLAlchemy URL, not empty")
    if db.startswith("postgresql://"):
        return "postgresql+psycopg://" + db.removeprefix("postgresql://")
    if "://" in db:
        return db
    path = Path(db).expanduser().resolve()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot make the folder of {db}: {exc.strerror or exc}") from None
    return f"sqlite:///{path}"


def check_db(url: str) -> str:
    """``url`` once it is known to open as a store (its tables made), else a one-line
    :class:`StoreError`: a SQLite database that is not a regular file (a folder, a device, a
    FIFO) or held only in memory (every connection would see another, empty one), a folder that
    does not exist, a missing driver, a server that does not answer."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # SQLAlchemy's ArgumentError, a bad port
        raise StoreError(f"not a database URL: {url!r} ({one_line(str(exc))})") from None
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        name = parsed.database or ""
        if name in ("", ":memory:") or name.startswith("file::memory:") or "mode=memory" in url:
            raise StoreError("a SQLite database in memory is not supported (each connection would "
                             "see a different, empty one); give a file")
        path = Path(name)
        if path.exists() and not path.is_file():
            raise StoreError(f"the database {name} is not a regular file")
        if not path.parent.is_dir():
            raise StoreError(f"the folder of the database {name} does not exist")
    try:
        Store(url).close()
    except Exception as exc:
        detail = one_line(str(getattr(exc, "orig", None) or exc)).split(" (Background on")[0]
        raise StoreError(f"cannot open the database {shown}: {type(exc).__name__}: {detail[:200]}") from None
    return url


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        _create_private(Path(parsed.database))
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    return engine


def _create_private(path: Path) -> None:
    """Create the SQLite file readable and writable by its owner only, if it does not exist."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


SCHEMA_LOCK = 0x61736F6269626100
"""The PostgreSQL advisory lock held while the tables are made or brought up to date, so that
processes starting together do not make them twice."""


def _prepare(engine: Engine) -> None:
    """Make the tables that are missing and bring a ``games`` table made by an older version up to
    date, in one transaction (on PostgreSQL, one process at a time): its ``version``,
    ``takeback`` and ``rematch`` columns added; a 32-bit ``seed`` column (PostgreSQL databases
    made before it was 64-bit) made 64-bit (SQLite stores every integer in up to 64 bits whatever
    the column says)."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        metadata.create_all(conn)
        columns = {c["name"]: c for c in inspect(conn).get_columns("games")}
        if "version" not in columns:
            conn.execute(text("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0"))
        if "takeback" not in columns:
            conn.execute(text("ALTER TABLE games ADD COLUMN takeback TEXT"))
        if "rematch" not in columns:
            conn.execute(text("ALTER TABLE games ADD COLUMN rematch TEXT"))
        if engine.dialect.name == "postgresql" and not isinstance(columns["seed"]["type"], BigInteger):
            conn.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE BIGINT"))


class Store:
    """All reads and writes of web games.

    Reads are blocking; call them off the event loop. The write methods build a write (what it
    stores is taken then) and the group commit (:mod:`.commits`) carries it out: ``await``
    :meth:`commit` on the event loop, or :meth:`submit` from a thread (a future); either way it is
    durable once told. :meth:`close` carries out the writes still waiting."""

    def __init__(self, url: str, origin: str | None = None) -> None:
        self.url = url
        self.engine = _engine(url)
        _prepare(self.engine)
        self.outage = Outage(self.engine)
        self.writer = GroupCommit(self.engine)
        self.origin = origin
        """The server process's id, sent with every change's notification (None: no
        notifications; only PostgreSQL sends them)."""
        if origin is not None and self.engine.dialect.name != "postgresql":
            raise StoreError("only PostgreSQL tells other server processes of changes; "
                             "SQLite serves one process")

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # -- writes -----------------------------------------------------------------------------------
    async def commit(self, write: Write) -> None:
        """Carry out ``write`` (on the event loop); returns once it is durable."""
        await self.writer.commit(write)

    def submit(self, write: Write) -> Future[None]:
        """Hand ``write`` over from a thread; the future resolves once it is durable."""
        return self.writer.submit(write)

    def create(self, game: StoredGame) -> Write:
        """Add a new game with its moves and its seats' keys (rows of statements prepared once, as a
        move's are: the games created at the same moment are added together)."""
        return Rows(((_ADD_GAME, [_row(game)]), (_ADD_MOVES, _move_rows(game.id, 0, game.moves)),
                     (_ADD_KEYS, _key_rows(game.id, game.keys))))

    def append(
        self,
        game_id: str,
        first_ply: int,
        moves: Sequence[StoredMove],
        status: str,
        result: Outcome | None,
        revision: Revision,
    ) -> Write:
        """Add moves from ``first_ply`` on and set the status, in one transaction (a takeback
        request waiting is dropped: a move ends it)."""
        game = {"b_id": game_id, "b_status": status, "b_result": _outcome(result), "b_updated": time.time(),
                "b_base": revision.base, "b_version": revision.version}
        steps: list[tuple[Executable, list[dict[str, Any]]]] = [
            (_SET_STATUS, [game]), (_ADD_MOVES, _move_rows(game_id, first_ply, moves))]
        if self.origin is not None:
            steps.append((_NOTIFY, [{"payload": self._change(game_id, revision, first_ply, moves)}]))
        return Rows(tuple(steps), checked=_SET_STATUS, conflict=stale)

    def truncate(
        self, game_id: str, plies: int, status: str, result: Outcome | None, revision: Revision
    ) -> Write:
        """Keep only the first ``plies`` moves (undo) and set the status, in one transaction (a
        rematch offer goes with the end it was made at)."""
        values = {"status": status, "result": _outcome(result), "updated": time.time(), "takeback": None,
                  "rematch": None}

        def write(conn: Connection) -> None:
            self._claim(conn, game_id, revision, values)
            conn.execute(
                delete(moves_table).where(
                    (moves_table.c.game_id == game_id) & (moves_table.c.ply >= plies)
                )
            )

        return write

    def set_seats(
        self, game_id: str, seats: Sequence[Seat], keys: Sequence[SeatKey], revision: Revision
    ) -> Write:
        """Replace who sits where and the keys of the seats (an invite used, a seat given to the
        computer), in one transaction (a takeback request waiting is dropped)."""
        key_rows = _key_rows(game_id, keys)
        values = {"seats": _seats(seats), "updated": time.time(), "takeback": None}

        def write(conn: Connection) -> None:
            self._claim(conn, game_id, revision, values)
            conn.execute(delete(seat_keys_table).where(seat_keys_table.c.game_id == game_id))
            if key_rows:
                conn.execute(insert(seat_keys_table), key_rows)

        return write

    def set_status(
        self, game_id: str, status: str, result: Outcome | None, revision: Revision
    ) -> Write:
        return self.append(game_id, 0, (), status, result, revision)

    def set_takeback(
        self, game_id: str, takeback: dict[str, Any] | None, revision: Revision
    ) -> Write:
        """Store the takeback request waiting (None: none is)."""
        values = {"takeback": _dump(takeback), "updated": time.time()}
        return lambda conn: self._claim(conn, game_id, revision, values)

    def set_rematch(self, game_id: str, rematch: dict[str, Any] | None, revision: Revision) -> Write:
        """Store the rematch offer of a finished game (None: none is)."""
        values = {"rematch": _dump(rematch), "updated": time.time()}
        return lambda conn: self._claim(conn, game_id, revision, values)

    def _claim(self, conn: Connection, game_id: str, revision: Revision, values: dict[str, Any]) -> None:
        """Update the game's row with ``values`` if it still has the revision's base version (else
        :class:`StaleGame`), and send the change's notification."""
        changed = conn.execute(
            update(games_table)
            .where((games_table.c.id == game_id) & (games_table.c.version == revision.base))
            .values(version=revision.version, **values)
        ).rowcount
        if changed != 1:
            raise stale()
        if self.origin is not None:
            conn.execute(_NOTIFY, {"payload": self._change(game_id, revision)})

    def _change(
        self, game_id: str, revision: Revision, first_ply: int = 0, moves: Sequence[StoredMove] = ()
    ) -> str:
        """The notification of a change (:class:`~.broker.Change`): the moves it added, if it
        only added moves and they fit; else only that the game changed."""
        change: dict[str, Any] = {"o": self.origin, "g": game_id, "b": revision.base, "v": revision.version}
        if moves:
            change.update({"p": first_ply, "a": [m.action for m in moves]})
        payload = json.dumps(change, separators=(",", ":"))
        if len(payload) > NOTIFY_LIMIT:
            del change["p"], change["a"]
            payload = json.dumps(change, separators=(",", ":"))
        return payload

    # -- leases and presence (several processes, :mod:`.leases`) ----------------------------------
    def now(self) -> ColumnElement[float]:
        """The time leases are measured by: the database server's clock on PostgreSQL (one clock for
        every process, on any machine), this process's on SQLite (one process)."""
        if self.engine.dialect.name == "postgresql":
            return func.extract("epoch", func.clock_timestamp()).cast(Float)
        return literal(time.time(), Float)

    def take_lease(self, game_id: str, kind: str, holder: str, ttl: float) -> bool:
        """Hold the lease ``kind`` of a game for ``ttl`` seconds if nobody else holds it (or their
        lease ran out); whether ``holder`` holds it now."""
        table = leases_table
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        now = self.now()
        statement = dialect.insert(table).values(game_id=game_id, kind=kind, holder=holder, expires=now + ttl)
        statement = statement.on_conflict_do_update(
            index_elements=[table.c.game_id, table.c.kind],
            set_={"holder": statement.excluded.holder, "expires": statement.excluded.expires},
            where=(table.c.expires < now) | (table.c.holder == holder),
        ).returning(table.c.holder)
        with self.engine.begin() as conn:
            return conn.execute(statement).first() is not None

    def drop_lease(self, game_id: str, kind: str, holder: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(leases_table).where(
                (leases_table.c.game_id == game_id) & (leases_table.c.kind == kind)
                & (leases_table.c.holder == holder)))

    def set_presence(self, game_id: str, holder: str, seats: Sequence[int], ttl: float) -> None:
        """Say which seats of a game ``holder`` has clients of (none: forget it), and tell the other
        processes."""
        table = presence_table
        with self.engine.begin() as conn:
            conn.execute(delete(table).where((table.c.game_id == game_id) & (table.c.holder == holder)))
            if seats:
                conn.execute(insert(table).values(game_id=game_id, holder=holder,
                                                  seats=json.dumps(sorted(seats)), expires=self.now() + ttl))
            if self.origin is not None:
                presence = {"o": self.origin, "g": game_id, "k": "presence"}
                conn.execute(_NOTIFY, {"payload": json.dumps(presence)})

    def presence(self, game_id: str, holder: str) -> set[int]:
        """The seats of a game other processes than ``holder`` have clients of (their presence not
        run out)."""
        table = presence_table
        query = select(table.c.seats).where(
            (table.c.game_id == game_id) & (table.c.holder != holder) & (table.c.expires >= self.now()))
        with self.engine.connect() as conn:
            return {int(s) for row in conn.execute(query) for s in json.loads(row.seats)}

    def forget(self, holder: str) -> None:
        """Drop the leases and presence of ``holder`` (a process stopping), telling the others."""
        with self.engine.begin() as conn:
            conn.execute(delete(leases_table).where(leases_table.c.holder == holder))
            gone = conn.execute(delete(presence_table).where(presence_table.c.holder == holder)
                                .returning(presence_table.c.game_id)).scalars().all()
            self._tell_presence(conn, sorted(set(gone)))

    def renew(self, holder: str, ttl: float) -> list[str]:
        """Keep the leases and presence of ``holder`` for ``ttl`` more seconds; forget the presence
        other processes let run out (they died) and return the games it was of (the other processes
        are told)."""
        with self.engine.begin() as conn:
            for table in (leases_table, presence_table):
                conn.execute(update(table).where(table.c.holder == holder).values(expires=self.now() + ttl))
            gone = conn.execute(delete(presence_table).where(presence_table.c.expires < self.now())
                                .returning(presence_table.c.game_id)).scalars().all()
            games = sorted(set(gone))
            self._tell_presence(conn, games)
        return games

    def _tell_presence(self, conn: Connection, game_ids: Sequence[str]) -> None:
        """Tell every process (this one too) that who is connected to these games changed."""
        if self.origin is not None:
            for game_id in game_ids:
                conn.execute(_NOTIFY, {"payload": json.dumps({"o": "", "g": game_id, "k": "presence"})})

    # -- reviews (asobiba/web/reviews.py) -----------------------------------------------------------
    def save_review(self, game_id: str, level: str, plies: int, body: str) -> None:
        """Keep the review of a game at ``level`` (one covering other plies is replaced; two
        processes saving the same review at once keep one)."""
        table = reviews_table
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(table).values(game_id=game_id, level=level, plies=plies, body=body,
                                                 created=time.time())
        statement = statement.on_conflict_do_update(
            index_elements=[table.c.game_id, table.c.level],
            set_={"plies": statement.excluded.plies, "body": statement.excluded.body,
                  "created": statement.excluded.created})
        with self.engine.begin() as conn:
            conn.execute(statement)

    def load_review(self, game_id: str, level: str) -> tuple[int, str] | None:
        """The stored review of a game at ``level``: (plies it covers, its JSON), or None."""
        table = reviews_table
        query = select(table.c.plies, table.c.body).where(
            (table.c.game_id == game_id) & (table.c.level == level))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (int(row.plies), str(row.body))
    # -- end of reviews ------------------------------------------------------------------------------

    # -- reads ------------------------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            moves = conn.execute(
                select(moves_table.c.action, moves_table.c.notation)
                .where(moves_table.c.game_id == game_id)
                .order_by(moves_table.c.ply)
            ).all()
            keys = conn.execute(
                select(seat_keys_table).where(seat_keys_table.c.game_id == game_id)
            ).all()
        stored = _game(row._mapping)
        stored.moves = [StoredMove(m.action, m.notation) for m in moves]
        stored.keys = [
            SeatKey(k.kind, k.digest, tuple(json.loads(k.seats)), bool(k.creator)) for k in keys
        ]
        return stored

    def held(self, digests: Sequence[str]) -> list[str]:
        """The ids of the games in which one of ``digests`` is a holder's (a token's; an invite
        lists nothing)."""
        if not digests:
            return []
        query = select(seat_keys_table.c.game_id).distinct().where(
            seat_keys_table.c.digest.in_(list(digests)) & (seat_keys_table.c.kind == HOLDER)
        )
        with self.engine.connect() as conn:
            return [row.game_id for row in conn.execute(query).all()]

    def listing(
        self, status: str | None = None, limit: int = 200, ids: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        """Summaries of the newest games (no moves), newest first, with their move counts (only
        the games ``ids`` when given)."""
        counts = (
            select(moves_table.c.game_id, func.count().label("plies"))
            .group_by(moves_table.c.game_id)
            .subquery()
        )
        query = (
            select(games_table, func.coalesce(counts.c.plies, 0).label("plies"))
            .outerjoin(counts, counts.c.game_id == games_table.c.id)
            .order_by(games_table.c.updated.desc())
            .limit(limit)
        )
        if status is not None:
            query = query.where(games_table.c.status == status)
        if ids is not None:
            query = query.where(games_table.c.id.in_(list(ids)))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out = []
        for row in rows:
            g = _game(row._mapping)
            out.append(
                {
                    "id": g.id,
                    "game": g.game,
                    "options": g.options,
                    "seats": [s.to_json() for s in g.seats],
                    "status": g.status,
                    "result": None if g.result is None else g.result.to_json(),
                    "source": g.source,
                    "plies": row.plies,
                    "created": g.created,
                    "updated": g.updated,
                }
            )
        return out


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _seats(seats: Sequence[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats], ensure_ascii=False)


def _outcome(outcome: Outcome | None) -> str | None:
    return None if outcome is None else _dump(outcome.to_json())


def _row(game: StoredGame) -> dict[str, Any]:
    return {
        "id": game.id,
        "game": game.game,
        "options": json.dumps(game.options, ensure_ascii=False),
        "seats": _seats(game.seats),
        "seed": game.seed,
        "status": game.status,
        "result": _outcome(game.result),
        "start": _dump(game.start),
        "source": game.source,
        "meta": json.dumps(game.meta, ensure_ascii=False),
        "created": game.created,
        "updated": game.updated,
        "version": game.version,
        "takeback": _dump(game.takeback),
        "rematch": _dump(game.rematch),
    }


def _move_rows(game_id: str, first_ply: int, moves: Sequence[StoredMove]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "ply": first_ply + i, "action": m.action, "notation": m.notation}
        for i, m in enumerate(moves)
    ]


def _key_rows(game_id: str, keys: Sequence[SeatKey]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "digest": k.digest, "kind": k.kind, "seats": json.dumps(list(k.seats)),
         "creator": int(k.creator)}
        for k in keys
    ]


def _game(m: Any) -> StoredGame:
    return StoredGame(
        id=m["id"],
        game=m["game"],
        options=json.loads(m["options"]),
        seats=[Seat.from_json(s) for s in json.loads(m["seats"])],
        seed=m["seed"],
        status=m["status"],
        result=Outcome.from_json(json.loads(m["result"])) if m["result"] else None,
        start=json.loads(m["start"]) if m["start"] else None,
        source=m["source"],
        meta=json.loads(m["meta"]),
        created=m["created"],
        updated=m["updated"],
        version=m["version"],
        takeback=json.loads(m["takeback"]) if m["takeback"] else None,
        rematch=json.loads(m["rematch"]) if m["rematch"] else None,
    )
