"""The page resigns only its own seats (docs/protocol.md, "Seat tokens"), in Debian's Chromium: a
device of two people resigns both of them on a friend's turn, never the friend, and on one of its
own people's turns that person only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from asobiba.core.registry import make_game

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INVITE = {"type": "invite"}


def game_json(server, gid: str) -> dict[str, Any]:
    return server.api("GET", f"/api/games/{gid}").json()


def play_first(server, gid: str, headers: dict[str, str] | None = None) -> None:
    data = game_json(server, gid)
    action = make_game(data["game"], data["options"]).state_from_json(data["position"]).legal_actions()[0]
    r = server.api("POST", f"/api/games/{gid}/moves", json={"action": action}, headers=headers or {})
    assert r.status_code == 200, r.text


def resign_in_the_page(page, server, gid: str) -> None:
    page.goto(f"{server.url}/game/{gid}")
    page.click(".side [data-action=resign]")
    page.click("[data-action=resign-confirm]")
    page.wait_for_selector("#result-dialog[open]")


def test_the_page_resigns_its_own_people_never_the_friend_to_move(page, server, shots: Path) -> None:
    body = {"game": "diamond", "options": {"players": 3}, "seats": [HUMAN, HUMAN, INVITE], "seed": 2}
    created = server.api("POST", "/api/games", json=body).json()
    gid = created["id"]
    invite = created["seats"][2]["invite"].rsplit("/", 1)[1]
    joined = server.api("POST", f"/api/games/{gid}/seats/2/join", json={"invite": invite})
    assert joined.status_code == 200, joined.text
    play_first(server, gid)
    play_first(server, gid)  # the friend's seat (green) is to move
    assert game_json(server, gid)["to_move"] == "green"

    resign_in_the_page(page, server, gid)
    result = game_json(server, gid)["result"]
    assert result["ranks"] == [2, 2, 1] and result["resigned"] == ["red", "yellow"]
    said = page.inner_text("#result-dialog")
    assert "赤・黄が投了しました。" in said, said
    page.screenshot(path=str(shots / "resign-two-seats.png"))


def test_people_on_one_device_resign_the_one_to_move(page, server) -> None:
    body = {"game": "diamond", "options": {"players": 2}, "seats": [HUMAN, HUMAN], "seed": 2}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    play_first(server, gid)  # yellow to move
    resign_in_the_page(page, server, gid)
    result = game_json(server, gid)["result"]
    assert result["ranks"] == [1, 2] and result["resigned"] == ["yellow"]
