"""The writer thread's group commit (docs/operations.md, "Nothing is lost"): the moves of many games go
out together, in order with the other writes, and a bad write fails alone."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from asobiba.web.commits import GroupCommit, Rows
from asobiba.web.holders import HOLDER, SeatKey
from asobiba.web.seats import Seat
from asobiba.web.store import PLAYING, Store, StoredGame, StoredMove, moves_table


@pytest.fixture
def writer(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    writer = GroupCommit(store.engine)
    yield writer
    writer.close()
    store.close()


def _move(game: str, ply: int, notation: str) -> Rows:
    row = {"game_id": game, "ply": ply, "action": ply, "notation": notation}
    return Rows(((insert(moves_table), [row]),))


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``coroutine`` run on an event loop of its own thread (in the suite, another file's browser
    tests may have left Playwright's loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(30)


def _held(writer: GroupCommit) -> threading.Event:
    """Hold the writer on a first write, so the next ones wait and go out as one batch."""
    started, release = threading.Event(), threading.Event()

    def hold(conn: object) -> None:
        started.set()
        release.wait(10)

    writer.submit(hold)
    assert started.wait(10)
    return release


def _rows(writer: GroupCommit) -> list[tuple[str, int, str]]:
    with writer.engine.connect() as conn:
        found = conn.execute(select(moves_table.c.game_id, moves_table.c.ply, moves_table.c.notation))
        return sorted(tuple(r) for r in found)


def test_moves_of_many_games_in_one_batch_keep_their_order_around_other_writes(writer) -> None:
    commits = writer.commits
    release = _held(writer)
    futures = [
        writer.submit(_move("a", 0, "first")),
        writer.submit(_move("b", 0, "b0")),
        writer.submit(lambda conn: conn.execute(delete(moves_table).where(moves_table.c.game_id == "a"))),
        writer.submit(_move("a", 0, "second")),
        writer.submit(_move("b", 1, "b1")),
    ]
    release.set()
    for future in futures:
        future.result(10)
    assert writer.commits == commits + 2  # the held write, then everything else together
    assert _rows(writer) == [("a", 0, "second"), ("b", 0, "b0"), ("b", 1, "b1")]


def test_a_bad_move_in_a_batch_fails_alone(writer) -> None:
    writer.submit(_move("a", 0, "kept")).result(10)
    release = _held(writer)
    good = writer.submit(_move("b", 0, "b0"))
    bad = writer.submit(_move("a", 0, "again"))  # the same ply twice
    release.set()
    good.result(10)
    with pytest.raises(IntegrityError):
        bad.result(10)
    assert _rows(writer) == [("a", 0, "kept"), ("b", 0, "b0")]


def test_writes_awaited_on_the_event_loop_are_told_when_their_batch_is_committed(writer) -> None:
    """The waiters of one batch hear together; a bad write fails alone, and a write whose waiter
    stopped waiting is carried out all the same."""

    async def main() -> tuple[list[object], int]:
        release = _held(writer)
        told: list[object] = []

        async def wait(name: str, write: Rows) -> None:
            try:
                await writer.commit(write)
                told.append(name)
            except IntegrityError:
                told.append(f"{name} refused")

        waiters = [asyncio.create_task(wait(name, _move(game, ply, name)))
                   for name, game, ply in (("a0", "a", 0), ("b0", "b", 0), ("a0 again", "a", 0))]
        dropped = asyncio.create_task(writer.commit(_move("c", 0, "c0")))
        await asyncio.sleep(0.05)  # every write handed over, waiting behind the held one
        dropped.cancel()
        commits = writer.commits
        release.set()
        await asyncio.gather(*waiters)
        return told, writer.commits - commits

    told, commits = _run(main())
    assert sorted(told) == ["a0", "a0 again refused", "b0"]
    assert commits >= 2  # the held write, then the batch (tried again one by one: it held a bad write)
    writer.submit(lambda conn: None).result(10)  # after the dropped write
    assert _rows(writer) == [("a", 0, "a0"), ("b", 0, "b0"), ("c", 0, "c0")]


def test_new_games_made_at_the_same_moment_are_stored_in_one_commit(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    try:
        release = _held(store.writer)
        commits = store.writer.commits
        games = [StoredGame(id=f"g{i}", game="diceout", options={}, seats=[Seat.person()] * 2, seed=i,
                            status=PLAYING, result=None, start=None, source="play", meta={}, created=0.0,
                            updated=0.0, moves=[StoredMove(i, f"roll {i}")],
                            keys=[SeatKey(HOLDER, f"digest{i}", (0, 1), creator=True)])
                 for i in range(3)]
        futures = [store.submit(store.create(game)) for game in games]
        release.set()
        for future in futures:
            future.result(10)
        assert store.writer.commits == commits + 2  # the held write, then the three games together
        for game in games:
            stored = store.load(game.id)
            assert stored is not None and stored.moves == game.moves and stored.keys == game.keys
    finally:
        store.close()
