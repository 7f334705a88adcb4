"""The study page's API (docs/study/README.md, "The study page"): a tiny study starts in the
background, shows its progress, refuses a second start politely (409, ``Retry-After``, both
languages), ends with the same JSON the command line writes for its seed and size, and a plot;
a long one is cancelled by its starter alone; anything not offered is refused with the one error
shape and starts nothing."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner
from web.processes import children

from asobiba.cli import app
from asobiba.web.studyplan import MAX_GAMES, MAX_SECONDS

TINY = {"game": "gandice", "compare": "decks", "a": "yami", "b": "isurugi", "level": "intro",
        "games": 4, "seed": 1}
ENDED = ("done", "cancelled", "timed_out", "failed")


def wait_end(client, study_id: str, limit: float = 120) -> dict:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status = client.get(f"/api/studies/{study_id}").json()
        if status["state"] in ENDED:
            return status
        time.sleep(0.2)
    raise AssertionError(f"the study did not end within {limit} s")


def refused(answer, status: int = 400) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) <= {"error", "text"} and "\n" not in body["error"]
    return body["error"]


def test_choices_come_from_the_descriptors(client) -> None:
    gandice = client.get("/api/studies/choices/gandice").json()
    kinds = {c["id"]: c for c in gandice["compare"]}
    assert list(kinds) == ["decks", "levels", "options"]
    assert {"yami", "isurugi"} <= {v["id"] for v in kinds["decks"]["values"]}
    options = {o["id"]: [v["id"] for v in o["values"]] for o in kinds["options"]["options"]}
    assert options["resummon_full_open"] == ["false", "true"]
    # words, not ids: the decks' names and a yes-or-no option's values in both languages
    decks = {v["id"]: v["name"] for v in kinds["decks"]["values"]}
    assert decks["yami"] == {"ja": "闇ダイス組", "en": "Dark Dice set"}
    full_open = next(o for o in kinds["options"]["options"] if o["id"] == "resummon_full_open")
    assert [v["name"] for v in full_open["values"]] == [{"ja": "いいえ", "en": "No"},
                                                       {"ja": "はい", "en": "Yes"}]
    assert "max_turns" not in options  # too many values to pick from
    assert gandice["limits"] == {"games": MAX_GAMES, "seconds": MAX_SECONDS, "width": 25,
                                 "seed": 2**31 - 1}
    diamond = [c["id"] for c in client.get("/api/studies/choices/diamond").json()["compare"]]
    assert diamond == ["levels", "options"]  # no per-seat option
    refused(client.get("/api/studies/choices/nosuchgame"), 404)
    assert client.get("/study/gandice").status_code == 200
    assert client.get("/study/nosuchgame").status_code == 404
    assert all(g["study"] for g in client.get("/api/catalog").json()["games"])


def test_a_tiny_study_runs_once_at_a_time_and_writes_what_the_command_line_writes(
        client, tmp_path: Path) -> None:
    assert client.get("/api/studies/current").json() is None
    started = client.post("/api/studies", json=TINY)
    assert started.status_code == 202, started.text
    status = started.json()
    assert status["state"] == "running" and status["expected"] == 4 and status["token"]
    assert status["command"] == ("asobiba study gandice --compare decks yami,isurugi --level intro "
                                 "--games 4 --width 3 --confidence 0.95 --seed 1")
    again = client.post("/api/studies", json={**TINY, "seed": 2})
    assert refused(again, 409).startswith("another study (gandice) is running")
    assert int(again.headers["Retry-After"]) >= 1 and again.json()["text"]["ja"]
    assert client.get("/api/studies/current").json()["id"] == status["id"]

    ended = wait_end(client, status["id"])
    assert ended["state"] == "done", ended
    assert ended["games"] == 4 and ended["eta"] is None
    cell = ended["cells"][0]
    assert cell["label"] == "yami vs isurugi" and cell["games"] == 4
    assert 0 <= cell["low"] <= cell["share"] <= cell["high"] <= 1
    assert set(ended["downloads"]) == {"json", "png", "svg"}

    served = client.get(ended["downloads"]["json"])
    assert served.headers["content-disposition"].startswith("attachment")
    out = tmp_path / "cli.json"
    args = shlex.split(ended["command"])[1:] + ["--json", str(out), "--workers", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert served.content == out.read_bytes()
    png = client.get(ended["downloads"]["png"])
    assert png.headers["content-type"] == "image/png" and png.content.startswith(b"\x89PNG")
    assert b"<svg" in client.get(ended["downloads"]["svg"]).content
    refused(client.get(f"/api/studies/{status['id']}/plot.gif"), 404)

    nxt = client.post("/api/studies", json={**TINY, "games": 1})  # the slot is free again
    assert nxt.status_code == 202
    refused(client.get(ended["downloads"]["json"]), 404)  # only the latest study is kept
    wait_end(client, nxt.json()["id"])


def test_only_its_starter_cancels_a_study(client) -> None:
    started = client.post("/api/studies", json={**TINY, "games": MAX_GAMES, "width": 1}).json()
    url = f"/api/studies/{started['id']}/cancel"
    refused(client.post(url), 401)
    refused(client.post(url, headers={"Authorization": "Bearer not-the-token"}), 403)
    cancelled = client.post(url, headers={"Authorization": f"Bearer {started['token']}"})
    assert cancelled.status_code == 200
    ended = wait_end(client, started["id"], limit=30)
    assert ended["state"] == "cancelled" and ended["games"] < MAX_GAMES
    refused(client.post("/api/studies/0123456789abcdef/cancel"), 404)


@pytest.mark.parametrize("change, words, status", [
    ({"game": "nosuchgame"}, "no game", 409),
    ({"compare": "first-player"}, "compare must be one of decks, levels, options", 409),
    ({"a": "nosuchdeck"}, "is not one of", 409),
    ({"b": "yami"}, "two different", 409),
    ({"level": "random"}, "level must be one of", 400),
    ({"games": MAX_GAMES + 1}, "games", 400),
    ({"games": 0}, "games", 400),
    ({"games": 1.5}, "games", 400),
    ({"seconds": MAX_SECONDS + 1}, "seconds", 400),
    ({"width": 0}, "width", 400),
    ({"seed": -1}, "seed", 400),
    ({"option": "first"}, "option belongs to compare 'options'", 409),
    ({"compare": "options", "option": "max_turns", "a": "1", "b": "2"}, "option must be one of", 409),
    ({"compare": "options", "option": "first", "a": "p1", "b": "p9"}, "is not one of", 409),
    ({"compare": "options", "option": "decks", "a": "yami", "b": "isurugi"}, "option must be one of", 409),
    ({"workers": 64}, "unexpected field", 400),
])
def test_anything_not_offered_is_refused_and_starts_nothing(client, change: dict, words: str,
                                                            status: int) -> None:
    """400: the body does not fit its schema; 409: it fits, but the game offers no such study."""
    assert words in refused(client.post("/api/studies", json={**TINY, **change}), status)
    assert client.get("/api/studies/current").json() is None


def test_the_server_caps_the_time_of_a_study(db_url: str) -> None:
    from fastapi.testclient import TestClient

    from asobiba.web.app import create_app

    with TestClient(create_app(db_url, study_seconds=1)) as capped:
        started = capped.post("/api/studies", json={**TINY, "games": MAX_GAMES, "width": 1}).json()
        assert started["seconds"] == 1
        ended = wait_end(capped, started["id"], limit=60)
        assert ended["state"] == "timed_out"


def test_serve_refuses_a_time_cap_out_of_bounds() -> None:
    result = CliRunner().invoke(app, ["serve", "--study-seconds", str(MAX_SECONDS + 1)])
    assert result.exit_code == 2
    assert f"--study-seconds must be from 1 to {MAX_SECONDS}" in result.output


def test_a_study_ends_with_its_server_even_when_that_is_killed(server) -> None:
    before = children(server.process.pid)
    started = server.api("POST", "/api/studies", json={**TINY, "games": MAX_GAMES, "width": 1}).json()
    refused(server.api("GET", "/api/studies/é"), 404)  # an id of any text is only not found
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/studies/{started['id']}").json()["games"] == 0:
        assert time.monotonic() < deadline, "the study played no game"
        time.sleep(0.3)
    workers = children(server.process.pid) - before
    assert workers
    server.kill()
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "the study's process outlived its server"
        time.sleep(0.2)
