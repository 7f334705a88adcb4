"""The study page's estimate (docs/study/README.md, "The study page"): ``POST /api/studies/estimate``
takes the body of ``POST /api/studies``, answers the games and CPU time the study would take from a
short calibration and starts nothing; it is checked as the start is (400, 409, one line), kept per
study (asking again costs no quota); an address past its estimates is refused with 429 and
``Retry-After``, an estimate the hint pool is too busy for with 503. A first-player study is
offered, estimated and run like any other."""

from __future__ import annotations

from web.test_web_study import TINY, idle, refused, refused_with, wait_end

from asobiba.study.costs import FACTOR
from asobiba.web import studycost

FIRST = {"game": "diceout", "compare": "first-player", "a": "intro", "b": "weak", "games": 4, "seed": 2}


def test_an_estimate_gives_games_and_cpu_time_and_starts_nothing(client) -> None:
    answer = client.post("/api/studies/estimate", json=FIRST)
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["games"] == 8 and [c["games"] for c in found["cells"]] == [4, 4]  # at most 4 a level
    assert found["seconds"] > 0 and found["calibration"] == studycost.CALIBRATION
    assert found["at_least"] is False and found["factor"] == FACTOR  # a Dice Out game finishes
    assert found["command"] == ("asobiba study diceout --compare first-player --levels intro,weak "
                                "--games 4 --width 3 --confidence 0.95 --seed 2 --dry-run")
    idle(client)  # nothing runs or waits
    assert client.post("/api/studies/estimate", json=FIRST).json() == found  # kept for the study


def test_an_estimate_is_checked_as_a_start_is(client) -> None:
    assert "games" in refused(client.post("/api/studies/estimate", json={**TINY, "games": 0}), 400)
    assert "unexpected field" in refused(client.post("/api/studies/estimate", json={**TINY, "x": 1}), 400)
    assert "is not one of" in refused(client.post("/api/studies/estimate", json={**TINY, "a": "nosuch"}), 409)
    assert "two different" in refused(client.post("/api/studies/estimate", json={**FIRST, "b": "intro"}), 409)
    assert refused(client.post("/api/studies/estimate", content=b"[", headers={
        "content-type": "application/json"}), 400)
    idle(client)


def test_an_address_past_its_estimates_is_refused_and_a_kept_one_is_free(client, monkeypatch) -> None:
    monkeypatch.setattr(studycost, "BURST", 2)
    monkeypatch.setattr(studycost, "CALIBRATION", 0.1)
    for seed in (10, 11):
        assert client.post("/api/studies/estimate", json={**FIRST, "seed": seed}).status_code == 200
    past = client.post("/api/studies/estimate", json={**FIRST, "seed": 12})
    assert refused_with(past, 429).startswith("too many estimates")
    assert int(past.headers["Retry-After"]) >= 1 and past.json()["text"]["ja"]
    assert client.post("/api/studies/estimate", json={**FIRST, "seed": 10}).status_code == 200  # kept


def test_a_first_player_study_runs_from_the_page(client) -> None:
    started = client.post("/api/studies", json=FIRST)
    assert started.status_code == 202, started.text
    ended = wait_end(client, started.json())
    assert ended["state"] == "done", ended
    assert [c["label"] for c in ended["cells"]] == ["intro", "weak"]
    assert all(c["a"] is None and c["games"] == 4 for c in ended["cells"])


def test_an_estimate_the_hint_pool_cannot_take_is_busy(client) -> None:
    client.app.state.rooms.driver.workers.hint_limit = 0  # the pool full
    busy = client.post("/api/studies/estimate", json={**FIRST, "seed": 20})
    assert refused(busy, 503).startswith("the server is too busy to estimate")
    assert busy.json()["text"]["ja"]
