"""TOML from a client — a Gandice catalog, option ``additions``, decks — is bounded in nesting as well
as in size: 3,000 nested brackets were a RecursionError and a 500 on five routes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from asobiba.web.app import create_app

DEEP_TOML = ["a = " + "[" * 3000 + "]" * 3000, "a = " + "{b = " * 3000 + "1" + "}" * 3000,
             "[die]\n" + ".".join(["k"] * 3000) + " = 1"]
DECK = {"name": "x", "dice": [], "evolution": [], "cards": []}


def bodies(toml: str) -> list[tuple[str, dict]]:
    options = {"additions": toml}
    return [
        ("/api/setup", {"game": "gandice", "options": options}),
        ("/api/games", {"game": "gandice", "options": options}),
        ("/api/records", {"format": "asobiba-record/1", "game": "gandice", "options": options,
                          "moves": []}),
        ("/api/services/gandice/catalog", {"toml": toml}),
        ("/api/services/gandice/deck", {"toml": toml, "deck": DECK}),
    ]


@pytest.mark.parametrize("toml", DEEP_TOML)
def test_deep_toml_is_a_one_line_client_error_on_every_route(db_url: str, toml: str) -> None:
    with TestClient(create_app(db_url), raise_server_exceptions=False) as client:
        for path, body in bodies(toml):
            r = client.post(path, json=body)
            assert r.status_code in (400, 409), (path, r.status_code, r.text[:200])
            error = r.json()["error"]
            assert "nested more than 100 levels" in error and "\n" not in error, (path, error)
        assert client.get("/api/catalog").status_code == 200  # the server goes on
        assert client.post("/api/setup", json={"game": "gandice"}).status_code == 200
