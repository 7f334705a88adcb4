"""What one client can cost the server, in process: a game's meta is small and sent once, a client's
queue is bounded in bytes, frames are limited per address and answered without pile-ups, games are
limited per address, a restart loads nothing, big records are described off the event loop, and
a room cannot end before it starts (docs/operations.md, "Bounded work")."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobiba.core.registry import make_game
from asobiba.web import audience, ledger
from asobiba.web.app import create_app
from asobiba.web.bodies import MAX_META
from asobiba.web.limits import Limits
from asobiba.web.seats import Seat
from asobiba.web.sockets import SEND_BYTES, Outbox
from asobiba.web.store import PLAYING, Store, StoredGame
from asobiba.web.table import Table

HUMANS = [{"type": "human"}] * 2


def wait_for(predicate, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.05)


def test_meta_over_its_limit_is_refused_in_one_line(client: TestClient) -> None:
    big = {"pad": "m" * MAX_META}
    made = client.post("/api/games", json={"game": "diamond", "seats": HUMANS, "meta": big})
    assert made.status_code == 400 and f"at most {MAX_META}" in made.json()["error"]
    record = {"format": "asobiba-record/1", "game": "diamond", "options": {"players": 2}, "moves": [],
              "meta": big}
    uploaded = client.post("/api/records", json=record)
    assert uploaded.status_code == 400 and "meta" in uploaded.json()["error"]
    small = {"settings": {"opponent": "people"}, "note": "ま" * 1000}
    made = client.post("/api/games", json={"game": "diamond", "seats": HUMANS, "meta": small})
    assert made.status_code == 201


def test_meta_goes_to_each_client_once(client: TestClient) -> None:
    meta = {"settings": {"opponent": "people"}}
    gid = client.post("/api/games", json={"game": "diamond", "seats": HUMANS, "meta": meta}).json()["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        first = ws.receive_json()
        assert first["game"]["meta"] == meta
        ws.send_json({"type": "move", "action": first["game"]["legal"][0]["action"]})
        after = ws.receive_json()
        assert after["type"] == "state" and after["game"]["plies"] == 1 and "meta" not in after["game"]
    with client.websocket_connect(f"/ws/games/{gid}", spectator=True) as ws:
        assert ws.receive_json()["game"]["meta"] == meta  # a new client gets it again
    assert client.get(f"/api/games/{gid}").json()["meta"] == meta


class Unread:
    """A WebSocket whose client never takes a frame."""

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


def test_a_client_queue_is_bounded_in_bytes_and_keeps_only_the_newest_state() -> None:
    outbox = Outbox(Unread())  # type: ignore[arg-type]  # queueing never waits: no loop needed
    for i in range(10):
        outbox.put(json.dumps({"type": "state", "n": i}), state=True)
    assert len(outbox.frames) == 1 and '"n": 9' in outbox.frames[0][0]
    chunk = "x" * (SEND_BYTES // 3)
    for _ in range(2):
        outbox.put(json.dumps({"type": "hint", "pad": chunk}))
    assert not outbox.stuck.is_set()
    outbox.put(json.dumps({"type": "hint", "pad": chunk}))
    assert outbox.stuck.is_set() and outbox.bytes <= SEND_BYTES


def test_more_tokens_than_a_socket_may_present_are_refused_at_connect(client: TestClient) -> None:
    gid = client.post("/api/games", json={"game": "diamond", "seats": HUMANS}).json()["id"]
    token = client.holder.tokens[gid]
    offered = ["asobiba", *[f"token.{token}"] * 9]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=offered) as ws:
        refused = ws.receive_json()
        assert refused["type"] == "error" and "at most 8" in refused["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_the_sockets_of_one_address_share_a_frame_budget(db_url: str) -> None:
    limits = Limits(address_rate=100, address_burst=100, address_frame_rate=0.01, address_frame_burst=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        gid = c.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 1}).json()["id"]
        with c.websocket_connect(f"/ws/games/{gid}") as one, c.websocket_connect(f"/ws/games/{gid}") as two:
            one.receive_json()
            two.receive_json()
            for ws in (one, two, one):
                ws.send_text('{"type": "sync"}')
                assert ws.receive_json()["type"] == "state"
            two.send_text('{"type": "sync"}')
            refused = two.receive_json()
            assert refused["type"] == "error" and "slow down" in refused["message"]


def test_a_sync_is_answered_with_the_frame_already_built(client: TestClient, monkeypatch) -> None:
    gid = client.post("/api/games", json={"game": "diamond", "seats": HUMANS}).json()["id"]
    built: list[int] = []
    real = audience.full
    monkeypatch.setattr(audience, "full", lambda *a, **k: built.append(1) or real(*a, **k))
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        before = len(built)
        for _ in range(5):
            ws.send_text('{"type": "sync"}')
            assert ws.receive_json()["type"] == "state"
        assert len(built) == before


def test_games_per_address_are_limited(db_url: str) -> None:
    limits = Limits(address_rate=100, address_burst=100, address_games=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        body = {"game": "diceout", "seats": HUMANS}
        assert [c.post("/api/games", json=body).status_code for _ in range(2)] == [201, 201]
        record = {"format": "asobiba-record/1", "game": "diceout", "moves": []}
        assert c.post("/api/records", json=record).status_code == 201
        refused = c.post("/api/games", json=body)
        assert refused.status_code == 429 and "hour" in refused.json()["error"]
        assert int(refused.headers["retry-after"]) >= 1
        assert c.get("/api/catalog").status_code == 200  # reading goes on


def test_a_restart_loads_nothing_until_a_game_is_opened(db_url: str) -> None:
    store = Store(db_url)
    now = time.time()
    store.submit(store.create(StoredGame(
        id="c0ffee000001", game="diamond", options={"players": 2},
        seats=[Seat.computer("intro"), Seat.person()],
        seed=5, status=PLAYING, result=None, start=None, source="play", meta={}, created=now,
        updated=now))).result()
    store.close()
    with TestClient(create_app(db_url)) as c:
        time.sleep(0.5)
        assert c.app.state.rooms.ledger.tables == {}  # nothing loaded, nothing resumed
        assert c.get("/api/games/c0ffee000001").json()["plies"] == 0
        wait_for(lambda: c.get("/api/games/c0ffee000001").json()["plies"] >= 1)  # opened: the computer moves


def test_an_uploaded_record_is_described_off_the_event_loop(client: TestClient, monkeypatch) -> None:
    record = {"format": "asobiba-record/1", "game": "diceout", "moves": []}
    rid = client.post("/api/records", json=record).json()["id"]
    where: list[bool] = []
    real = Table.record_json

    def record_json(self: Table) -> dict:
        try:
            asyncio.get_running_loop()
            where.append(True)
        except RuntimeError:
            where.append(False)
        return real(self)

    monkeypatch.setattr(Table, "record_json", record_json)
    assert client.get(f"/api/games/{rid}/record").status_code == 200
    assert where == [False]


def test_a_room_cannot_end_before_it_starts_and_invites_list_nothing(client) -> None:
    seats = [{"type": "human"}, {"type": "invite"}, {"type": "invite"}]
    created = client.post("/api/games", json={"game": "diamond", "options": {"players": 3},
                                              "seats": seats}).json()
    gid = created["id"]
    first, second = (created["seats"][i]["invite"].rsplit("/", 1)[1] for i in (1, 2))
    friend = client.post(f"/api/games/{gid}/seats/1/join", json={"invite": first}).json()["token"]
    for token in (friend, created["token"]):
        refused = client.post(f"/api/games/{gid}/resign", headers={"Authorization": f"Bearer {token}"})
        assert refused.status_code == 400 and "waits" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["status"] == "playing"
    assert client.post("/api/games/held", json={"tokens": [second]}).json() == []
    assert [g["id"] for g in client.post("/api/games/held", json={"tokens": [friend]}).json()] == [gid]
    assert client.post(f"/api/games/{gid}/seats/2/join", json={"invite": second}).status_code == 200


def test_a_game_stores_bounded_options_and_moves(client: TestClient, monkeypatch) -> None:
    options = {f"x{i}": "a" * 60_000 for i in range(3)}
    refused = client.post("/api/games", json={"game": "diceout", "options": options, "seats": HUMANS})
    assert refused.status_code == 413 and "options" in refused.json()["error"]
    monkeypatch.setattr(ledger, "MAX_RECORD_PLIES", 2)
    gid = client.post("/api/games", json={"game": "diamond", "seats": HUMANS}).json()["id"]

    def move() -> int:
        game = client.get(f"/api/games/{gid}").json()
        state = make_game("diamond", game["options"]).state_from_json(game["position"])
        return client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})

    assert [move().status_code for _ in range(2)] == [200, 200]
    full = move()
    assert full.status_code == 400 and "most moves" in full.json()["error"]


def test_the_page_files_have_their_own_budget(db_url: str) -> None:
    """A browser opening page after page asks for every module again: the files under /static/
    do not spend the address's request budget, and requests beyond that budget are still refused
    (docs/operations.md, "Bounded work")."""
    limits = Limits(address_rate=1, address_burst=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        files = [c.get("/static/js/i18n.js").status_code for _ in range(30)]
        assert set(files) == {200}
        api = [c.get("/api/catalog").status_code for _ in range(6)]
        assert 429 in api


def test_past_the_limit_a_request_without_a_token_is_still_told_it_needs_one(db_url: str) -> None:
    """A request with no token to a route that needs one gets the 401 it would get anyway, even
    past the address's limit; other requests past it get 429 (docs/operations.md, "Bounded work")."""
    limits = Limits(address_rate=0.01, address_burst=1)
    with TestClient(create_app(db_url, limits=limits)) as c:
        assert c.get("/api/catalog").status_code == 200  # the burst is spent
        assert c.get("/api/catalog").status_code == 429
        for path in ("/api/games/0123456789ab/moves", "/api/games/0123456789ab/resign",
                     "/api/studies/0123456789abcdef/cancel"):
            answer = c.post(path, json={"action": 0})
            assert answer.status_code == 401, path
            assert set(answer.json()) == {"error", "text"} and "retry-after" not in answer.headers
        tokened = c.post("/api/games/0123456789ab/moves", json={"action": 0},
                         headers={"Authorization": "Bearer x"})
        assert tokened.status_code == 429  # a token does not pass the limit
        assert c.post("/api/games", json={}).status_code == 429  # a route that needs no token
