"""Hostile input at the web table: one error shape, limits, the origin and host checks, headers,
private database files (docs/operations.md, "Security")."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web.conftest import free_port

from asobiba.web.app import create_app
from asobiba.web.guard import Access

JSON = {"Content-Type": "application/json"}
HUMANS = [{"type": "human"}] * 2


def refused(r, status: int = 400) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) <= {"error", "text"} and "\n" not in body["error"]
    assert len(body["error"]) <= 300
    return body["error"]


@pytest.mark.parametrize("path", ["/api/setup", "/api/games", "/api/records",
                                  "/api/games/0123456789ab/moves"])
def test_huge_numbers_and_deep_nesting_are_400(client: TestClient, path: str) -> None:
    for raw in (b'{"seed": ' + b"9" * 5000 + b"}", b'{"a":' * 1000 + b"1" + b"}" * 1000,
                b'{"seed": 1e400}'):
        refused(client.post(path, content=raw, headers={**JSON, "Authorization": "Bearer x"}))


@pytest.mark.parametrize("red", [[{}, 1, 2], [None, 1, 2], [1.9, 2.5, 3.1], ["x" * 5000, 1, 2]])
def test_option_values_must_be_integers(client: TestClient, red: list) -> None:
    body = {"game": "diceout", "options": {"red": red}}
    refused(client.post("/api/setup", json=body))
    refused(client.post("/api/setup", content=json.dumps(body).replace("[1,", "[1e400,"),
                        headers=JSON))
    refused(client.post("/api/games", json={**body, "seats": HUMANS}))


def test_seeds_are_64_bit(client: TestClient) -> None:
    for seed in (2**63, 2**64, -1, 1.5, "7"):
        body = {"game": "diceout", "seats": HUMANS, "seed": seed}
        assert "seed" in refused(client.post("/api/games", json=body))
    ok = client.post("/api/games", json={"game": "diceout", "seats": HUMANS, "seed": 2**63 - 1})
    assert ok.status_code == 201
    listed = client.held()
    assert listed[0]["id"] == ok.json()["id"]
    record = client.get(f"/api/games/{ok.json()['id']}/record").json()
    assert record["meta"]["seed"] == 2**63 - 1


def test_bad_seats_and_record_fields_are_400(client: TestClient) -> None:
    seats = [{"type": "computer", "level": ["normal"]}, {"type": "human"}]
    refused(client.post("/api/games", json={"game": "diceout", "seats": seats}))
    for bad in ({"game": ["diceout"]}, {"meta": [1, 2]}, {"options": {"red": [{}, 1, 2]}},
                {"moves": [{"action": 1.5}]}, {"moves": "e2-e4"}):
        record = {"format": "asobiba-record/1", "game": "diceout", "moves": [], **bad}
        refused(client.post("/api/records", json=record))
    too_long = {"format": "asobiba-record/1", "game": "diceout",
                "moves": [{"action": 0}] * 20_001}
    assert "20000" in refused(client.post("/api/records", json=too_long))


def test_path_and_query_values_are_400_with_the_error_shape(client: TestClient) -> None:
    gid = client.post("/api/games", json={"game": "diceout", "seats": HUMANS}).json()["id"]
    refused(client.get(f"/api/games/{gid}/frames/abc"))
    refused(client.post(f"/api/games/{gid}/moves?wait=maybe", json={"action": 0}))
    refused(client.post("/api/setup?preview=maybe", json={"game": "diceout"}))
    refused(client.get("/api/nothing/here"), 404)
    refused(client.get("/api/games/" + "x" * 5000), 404)


def test_an_uploaded_result_is_never_believed(client: TestClient) -> None:
    for result in ({"foo": 1}, {"ranks": "I won", "returns": [1, -1]}):
        record = {"format": "asobiba-record/1", "game": "diceout", "moves": [], "result": result}
        up = client.post("/api/records", json=record)
        assert up.status_code == 201
        rid = up.json()["id"]
        assert client.get(f"/api/games/{rid}").json()["result"] is None
        assert client.get(f"/api/games/{rid}/record").json()["result"] is None
        assert client.held()[0]["id"] == rid and client.held()[0]["result"] is None


def test_bodies_over_the_limits_are_413(client: TestClient) -> None:
    big = b'{"game": "diceout", "meta": {"x": "' + b"a" * (1024 * 1024) + b'"}}'
    assert "1 MB" in refused(client.post("/api/games", content=big, headers=JSON), 413)

    def chunks():  # no Content-Length: counted while it streams in
        yield b'{"game": "diceout", "meta": {"x": "'
        for _ in range(20):
            yield b"a" * 100_000
        yield b'"}}'

    refused(client.post("/api/games", content=chunks(), headers=JSON), 413)
    record = b'{"format": "asobiba-record/1", "game": "diceout", "moves": [], "result": {"x": "'
    record += b"a" * (2 * 1024 * 1024) + b'"}}'
    assert client.post("/api/records", content=record, headers=JSON).status_code == 201
    huge = record.replace(b"a" * 1024, b"a" * 5000)
    assert "8 MB" in refused(client.post("/api/records", content=huge, headers=JSON), 413)


def test_posts_need_json_and_an_allowed_origin(client: TestClient) -> None:
    body = json.dumps({"game": "diceout", "seats": HUMANS})
    refused(client.post("/api/games", content=body, headers={"Content-Type": "text/plain"}), 415)
    refused(client.post("/api/games", content=body), 415)
    foreign = {**JSON, "Origin": "http://evil.example"}
    refused(client.post("/api/games", content=body, headers=foreign), 403)
    same = {**JSON, "Origin": "http://testserver"}
    assert client.post("/api/games", content=body, headers=same).status_code == 201
    assert client.get("/api/catalog", headers={"Origin": "http://evil.example"}).status_code == 200
    assert client.get("/api/games").json() and len(client.get("/api/games").json()) == 1


def test_the_socket_checks_the_origin(client: TestClient) -> None:
    gid = client.post("/api/games", json={"game": "diceout", "seats": HUMANS}).json()["id"]
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
        f"/ws/games/{gid}", headers={"Origin": "http://evil.example"}
    ):
        pass
    with client.websocket_connect(f"/ws/games/{gid}", headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text('{"type": "move", "action": ' + "9" * 5000 + "}")
        assert ws.receive_json()["type"] == "error"
        ws.send_text("[" * 1000)
        assert ws.receive_json()["type"] == "error"


def test_a_bound_server_answers_only_to_its_own_host_names(db_url: str) -> None:
    access = Access.bound("127.0.0.1", 8123, ("games.example.org",), ("https://play.example.org",))
    with TestClient(create_app(db_url, access=access), base_url="http://127.0.0.1:8123") as c:
        assert c.get("/api/catalog").status_code == 200
        for host in ("localhost:8123", "[::1]:8123", "games.example.org", "games.example.org:443"):
            assert c.get("/api/catalog", headers={"Host": host}).status_code == 200, host
        for host in ("evil.example:8123", "localhost:8124", "localhost", "127.0.0.1:x", ""):
            refused(c.get("/api/catalog", headers={"Host": host}))
        body = {"game": "diceout", "seats": HUMANS}
        other = {"Origin": "https://play.example.org"}
        assert c.post("/api/games", json=body, headers=other).status_code == 201
        evil = {"Host": "evil.example"}
        with pytest.raises(WebSocketDisconnect), c.websocket_connect("/ws/games/x", headers=evil):
            pass


def test_security_headers_and_no_api_docs(client: TestClient) -> None:
    for r in (client.get("/"), client.get("/api/catalog"), client.get("/api/games/nope"),
              client.get("/static/js/main.js")):
        assert "script-src 'self';" in r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
    assert client.get("/api/docs").status_code == 404
    assert client.get("/docs").status_code == 404 and client.get("/redoc").status_code == 404


def test_api_docs_only_when_asked(db_url: str) -> None:
    with TestClient(create_app(db_url, api_docs=True)) as c:
        docs = c.get("/api/docs")
        assert docs.status_code == 200 and "script-src 'self';" in docs.headers["content-security-policy"]
        scripts = re.findall(r'<script src="([^"]+)"', docs.text)
        assert scripts and all(src.startswith("/") for src in scripts) and "<script>" not in docs.text
        assert all(c.get(src).status_code == 200 for src in scripts)  # served from the package
        assert c.get("/api/openapi.json").status_code == 200


def test_api_docs_without_swagger_ui_is_one_line_and_status_2(tmp_path: Path) -> None:
    hide = ("import sys; sys.modules['swagger_ui_bundle'] = None; sys.argv = ['asobiba', 'serve', "
            f"'--port', '{free_port()}', '--db', {str(tmp_path / 'x.sqlite3')!r}, '--api-docs']; "
            "from asobiba.cli import main; main()")
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "serving" not in done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1 and "apidocs" in done.stderr


def test_the_index_page_has_no_inline_script() -> None:
    index = (Path(__file__).parents[2] / "asobiba/web/static/index.html").read_text()
    assert "<script>" not in index and "<script type=\"module\">" not in index
    assert " on" + "click=" not in index


def test_sqlite_files_are_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    db = tmp_path / "private.sqlite3"
    with TestClient(create_app(str(db))) as c:
        c.post("/api/games", json={"game": "diceout", "seats": HUMANS})
        files = [p for p in tmp_path.iterdir() if p.name.startswith("private.sqlite3")]
        assert {p.name for p in files} >= {"private.sqlite3", "private.sqlite3-wal"}
        for path in files:
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    os.umask(old)
