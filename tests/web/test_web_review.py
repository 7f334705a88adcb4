"""The review of a finished game at the web table (asobiba/web/reviews.py): started once, worked
out in the hints' pool, stored with the game (read again after a restart, by anyone with the
link), quotas per address, a game still played refused, and a move tried instead judged."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from web.conftest import HolderClient

from asobiba.ai.review import JUDGEMENTS, review
from asobiba.core import Record, make_game
from asobiba.core.game import random_action, sample_chance
from asobiba.web import reviews
from asobiba.web.app import create_app

JSON = {"Content-Type": "application/json"}


def _finished_record(seed: int = 4) -> Record:
    game = make_game("diceout", {"rows": 4})
    for attempt in range(50):
        record = Record.new(game)
        state, rng = game.new_state(), random.Random(seed * 100 + attempt)
        while not state.is_terminal and len(record.actions) < 24:
            action = sample_chance(state, rng) if state.current_player < 0 else random_action(state, rng)
            record.actions.append(action)
            state = state.apply(action)
        if state.is_terminal:
            return record
    raise AssertionError("no short finished game")


def _upload(client, record: Record) -> str:
    up = client.post("/api/records", content=record.dumps().encode(), headers=JSON)
    assert up.status_code == 201, up.text
    return up.json()["id"]


def _wait(client, gid: str) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{gid}/review").json()
        if answer["status"] == "done":
            return answer["review"]
        assert answer["status"] == "running"
        time.sleep(0.1)
    raise AssertionError("the review did not finish")


def test_a_finished_game_is_reviewed_once_and_kept(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    record = _finished_record()
    with HolderClient(create_app(url)) as client:
        gid = _upload(client, record)
        assert client.get(f"/api/games/{gid}/review").json() == {"status": "none"}
        started = client.post(f"/api/games/{gid}/review")
        assert started.status_code == 200 and started.json()["status"] in ("running", "done")
        done = _wait(client, gid)
        decisions = [i for i, s in enumerate(record.states()[:-1]) if s.current_player >= 0]
        assert [m["ply"] for m in done["moves"]] == decisions
        assert all(m["judgement"] in JUDGEMENTS for m in done["moves"])
        assert all(m["best"]["cells"]["notation"] == m["best"]["notation"] for m in done["moves"])
        assert len(done["summary"]) == 2
        here = review(record).to_json()  # the same review as from Python and the command line
        assert [{k: v for k, v in m.items() if k != "best"} for m in done["moves"]] == \
            [{k: v for k, v in m.items() if k != "best"} for m in here["moves"]]
        assert [m["best"]["action"] for m in done["moves"]] == [m["best"]["action"] for m in here["moves"]]
        assert done["summary"] == here["summary"]
        again = client.post(f"/api/games/{gid}/review").json()
        assert again == {"status": "done", "review": done}
    with HolderClient(create_app(url)) as client:  # after a restart: read, not worked out again
        assert client.get(f"/api/games/{gid}/review").json() == {"status": "done", "review": done}
        assert not client.app.state.reviews.jobs  # nothing was worked out again


def test_a_game_still_played_is_not_reviewed(client) -> None:
    r = client.post("/api/games", json={"game": "diceout", "options": {"rows": 4}, "seed": 1})
    gid = r.json()["id"]
    assert client.get(f"/api/games/{gid}/review").json() == {"status": "unfinished"}
    refused = client.post(f"/api/games/{gid}/review")
    assert refused.status_code == 409 and set(refused.json()["text"]) == {"ja", "en"}
    assert client.get("/api/games/nosuchgame/review").status_code == 404
    assert client.get(f"/api/games/{gid}/review?level=grandmaster").status_code == 400


def test_one_review_at_a_time_per_address(client, monkeypatch) -> None:
    """The first review is held until the second has been asked for."""
    gate: list[bool] = []
    one, two = _upload(client, _finished_record(4)), _upload(client, _finished_record(5))
    original = reviews._in_pool

    async def held(workers, state, action, ply, level):
        while not gate:
            await asyncio.sleep(0.01)
        return await original(workers, state, action, ply, level)

    monkeypatch.setattr(reviews, "_in_pool", held)
    assert client.post(f"/api/games/{one}/review").json()["status"] == "running"
    refused = client.post(f"/api/games/{two}/review")
    assert refused.status_code == 429 and set(refused.json()["text"]) == {"ja", "en"}
    assert client.get(f"/api/games/{two}/review").json() == {"status": "none"}  # reading is free
    gate.append(True)
    _wait(client, one)
    assert client.post(f"/api/games/{two}/review").json()["status"] in ("running", "done")
    _wait(client, two)


def test_a_tried_move_is_judged(client) -> None:
    record = _finished_record()
    gid = _upload(client, record)
    states = record.states()
    ply = next(i for i, s in enumerate(states[:-1]) if s.current_player >= 0 and len(s.legal_actions()) > 1)
    state = states[ply]
    for action in state.legal_actions()[:3]:
        tried = client.post(f"/api/games/{gid}/review/try", json={"ply": ply, "action": action})
        assert tried.status_code == 200, tried.text
        body = tried.json()
        assert body["judgement"] in JUDGEMENTS and body["as_good"] == (body["judgement"] in ("best", "good"))
        assert body["best"]["action"] in state.legal_actions()
    best = body["best"]["action"]
    assert body["best"]["cells"]["action"] == best
    choices = client.get(f"/api/games/{gid}/review/choices?ply={ply}").json()
    assert choices["seat"] == state.current_player
    assert [c["action"] for c in choices["choices"]] == state.legal_actions()
    assert all("notation" in c and "from" in c for c in choices["choices"])
    chance = next(i for i, s in enumerate(states) if s.current_player < 0)
    for wrong in (chance, len(record.actions), 10**6):
        assert client.get(f"/api/games/{gid}/review/choices?ply={wrong}").status_code == 400
    assert client.post(f"/api/games/{gid}/review/try", json={"ply": ply, "action": best}).json()["as_good"]
    for bad in ({"ply": ply, "action": 10**6}, {"ply": 10**6, "action": 0}, {"ply": "x", "action": 0},
                {"ply": ply}):
        refused = client.post(f"/api/games/{gid}/review/try", json=bad)
        assert refused.status_code == 400 and refused.json()["error"], bad


def _played_record(game_id: str, options: dict, seed: int, decisions: int) -> Record:
    game = make_game(game_id, options)
    record = Record.new(game)
    state, rng = game.new_state(), random.Random(seed)
    done = 0
    while not state.is_terminal and done < decisions:
        if state.current_player >= 0:
            done += 1
        action = sample_chance(state, rng) if state.current_player < 0 else random_action(state, rng)
        record.actions.append(action)
        state = state.apply(action)
    return record


def test_every_kind_of_choice_can_be_tried(client) -> None:
    """Trying another move works for any decision: Dice Out's placings and declarations (declare
    by hand) and Gandice's targets and items, each choice named in words."""
    kinds: dict[str, set[str]] = {}
    for game_id, options, seed in (("diceout", {"rows": 4, "declare": "manual"}, 3), ("gandice", {}, 4)):
        record = _played_record(game_id, options, seed, 80)
        gid = _upload(client, record)
        states = record.states()
        seen = kinds.setdefault(game_id, set())
        for ply, state in enumerate(states[:-1]):
            if state.current_player < 0:
                continue
            choices = client.get(f"/api/games/{gid}/review/choices?ply={ply}").json()["choices"]
            for c in choices:  # Dice Out's words are all of kind "move": its notation tells them apart
                first = c["notation"].split()[0]
                c["sort"] = c.get("kind") if game_id == "gandice" else first if "-" not in first else "step"
            new = {c["sort"] for c in choices} - seen
            if not new:
                continue
            seen |= new
            assert all(c.get("words", {}).get("en") or c["notation"] for c in choices)
            pick = next(c for c in choices if c["sort"] in new)
            tried = client.post(f"/api/games/{gid}/review/try",
                                json={"ply": ply, "action": pick["action"], "level": "intro"})
            assert tried.status_code == 200, tried.text
            assert tried.json()["judgement"] in JUDGEMENTS
    assert {"place", "step", "declare", "pass"} <= kinds["diceout"], kinds
    assert {"attack", "resummon", "item", "no-item"} <= kinds["gandice"], kinds


def test_a_game_too_long_is_not_reviewed(client, monkeypatch) -> None:
    monkeypatch.setattr(reviews, "MOST_DECISIONS", 3)
    gid = _upload(client, _finished_record())
    refused = client.post(f"/api/games/{gid}/review")
    assert refused.status_code == 409 and set(refused.json()["text"]) == {"ja", "en"}
    assert client.get(f"/api/games/{gid}/review").json() == {"status": "none"}
