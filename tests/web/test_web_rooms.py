"""Live tables: the computer thinks in a worker thread, and undo drops a move being computed."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from asobiba.web import rooms


class GatedAgent:
    """Plays the first legal action, but only once the test opens the gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.calls = 0

    def choose(self, state) -> int:
        self.calls += 1
        assert self.gate.wait(10)
        return state.legal_actions()[0]


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> GatedAgent:
    agent = GatedAgent()
    monkeypatch.setattr(rooms, "make_computer", lambda game, level, seed: agent)
    return agent


def wait_for(predicate, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.02)


def test_the_server_answers_while_the_computer_thinks(client: TestClient, gated: GatedAgent) -> None:
    seats = [{"type": "computer", "level": "strongest"}, {"type": "human"}]
    gid = client.post("/api/games", json={"game": "diamond", "seats": seats}).json()["id"]
    wait_for(lambda: gated.calls == 1)
    data = client.get(f"/api/games/{gid}").json()  # answered while choose() is blocked
    assert data["moves"] == [] and data["to_move"] == "red"
    assert client.get("/api/catalog").status_code == 200
    gated.gate.set()
    wait_for(lambda: len(client.get(f"/api/games/{gid}").json()["moves"]) == 1)


def test_undo_while_the_computer_thinks_drops_its_move(client: TestClient, gated: GatedAgent) -> None:
    seats = [{"type": "human"}, {"type": "computer", "level": "normal"}]
    gid = client.post("/api/games", json={"game": "diamond", "seats": seats}).json()["id"]
    client.post(f"/api/games/{gid}/moves", json={"move": "e5-f4"})
    wait_for(lambda: gated.calls == 1)
    data = client.post(f"/api/games/{gid}/undo").json()
    assert data["moves"] == [] and data["to_move"] == "red"
    gated.gate.set()
    time.sleep(0.2)
    assert client.get(f"/api/games/{gid}").json()["moves"] == []
