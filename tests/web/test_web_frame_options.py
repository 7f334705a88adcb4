"""A game's options go to each client once (docs/protocol.md, "WebSocket protocol"): with its first
``state`` frame, in protocol 1 and 2 alike, and never inside ``position``; the frames after it are
as large whatever the options take (a Gandice game's own dice, up to 64 KiB of catalog text), and
the HTTP game JSON keeps them whole."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from asobiba.core.registry import make_game
from asobiba.web.bodies import MAX_OPTION_TEXT

HUMAN = {"type": "human"}
DIE = """
[[die]]
id = "{id}"
name = "{name}"
kind = "character"
family = "gidan"
estimate = false
outcomes = {{ stand = 2, side = 15, special = 22, "face:3" = 9 }}
"""
DECK = {"name": "マイデッキ", "dice": ["my-gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
SPARE = "予備のギダン"
"""The name of the dice of one's own that no deck plays (found in the options only)."""


def additions(size: int) -> str:
    """Catalog text of at most ``size`` characters: the die of one's own that the deck plays, and
    spare ones."""
    text = DIE.format(id="my-gidan", name="ギダン（手元）")
    spares = []
    while len(text) + sum(map(len, spares)) < size - 200:
        spares.append(DIE.format(id=f"spare-{len(spares)}", name=f"{SPARE} {len(spares)}"))
    return text + "".join(spares)


def gandice(client: TestClient, text: str) -> str:
    options = {"players": 2, "decks": [DECK, "yami"], "additions": text}
    r = client.post(
        "/api/games", json={"game": "gandice", "options": options, "seats": [HUMAN, HUMAN], "seed": 3}
    )
    assert r.status_code == 201, r.text
    return r.json()["id"]


def moves(client: TestClient, gid: str, subprotocol: str, n: int = 4) -> list[str]:
    """The frames a spectator is sent over ``n`` moves (the creator plays the first legal one each
    time), then when it asks for the whole state again, as text."""
    seen = []
    with client.websocket_connect(f"/ws/games/{gid}", [subprotocol]) as ws:
        seen.append(ws.receive_text())
        for _ in range(n):
            game = client.get(f"/api/games/{gid}").json()
            state = make_game("gandice", game["options"]).state_from_json(game["position"])
            r = client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]})
            assert r.status_code == 200, r.text
            seen.append(ws.receive_text())
        ws.send_text(json.dumps({"type": "sync"}))
        seen.append(ws.receive_text())
    return seen


@pytest.mark.parametrize("subprotocol", ["asobiba", "asobiba.2"])
def test_the_options_come_once_and_later_frames_do_not_grow_with_them(
    client: TestClient, subprotocol: str
) -> None:
    big = additions(MAX_OPTION_TEXT - 1000)
    assert len(big) > 60_000
    large, small = gandice(client, big), gandice(client, additions(0))
    heavy, light = moves(client, large, subprotocol), moves(client, small, subprotocol)

    first = json.loads(heavy[0])["game"]
    assert (
        first["options"]["additions"].count(SPARE) == big.count(SPARE) and "options" not in first["position"]
    )
    assert heavy[0].count(SPARE) == big.count(SPARE) > 200  # once, not twice
    for text in heavy[1:]:  # the moves, then the whole state again (sync): no options
        frame = json.loads(text)
        assert SPARE not in text and "options" not in frame["game"], frame["type"]
    for a, b in zip(heavy[1:], light[1:], strict=True):  # the same game but for the notes
        assert abs(len(a.encode()) - len(b.encode())) < 64, (a[:200], b[:200])
    assert len(heavy[0].encode()) - len(light[0].encode()) > len(big.encode()) - 1000


def test_the_game_json_over_http_keeps_the_options_whole(client: TestClient) -> None:
    game = client.get(f"/api/games/{gandice(client, additions(4000))}").json()
    assert SPARE in game["options"]["additions"] and game["position"]["options"] == game["options"]


def test_each_client_has_the_options_in_its_first_frame(client: TestClient) -> None:
    gid = gandice(client, additions(2000))
    with client.websocket_connect(f"/ws/games/{gid}", ["asobiba"]) as one:
        assert "options" in json.loads(one.receive_text())["game"]
        with client.websocket_connect(f"/ws/games/{gid}", ["asobiba.2"]) as two:
            assert "options" in json.loads(two.receive_text())["game"]
            one.send_text(json.dumps({"type": "auth", "tokens": []}))  # the whole state again
            answer = json.loads(one.receive_text())
            assert answer["type"] == "state" and "options" not in answer["game"]
