"""The store going away is a 503, not a 500 (asobiba.web.store, "StoreUnavailable"): while the
server's PostgreSQL — one of this test's own, stopped and started again — is down, a move is a 503
with Retry-After and the usual JSON error, the socket says so and closes 1013, the log has one line
for the outage and no traceback; once the database is back the game reads and plays again. With
the broker and the heartbeat of several processes, and a computer move pending, the outage is still
one line of each (store, heartbeat, broker), and the computer's move is tried again by itself once
the database is back (so too in one process alone, its write refused). A WebSocket text message
that is not UTF-8 closes 1007 with one log line."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, delete, func, insert, select
from sqlalchemy.pool import NullPool
from web.conftest import free_port
from web.own_postgres import OwnPostgres
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from asobiba.core.registry import make_game
from asobiba.web import driver
from asobiba.web.cluster import HEARTBEAT, MOVE, TTL
from asobiba.web.driver import RETRY
from asobiba.web.errors import RETRY_AFTER, StoreUnavailable
from asobiba.web.store import leases_table

HUMANS = [{"type": "human"}, {"type": "human"}]
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}


@pytest.fixture(scope="module")
def postgres() -> Iterator[OwnPostgres]:
    server = OwnPostgres()
    yield server
    server.remove()


class Served:
    """``asobiba serve --db URL`` on a free loopback port, its stderr kept in a file."""

    def __init__(self, db: str, folder: Path, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "stderr.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "asobiba", "serve", "--port", str(self.port), "--db", db, *options],
            stdout=subprocess.DEVNULL, stderr=self.log.open("wb"),
            env={**ENV, "XDG_DATA_HOME": str(folder / "xdg")})
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 90 s")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)

    def lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8", errors="replace").splitlines()

    def logged(self, text: str, within: float) -> None:
        """Wait until the log has a line with ``text`` (at most ``within`` seconds)."""
        deadline = time.monotonic() + within
        while not any(text in line for line in self.lines()):
            assert time.monotonic() < deadline, (text, self.lines())
            time.sleep(0.05)


def move(served: Served, game: dict, action: int) -> httpx.Response:
    return httpx.post(f"{served.url}/api/games/{game['id']}/moves", json={"action": action},
                      headers={"Authorization": f"Bearer {game['token']}"}, timeout=60)


def legal(served: Served, game: dict) -> list[int]:
    view = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).json()
    return make_game(view["game"], view["options"]).state_from_json(view["position"]).legal_actions()


def test_a_stopped_database_is_a_503_logged_once_and_the_game_plays_again_when_it_is_back(
        postgres: OwnPostgres, tmp_path: Path) -> None:
    served = Served(postgres.url, tmp_path)
    try:
        game = httpx.post(f"{served.url}/api/games", timeout=60,
                          json={"game": "diceout", "seats": HUMANS, "seed": 3}).json()
        first = legal(served, game)[0]
        plies = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).json()["plies"]
        with connect(f"ws://127.0.0.1:{served.port}/ws/games/{game['id']}",
                     subprotocols=["asobiba", f"token.{game['token']}"]) as player:  # type: ignore[list-item]
            assert json.loads(player.recv(timeout=30))["type"] == "state"
            postgres.stop()
            try:
                player.send(json.dumps({"type": "move", "action": first, "ply": plies}))
                said = json.loads(player.recv(timeout=30))  # the socket stays open, told why
                assert said["type"] == "error" and "does not answer" in said["message"], said
                for _ in range(5):
                    refused = move(served, game, first)
                    assert refused.status_code == 503, refused.text[:300]
                    assert refused.headers["retry-after"] == "5"
                    body = refused.json()
                    assert set(body) == {"error", "text"} and "does not answer" in body["error"]
                    assert body["text"]["ja"] and "\n" not in body["error"]
                read = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60)
                assert read.status_code == 503 and read.headers["retry-after"] == "5"
                with connect(f"ws://127.0.0.1:{served.port}/ws/games/{game['id']}",
                             subprotocols=["asobiba"]) as ws:  # type: ignore[list-item]
                    frame = json.loads(ws.recv(timeout=30))
                    with pytest.raises(ConnectionClosed) as closed:
                        ws.recv(timeout=30)
                assert frame["type"] == "error" and "does not answer" in frame["message"]
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
                assert httpx.get(f"{served.url}/api/catalog", timeout=60).status_code == 200
            finally:
                postgres.start()
            player.send(json.dumps({"type": "sync"}))
            synced = json.loads(player.recv(timeout=30))
            assert synced["type"] == "state" and synced["game"]["plies"] == plies
        again = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60)
        assert again.status_code == 200 and again.json()["plies"] == plies  # nothing half stored
        assert move(served, game, first).status_code == 200
        assert httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).json()["plies"] > plies
        lines = served.lines()
        assert not any("Traceback" in line or "Exception" in line for line in lines), lines
        assert len([line for line in lines if "does not answer" in line]) == 1, lines
        assert len([line for line in lines if "answers again" in line]) == 1, lines
    finally:
        served.stop()


def frames_until(ws: object, done: object, within: float) -> dict:
    """The first frame ``done`` accepts, within ``within`` seconds (the others are skipped)."""
    deadline = time.monotonic() + within
    while True:
        frame = json.loads(ws.recv(timeout=max(0.0, deadline - time.monotonic())))  # type: ignore[attr-defined]
        if done(frame):  # type: ignore[operator]
            return frame


def test_a_pending_computer_move_outlasts_the_outage_with_one_line_each_for_store_heartbeat_broker(
        postgres: OwnPostgres, tmp_path: Path) -> None:
    """Another process holds the game's computer move lease (a row of the test's own), so the
    computer waits for it, asking the database, when the database stops: the heartbeat fails
    several times and the broker loses its connection. The log has no traceback and one line each
    for the store, the heartbeat and the broker going and coming back; the clients are told the
    store does not answer (not that the computer failed); once the database is back and the lease
    is given up, the computer moves by itself, nobody asking."""
    engine = create_engine(postgres.url, poolclass=NullPool)
    served = Served(postgres.url, tmp_path, "--broker", postgres.url)
    try:
        game = httpx.post(f"{served.url}/api/games", timeout=60, json={
            "game": "diceout", "seed": 3,
            "seats": [{"type": "human"}, {"type": "computer", "level": "intro"}]}).json()
        lease = {"game_id": game["id"], "kind": MOVE}
        with engine.begin() as conn:  # held by a process that is not there, far beyond the test
            conn.execute(insert(leases_table).values(**lease, holder="elsewhere", expires=select(
                func.extract("epoch", func.clock_timestamp()) + 3600).scalar_subquery()))
        with connect(f"ws://127.0.0.1:{served.port}/ws/games/{game['id']}",
                     subprotocols=["asobiba", f"token.{game['token']}"]) as player:  # type: ignore[list-item]
            view = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).json()
            human = view["to_move"]
            while view["to_move"] == human:  # the person's turn, to the computer's
                assert move(served, game, legal(served, game)[0]).status_code == 200
                view = httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).json()
            plies = view["plies"]
            postgres.stop()
            try:
                told = frames_until(player, lambda f: f["type"] == "error", TTL + RETRY_AFTER + 30)
                assert "does not answer" in told["message"] and "computer" not in told["message"], told
                served.logged("cannot renew this process's leases", HEARTBEAT + RETRY_AFTER + 30)
                time.sleep(3 * HEARTBEAT)  # more heartbeats, lease looks and broker tries fail
            finally:
                postgres.start()
            with engine.begin() as conn:  # the other process gives the lease up
                conn.execute(delete(leases_table).where(leases_table.c.game_id == game["id"]))
            frames_until(player, lambda f: f["type"] in ("state", "delta") and f["game"]["plies"] > plies
                         and f["game"]["to_move"] == human, 2 * RETRY_AFTER + TTL + RETRY + 60)
        served.logged("renews this process's leases again", HEARTBEAT + 30)
        served.logged("broker: listening again", RETRY_AFTER + 30)
        assert move(served, game, legal(served, game)[0]).status_code == 200  # the game goes on
        lines = served.lines()
        assert not any("Traceback" in line or "computer failed" in line for line in lines), lines
        for said in ("requests get 503 until it does", "answers again", "cannot renew this process",
                     "renews this process's leases again", "broker: lost the database connection",
                     "broker: listening again"):
            assert len([line for line in lines if said in line]) == 1, (said, lines)
    finally:
        served.stop()
        engine.dispose()


def test_a_text_message_that_is_not_utf8_closes_1007_with_one_log_line(tmp_path: Path) -> None:
    served = Served(str(tmp_path / "served.sqlite3"), tmp_path)
    try:
        game = httpx.post(f"{served.url}/api/games", timeout=60,
                          json={"game": "diceout", "seats": HUMANS}).json()
        with connect(f"ws://127.0.0.1:{served.port}/ws/games/{game['id']}",
                     subprotocols=["asobiba"]) as ws:  # type: ignore[list-item]
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
            ws.send(b'{"type": "sync", "x": "\xff\xfe"}', text=True)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
        assert httpx.get(f"{served.url}/api/games/{game['id']}", timeout=60).status_code == 200
    finally:
        served.stop()
    lines = served.lines()
    assert not any("Traceback" in line for line in lines), lines
    assert len([line for line in lines if "not UTF-8" in line]) == 1, lines


def test_a_computer_move_the_store_refuses_is_tried_again_by_itself_with_no_line_of_its_own(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """One process alone: the store stops answering while the computer thinks (its move is not
    stored). The client is told the store does not answer, the log has nothing of the computer,
    and the computer's move is tried again, and stored, with nobody asking."""
    store = client.app.state.rooms.ledger.store  # type: ignore[attr-defined]
    real, refused = store.commit, []

    async def commit(write: object) -> None:
        if refused:
            refused.pop()
            raise StoreUnavailable()
        await real(write)

    class GoneWhileThinking:
        def choose(self, state: object) -> int:
            if not gone:
                gone.append(True)
                refused.append(True)  # its move's write is refused
            return state.legal_actions()[0]  # type: ignore[attr-defined]

    gone: list[bool] = []
    monkeypatch.setattr(store, "commit", commit)
    monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: GoneWhileThinking())
    seats = [{"type": "human"}, {"type": "computer", "level": "normal"}]
    gid = client.post("/api/games", json={"game": "diamond", "seats": seats}).json()["id"]
    with caplog.at_level(logging.INFO, logger="asobiba.web"), \
            client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "move", "move": "e5-f4"}')
        while (frame := ws.receive_json())["type"] != "error":
            pass
        assert "does not answer" in frame["message"] and "computer" not in frame["message"], frame
        while not ((frame := ws.receive_json())["type"] == "state" and frame["game"]["plies"] >= 2
                   and not frame["game"]["thinking"]):
            pass
    assert gone and not refused
    assert client.get(f"/api/games/{gid}").json()["plies"] >= 2  # stored
    assert not [r for r in caplog.records if r.exc_info or "computer" in r.getMessage()], caplog.text
