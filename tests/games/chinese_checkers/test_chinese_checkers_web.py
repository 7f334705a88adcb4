"""Chinese Checkers at the web table, through the generic layers only: the lobby's entry (six
colours, 1/2/3/4/6 players) and a 6-player game between computers played to the end by a real
server (docs/play.md)."""

from __future__ import annotations

import time

from web.conftest import server  # noqa: F401  (the fixture: a real server process)

from asobiba.core.registry import descriptor
from asobiba.web.lobby import entry


def test_the_lobby_offers_every_seating():
    game = entry(descriptor("chinese_checkers"))
    players = next(spec for spec in game["options"] if spec["name"] == "players")
    assert players["choices"] == [1, 2, 3, 4, 6]  # 1: the crossing puzzle
    assert game["lobby"]["defaults"] == {}  # a newcomer starts on two players, facing
    assert len(game["setup"]["players"]) == 2
    assert set(game["setup"]["players"]) <= set(game["seats"])
    assert set(game["seats"]) == {"red", "white", "yellow", "blue", "green", "black"}
    assert game["preview"].count('class="piece"') == 20


def test_six_computers_play_a_game_to_the_end_on_the_server(server):  # noqa: F811
    seats = [{"type": "computer", "level": "weak"}] * 6
    body = {"game": "chinese_checkers", "options": {"players": 6}, "seats": seats, "seed": 3}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    deadline = time.monotonic() + 600
    while True:
        data = server.api("GET", f"/api/games/{gid}").json()
        if data["status"] == "finished":
            break
        assert time.monotonic() < deadline, "the computers did not finish within 10 minutes"
        time.sleep(1)
    ranks = data["result"]["ranks"]
    assert len(ranks) == 6 and min(ranks) == 1
    assert data["result"]["reason"] == "rules"
