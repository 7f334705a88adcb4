"""The limits of a server hold for the server, not for each of its processes (docs/operations.md,
"Limits of a server of several processes"): two ``asobiba serve`` processes on one PostgreSQL (and
the two of ``--workers 2``) run one study at a time between them, queue the next, and answer for
either's study (status and cancel);
the per-address games quota is counted once for the database; each process keeps its part of the
per-address request rate and TCP connections, so that the two together allow no more than one.

These tests need a PostgreSQL database they may empty: ``ASOBIBA_TEST_PG_URL`` (scripts/test.sh
starts a local server and sets it)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from web.processes import database_held
from web.test_web_cluster import Process
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from asobiba.web.store import metadata, resolve_db_url

SOCKETS = 64
"""An address's WebSockets (the default; each of the two processes holds half)."""
CONNECTIONS = 4
"""The ``--address-connections`` of the processes (each holds half)."""
TINY = {"game": "gandice", "compare": "decks", "a": "yami", "b": "isurugi", "level": "intro",
        "games": 2, "seed": 1}
LONG = {**TINY, "games": 2000, "width": 1}
ENDED = ("done", "cancelled", "timed_out", "failed")
NO_GAME = "0123456789abcdef"
"""A game id of the right form that no game has (its answer, 404, costs the processes little)."""


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """The tests' PostgreSQL database, held by this file while it runs (:func:`database_held`)."""
    url = os.environ.get("ASOBIBA_TEST_PG_URL")
    if not url:
        pytest.fail("several processes need PostgreSQL: set ASOBIBA_TEST_PG_URL to a database these "
                    "tests may empty (scripts/test.sh does)")
    with database_held():
        engine = create_engine(resolve_db_url(url))
        metadata.drop_all(engine)
        with engine.begin() as conn:  # the tables of the study slot and the shared limits
            conn.execute(text("DROP TABLE IF EXISTS studies, address_quota, processes"))
        engine.dispose()
        yield url


@pytest.fixture(scope="module")
def pair(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Process, Process]]:
    """Two processes of one database, once each has counted the other."""
    home = tmp_path_factory.mktemp("limits")
    started = [Process(pg_url, home / name, "--address-connections", str(CONNECTIONS)) for name in "ab"]
    try:
        for process in started:
            process.ready()
        engine = create_engine(resolve_db_url(pg_url))
        deadline = time.monotonic() + 60
        with engine.connect() as conn:
            while conn.execute(text("SELECT count(*), min(counted) FROM processes")).one() != (2, 2):
                assert time.monotonic() < deadline, "the processes did not count each other"
                conn.commit()
                time.sleep(0.1)
        engine.dispose()
        yield started[0], started[1]
    finally:
        for process in started:
            process.kill()


def client(address: str) -> dict:
    """The headers of a client at ``address`` (the processes trust 127.0.0.1 as their proxy)."""
    return {"X-Forwarded-For": address}


def bearer(address: str, token: str) -> dict:
    return {**client(address), "Authorization": f"Bearer {token}"}


def until(base: str, address: str, study: dict, states: tuple[str, ...], limit: float = 120) -> dict:
    deadline = time.monotonic() + limit
    while True:
        got = httpx.get(f"{base}/api/studies/{study['id']}", headers=bearer(address, study["token"]))
        assert got.status_code == 200, got.text
        if got.json()["state"] in states:
            return got.json()
        assert time.monotonic() < deadline, f"the study did not reach {states} within {limit} s"
        time.sleep(0.2)


def test_one_study_runs_per_database_and_either_process_answers_for_it(
        pair: tuple[Process, Process]) -> None:
    first, second = pair
    mine = httpx.post(f"{first.url}/api/studies", json=LONG, headers=client("192.0.2.10"))
    assert mine.status_code == 202, mine.text
    running = mine.json()
    assert running["state"] == "running"
    url = f"/api/studies/{running['id']}"
    seen = httpx.get(f"{second.url}{url}", headers=bearer("192.0.2.10", running["token"]))
    assert seen.status_code == 200 and seen.json()["id"] == running["id"]  # the other process knows it
    assert seen.json()["state"] == "running"
    assert httpx.get(f"{second.url}{url}").status_code == 401

    theirs = httpx.post(f"{second.url}/api/studies", json=TINY, headers=client("192.0.2.11"))
    assert theirs.status_code == 202, theirs.text
    waiting = theirs.json()
    assert waiting["state"] == "queued" and waiting["position"] == 1  # not a second study at once
    assert httpx.get(f"{first.url}/api/studies/queue").json()["waiting"] == 1
    again = httpx.post(f"{second.url}/api/studies", json=TINY, headers=client("192.0.2.10"))
    assert again.status_code == 429  # the address's study runs on the other process: still its one

    cancel = f"{second.url}/api/studies/{running['id']}/cancel"
    assert httpx.post(cancel, headers=client("192.0.2.11")).status_code == 401
    assert httpx.post(cancel, headers=bearer("192.0.2.11", waiting["token"])).status_code == 403
    assert httpx.post(cancel, headers=bearer("192.0.2.10", running["token"])).status_code == 200
    assert until(first.url, "192.0.2.10", running, ENDED, 30)["state"] == "cancelled"
    done = until(first.url, "192.0.2.11", waiting, ENDED)  # its turn came, on either process
    assert done["state"] == "done", done
    plot = httpx.get(f"{first.url}/api/studies/{waiting['id']}/plot.png",
                     headers=bearer("192.0.2.11", waiting["token"]))
    assert plot.status_code == 200 and plot.content.startswith(b"\x89PNG")


def test_the_games_quota_of_an_address_is_counted_once_for_the_database(
        pair: tuple[Process, Process]) -> None:
    body = {"game": "diamond", "seats": [{"type": "human"}] * 2}
    answers = [httpx.post(f"{process.url}/api/games", json=body, headers=client("192.0.2.20"))
               for _ in range(35) for process in pair]
    made = sum(a.status_code in (200, 201) for a in answers)
    refused = [a for a in answers if a.status_code == 429]
    assert made + len(refused) == len(answers), {a.status_code for a in answers}
    assert 60 <= made <= 61, made  # the hour's 60, not 60 on each process
    assert all("games" in a.json()["error"] for a in refused)


def test_each_process_keeps_its_part_of_an_address_s_request_rate(pair: tuple[Process, Process]) -> None:
    rate, burst = 20.0, 120.0  # asobiba serve's defaults; each of the two keeps half
    total, spent = 0, 0.0
    for process, address in ((pair[0], "192.0.2.30"), (pair[1], "192.0.2.30")):
        with httpx.Client(base_url=process.url, headers=client(address)) as http:
            began = time.monotonic()
            answered = [http.get(f"/api/games/{NO_GAME}").status_code for _ in range(100)]
            elapsed = time.monotonic() - began
        taken = answered.count(404)
        assert taken + answered.count(429) == len(answered)
        assert taken <= burst / 2 + rate / 2 * elapsed + 1, (taken, elapsed)
        total, spent = total + taken, spent + elapsed
    assert total <= burst + rate * spent + 2  # the two together: no more than one limit


def test_each_process_keeps_its_part_of_an_address_s_connections(pair: tuple[Process, Process]) -> None:
    first, _ = pair
    held: list[socket.socket] = []
    answered = []
    try:
        for _ in range(CONNECTIONS):
            conn = socket.create_connection(("127.0.0.1", first.port), timeout=10,
                                            source_address=("127.0.0.2", 0))  # not the trusted proxy
            held.append(conn)
            conn.sendall(f"GET /api/games/{NO_GAME} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            try:
                answered.append(conn.recv(12).startswith(b"HTTP/1.1 404"))
            except ConnectionError:
                answered.append(False)
    finally:
        for conn in held:
            conn.close()
    assert answered == [True] * (CONNECTIONS // 2) + [False] * (CONNECTIONS // 2), answered


def test_each_process_keeps_its_part_of_an_address_s_websockets(pair: tuple[Process, Process]) -> None:
    first, _ = pair
    made = httpx.post(f"{first.url}/api/games", json={"game": "diamond", "seats": [{"type": "human"}] * 2},
                      headers=client("192.0.2.51")).json()
    sockets, refused = [], 0
    try:
        for _ in range(SOCKETS // 2 + 1):
            try:
                sockets.append(connect(f"{first.ws}/ws/games/{made['id']}", subprotocols=["asobiba"],  # type: ignore[list-item]
                                       additional_headers=client("192.0.2.50"), proxy=None, open_timeout=10,
                                       legacy=True))
            except (InvalidHandshake, ConnectionClosed):
                refused += 1
    finally:
        for ws in sockets:
            ws.close()
    assert (len(sockets), refused) == (SOCKETS // 2, 1)  # its half of the address's 64


def test_with_workers_every_request_about_a_study_finds_it(pg_url: str, tmp_path: Path) -> None:
    """``--workers 2``: the two processes accept on one port, so each new connection may reach
    either; every one of them answers for the study, and a second study waits for the first."""
    served = Process(pg_url, tmp_path / "w", "--workers", "2").ready()
    try:
        started = httpx.post(f"{served.url}/api/studies", json=LONG, headers=client("192.0.2.40")).json()
        url = f"{served.url}/api/studies/{started['id']}"
        start = threading.Barrier(12)

        def look(_: int) -> httpx.Response:
            with httpx.Client() as fresh:  # a new connection each, all at once: either process takes it
                start.wait()
                return fresh.get(url, headers=bearer("192.0.2.40", started["token"]))

        with ThreadPoolExecutor(12) as pool:
            for seen in pool.map(look, range(12)):
                assert seen.status_code == 200 and seen.json()["state"] == "running", seen.text
        for n in range(3):
            with httpx.Client() as fresh:
                waiting = fresh.post(f"{served.url}/api/studies", json=TINY,
                                     headers=client(f"192.0.2.4{n + 1}"))
            assert waiting.status_code == 202 and waiting.json()["state"] == "queued", waiting.text
        with httpx.Client() as fresh:
            cancelled = fresh.post(f"{url}/cancel", headers=bearer("192.0.2.40", started["token"]))
        assert cancelled.status_code == 200
        assert until(served.url, "192.0.2.40", started, ENDED, 30)["state"] == "cancelled"
    finally:
        served.process.terminate()
        try:
            served.process.wait(30)
        finally:
            served.kill()


def test_a_process_that_stops_is_no_longer_counted(pair: tuple[Process, Process], pg_url: str,
                                                    tmp_path: Path) -> None:
    """Run last: a third process joins (each part shrinks to a third) and leaves when it stops."""
    third = Process(pg_url, tmp_path / "c").ready()
    engine = create_engine(resolve_db_url(pg_url))
    try:
        deadline = time.monotonic() + 60
        with engine.connect() as conn:
            while conn.execute(text("SELECT count(*), min(counted) FROM processes")).one() != (3, 3):
                assert time.monotonic() < deadline, "the processes did not count the third"
                conn.commit()
                time.sleep(0.1)
            third.process.terminate()
            third.process.wait(30)
            conn.commit()
            while conn.execute(text("SELECT count(*), max(counted) FROM processes")).one() != (2, 2):
                assert time.monotonic() < deadline + 30, "the stopped process was still counted"
                conn.commit()
                time.sleep(0.1)
    finally:
        third.kill()
        engine.dispose()
