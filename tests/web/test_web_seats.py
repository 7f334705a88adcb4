"""Seats that belong to someone: tokens, invites, spectators, takeback requests (docs/play.md,
"Seats, tokens and invitations")."""

from __future__ import annotations

import json
import random

from web.conftest import HolderClient

from asobiba.core.registry import make_game

HUMAN = {"type": "human"}
INVITE = {"type": "invite"}
ROLLED = {"placement": "rolled", "first": "red"}
SPECTATOR = {"Authorization": ""}
"""No token: what a browser without the game's token sends."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def room(client: HolderClient, seats: list, options: dict | None = None, game: str = "diceout") -> dict:
    body = {"game": game, "options": options if options is not None else ROLLED, "seats": seats,
            "seed": 11}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def join(client: HolderClient, created: dict, seat: int) -> str:
    invite = created["seats"][seat]["invite"].rsplit("/", 1)[1]
    r = client.post(f"/api/games/{created['id']}/seats/{seat}/join", json={"invite": invite})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def legal(client: HolderClient, gid: str) -> list[int]:
    with client.websocket_connect(f"/ws/games/{gid}", spectator=True) as ws:
        position = ws.receive_json()["game"]

    state = make_game(position["game"], position["options"]).state_from_json(position["position"])
    return state.legal_actions()


def test_creating_a_room_hands_out_a_token_and_one_invite_per_open_seat(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    assert len(created["token"]) >= 43  # 256 bits, url-safe
    assert created["tokens"] == [created["token"], None]
    assert "invite" not in created["seats"][0] and created["seats"][1]["type"] == "invite"
    assert created["seats"][1]["invite"].startswith(f"/game/{created['id']}/join/1/")
    view = client.get(f"/api/games/{created['id']}").json()
    assert view["waiting"] is True and view["seats"][1]["open"] is True
    assert created["token"] not in json.dumps(view)


def test_an_invite_joins_once_and_tokens_act_only_for_their_seat(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    gid, mine = created["id"], created["token"]
    r = client.post(f"/api/games/{gid}/moves", json={"action": 0}, headers=bearer(mine))
    assert r.status_code == 400 and "waits" in r.json()["error"]  # the friend is not there yet
    friend = join(client, created, 1)
    assert friend != mine
    invite = created["seats"][1]["invite"].rsplit("/", 1)[1]
    again = client.post(f"/api/games/{gid}/seats/1/join", json={"invite": invite})
    assert again.status_code == 403  # spent
    assert client.post(f"/api/games/{gid}/seats/1/join", json={"invite": "x" * 22}).status_code == 403

    move = legal(client, gid)[0]
    assert client.post(f"/api/games/{gid}/moves", json={"action": move}, headers=SPECTATOR).status_code == 401
    assert client.post(f"/api/games/{gid}/moves", json={"action": move},
                       headers=bearer(friend)).status_code == 403  # red is to move, not white
    assert client.post(f"/api/games/{gid}/moves", json={"action": move},
                       headers=bearer("not-a-token")).status_code == 403
    played = client.post(f"/api/games/{gid}/moves", json={"action": move}, headers=bearer(mine))
    assert played.status_code == 200 and played.json()["plies"] == 2
    reply = legal(client, gid)[0]
    assert client.post(f"/api/games/{gid}/moves", json={"action": reply},
                       headers=bearer(mine)).status_code == 403
    assert client.post(f"/api/games/{gid}/moves", json={"action": reply},
                       headers=bearer(friend)).status_code == 200


def test_spectators_cannot_act_in_any_way(client: HolderClient) -> None:
    gid = room(client, [HUMAN, HUMAN])["id"]
    for path, body in (("moves", {"action": 0}), ("undo", None), ("resign", None),
                       ("hint", None), ("verbs/declare", None), ("takeback", {"accept": True}),
                       ("seats/0/computer", {"level": "normal"})):
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=SPECTATOR)
        assert r.status_code == 401, (path, r.text)
    with client.websocket_connect(f"/ws/games/{gid}", spectator=True) as ws:
        view = ws.receive_json()["game"]
        assert view["you"] == [] and view["legal"] == []
        for frame in ({"type": "move", "action": 0}, {"type": "undo"}, {"type": "resign"},
                      {"type": "hint"}):
            ws.send_text(json.dumps(frame))
            assert ws.receive_json()["type"] == "error"
    assert client.get(f"/api/games/{gid}").json()["plies"] == 1  # only the opening roll


def test_the_socket_takes_tokens_as_subprotocols_or_an_auth_frame(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    friend = join(client, created, 1)
    gid = created["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as red:
        view = red.receive_json()["game"]
        assert view["you"] == [0] and view["legal"]
        assert view["seats"][0]["connected"] is True
        with client.websocket_connect(f"/ws/games/{gid}", spectator=True) as white:
            assert white.receive_json()["game"]["you"] == []
            white.send_text(json.dumps({"type": "auth", "tokens": [friend]}))
            seen = white.receive_json()["game"]
            assert seen["you"] == [1] and seen["legal"] == []  # not white's turn
            assert seen["seats"][1]["connected"] is True
            white.send_text(json.dumps({"type": "auth", "tokens": ["wrong"]}))
            assert white.receive_json()["type"] == "error"


def test_games_list_only_what_a_browser_holds(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    friend = join(client, created, 1)
    other = HolderClient(client.app)
    assert other.post("/api/games/held", json={"tokens": []}).json() == []
    assert [g["id"] for g in other.post("/api/games/held", json={"tokens": [friend]}).json()] == [
        created["id"]
    ]
    assert client.get("/api/games").status_code == 405  # nobody lists every game
    assert client.get(f"/api/games/{created['id']}/record", headers=SPECTATOR).status_code == 200


def test_takebacks_between_devices_are_requests(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    gid, red = created["id"], created["token"]
    white = join(client, created, 1)
    first = legal(client, gid)[0]
    client.post(f"/api/games/{gid}/moves", json={"action": first}, headers=bearer(red))
    client.post(f"/api/games/{gid}/moves", json={"action": legal(client, gid)[0]}, headers=bearer(white))
    asked = client.post(f"/api/games/{gid}/undo", headers=bearer(red)).json()
    assert asked["plies"] == 3 and asked["takeback"] == {"by": [0], "waiting": [1]}
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(red)).status_code == 400  # asked
    assert client.post(f"/api/games/{gid}/takeback", json={"accept": True},
                       headers=bearer(red)).status_code == 403  # not the asker's to grant
    declined = client.post(f"/api/games/{gid}/takeback", json={"accept": False}, headers=bearer(white))
    assert declined.json()["takeback"] is None and declined.json()["plies"] == 3

    client.post(f"/api/games/{gid}/undo", headers=bearer(red))
    granted = client.post(f"/api/games/{gid}/takeback", json={"accept": True}, headers=bearer(white))
    assert granted.json()["plies"] == 1 and granted.json()["to_move"] == "red"  # red's move gone


def test_resign_is_for_the_resigning_seat(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE])
    white = join(client, created, 1)
    done = client.post(f"/api/games/{created['id']}/resign", headers=bearer(white)).json()
    assert done["status"] == "finished" and done["result"]["ranks"] == [1, 2]  # white resigned on red's turn


def test_a_seat_is_given_to_the_computer_by_its_holder_or_the_creator_if_open(client: HolderClient) -> None:
    created = room(client, [HUMAN, INVITE, INVITE], {"players": 3}, game="diamond")
    gid = created["id"]
    second = join(client, created, 1)
    r = client.post(f"/api/games/{gid}/seats/2/computer", json={"level": "intro"}, headers=bearer(second))
    assert r.status_code == 403  # seat 2 is neither the friend's nor theirs to give
    r = client.post(f"/api/games/{gid}/seats/2/computer", json={"level": "god"})
    assert r.status_code == 400
    view = client.post(f"/api/games/{gid}/seats/2/computer", json={"level": "intro"}).json()
    assert view["seats"][2] == {"type": "computer", "level": "intro", "open": False, "connected": False}
    assert view["waiting"] is False
    invite = created["seats"][2]["invite"].rsplit("/", 1)[1]
    assert client.post(f"/api/games/{gid}/seats/2/join", json={"invite": invite}).status_code == 403
    with client.websocket_connect(f"/ws/games/{gid}", ["asobiba", f"token.{second}"]) as ws:
        assert ws.receive_json()["game"]["you"] == [1]
        r = client.post(f"/api/games/{gid}/seats/1/computer", json={"level": "weak"},
                        headers=bearer(second))
        assert r.status_code == 200 and r.json()["seats"][1]["type"] == "computer"
        frame = ws.receive_json()["game"]
        assert frame["you"] == [] and frame["seats"][1]["type"] == "computer"  # handed over


def test_one_device_and_computer_games_work_as_before(client: HolderClient) -> None:
    gid = room(client, [HUMAN, {"type": "computer", "level": "intro"}])["id"]
    move = legal(client, gid)[0]
    assert client.post(f"/api/games/{gid}/moves?wait=true", json={"action": move}).status_code == 200
    undone = client.post(f"/api/games/{gid}/undo").json()
    assert undone["plies"] == 1 and undone["takeback"] is None  # taken back at once


def test_seats_and_tokens_survive_a_sigkill(server_factory, tmp_path) -> None:
    """Two people's room through the API; the server is killed (SIGKILL) and started again on the
    same database: the move is still there and the other seat's token plays the next one."""
    first = server_factory(tmp_path / "seats.sqlite3").start()
    body = {"game": "diceout", "options": ROLLED, "seats": [HUMAN, INVITE], "seed": 3}
    created = first.api("POST", "/api/games", json=body).json()
    gid, red = created["id"], created["token"]
    invite = created["seats"][1]["invite"].rsplit("/", 1)[1]
    white = first.api("POST", f"/api/games/{gid}/seats/1/join", json={"invite": invite}).json()["token"]
    position = first.api("GET", f"/api/games/{gid}").json()["position"]
    state = make_game("diceout", ROLLED).state_from_json(position)
    move = {"action": state.legal_actions()[0]}
    assert first.api("POST", f"/api/games/{gid}/moves", json=move, headers=SPECTATOR).status_code == 401
    assert first.api("POST", f"/api/games/{gid}/moves", json=move, headers=bearer(white)).status_code == 403
    played = first.api("POST", f"/api/games/{gid}/moves", json=move, headers=bearer(red)).json()
    first.kill()

    second = server_factory(first.db).start()
    again = second.api("GET", f"/api/games/{gid}").json()
    assert again["moves"] == played["moves"] and again["to_move"] == "white"
    after = make_game("diceout", ROLLED).state_from_json(again["position"])
    reply = {"action": after.legal_actions()[0]}
    assert second.api("POST", f"/api/games/{gid}/moves", json=reply, headers=bearer(red)).status_code == 403
    answer = second.api("POST", f"/api/games/{gid}/moves", json=reply, headers=bearer(white))
    assert answer.status_code == 200 and len(answer.json()["moves"]) == len(played["moves"]) + 1
    assert second.api("POST", f"/api/games/{gid}/seats/1/join", json={"invite": invite}).status_code == 403


def test_a_gandice_battle_between_two_devices(client: HolderClient) -> None:
    """Seats, invites and tokens are the same for every game at the table: a Gandice battle between
    two browsers, each acting only for its own seat, to the end."""
    body = {"game": "gandice", "options": {"players": 2, "decks": ["yami", "isurugi"]},
            "seats": [HUMAN, INVITE], "seed": 4}
    created = client.post("/api/games", json=body).json()
    gid = created["id"]
    tokens = [created["token"], join(client, created, 1)]
    rng = random.Random(4)
    data = client.get(f"/api/games/{gid}").json()
    for _ in range(3000):
        if data["status"] == "finished":
            break
        seat = data["players"].index(data["to_move"])
        state = make_game("gandice", data["options"]).state_from_json(data["position"])
        move = {"action": rng.choice(state.legal_actions()), "ply": data["plies"]}
        assert client.post(f"/api/games/{gid}/moves", json=move,
                           headers=bearer(tokens[1 - seat])).status_code == 403
        r = client.post(f"/api/games/{gid}/moves", json=move, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.text
        data = r.json()
    assert data["status"] == "finished"
