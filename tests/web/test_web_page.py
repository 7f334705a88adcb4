"""The page the web table serves (docs/protocol.md, "The page"): every ES module preloaded with the
page, the catalog built at start-up, and 404 with the not-found page for a game id the store does
not know and for any other unknown path (the API's unknown paths stay JSON)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from asobiba.core.registry import make_game
from asobiba.web.app import create_app
from asobiba.web.lobby import lobby_games

STATIC = Path(__file__).parents[2] / "asobiba/web/static"
HUMANS = [{"type": "human"}, {"type": "human"}]


def test_the_page_preloads_every_module_and_the_catalog(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "data-missing" not in page.text
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/js/([\w-]+\.js)">', page.text))
    assert preloaded == {path.name for path in (STATIC / "js").glob("*.js")}
    assert '<link rel="preload" href="/api/catalog" as="fetch" crossorigin>' in page.text
    for module in sorted(preloaded):
        assert client.get(f"/static/js/{module}").status_code == 200


def test_the_catalog_is_built_at_start_up(db_url: str) -> None:
    lobby_games.cache_clear()
    with TestClient(create_app(db_url)):
        assert lobby_games.cache_info().currsize == 1  # before anyone asked


def test_what_does_not_exist_gets_the_not_found_page(client: TestClient) -> None:
    gid = client.post("/api/games", json={"game": "diceout", "seats": HUMANS}).json()["id"]
    for path in (f"/game/{gid}", f"/replay/{gid}", "/", "/games"):
        answer = client.get(path)
        assert answer.status_code == 200 and "data-missing" not in answer.text, path
    for path, missing in (("/game/nope", "game"), ("/replay/nope", "game"), ("/nowhere", "page"),
                          ("/game/nope/more", "page")):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert f'<body data-missing="{missing}">' in answer.text and "modulepreload" in answer.text
    answer = client.get("/api/nowhere")
    assert answer.status_code == 404 and answer.json() == {"error": "Not Found"}


def test_a_record_that_does_not_replay_is_refused_in_both_languages(client: TestClient) -> None:
    body = {"game": "diceout", "seats": HUMANS, "seed": 4, "options": {"placement": "rolled", "first": "red"}}
    gid = client.post("/api/games", json=body).json()["id"]
    for _ in range(2):
        data = client.get(f"/api/games/{gid}").json()
        state = make_game(data["game"], data["options"]).state_from_json(data["position"])
        client.post(f"/api/games/{gid}/moves", json={"action": state.legal_actions()[0]}).raise_for_status()
    record = client.get(f"/api/games/{gid}/record").json()
    record["moves"].append(dict(record["moves"][1]))  # red's move again, on white's turn
    answer = client.post("/api/records", json=record)
    assert answer.status_code == 409  # it fits the schema: the rules refuse it
    number, notation = len(record["moves"]), record["moves"][1]["notation"]
    assert answer.json()["text"] == {
        "ja": f"{number}手目（{notation}）は、その局面では指せない手です。",
        "en": f"move {number} ({notation}): not legal in its position",
    }


def test_text_goes_out_compressed_and_static_files_are_revalidated(client) -> None:
    """Pages, modules and styles are gzip-compressed for a browser that accepts it; a static file
    carries its ETag with ``no-cache``, and asking again with that ETag costs a 304 without body."""
    for path in ("/", "/static/js/table.js", "/static/style.css", "/api/catalog"):
        answer = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert answer.status_code == 200 and answer.headers.get("content-encoding") == "gzip", path
    first = client.get("/static/js/table.js")
    assert first.headers["cache-control"] == "no-cache" and first.headers["etag"]
    again = client.get("/static/js/table.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and not again.content
