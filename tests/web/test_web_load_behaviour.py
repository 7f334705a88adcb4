"""Bounded work and slow clients (docs/operations.md, "Bounded work" and "Slow clients"): busy hints, one
hint per seat, rate limits, stopping a game between computers, a client that never reads, a body
far over the limit. Behaviour only, never timings."""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobiba.core.record import saved_game
from asobiba.web import driver
from asobiba.web.app import create_app
from asobiba.web.limits import Limits

HUMANS = [{"type": "human"}] * 2
COMPUTERS = [{"type": "computer", "level": "intro"}] * 2


class Gate:
    """A stand-in for the hint search (or a computer player) that waits until the test opens it."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.calls = 0

    def analyse(self, state) -> dict:
        self.calls += 1
        assert self.open.wait(20)
        return driver.analyse(state, seed=0).to_json()

    def choose(self, state) -> int:
        self.calls += 1
        assert self.open.wait(20)
        return state.legal_actions()[0]


def wait_for(predicate, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.02)


def test_hints_wait_their_turn_one_per_seat_and_busy_past_the_queue(client, monkeypatch) -> None:
    gate = Gate()
    monkeypatch.setattr(driver, "_analyse", gate.analyse)
    workers = client.app.state.rooms.driver.workers
    monkeypatch.setattr(workers, "hint_limit", 1)
    first = client.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 1}).json()["id"]
    other = client.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 2}).json()["id"]
    with client.websocket_connect(f"/ws/games/{first}") as ws:
        before = ws.receive_json()["game"]
        ws.send_text('{"type": "hint"}')
        wait_for(lambda: gate.calls == 1)
        again = client.post(f"/api/games/{first}/hint")  # the same seat, from another device
        assert again.status_code == 429 and "already being worked out" in again.json()["error"]
        assert again.json()["text"]["ja"].startswith("ヒントを考えているところです")
        busy = client.post(f"/api/games/{other}/hint")  # another game, but the queue is full
        assert busy.status_code == 503 and "busy" in busy.json()["error"]
        gate.open.set()
        hint = ws.receive_json()
        assert hint["type"] == "hint" and hint["hint"]["ply"] == before["plies"]
        assert client.post(f"/api/games/{other}/hint").status_code == 200  # room again
    assert client.get(f"/api/games/{first}").json()["moves"] == before["moves"]


def test_a_busy_hint_over_http_is_503_in_both_languages(client, monkeypatch) -> None:
    monkeypatch.setattr(client.app.state.rooms.driver.workers, "hint_limit", 0)
    gid = client.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 1}).json()["id"]
    busy = client.post(f"/api/games/{gid}/hint")
    assert busy.status_code == 503 and busy.json()["text"]["en"].startswith("the server is busy")


def test_requests_past_the_address_limit_are_429(db_url: str) -> None:
    limits = Limits(address_rate=0.01, address_burst=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        assert [c.get("/api/catalog").status_code for _ in range(3)] == [200] * 3
        refused = c.get("/api/catalog")
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert refused.json()["text"]["ja"].startswith("リクエストが多すぎます")
        assert "content-security-policy" in refused.headers
        with pytest.raises(WebSocketDisconnect), c.websocket_connect("/ws/games/x"):
            pass


def test_frames_past_the_connection_limit_are_refused_then_the_flood_is_closed(db_url: str) -> None:
    limits = Limits(address_rate=100, address_burst=100, frame_rate=0.01, frame_burst=2, frame_strikes=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        body = {"game": "diceout", "seats": HUMANS, "seed": 1}
        gid = c.post("/api/games", json=body).json()["id"]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            for _ in range(2):
                ws.send_text('{"type": "sync"}')
                assert ws.receive_json()["type"] == "state"
            for _ in range(3):  # only the first frame past the limit is answered
                ws.send_text('{"type": "sync"}')
            refused = ws.receive_json()
            assert refused["type"] == "error" and "slow down" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008


def test_a_game_between_computers_is_stopped_by_its_creator_only(client, monkeypatch) -> None:
    gate = Gate()
    monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: gate)
    created = client.post("/api/games", json={"game": "diceout", "seats": COMPUTERS, "seed": 4})
    gid = created.json()["id"]
    wait_for(lambda: gate.calls >= 1)
    assert client.post(f"/api/games/{gid}/stop", headers={"Authorization": ""}).status_code == 401
    stranger = client.post("/api/games", json={"game": "diceout", "seats": COMPUTERS}).json()
    refused = client.post(f"/api/games/{gid}/stop",
                          headers={"Authorization": f"Bearer {stranger['token']}"})
    assert refused.status_code == 403
    assert client.get(f"/api/games/{gid}").json()["status"] == "playing"
    stopped = client.post(f"/api/games/{gid}/stop")
    assert stopped.status_code == 200
    assert stopped.json()["status"] == "finished" and stopped.json()["result"]["reason"] == "stopped"
    gate.open.set()
    plies = stopped.json()["plies"]
    time.sleep(0.3)
    assert client.get(f"/api/games/{gid}").json()["plies"] == plies  # the move being computed is dropped
    assert client.post(f"/api/games/{gid}/stop").status_code == 400
    people = client.post("/api/games", json={"game": "diceout", "seats": HUMANS}).json()["id"]
    assert "resign" in client.post(f"/api/games/{people}/stop").json()["error"]


def slow_reader(port: int, game_id: str) -> socket.socket:
    """A client of a game that completes the WebSocket handshake and then never reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.sendall((f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return sock


def cut_off(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closed or aborted ``sock`` (read to the end, at most ``timeout`` s)."""
    sock.settimeout(timeout)
    try:
        while sock.recv(1 << 16):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_a_client_that_never_reads_is_cut_off_and_the_game_goes_on(server) -> None:
    created = server.api("POST", "/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 3})
    gid, token = created.json()["id"], created.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    sock = slow_reader(server.port, gid)
    try:
        moves = 0
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and moves < 80:  # 160 state frames: more than it can hold
            game = server.api("GET", f"/api/games/{gid}").json()
            if game["status"] != "playing":
                break
            state = saved_game(game["game"], game["options"]).state_from_json(game["position"])
            action = state.legal_actions()[0]
            assert server.api("POST", f"/api/games/{gid}/moves", headers=auth,
                              json={"action": action, "ply": game["plies"]}).status_code == 200
            assert server.api("POST", f"/api/games/{gid}/undo", headers=auth).status_code == 200
            moves += 1
        assert moves == 80, "the game stopped going on"
        assert cut_off(sock, 60), "the server kept a client that never reads"
    finally:
        sock.close()
    game = server.api("GET", f"/api/games/{gid}").json()
    assert game["status"] == "playing"  # nothing of the game was lost with the client


def test_a_64_mb_body_is_refused_without_reading_it(server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall((f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                      "Content-Type: application/json\r\n"
                      f"Content-Length: {64 * 1024 * 1024}\r\n\r\n").encode() + b"{" * 1000)
        answer = sock.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413")
    assert httpx.get(f"{server.url}/api/catalog").status_code == 200
