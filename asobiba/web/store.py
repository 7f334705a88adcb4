"""Persistence of web games (issue "nothing lost"): SQLAlchemy Core over SQLite (WAL) or PostgreSQL.

Two tables:

* ``games`` — one row per game: id, game id, options, seats, the chance seed, status, result,
  an optional start position (uploaded records), free-form meta and timestamps;
* ``moves`` — one row per action (chance outcomes included), keyed by ``(game_id, ply)``.

Every change is one transaction, committed before the caller acknowledges it to a client, so a
crash or restart never loses an acknowledged move. SQLite runs in WAL mode with full fsync; a new
SQLite file is created readable by its owner only (mode 0600; SQLite gives its ``-wal`` and
``-shm`` files the same mode). The seed is a 64-bit integer; a PostgreSQL database made when it
was 32-bit has its column widened at start-up.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Sequence
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
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url

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
)

moves_table = Table(
    "moves",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("notation", String(64), nullable=False),
)

PLAYING = "playing"
FINISHED = "finished"


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
    seats: list[dict[str, Any]]
    seed: int
    status: str
    result: dict[str, Any] | None
    start: dict[str, Any] | None
    source: str
    meta: dict[str, Any]
    created: float
    updated: float
    moves: list[StoredMove] = field(default_factory=list)


def default_db_path() -> Path:
    """The default SQLite file in the user's data directory (created if missing)."""
    folder = Path(platformdirs.user_data_dir("asobiba", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "asobiba.sqlite3"


def resolve_db_url(db: str | None) -> str:
    """``None`` → the default file; a SQLAlchemy URL stays (a bare ``postgresql://`` gets the
    psycopg 3 driver of the ``postgres`` extra); anything else is a SQLite file path."""
    if db is None:
        return f"sqlite:///{default_db_path()}"
    if db.startswith("postgresql://"):
        return "postgresql+psycopg://" + db.removeprefix("postgresql://")
    if "://" in db:
        return db
    path = Path(db).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


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


def _widen_seed(engine: Engine) -> None:
    """Make a 32-bit ``games.seed`` column (PostgreSQL databases made before it was 64-bit) 64-bit.
    SQLite stores every integer in up to 64 bits whatever the column says, so it needs nothing."""
    if engine.dialect.name != "postgresql":
        return
    column = next(c for c in inspect(engine).get_columns("games") if c["name"] == "seed")
    if not isinstance(column["type"], BigInteger):
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE BIGINT"))


class Store:
    """All reads and writes of web games. Methods are blocking; call them off the event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        metadata.create_all(self.engine)
        _widen_seed(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- writes -----------------------------------------------------------------------------------
    def create(self, game: StoredGame) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(games_table).values(**_row(game)))
            if game.moves:
                conn.execute(insert(moves_table), _move_rows(game.id, 0, game.moves))

    def append(
        self,
        game_id: str,
        first_ply: int,
        moves: Sequence[StoredMove],
        status: str,
        result: dict[str, Any] | None,
    ) -> None:
        """Add moves from ``first_ply`` on and set the status, in one transaction."""
        with self.engine.begin() as conn:
            if moves:
                conn.execute(insert(moves_table), _move_rows(game_id, first_ply, moves))
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(status=status, result=_dump(result), updated=time.time())
            )

    def truncate(self, game_id: str, plies: int, status: str, result: dict[str, Any] | None) -> None:
        """Keep only the first ``plies`` moves (undo) and set the status, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(moves_table).where(
                    (moves_table.c.game_id == game_id) & (moves_table.c.ply >= plies)
                )
            )
            conn.execute(
                update(games_table)
                .where(games_table.c.id == game_id)
                .values(status=status, result=_dump(result), updated=time.time())
            )

    def set_status(self, game_id: str, status: str, result: dict[str, Any] | None) -> None:
        self.append(game_id, 0, (), status, result)

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
        stored = _game(row._mapping)
        stored.moves = [StoredMove(m.action, m.notation) for m in moves]
        return stored

    def listing(self, status: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        """Summaries of the newest games (no moves), newest first, with their move counts."""
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
                    "seats": g.seats,
                    "status": g.status,
                    "result": g.result,
                    "source": g.source,
                    "plies": row.plies,
                    "created": g.created,
                    "updated": g.updated,
                }
            )
        return out

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table.c.id).where(games_table.c.status == PLAYING)
            ).all()
        return [r.id for r in rows]


def _dump(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _row(game: StoredGame) -> dict[str, Any]:
    return {
        "id": game.id,
        "game": game.game,
        "options": json.dumps(game.options, ensure_ascii=False),
        "seats": json.dumps(game.seats, ensure_ascii=False),
        "seed": game.seed,
        "status": game.status,
        "result": _dump(game.result),
        "start": _dump(game.start),
        "source": game.source,
        "meta": json.dumps(game.meta, ensure_ascii=False),
        "created": game.created,
        "updated": game.updated,
    }


def _move_rows(game_id: str, first_ply: int, moves: Sequence[StoredMove]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "ply": first_ply + i, "action": m.action, "notation": m.notation}
        for i, m in enumerate(moves)
    ]


def _game(m: Any) -> StoredGame:
    return StoredGame(
        id=m["id"],
        game=m["game"],
        options=json.loads(m["options"]),
        seats=json.loads(m["seats"]),
        seed=m["seed"],
        status=m["status"],
        result=json.loads(m["result"]) if m["result"] else None,
        start=json.loads(m["start"]) if m["start"] else None,
        source=m["source"],
        meta=json.loads(m["meta"]),
        created=m["created"],
        updated=m["updated"],
    )
