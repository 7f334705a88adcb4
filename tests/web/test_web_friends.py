"""Friends at one table through the HTTP API (docs/play.md, "Playing again with friends"): a seat's
name, given by its holder only and bounded; a rematch offered to every seated device, started when
all accept, everyone one seat on, each token following its person."""

from __future__ import annotations

import pytest

from asobiba.web.friends import MAX_NAME, parse_name
from asobiba.web.store import Store

HUMAN = {"type": "human"}
INVITE = {"type": "invite"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def name(client, gid: str, seat: int, value: object, token: str | None):
    """``POST .../seats/{seat}/name`` with ``token`` (None: as a spectator)."""
    headers = {} if token is None else bearer(token)
    return client.request("POST", f"/api/games/{gid}/seats/{seat}/name", json={"name": value},
                          headers=headers, spectator=token is None)


def rematch(client, gid: str, accept: bool, token: str | None):
    """``POST .../rematch`` with ``token`` (None: as a spectator)."""
    headers = {} if token is None else bearer(token)
    return client.request("POST", f"/api/games/{gid}/rematch", json={"accept": accept}, headers=headers,
                          spectator=token is None)


def friend_game(client, game: str = "diceout") -> tuple[str, str, str]:
    """A game between the creator (seat 0) and a friend who took seat 1: its id and both tokens."""
    created = client.post("/api/games", json={"game": game, "seats": [HUMAN, INVITE], "seed": 3}).json()
    invite = created["seats"][1]["invite"].rsplit("/", 1)[1]
    friend = client.post(f"/api/games/{created['id']}/seats/1/join", json={"invite": invite}).json()["token"]
    return created["id"], created["token"], friend


def test_a_holder_names_their_own_seat_and_everyone_sees_it(client) -> None:
    gid, mine, friend = friend_game(client)
    answer = name(client, gid, 1, "  はな  こ ", friend)
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][1]["name"] == "はな こ"
    seen = client.request("GET", f"/api/games/{gid}", spectator=True).json()
    assert seen["seats"][1]["name"] == "はな こ"
    assert "name" not in seen["seats"][0]
    # the name is stored: the game read afresh still has it
    assert client.app.state.rooms.ledger.store.load(gid).seats[1].name == "はな こ"
    # an empty name takes it away
    name(client, gid, 1, "", friend).raise_for_status()
    assert "name" not in client.get(f"/api/games/{gid}").json()["seats"][1]


def test_a_name_is_only_for_the_seats_the_token_holds(client) -> None:
    gid, mine, friend = friend_game(client)
    other = name(client, gid, 0, "Mallory", friend)
    assert other.status_code == 403
    assert other.json()["text"]["ja"]
    assert name(client, gid, 1, "Eve", None).status_code == 401
    assert name(client, gid, 9, "Eve", mine).status_code == 403
    assert "name" not in client.get(f"/api/games/{gid}").json()["seats"][0]


@pytest.mark.parametrize("value", [
    "x" * (MAX_NAME + 1), "<script>", "a\u202eb", "line\nbreak", "\x00", "😀", "a/b", 7, None, ["a"],
    "x" * 65,
])
def test_a_name_that_is_not_a_short_plain_name_is_refused(client, value) -> None:
    """Not a string, or past the schema's 64 characters: 400; a string the schema allows that is
    not a plain short name: 409."""
    gid, mine, _ = friend_game(client)
    answer = name(client, gid, 0, value, mine)
    schema_valid = isinstance(value, str) and len(value) <= 64
    assert answer.status_code == (409 if schema_valid else 400), answer.text
    assert set(answer.json()) <= {"error", "text"}
    assert "name" not in client.get(f"/api/games/{gid}").json()["seats"][0]


def test_names_are_normalised() -> None:
    assert parse_name("Ｈａｎａ") == "Ｈａｎａ"
    assert parse_name("ka\u3099") == "ka\u3099"  # a combining voicing mark stays (NFC has no composite)
    assert parse_name("か\u3099") == "が"
    assert parse_name("O'Neil-Smith") == "O'Neil-Smith"
    assert parse_name("   ") == ""


def test_a_rematch_reaches_the_friend_and_starts_when_both_accept(client) -> None:
    gid, mine, friend = friend_game(client)
    name(client, gid, 0, "Aki", mine).raise_for_status()
    name(client, gid, 1, "Bo", friend).raise_for_status()
    early = rematch(client, gid, True, mine)
    assert early.status_code == 400  # not before the game is over
    client.post(f"/api/games/{gid}/resign", headers=bearer(friend)).raise_for_status()
    assert rematch(client, gid, True, None).status_code == 401
    offered = rematch(client, gid, True, mine).json()
    assert offered["rematch"] == {"by": [0], "waiting": [1], "game": None}
    assert client.request("GET", f"/api/games/{gid}", spectator=True).json()["rematch"]["waiting"] == [1]
    started = rematch(client, gid, True, friend).json()
    new = started["rematch"]["game"]
    assert new and new != gid
    game = client.get(f"/api/games/{new}").json()
    assert [s.get("name") for s in game["seats"]] == ["Bo", "Aki"]  # seats swapped, names kept
    assert not any(s["open"] for s in game["seats"])  # nobody needs a link
    assert game["meta"]["rematch_of"] == gid
    # each token acts for its person's new seat only
    assert name(client, new, 0, "Bo", friend).status_code == 200
    assert name(client, new, 1, "Aki", mine).status_code == 200
    assert name(client, new, 0, "X", mine).status_code == 403
    assert name(client, new, 1, "X", friend).status_code == 403
    # the old game names the new one, stored; a second answer is refused
    stored = Store(str(client.app.state.rooms.ledger.store.engine.url)).load(gid)
    assert stored is not None and stored.rematch["game"] == new
    again = rematch(client, gid, True, mine)
    assert again.status_code == 400


def test_a_declined_rematch_is_gone(client) -> None:
    gid, mine, friend = friend_game(client)
    client.post(f"/api/games/{gid}/resign", headers=bearer(mine)).raise_for_status()
    rematch(client, gid, True, mine).raise_for_status()
    declined = rematch(client, gid, False, friend).json()
    assert declined["rematch"] is None


def test_a_rematch_against_the_computer_starts_at_once(client) -> None:
    seats = [HUMAN, {"type": "computer", "level": "intro"}]
    created = client.post("/api/games", json={"game": "diceout", "seats": seats, "seed": 1}).json()
    gid = created["id"]
    client.post(f"/api/games/{gid}/resign").raise_for_status()
    started = client.post(f"/api/games/{gid}/rematch", json={"accept": True}).json()
    new = started["rematch"]["game"]
    seats = client.get(f"/api/games/{new}").json()["seats"]
    assert [s["type"] for s in seats] == ["computer", "human"]
    assert seats[0]["level"] == "intro"


def test_rematches_count_in_the_games_per_address_quota(db_url: str) -> None:
    """A rematch makes a game: finishing and rematching again and again cannot go past the quota."""
    from fastapi.testclient import TestClient

    from asobiba.web.app import create_app
    from asobiba.web.limits import Limits

    limits = Limits(address_rate=100, address_burst=100, address_games=3)
    with TestClient(create_app(db_url, limits=limits)) as c:
        seats = [HUMAN, {"type": "computer", "level": "intro"}]
        created = c.post("/api/games", json={"game": "diceout", "seats": seats}).json()
        gid, token = created["id"], created["token"]
        answers = []
        for _ in range(3):
            c.post(f"/api/games/{gid}/resign", headers=bearer(token)).raise_for_status()
            answer = c.post(f"/api/games/{gid}/rematch", json={"accept": True}, headers=bearer(token))
            answers.append(answer.status_code)
            if answer.status_code != 200:
                break
            gid = answer.json()["rematch"]["game"]
        assert answers == [200, 200, 429]
