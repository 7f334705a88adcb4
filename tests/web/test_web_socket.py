"""The game WebSocket: state frames, moves, hints and error frames (docs/protocol.md)."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from asobiba.core.registry import make_game

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}


def new_game(client: TestClient, game: str, seats: list, options: dict | None = None) -> str:
    body = {"game": game, "options": options or {}, "seats": seats, "seed": 3}
    return client.post("/api/games", json=body).json()["id"]


def receive_until(ws, predicate, limit: int = 20) -> dict:
    for _ in range(limit):
        frame = ws.receive_json()
        if predicate(frame):
            return frame
    raise AssertionError("expected frame did not arrive")


def test_state_frame_on_connect_carries_board_and_legal_moves(client: TestClient) -> None:
    gid = new_game(client, "diamond", [HUMAN, HUMAN], {"players": 2})
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        frame = ws.receive_json()
    assert frame["type"] == "state"
    view = frame["game"]
    state = make_game("diamond").new_state()
    assert len(view["legal"]) == len(state.legal_actions())
    move = view["legal"][0]
    assert {"action", "notation", "from", "to", "path"} <= set(move)
    assert f'data-cell="{move["from"]}"' in view["svg"]
    assert view["turn"] == "human" and view["to_move"] == "red"


def test_a_move_is_broadcast_and_the_computer_reply_follows(client: TestClient) -> None:
    gid = new_game(client, "diceout", [HUMAN, INTRO], {"first": "red", "placement": "rolled"})
    with client.websocket_connect(f"/ws/games/{gid}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}") as watcher:
        view = ws.receive_json()["game"]
        watcher.receive_json()
        move = view["legal"][0]
        ws.send_text(json.dumps({"type": "move", "action": move["action"], "ply": view["plies"]}))
        mine = receive_until(ws, lambda f: f["type"] == "state" and f["game"]["plies"] == 2)
        assert mine["game"]["last"]["notation"] == move["notation"]
        assert mine["game"]["last"]["path"] == [move["from"], move["to"]]
        seen = receive_until(watcher, lambda f: f["type"] == "state" and f["game"]["plies"] == 2)
        assert seen["game"]["moves"] == mine["game"]["moves"]
        reply = receive_until(ws, lambda f: f["type"] == "state" and f["game"]["plies"] >= 3)
        assert reply["game"]["last"]["player"] == "white"


def test_errors_come_back_as_error_frames_and_change_nothing(client: TestClient) -> None:
    gid = new_game(client, "diamond", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_json()
        for text, words in [
            ("not json", "JSON"),
            ("[1]", "object"),
            ('{"type": "fly"}', "unknown message type"),
            ('{"type": "move", "move": "q1-a1"}', "q1-a1"),
            ('{"type": "move", "action": 5, "ply": 9}', "ply"),
            ('{"type": "undo"}', "take back"),
            ('{"type": "verb"}', "'verb' must be"),
            ('{"type": "verb", "verb": "declare"}', "no verb 'declare'"),
        ]:
            ws.send_text(text)
            frame = ws.receive_json()
            assert frame["type"] == "error", text
            assert words in frame["message"], (text, frame)
        ws.send_text('{"type": "move", "action": 5, "ply": 9}')
        assert ws.receive_json()["text"]["ja"].startswith("この手は9手目までの盤面")
        ws.send_text('{"type": "sync"}')
        assert ws.receive_json()["game"]["moves"] == []


def test_verbs_in_the_state_frame_and_by_frame(client: TestClient, declarable_line) -> None:
    """Dice Out's declaration is on the table on every turn under declare=manual (pressing it
    when nothing can be declared is refused in both languages); "pass" only while it is legal."""
    gid = new_game(client, "diceout", [HUMAN, HUMAN], {"declare": "manual"})
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        view = ws.receive_json()["game"]
        assert view["verbs"] == [{"id": "declare", "label": {"ja": "ダイスアウト！", "en": "Dice Out!"}}]
        assert all(move["verb"] is None for move in view["legal"])
        ws.send_text('{"type": "verb", "verb": "declare"}')
        refused = ws.receive_json()
        assert refused["type"] == "error"
        assert refused["text"]["ja"] == "いま宣言できるダイスアウトはありません。"
    plain = new_game(client, "diceout", [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/games/{plain}") as ws:
        assert ws.receive_json()["game"]["verbs"] == []  # declare=auto: nobody declares

    body = {"game": "diceout", "options": {"declare": "manual"}, "seats": [HUMAN, HUMAN], "seed": 5}
    ready = client.post("/api/games", json=body).json()["id"]
    for action in declarable_line(5):
        client.post(f"/api/games/{ready}/moves", json={"action": action})
    with client.websocket_connect(f"/ws/games/{ready}") as ws:
        view = ws.receive_json()["game"]
        declares = [move for move in view["legal"] if move["verb"] == "declare"]
        assert len(declares) == 1 and declares[0]["from"] is None
        ws.send_text('{"type": "verb", "verb": "declare"}')
        done = receive_until(ws, lambda f: f["type"] == "state")["game"]
    assert done["status"] == "finished" and done["result"]["ending"] == "declared"
    assert done["verbs"] == []


def test_hint_frame_names_a_legal_move_with_reasons(client: TestClient) -> None:
    gid = new_game(client, "diceout", [HUMAN, HUMAN], {"first": "red", "placement": "rolled"})
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        view = ws.receive_json()["game"]
        ws.send_text('{"type": "hint"}')
        frame = receive_until(ws, lambda f: f["type"] == "hint")
    hint = frame["hint"]
    assert hint["action"] in [m["action"] for m in view["legal"]]
    assert hint["from"] and hint["to"] and hint["reason_ja"] and hint["reason_en"]
    assert hint["ply"] == view["plies"]


def test_unknown_game_gets_an_error_frame(client: TestClient) -> None:
    with client.websocket_connect("/ws/games/0123456789ab") as ws:
        frame = ws.receive_json()
    assert frame == {"type": "error", "message": "no game with id '0123456789ab'"}


def test_placing_moves_say_which_cells_they_fill(client: TestClient) -> None:
    gid = new_game(client, "diceout", [HUMAN, HUMAN], {"first": "red"})
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        frame = ws.receive_json()["game"]
        assert frame["to_move"] == "red" and frame["legal"]
        for move in frame["legal"]:
            values = move["notation"].removeprefix("place ").split(",")
            assert move["from"] is None and move["drops"] == [
                {"cell": cell, "value": int(v)} for cell, v in zip(("b1", "c1", "d1"), values, strict=True)
            ]
        ws.send_json({"type": "move", "action": frame["legal"][0]["action"]})
        frame = ws.receive_json()["game"]
        assert frame["last"]["drops"] and all(d["cell"].endswith("5") for m in frame["legal"]
                                               for d in m["drops"])  # white places on its own row
