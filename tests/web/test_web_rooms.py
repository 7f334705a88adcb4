"""Live tables: the computer thinks in a worker thread, undo drops a move being computed, a failing
computer is reported, and what a game holds is released when nobody needs it."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from asobiba.core.registry import make_game
from asobiba.web import driver


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
    monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: agent)
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


class FirstLegal:
    """Plays the first legal action at once."""

    def choose(self, state) -> int:
        return state.legal_actions()[0]


class Failing:
    """A computer player that cannot choose."""

    def choose(self, state) -> int:
        raise RuntimeError("the search ran\nout of luck")


def frames_until(ws, predicate, limit: int = 20) -> list[dict]:
    """The frames a socket receives up to the first one for which ``predicate`` holds."""
    frames = []
    for _ in range(limit):
        frames.append(ws.receive_json())
        if predicate(frames[-1]):
            return frames
    raise AssertionError(f"expected frame did not arrive: {frames}")


def settled(frame: dict) -> bool:
    """A state frame after the computer's reply, with nobody thinking."""
    return frame["type"] == "state" and frame["game"]["plies"] >= 2 and not frame["game"]["thinking"]


def test_a_computer_that_fails_is_reported_to_every_client(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: Failing())
    seats = [{"type": "human"}, {"type": "computer", "level": "normal"}]
    gid = client.post("/api/games", json={"game": "diamond", "seats": seats}).json()["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}") as watcher:
        ws.receive_json()
        watcher.receive_json()
        ws.send_text('{"type": "move", "move": "e5-f4"}')
        for socket in (ws, watcher):
            *states, error = frames_until(socket, lambda f: f["type"] == "error")
            assert "RuntimeError: the search ran out of luck" in error["message"]
            assert error["text"]["ja"].startswith("コンピューターが手を選べませんでした")
            assert "reload the page" in error["text"]["en"]
            last = states[-1]["game"]  # the game does not pretend the computer still thinks
            assert last["turn"] == "computer" and last["thinking"] is False and last["plies"] == 1

        monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: FirstLegal())
        with client.websocket_connect(f"/ws/games/{gid}") as again:  # reloading lets it try again
            frames_until(again, settled)
    assert client.get(f"/api/games/{gid}").json()["to_move"] == "red"


def test_what_a_game_holds_is_released_when_its_last_client_leaves(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver, "make_computer", lambda game, level, seed: FirstLegal())
    live = client.app.state.rooms
    audience, driven, ledger = live.audience, live.driver, live.ledger
    seats = [{"type": "human"}, {"type": "computer", "level": "normal"}]
    gid = client.post("/api/games", json={"game": "diamond", "seats": seats}).json()["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "move", "move": "e5-f4"}')
        frames_until(ws, settled)
        wait_for(lambda: gid not in driven.tasks)
        assert gid in driven.agents and gid in audience.listeners
    wait_for(lambda: gid not in audience.listeners)
    assert gid not in driven.agents and gid not in ledger.locks
    assert gid in ledger.tables  # an unfinished game stays live: the rooms drive it

    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "resign"}')
        assert ws.receive_json()["game"]["status"] == "finished"
        assert gid in ledger.tables  # watched
    wait_for(lambda: gid not in audience.listeners)
    assert gid not in ledger.tables and gid not in driven.agents and gid not in ledger.locks
    assert client.get(f"/api/games/{gid}").json()["status"] == "finished"  # read afresh
    assert gid not in ledger.tables


def test_a_move_and_the_chance_it_brings_are_stored_in_one_write(client: TestClient) -> None:
    """One commit a change: the opening rolls go with the new game, and a person's move with the
    rolls that follow it (nobody hears of the move before they are stored too)."""
    writer = client.app.state.rooms.ledger.store.writer
    commits = writer.commits
    gid = client.post("/api/games", json={"game": "gandice", "seats": [{"type": "human"}] * 2,
                                          "seed": 4}).json()["id"]
    assert writer.commits == commits + 1
    data = client.get(f"/api/games/{gid}").json()
    assert data["plies"] > 0 and data["to_move"] is not None  # rolled, a person to move
    rolled = 0
    for _ in range(8):
        state = make_game("gandice", data["options"]).state_from_json(data["position"])
        commits, plies = writer.commits, data["plies"]
        data = client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]}).json()
        assert writer.commits == commits + 1
        rolled += data["plies"] > plies + 1
    assert rolled  # some moves were followed by chance, stored with them
