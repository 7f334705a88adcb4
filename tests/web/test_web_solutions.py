"""The solution table endpoints: status, background builds, refusals (docs/protocol.md, "HTTP API").

The game's solver is replaced by ``fake_solutions.FakeSolutions`` (jobs advance when the test says
so), except in one end-to-end test on the Dice Out solver's tiny 5×2 test board. No 5×4 or 5×5
table is ever built here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web.fake_solutions import STEPS, FakeSolutions

from asobiba.games.diceout.solver.table import find_table, table_directory
from asobiba.web.app import create_app
from asobiba.web.solutions import SolutionBuilds

URL = "/api/solutions/diceout/{}"


@pytest.fixture
def solver() -> FakeSolutions:
    return FakeSolutions()


@pytest.fixture
def tables(db_url: str, solver: FakeSolutions) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, solutions=solver.builds())) as c:
        yield c


def test_missing_building_ready(tables: TestClient, solver: FakeSolutions) -> None:
    assert tables.get(URL.format(5)).json() == {
        "game": "diceout", "variant": 5, "name": {"ja": "5×5", "en": "5×5"},
        "cost": solver.real.cost(5).to_json(),
        "status": "missing", "phase": None, "fraction": 0.0, "error": None, "builds": True,
    }
    started = tables.post(URL.format(5))
    assert started.status_code == 202
    assert started.json()["status"] == "building" and started.json()["fraction"] == 0.0
    solver.jobs[0].step()
    solver.jobs[0].step()
    building = tables.get(URL.format(5)).json()
    assert building["status"] == "building"
    assert building["phase"] == "pass 1: sweep" and building["fraction"] == 0.5
    for _ in range(STEPS - 2):
        solver.jobs[0].step()
    ready = tables.get(URL.format(5)).json()
    assert ready["status"] == "ready" and ready["fraction"] == 1.0 and ready["size_bytes"] == 5000
    assert tables.get(URL.format(4)).json()["status"] == "missing"  # each variant has its own table


def test_the_cost_of_a_build_is_said_in_both_languages(tables: TestClient) -> None:
    cost = tables.get(URL.format(5)).json()["cost"]
    assert "4.6 GB" in cost["ja"] and "4.6 GB" in cost["en"] and "ディスク" in cost["ja"]


def test_one_build_per_variant_at_a_time(tables: TestClient, solver: FakeSolutions) -> None:
    assert tables.post(URL.format(4)).status_code == 202
    solver.jobs[0].step()
    again = tables.post(URL.format(4))
    assert again.status_code == 200
    assert again.json()["status"] == "building" and again.json()["fraction"] == 0.25
    assert len(solver.jobs) == 1
    beside = tables.post(URL.format(5))  # one build at a time, of any variant
    assert beside.status_code == 409 and "5×4" in beside.json()["error"]
    assert beside.json()["text"]["ja"].startswith("いまは別のテーブル")
    assert tables.get(URL.format(5)).json()["status"] == "missing" and len(solver.jobs) == 1
    for _ in range(STEPS - 1):
        solver.jobs[0].step()
    done = tables.post(URL.format(4))
    assert done.status_code == 200 and done.json()["status"] == "ready"
    assert tables.post(URL.format(5)).status_code == 202  # the first one is done
    assert len(solver.jobs) == 2


def test_builds_are_off_unless_the_server_allows_them(db_url: str, solver: FakeSolutions) -> None:
    builds = SolutionBuilds(solutions_of=solver.solutions_of)
    with TestClient(create_app(db_url, solutions=builds)) as c:
        assert c.get(URL.format(4)).json()["builds"] is False
        refused = c.post(URL.format(4))
        assert refused.status_code == 403 and "--allow-builds" in refused.json()["error"]
        assert "--allow-builds" in refused.json()["text"]["ja"]
        assert c.get(URL.format(4)).json()["status"] == "missing"
    assert solver.jobs == []


def test_failed_build_reports_the_error_and_can_be_restarted(
    tables: TestClient, solver: FakeSolutions
) -> None:
    tables.post(URL.format(5))
    solver.jobs[0].step()
    solver.jobs[0].fail("OSError: [Errno 28] No space left on device")
    failed = tables.get(URL.format(5)).json()
    assert failed["status"] == "error" and failed["error"] == "OSError: [Errno 28] No space left on device"
    assert failed["fraction"] == 0.25
    restarted = tables.post(URL.format(5))
    assert restarted.status_code == 202 and restarted.json()["status"] == "building"
    assert len(solver.jobs) == 2


@pytest.mark.parametrize("rows", ["1", "10", "-3", "five", "4.5"])
def test_variants_outside_the_solver_are_refused(
    tables: TestClient, solver: FakeSolutions, rows: str
) -> None:
    for method in ("GET", "POST"):
        answer = tables.request(method, URL.format(rows))
        if rows.lstrip("-").isdigit():  # a number the solver has no tables for: no such table
            assert answer.status_code == 404 and "rows" in answer.json()["error"]
        else:  # not a number: the path is wrong
            assert answer.status_code == 400 and "variant" in answer.json()["error"]
    assert solver.jobs == []


@pytest.mark.parametrize(("game", "words"), [("diamond", "no solution tables"), ("chess", "unknown game")])
def test_a_game_without_solution_tables_is_404(tables: TestClient, game: str, words: str) -> None:
    for method in ("GET", "POST"):
        answer = tables.request(method, f"/api/solutions/{game}/5")
        assert answer.status_code == 404
        assert words in answer.json()["error"] and "\n" not in answer.json()["error"]


def test_a_table_too_large_for_the_machine_is_refused(tables: TestClient, solver: FakeSolutions) -> None:
    answer = tables.post(URL.format(9))  # 5×9: about 160 GB, the solver's own check refuses it
    assert answer.status_code == 400
    assert "5×9 table needs" in answer.json()["error"]
    assert solver.jobs == []
    assert tables.get(URL.format(9)).json()["status"] == "missing"


def test_a_slow_table_check_does_not_block_the_server(db_url: str) -> None:
    """Verifying a fresh table takes seconds; other requests are answered meanwhile."""
    release = threading.Event()
    entered = threading.Event()

    def slow_ready_bytes(variant: int, directory: Path | None) -> None:
        entered.set()
        release.wait(30)

    slow = FakeSolutions()
    slow.ready_bytes = slow_ready_bytes  # type: ignore[method-assign]
    answers: list[int] = []
    with TestClient(create_app(db_url, solutions=slow.builds())) as c:
        waiting = threading.Thread(target=lambda: answers.append(c.get(URL.format(5)).status_code))
        waiting.start()
        assert entered.wait(30)
        assert c.get("/api/catalog").status_code == 200  # answered while the check still runs
        assert answers == []
        release.set()
        waiting.join(30)
    assert answers == [200]


def test_default_tables_are_the_solvers(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    builds = SolutionBuilds()
    assert builds.directory is None  # each solver's own default
    with TestClient(create_app(db_url)) as c:
        assert c.get(URL.format(4)).json()["status"] == "missing"


def test_real_build_of_the_tiny_test_board(db_url: str, tmp_path: Path) -> None:
    """End to end with the real solver on its 5×2 test board (a few seconds)."""
    with TestClient(create_app(db_url, solutions=SolutionBuilds(tmp_path, allow=True))) as c:
        assert c.get(URL.format(2)).json()["status"] == "missing"
        assert c.post(URL.format(2)).status_code == 202
        for _ in range(600):
            status = c.get(URL.format(2)).json()
            if status["status"] != "building":
                break
            time.sleep(0.1)
        assert status["status"] == "ready", status
    table = find_table(2, tmp_path)
    assert table is not None and status["size_bytes"] == table.values.nbytes
    assert table.directory == table_directory(2, tmp_path)
