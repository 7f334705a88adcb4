"""The study page's API (docs/study/README.md, "The study page"; docs/operations.md, "Studies"): a
tiny study starts in the background, shows its progress to its token alone, ends with the same JSON
the command line writes for its seed and size, and a plot; it is read by its token or a share key
its starter makes, and stays readable when others start studies; a second study waits in the queue
and runs after the first; a full queue is 409 with its length, an address past its quota 429; a
long study is cancelled by its starter alone; anything not offered is refused with the one error
shape and starts nothing."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from web.processes import children

from asobiba.cli import app
from asobiba.web.app import create_app
from asobiba.web.studyplan import MAX_GAMES, MAX_SECONDS
from asobiba.web.studyslot import StudyQuota

TINY = {"game": "gandice", "compare": "decks", "a": "yami", "b": "isurugi", "level": "intro",
        "games": 4, "seed": 1}
LONG = {**TINY, "games": MAX_GAMES, "width": 1}
ENDED = ("done", "cancelled", "timed_out", "failed")


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def wait_state(client, started: dict, states=ENDED, limit: float = 120) -> dict:
    """The study's status once its state is one of ``states`` (read with its token)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status = client.get(f"/api/studies/{started['id']}", headers=auth(started["token"])).json()
        if status["state"] in states:
            return status
        time.sleep(0.2)
    raise AssertionError(f"the study did not reach {states} within {limit} s")


def wait_end(client, started: dict, limit: float = 120) -> dict:
    return wait_state(client, started, ENDED, limit)


def other(client, address: str):
    """A client of the same app from another address."""
    return TestClient(client.app, client=(address, 50000))


def idle(client) -> None:
    assert client.get("/api/studies/queue").json() == {"running": None, "waiting": 0, "limit": 4}


def refused(answer, status: int = 400) -> str:
    return refused_with(answer, status)


def refused_with(answer, status: int, more: set[str] = frozenset()) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) <= {"error", "text", *more} and "\n" not in body["error"]
    return body["error"]


def test_choices_come_from_the_descriptors(client) -> None:
    gandice = client.get("/api/studies/choices/gandice").json()
    kinds = {c["id"]: c for c in gandice["compare"]}
    assert list(kinds) == ["decks", "levels", "first-player", "options"]
    assert [v["id"] for v in kinds["first-player"]["values"]] == [v["id"] for v in kinds["levels"]["values"]]
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
    assert diamond == ["levels", "first-player", "options"]  # no per-seat option
    refused(client.get("/api/studies/choices/nosuchgame"), 404)
    assert client.get("/study/gandice").status_code == 200
    assert client.get("/study/nosuchgame").status_code == 404
    assert all(g["study"] for g in client.get("/api/catalog").json()["games"])


def test_a_tiny_study_runs_and_writes_what_the_command_line_writes(
        client, tmp_path: Path) -> None:
    idle(client)
    started = client.post("/api/studies", json=TINY)
    assert started.status_code == 202, started.text
    status = started.json()
    assert status["state"] == "running" and status["expected"] == 4 and status["token"]
    assert status["command"] == ("asobiba study gandice --compare decks yami,isurugi --level intro "
                                 "--games 4 --width 3 --confidence 0.95 --seed 1")
    slot = client.get("/api/studies/queue").json()
    assert slot["running"]["game"] == "gandice" and slot["waiting"] == 0
    assert slot["running"]["name"]["en"] and 1 <= slot["running"]["left"] <= 120
    assert "id" not in slot["running"] and "cells" not in slot["running"]  # nothing of the study

    ended = wait_end(client, status)
    assert ended["state"] == "done", ended
    assert ended["games"] == 4 and ended["eta"] is None
    cell = ended["cells"][0]
    assert cell["label"] == "yami vs isurugi" and cell["games"] == 4
    assert 0 <= cell["low"] <= cell["share"] <= cell["high"] <= 1
    assert set(ended["downloads"]) == {"json", "png", "svg"}

    assert 3500 < ended["expires"] <= 3600  # kept an hour after it ends
    served = client.get(ended["downloads"]["json"], headers=auth(status["token"]))
    assert served.headers["content-disposition"].startswith("attachment")
    out = tmp_path / "cli.json"
    args = shlex.split(ended["command"])[1:] + ["--json", str(out), "--workers", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert served.content == out.read_bytes()
    png = client.get(ended["downloads"]["png"], headers=auth(status["token"]))
    assert png.headers["content-type"] == "image/png" and png.content.startswith(b"\x89PNG")
    assert b"<svg" in client.get(ended["downloads"]["svg"], headers=auth(status["token"])).content
    refused(client.get(f"/api/studies/{status['id']}/plot.gif", headers=auth(status["token"])), 404)

    nxt = client.post("/api/studies", json={**TINY, "games": 1})  # the slot is free again
    assert nxt.status_code == 202
    wait_end(client, nxt.json())
    again = client.get(ended["downloads"]["json"], headers=auth(status["token"]))
    assert again.content == served.content  # another study wipes nothing


def test_a_study_is_read_by_its_token_or_a_share_key_its_starter_makes(client) -> None:
    started = client.post("/api/studies", json=TINY).json()
    url, token = f"/api/studies/{started['id']}", started["token"]
    refused(client.get(url), 401)  # nobody else reads it
    refused(client.get(url, headers=auth("not-the-token")), 403)
    refused(client.get(f"{url}/json"), 401)
    refused(client.post(f"{url}/share"), 401)
    refused(client.post(f"{url}/share", headers=auth("not-the-token")), 403)
    shared = client.post(f"{url}/share", headers=auth(token)).json()
    key = shared["share"]
    assert shared["link"] == f"/study/gandice#study={started['id']}&share={key}"
    ended = wait_end(client, {"id": started["id"], "token": key})  # the share key reads it
    assert ended["state"] == "done"
    assert client.get(f"{url}/json", headers=auth(key)).status_code == 200
    assert client.get(f"{url}/plot.png", headers=auth(key)).status_code == 200
    refused(client.post(f"{url}/cancel", headers=auth(key)), 403)  # and does no more
    refused(client.post(f"{url}/share", headers=auth(key)), 403)
    newer = client.post(f"{url}/share", headers=auth(token)).json()["share"]
    refused(client.get(url, headers=auth(key)), 403)  # a new share key replaces the old
    assert client.get(url, headers=auth(newer)).status_code == 200


def test_a_second_study_waits_in_the_queue_and_runs_after_the_first(client) -> None:
    first = client.post("/api/studies", json=LONG).json()
    with other(client, "192.0.2.1") as second_client:
        second = second_client.post("/api/studies", json=TINY)
        assert second.status_code == 202, second.text
        waiting = second.json()
        assert waiting["state"] == "queued" and waiting["position"] == 1 and waiting["games"] == 0
        assert client.get("/api/studies/queue").json()["waiting"] == 1
        client.post(f"/api/studies/{first['id']}/cancel", headers=auth(first["token"]))
        assert wait_end(client, first)["state"] == "cancelled"
        assert wait_end(second_client, waiting)["state"] == "done"  # its turn came


def test_a_queued_study_is_cancelled_by_its_token_before_it_runs(client) -> None:
    first = client.post("/api/studies", json=LONG).json()
    with other(client, "192.0.2.2") as second_client:
        waiting = second_client.post("/api/studies", json=TINY).json()
        url = f"/api/studies/{waiting['id']}/cancel"
        refused(client.post(url, headers=auth(first["token"])), 403)  # another study's token
        cancelled = second_client.post(url, headers=auth(waiting["token"])).json()
        assert cancelled["state"] == "cancelled" and cancelled["games"] == 0
        assert client.get("/api/studies/queue").json()["waiting"] == 0
    client.post(f"/api/studies/{first['id']}/cancel", headers=auth(first["token"]))
    wait_end(client, first)


def test_a_study_whose_process_stopped_beating_fails_and_the_queue_goes_on(client, db_url: str) -> None:
    """The running study's process is gone when its beat is past (here: made so in the store);
    the next queued study then runs."""
    from sqlalchemy import create_engine, text

    from asobiba.web.store import resolve_db_url

    first = client.post("/api/studies", json=LONG).json()
    with other(client, "192.0.2.6") as second_client:
        waiting = second_client.post("/api/studies", json=TINY).json()
        engine = create_engine(resolve_db_url(db_url))
        with engine.begin() as conn:
            conn.execute(text("UPDATE studies SET holder = 'gone', beat = 0 WHERE id = :id"),
                         {"id": first["id"]})
        engine.dispose()
        assert wait_end(second_client, waiting)["state"] == "done"
        failed = wait_end(client, first)
        assert failed["state"] == "failed" and failed["error"] == "the server process that ran it stopped"


def test_a_queued_study_this_server_no_longer_offers_fails_in_one_line(client, db_url: str) -> None:
    """A study queued by another version of the server (its game is gone here) fails when its
    turn comes, and the queue goes on."""
    from sqlalchemy import create_engine

    from asobiba.web.store import resolve_db_url
    from asobiba.web.studyslot import StudySlot

    engine = create_engine(resolve_db_url(db_url))
    StudySlot(engine).enqueue("00000000000000aa", "its-token", "192.0.2.7",
                              '{"game": "gone", "compare": "decks", "seconds": 60}', 0)
    engine.dispose()
    status = client.get("/api/studies/00000000000000aa", headers=auth("its-token"))
    assert status.status_code == 200, status.text
    assert status.json()["state"] == "failed" and "\n" not in status.json()["error"]
    started = client.post("/api/studies", json={**TINY, "games": 1}).json()
    assert wait_end(client, started)["state"] == "done"


def test_a_study_id_of_another_form_is_not_looked_up(client) -> None:
    for study_id in ("ab%00cd", "é", "0" * 17, "0123456789ABCDEF", "x" * 5000):
        refused(client.get(f"/api/studies/{study_id}", headers=auth("x")), 404)
        refused(client.post(f"/api/studies/{study_id}/cancel", headers=auth("x")), 404)


def test_a_full_queue_is_refused_with_its_length(db_url: str) -> None:
    with TestClient(create_app(db_url, study_quota=StudyQuota(queue=1))) as c:
        first = c.post("/api/studies", json=LONG).json()
        with other(c, "192.0.2.3") as second, other(c, "192.0.2.4") as third:
            assert second.post("/api/studies", json=TINY).json()["state"] == "queued"
            full = third.post("/api/studies", json=TINY)
            assert refused_with(full, 409, {"waiting"}).startswith("the study queue is full (1 waiting")
            assert full.json()["waiting"] == 1 and full.json()["text"]["ja"]
            assert int(full.headers["Retry-After"]) >= 1
        c.post(f"/api/studies/{first['id']}/cancel", headers=auth(first["token"]))


def test_an_address_has_one_study_at_a_time_and_a_few_an_hour(db_url: str) -> None:
    with TestClient(create_app(db_url, study_quota=StudyQuota(hourly=2))) as c:
        first = c.post("/api/studies", json=LONG).json()
        again = c.post("/api/studies", json=TINY)  # while its first runs
        assert refused(again, 429).startswith("this address already has 1 study running or waiting")
        assert int(again.headers["Retry-After"]) >= 1 and again.json()["text"]["ja"]
        c.post(f"/api/studies/{first['id']}/cancel", headers=auth(first["token"]))
        wait_end(c, first)
        second = c.post("/api/studies", json={**TINY, "games": 1}).json()
        wait_end(c, second)
        third = c.post("/api/studies", json=TINY)
        assert refused(third, 429).startswith("at most 2 studies an hour from one address")
        assert 3000 < int(third.headers["Retry-After"]) <= 3601
        with other(c, "192.0.2.5") as elsewhere:  # another address has its own
            assert elsewhere.post("/api/studies", json={**TINY, "games": 1}).status_code == 202


def test_an_ended_study_goes_once_its_time_is_past(db_url: str) -> None:
    with TestClient(create_app(db_url, study_quota=StudyQuota(keep=5))) as c:
        first = c.post("/api/studies", json={**TINY, "games": 1}).json()
        assert 0 <= wait_end(c, first)["expires"] <= 5
        deadline = time.monotonic() + 60
        while c.get(f"/api/studies/{first['id']}", headers=auth(first["token"])).status_code == 200:
            assert time.monotonic() < deadline, "the study's results were kept past their time"
            time.sleep(0.2)
        refused(c.get(f"/api/studies/{first['id']}", headers=auth(first["token"])), 404)
        refused(c.get(f"/api/studies/{first['id']}/json", headers=auth(first["token"])), 404)


def test_only_its_starter_cancels_a_study(client) -> None:
    started = client.post("/api/studies", json=LONG).json()
    url = f"/api/studies/{started['id']}/cancel"
    refused(client.post(url), 401)
    refused(client.post(url, headers={"Authorization": "Bearer not-the-token"}), 403)
    cancelled = client.post(url, headers={"Authorization": f"Bearer {started['token']}"})
    assert cancelled.status_code == 200
    ended = wait_end(client, started, limit=30)
    assert ended["state"] == "cancelled" and ended["games"] < MAX_GAMES
    refused(client.post("/api/studies/0123456789abcdef/cancel"), 404)


@pytest.mark.parametrize("change, words, status", [
    ({"game": "nosuchgame"}, "no game", 409),
    ({"compare": "nosuch"}, "compare must be one of decks, levels, first-player, options", 409),
    ({"compare": "first-player"}, "is not one of", 409),  # decks are not levels
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
    idle(client)


def test_the_server_caps_the_time_of_a_study(db_url: str) -> None:
    with TestClient(create_app(db_url, study_seconds=1)) as capped:
        started = capped.post("/api/studies", json=LONG).json()
        assert started["seconds"] == 1
        ended = wait_end(capped, started, limit=60)
        assert ended["state"] == "timed_out"


def test_serve_refuses_a_time_cap_out_of_bounds() -> None:
    result = CliRunner().invoke(app, ["serve", "--study-seconds", str(MAX_SECONDS + 1)])
    assert result.exit_code == 2
    assert f"--study-seconds must be from 1 to {MAX_SECONDS}" in result.output


def test_a_study_ends_with_its_server_even_when_that_is_killed(server) -> None:
    before = children(server.process.pid)
    started = server.api("POST", "/api/studies", json=LONG).json()
    refused(server.api("GET", "/api/studies/é"), 404)  # an id of any text is only not found
    deadline = time.monotonic() + 120
    url = f"/api/studies/{started['id']}"
    while server.api("GET", url, headers=auth(started["token"])).json()["games"] == 0:
        assert time.monotonic() < deadline, "the study played no game"
        time.sleep(0.3)
    workers = children(server.process.pid) - before
    assert workers
    server.kill()
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "the study's process outlived its server"
        time.sleep(0.2)
