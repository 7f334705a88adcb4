"""A token acts only for the seats it holds (docs/protocol.md, "Seat tokens"), over HTTP and over the
socket, for every verb: a move (and a placing move), undo, a takeback's answer or withdrawal, a
hint, a game's verbs (a declaration, letting one go), resigning, a seat given to the computer,
stopping a game and a rematch. Each is tried with every shape of token that must not act: none,
another game's, the other seat's, and a token that holds several seats of the game but not the one
acted for; a refusal changes nothing.

Most games here are Diamond Game for three: the creator's token holds seats 0 and 1 (two people at
one device, ``pair``) and a friend's token seat 2 (``friend``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from web.conftest import HolderClient
from web.test_web_seats import join

from asobiba.core.registry import make_game

HUMAN = {"type": "human"}
INVITE = {"type": "invite"}
SPECTATOR = {"Authorization": ""}


def bearer(token: str | None) -> dict[str, str]:
    return SPECTATOR if token is None else {"Authorization": f"Bearer {token}"}


def create(client: HolderClient, game: str, options: dict, seats: list) -> dict:
    r = client.post("/api/games", json={"game": game, "options": options, "seats": seats, "seed": 11})
    assert r.status_code == 201, r.text
    return r.json()


def view(client: HolderClient, gid: str) -> dict:
    return client.get(f"/api/games/{gid}").json()


def legal(client: HolderClient, gid: str) -> list[int]:
    data = view(client, gid)
    return make_game(data["game"], data["options"]).state_from_json(data["position"]).legal_actions()


def play(client: HolderClient, gid: str, token: str) -> dict:
    r = client.post(f"/api/games/{gid}/moves", json={"action": legal(client, gid)[0]}, headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


@dataclass
class Three:
    """A Diamond Game for three: ``pair`` holds seats 0 and 1, ``friend`` seat 2, ``stranger``
    holds a seat of another game."""

    gid: str
    pair: str
    friend: str
    stranger: str

    def shapes(self, owner: str) -> dict[str, str | None]:
        """The tokens that must not act for ``owner``'s seats."""
        other = self.friend if owner == self.pair else self.pair
        return {"none": None, "another game's": self.stranger, "the other seat's": other}


@pytest.fixture
def three(client: HolderClient) -> Three:
    created = create(client, "diamond", {"players": 3}, [HUMAN, HUMAN, INVITE])
    friend = join(client, created, 2)
    stranger = create(client, "diamond", {}, [HUMAN, HUMAN])["token"]
    return Three(created["id"], created["token"], friend, stranger)


def friends_turn(client: HolderClient, three: Three) -> dict:
    """The pair plays seats 0 and 1: seat 2, the friend's, is to move."""
    play(client, three.gid, three.pair)
    data = play(client, three.gid, three.pair)
    assert data["to_move"] == data["players"][2]
    return data


SHOWN = ("plies", "status", "result", "takeback", "seats", "moves")


def same(before: dict, after: dict) -> bool:
    return all(before[k] == after[k] for k in SHOWN)


def refused(client: HolderClient, gid: str, path: str, body: Any, token: str | None) -> int:
    """POST an acting request that must be refused; its status, once nothing changed."""
    before = view(client, gid)
    r = client.post(f"/api/games/{gid}/{path}", json=body, headers=bearer(token))
    assert same(before, view(client, gid)), (path, r.text)
    assert r.headers["content-type"].startswith("application/json") and "error" in r.json()
    return r.status_code


def expected(shape: str) -> int:
    return 401 if shape == "none" else 403


# -- resigning: the bypass -----------------------------------------------------------------------------
def test_a_pair_resigns_its_own_seats_never_the_friend_to_move(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)
    done = client.post(f"/api/games/{three.gid}/resign", headers=bearer(three.pair)).json()
    assert done["status"] == "finished"
    assert done["result"]["ranks"] == [2, 2, 1]  # both of the pair's seats last, the friend first
    assert done["result"]["resigned"] == done["players"][:2]


@pytest.mark.parametrize("seats", [[2], [0, 2], [1, 1, 2], [5]])
def test_resign_naming_a_seat_the_token_does_not_hold_is_refused(
    client: HolderClient, three: Three, seats: list[int]
) -> None:
    friends_turn(client, three)
    assert refused(client, three.gid, "resign", {"seats": seats}, three.pair) == 403
    assert refused(client, three.gid, "resign", {"seats": [0]}, three.friend) == 403


def test_resign_names_one_of_several_seats(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)
    r = client.post(f"/api/games/{three.gid}/resign", json={"seats": [1]}, headers=bearer(three.pair))
    assert r.status_code == 200 and r.json()["result"]["ranks"] == [1, 3, 1]
    assert r.json()["result"]["resigned"] == [r.json()["players"][1]]


@pytest.mark.parametrize("shape", ["none", "another game's", "the other seat's"])
def test_resign_by_a_token_of_no_seat_here_is_refused(client: HolderClient, three: Three, shape: str) -> None:
    friends_turn(client, three)
    token = three.shapes(three.friend)[shape]
    assert refused(client, three.gid, "resign", {"seats": [2]}, token) == expected(shape)


@pytest.mark.parametrize(
    "body",
    [
        {"seats": "2"},
        {"seats": [True]},
        {"seats": [1.5]},
        {"seat": 2},
        {"seats": [-1]},
        {"seats": list(range(40))},
    ],
)
def test_a_bad_resign_body_is_a_400(client: HolderClient, three: Three, body: dict) -> None:
    friends_turn(client, three)
    assert refused(client, three.gid, "resign", body, three.pair) == 400


def test_one_device_of_two_people_resigns_the_seat_it_names(client: HolderClient) -> None:
    """Two people taking turns on one device hold every seat: resigning all of them would leave
    nobody to win, so the device names the seat (the page names the person to move)."""
    gid = create(client, "diamond", {}, [HUMAN, HUMAN])["id"]
    assert refused(client, gid, "resign", None, client.holder.tokens[gid]) == 400
    r = client.post(f"/api/games/{gid}/resign", json={"seats": [1]})
    assert r.status_code == 200 and r.json()["result"]["ranks"] == [1, 2]


def test_the_socket_resigns_only_the_senders_seats(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)
    url = f"/ws/games/{three.gid}"
    with client.websocket_connect(url, ["asobiba", f"token.{three.pair}"]) as ws:
        assert ws.receive_json()["game"]["you"] == [0, 1]
        for seats in ([2], [0, 2], "x"):
            ws.send_text(json.dumps({"type": "resign", "seats": seats}))
            assert ws.receive_json()["type"] == "error"
        assert view(client, three.gid)["status"] == "playing"
        ws.send_text(json.dumps({"type": "resign"}))
        done = ws.receive_json()["game"]
    assert done["result"]["ranks"] == [2, 2, 1]


def test_the_socket_resigns_the_one_seat_named(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)
    with client.websocket_connect(f"/ws/games/{three.gid}", ["asobiba", f"token.{three.pair}"]) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "resign", "seats": [0]}))
        assert ws.receive_json()["game"]["result"]["ranks"] == [3, 1, 1]


# -- moving, hints, verbs ------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", ["none", "another game's", "the other seat's", "several seats"])
@pytest.mark.parametrize("path", ["moves", "hint", "verbs/declare"])
def test_only_the_holder_of_the_seat_to_move_moves_or_asks(
    client: HolderClient, three: Three, path: str, shape: str
) -> None:
    friends_turn(client, three)  # seat 2 to move: the pair holds two seats, not that one
    shapes = {**three.shapes(three.friend), "several seats": three.pair}
    body = {"action": legal(client, three.gid)[0]} if path == "moves" else None
    assert refused(client, three.gid, path, body, shapes[shape]) == expected(shape)
    r = client.post(f"/api/games/{three.gid}/{path}", json=body, headers=bearer(three.friend))
    assert r.status_code == (404 if path.startswith("verbs") else 200), r.text  # diamond has no verbs


@pytest.fixture
def duel(client: HolderClient) -> tuple[str, str, str, str]:
    """A Dice Out between two devices, declared by hand, whose players place their dice first:
    the id, red's token, white's and another game's."""
    created = create(client, "diceout", {"declare": "manual", "first": "red"}, [HUMAN, INVITE])
    white = join(client, created, 1)
    stranger = create(client, "diceout", {}, [HUMAN, HUMAN])["token"]
    return created["id"], created["token"], white, stranger


@pytest.mark.parametrize("shape", ["none", "another game's", "the other seat's"])
@pytest.mark.parametrize("path", ["moves", "verbs/declare", "verbs/pass", "hint"])
def test_placing_and_the_verbs_are_for_the_seat_to_move(
    client: HolderClient, duel: tuple[str, str, str, str], path: str, shape: str
) -> None:
    gid, red, white, stranger = duel
    assert view(client, gid)["to_move"] == "red"  # red places its dice
    token = {"none": None, "another game's": stranger, "the other seat's": white}[shape]
    body = {"action": legal(client, gid)[0]} if path == "moves" else None
    assert refused(client, gid, path, body, token) == expected(shape)
    r = client.post(f"/api/games/{gid}/{path}", json=body, headers=bearer(red))
    assert r.status_code in ((200,) if path in ("moves", "hint") else (400,)), r.text  # nothing to declare


# -- undo and takebacks --------------------------------------------------------------------------------
def test_undo_takes_back_only_the_senders_moves_and_asks_the_others(
    client: HolderClient, three: Three
) -> None:
    friends_turn(client, three)
    play(client, three.gid, three.friend)  # ply 3, seat 0 to move
    for shape, token in three.shapes(three.pair).items():
        if shape != "the other seat's":
            assert refused(client, three.gid, "undo", None, token) == expected(shape)
    asked = client.post(f"/api/games/{three.gid}/undo", headers=bearer(three.pair)).json()
    assert asked["plies"] == 3 and asked["takeback"] == {"by": [0, 1], "waiting": [2]}


def test_undo_by_a_seat_without_moves_takes_back_nobody_elses(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)  # only the pair has moved
    assert refused(client, three.gid, "undo", None, three.friend) == 400


@pytest.mark.parametrize("shape", ["none", "another game's", "the asker"])
def test_only_those_asked_grant_a_takeback(client: HolderClient, three: Three, shape: str) -> None:
    friends_turn(client, three)
    play(client, three.gid, three.friend)
    client.post(f"/api/games/{three.gid}/undo", headers=bearer(three.pair))
    token = {"none": None, "another game's": three.stranger, "the asker": three.pair}[shape]
    assert refused(client, three.gid, "takeback", {"accept": True}, token) == expected(shape)
    granted = client.post(
        f"/api/games/{three.gid}/takeback", json={"accept": True}, headers=bearer(three.friend)
    )
    assert granted.json()["plies"] == 1 and granted.json()["takeback"] is None


@pytest.mark.parametrize("shape", ["none", "another game's", "answered already"])
def test_only_the_asker_withdraws_and_those_asked_decline(client: HolderClient, shape: str) -> None:
    created = create(client, "diamond", {"players": 3}, [HUMAN, INVITE, INVITE])
    gid, red = created["id"], created["token"]
    white, third = join(client, created, 1), join(client, created, 2)
    stranger = create(client, "diamond", {}, [HUMAN, HUMAN])["token"]
    for token in (red, white, third):
        play(client, gid, token)
    client.post(f"/api/games/{gid}/undo", headers=bearer(red))
    client.post(f"/api/games/{gid}/takeback", json={"accept": True}, headers=bearer(white))
    assert view(client, gid)["takeback"] == {"by": [0], "waiting": [2]}
    token = {"none": None, "another game's": stranger, "answered already": white}[shape]
    assert refused(client, gid, "takeback", {"accept": False}, token) == expected(shape)
    withdrawn = client.post(f"/api/games/{gid}/takeback", json={"accept": False}, headers=bearer(red))
    assert withdrawn.json()["takeback"] is None and withdrawn.json()["plies"] == 3


# -- seats, stopping, rematches ------------------------------------------------------------------------
@pytest.mark.parametrize("shape", ["none", "another game's", "the other seat's", "several seats"])
def test_a_seat_goes_to_the_computer_only_by_its_holder(
    client: HolderClient, three: Three, shape: str
) -> None:
    seat = 0 if shape == "the other seat's" else 2
    token = {**three.shapes(three.friend), "the other seat's": three.friend, "several seats": three.pair}[
        shape
    ]
    assert refused(client, three.gid, f"seats/{seat}/computer", {"level": "weak"}, token) == expected(shape)
    r = client.post(
        f"/api/games/{three.gid}/seats/1/computer", json={"level": "weak"}, headers=bearer(three.pair)
    )
    assert r.status_code == 200 and r.json()["seats"][1] == {
        "type": "computer",
        "level": "weak",
        "open": False,
        "connected": False,
    }


@pytest.mark.parametrize("shape", ["none", "another game's", "a former seat's"])
def test_only_the_creator_stops_a_game_between_computers(client: HolderClient, shape: str) -> None:
    created = create(client, "diamond", {}, [HUMAN, INVITE])
    gid, creator = created["id"], created["token"]
    former = join(client, created, 1)
    for seat, token in ((1, former), (0, creator)):
        r = client.post(
            f"/api/games/{gid}/seats/{seat}/computer", json={"level": "intro"}, headers=bearer(token)
        )
        assert r.status_code == 200, r.text
    stranger = create(client, "diamond", {}, [HUMAN, HUMAN])["token"]
    token = {"none": None, "another game's": stranger, "a former seat's": former}[shape]
    r = client.post(f"/api/games/{gid}/stop", headers=bearer(token))
    assert r.status_code == expected(shape), r.text
    result = view(client, gid)["result"]
    assert result is None or result["reason"] != "stopped"
    stopped = client.post(f"/api/games/{gid}/stop", headers=bearer(creator))
    assert stopped.status_code in (200, 400), stopped.text  # 400: the computers ended it first


def test_a_rematch_is_a_new_game_whose_token_holds_nothing_of_the_old(
    client: HolderClient, three: Three
) -> None:
    """A rematch is made as any game is (``POST /api/games``, the page's launch.js): its token is
    its maker's, for its seats only, and the old game's tokens hold none of its seats."""
    old = view(client, three.gid)
    rematch = create(client, "diamond", old["options"], [HUMAN, INVITE, INVITE])
    assert (
        refused(client, three.gid, "moves", {"action": legal(client, three.gid)[0]}, rematch["token"]) == 403
    )
    assert refused(client, three.gid, "resign", None, rematch["token"]) == 403
    join(client, rematch, 1)
    join(client, rematch, 2)
    for token in (three.pair, three.friend):
        assert (
            refused(client, rematch["id"], "moves", {"action": legal(client, rematch["id"])[0]}, token) == 403
        )
        assert refused(client, rematch["id"], "resign", None, token) == 403


# -- the socket ----------------------------------------------------------------------------------------
FRAMES = (
    {"type": "move", "action": 0},
    {"type": "hint"},
    {"type": "verb", "verb": "declare"},
    {"type": "undo"},
    {"type": "takeback", "accept": True},
    {"type": "takeback", "accept": False},
    {"type": "resign"},
    {"type": "resign", "seats": [2]},
)


def socket_refuses(client: HolderClient, gid: str, token: str | None, frames: list[dict]) -> None:
    """Connect with ``token`` (None: none) and send each frame: an error frame each, and nothing
    changes."""
    before = view(client, gid)
    subprotocols = ["asobiba"] + ([] if token is None else [f"token.{token}"])
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols) as ws:
        first = ws.receive_json()
        if first["type"] == "error":  # another game's token: told why it watches, then the state
            first = ws.receive_json()
        assert first["type"] == "state" and first["game"]["you"] == (
            [] if token is None else first["game"]["you"]
        )
        for frame in frames:
            if frame["type"] == "move":
                frame = {**frame, "action": legal(client, gid)[0]}
            ws.send_text(json.dumps(frame))
            assert ws.receive_json()["type"] == "error", frame
    assert same(before, view(client, gid))


@pytest.mark.parametrize("shape", ["none", "another game's", "several seats"])
def test_the_socket_acts_only_for_the_senders_seats(client: HolderClient, three: Three, shape: str) -> None:
    """Every command frame for the friend's turn, with a takeback the friend asked waiting, from a
    client that does not hold the friend's seat (the pair may answer the request, and resign its
    own seats, so it sends the others)."""
    friends_turn(client, three)
    play(client, three.gid, three.friend)
    play(client, three.gid, three.pair)
    play(client, three.gid, three.pair)
    client.post(f"/api/games/{three.gid}/undo", headers=bearer(three.friend))  # the friend asks
    assert view(client, three.gid)["takeback"] == {"by": [2], "waiting": [0, 1]}
    if shape == "several seats":
        frames = [
            {"type": "move"},
            {"type": "hint"},
            {"type": "verb", "verb": "declare"},
            {"type": "resign", "seats": [2]},
            {"type": "resign", "seats": [1, 2]},
        ]
        socket_refuses(client, three.gid, three.pair, frames)
        return
    frames = [
        {"type": "move"},
        {"type": "hint"},
        {"type": "verb", "verb": "declare"},
        {"type": "undo"},
        {"type": "takeback", "accept": True},
        {"type": "takeback", "accept": False},
        {"type": "resign"},
        {"type": "resign", "seats": [2]},
    ]
    socket_refuses(client, three.gid, None if shape == "none" else three.stranger, frames)


def test_the_socket_refuses_the_other_seats_token(
    client: HolderClient, duel: tuple[str, str, str, str]
) -> None:
    """White's client on red's turn: placing, the verbs, a hint; then, both having placed, the
    same on red's first move, with no request to answer and red's seat to resign."""
    gid, red, white, _ = duel
    socket_refuses(
        client,
        gid,
        white,
        [
            {"type": "move"},
            {"type": "hint"},
            {"type": "verb", "verb": "declare"},
            {"type": "verb", "verb": "pass"},
        ],
    )
    play(client, gid, red)
    play(client, gid, white)
    assert view(client, gid)["to_move"] == "red"
    socket_refuses(
        client,
        gid,
        white,
        [
            {"type": "move"},
            {"type": "hint"},
            {"type": "verb", "verb": "pass"},
            {"type": "takeback", "accept": True},
            {"type": "resign", "seats": [0]},
        ],
    )


def test_the_socket_auth_frame_gives_only_the_seats_of_its_tokens(client: HolderClient, three: Three) -> None:
    friends_turn(client, three)
    with client.websocket_connect(f"/ws/games/{three.gid}", ["asobiba"]) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "auth", "tokens": [three.stranger]}))
        assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "auth", "tokens": [three.pair]}))
        assert ws.receive_json()["game"]["you"] == [0, 1]
        ws.send_text(json.dumps({"type": "move", "action": legal(client, three.gid)[0]}))
        assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "resign"}))
        assert ws.receive_json()["game"]["result"]["ranks"] == [2, 2, 1]
