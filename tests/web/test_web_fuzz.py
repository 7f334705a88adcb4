"""Fuzzing every endpoint and the game socket with malformed input (docs/protocol.md, "HTTP API" and
"WebSocket protocol"): never a 5xx, never a traceback in an answer, one error shape, and a refusal
changes nothing. ``ASOBIBA_FUZZ_EXAMPLES`` sets how many inputs each test tries (default 30)."""

from __future__ import annotations

import json
import os
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("ASOBIBA_FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
HUMANS = [{"type": "human"}] * 2

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=12)
fields = st.sampled_from(["game", "options", "seats", "seed", "meta", "move", "action", "ply", "type",
                          "verb", "tokens", "invite", "level", "accept", "format", "moves", "result",
                          "compare", "a", "b", "games"])
objects = st.dictionaries(fields, values, max_size=5)
raw = st.binary(max_size=200) | st.text(max_size=200).map(str.encode) | objects.map(
    lambda o: json.dumps(o).encode()) | st.sampled_from(
    [b'{"seed": ' + b"9" * 5000 + b"}", b"[" * 500, b'{"action": 1e400}', b"\xff\xfe", b"null"])

POSTS = ["/api/setup", "/api/setup?preview=true", "/api/games", "/api/records", "/api/games/held",
         "/api/games/{id}/moves", "/api/games/{id}/undo", "/api/games/{id}/resign",
         "/api/games/{id}/hint", "/api/games/{id}/takeback", "/api/games/{id}/stop",
         "/api/games/{id}/verbs/declare", "/api/games/{id}/seats/1/join",
         "/api/games/{id}/seats/1/computer", "/api/solutions/diceout/4", "/api/studies"]
GETS = ["/api/games/{id}", "/api/games/{id}/frames/{ply}", "/api/games/{id}/record",
        "/api/solutions/{game}/{ply}", "/api/catalog"]


def checked(answer) -> None:
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        body = answer.json()
        assert set(body) <= {"error", "text"} and "\n" not in body["error"]
        assert "Traceback" not in body["error"]


@pytest.fixture
def game(client) -> str:
    return client.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 7}).json()["id"]


@pytest.mark.parametrize("path", POSTS)
def test_malformed_bodies_never_fail_the_server(client, game: str, path: str) -> None:
    before = client.get(f"/api/games/{game}").json()

    @FUZZ
    @given(body=raw)
    def post(body: bytes) -> None:
        answer = client.post(path.format(id=game), content=body,
                             headers={"Content-Type": "application/json"})
        checked(answer)
        if answer.status_code >= 400:
            assert client.get(f"/api/games/{game}").json()["moves"] == before["moves"]

    post()


@FUZZ
@given(path=st.sampled_from(GETS), ply=st.text(max_size=30) | st.integers().map(str),
       game_name=st.text(max_size=30))
def test_malformed_paths_never_fail_the_server(client, game: str, path: str, ply: str,
                                               game_name: str) -> None:
    url = path.format(id=game, ply=quote(ply, safe=""), game=quote(game_name, safe=""))
    checked(client.get(url))


def test_malformed_frames_never_fail_the_socket(client, game: str) -> None:
    frames = objects.map(lambda o: json.dumps({"type": "move", **o})) | objects.map(json.dumps) \
        | st.text(max_size=200) | st.sampled_from(
            ['{"type": "move", "action": ' + "9" * 5000 + "}", "[" * 1000, '{"type": "auth"}'])
    with client.websocket_connect(f"/ws/games/{game}") as ws:
        start = ws.receive_json()["game"]

        @FUZZ
        @given(frame=frames | st.binary(max_size=100))
        def send(frame: str | bytes) -> None:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            answer = ws.receive_json()
            assert answer["type"] in ("error", "state", "hint"), answer
            if answer["type"] == "error":
                assert "\n" not in answer["message"] and "Traceback" not in answer["message"]
                assert answer["message"] != "the server failed on this message"

        send()
        ws.send_text('{"type": "sync"}')
        after = ws.receive_json()
        while after["type"] != "state":
            after = ws.receive_json()
    plies = client.get(f"/api/games/{game}").json()["plies"]
    assert plies >= start["plies"]  # the socket still answers; only legal moves changed anything
