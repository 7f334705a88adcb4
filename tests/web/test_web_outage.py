"""The store going away is a 503, not a 500 (asobiba.web.store, "StoreUnavailable"): while the
server's PostgreSQL — one of this test's own, stopped and started again — is down, a move is a 503
with Retry-After and the usual JSON error, the socket says so and closes 1013, the log has one line
for the outage and no traceback; once the database is back the game reads and plays again. A
WebSocket text message that is not UTF-8 closes 1007 with one log line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from web.conftest import free_port
from web.own_postgres import OwnPostgres
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from asobiba.core.registry import make_game

HUMANS = [{"type": "human"}, {"type": "human"}]
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}


@pytest.fixture(scope="module")
def postgres() -> Iterator[OwnPostgres]:
    server = OwnPostgres()
    yield server
    server.remove()


class Served:
    """``asobiba serve --db URL`` on a free loopback port, its stderr kept in a file."""

    def __init__(self, db: str, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "stderr.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "asobiba", "serve", "--port", str(self.port), "--db", db],
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
