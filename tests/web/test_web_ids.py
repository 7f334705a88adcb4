"""A game id has one form (asobiba.web.ids): every other one is a 404 on every route with an id, the
pages and the socket, before the store is asked — on SQLite and on PostgreSQL (a server of this
test's own), where a NUL byte in a query used to be a 500 with a long traceback."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from starlette.websockets import WebSocketDisconnect
from web.own_postgres import OwnPostgres

from asobiba.web.app import ROUTERS, create_app
from asobiba.web.ids import GAME_ID_PATTERN, new_game_id
from asobiba.web.store import Store, metadata

MALFORMED = ["a%00b", "0123456789a%00", "nope", "0123456789AB", "0123456789abc", "0123456789a",
             "%27%3B%20drop%20table%20games", "%C3%A9" * 6, "x" * 2000, "%ED%A0%80abc"]
"""Ids of other forms, as they are written in a path (percent-escaped)."""
FILLERS = {"seat": "0", "verb": "declare", "ply": "0", "invite": "x"}


@pytest.fixture(scope="module")
def postgres() -> Iterator[OwnPostgres]:
    server = OwnPostgres()
    yield server
    server.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ids.sqlite3'}"
    url = request.getfixturevalue("postgres").url
    engine = create_engine(url)
    metadata.drop_all(engine)
    engine.dispose()
    return url


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The game ids the store was asked to load."""
    seen: list[str] = []
    real = Store.load

    def load(self: Store, game_id: str):  # type: ignore[no-untyped-def]
        seen.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(Store, "load", load)
    return seen


def id_routes() -> list[tuple[str, str]]:
    """(method, path template) of every API route with a game id."""
    return [(method, route.path) for router in ROUTERS for route in router.routes
            if isinstance(route, APIRoute) and "{game_id" in route.path
            for method in sorted(route.methods or ())]


def filled(template: str, game_id: str) -> str:
    path = re.sub(r"\{game_id(:\w+)?\}", lambda _: game_id, template)
    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: FILLERS[m.group(1)], path)


def test_the_server_makes_ids_of_the_one_form() -> None:
    assert all(re.fullmatch(GAME_ID_PATTERN, new_game_id()) for _ in range(100))


def test_an_id_of_another_form_is_404_everywhere_before_the_store_is_asked(
        store_url: str, asked: list[str]) -> None:
    with TestClient(create_app(store_url), raise_server_exceptions=False) as client:
        created = client.post("/api/games", json={"game": "diceout"}).json()
        routes = id_routes()
        assert len(routes) >= 13  # every acting verb, the reads, the odds
        asked.clear()
        for bad in MALFORMED:
            for method, template in routes:
                for headers in ({}, {"Authorization": f"Bearer {created['token']}"}):
                    r = client.request(method, filled(template, bad), headers=headers, json={})
                    assert r.status_code == 404, (method, template, bad, r.text[:200])
                    assert list(r.json()) == ["error"] and "\n" not in r.json()["error"]
            for page in ("/game/{}", "/replay/{}", "/game/{}/join/0/x"):
                r = client.get(page.format(bad))
                assert r.status_code == 404 and 'data-missing="game"' in r.text, (page, bad)
            with client.websocket_connect(f"/ws/games/{bad}", ["asobiba"]) as ws:
                frame = ws.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert frame["type"] == "error" and "no game" in frame["message"]
            assert closed.value.code == 4404
        assert asked == []
        # a well-formed id the store does not know is asked for, and is a 404 too
        unknown = "0123456789ab"
        r = client.get(f"/api/games/{unknown}")
        assert r.status_code == 404 and unknown in r.json()["error"]
        assert asked == [unknown]
        assert client.get(f"/api/games/{created['id']}").status_code == 200
