"""The solution table panel in Debian's Chromium, against a server whose builds are quick fakes
(``fake_solutions.FakeSolutions`` with self-advancing jobs): the offer to build, the progress bar,
ready; shown for the games whose catalog entry declares solution tables."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

PANEL = "[data-role=table-panel]"
HUMAN = {"type": "human"}


def test_lobby_builds_a_missing_table_with_a_progress_bar(page, fake_solutions_server, shots: Path) -> None:
    srv = fake_solutions_server
    page.goto(srv.url)
    page.click("[data-game=diceout]")
    panel = page.locator(PANEL)
    panel.locator("[data-action=build-table]").wait_for()
    assert panel.get_attribute("data-status") == "missing"
    assert "5×5" in panel.locator("h3").inner_text()
    assert "作成する" in panel.inner_text() and "GB" not in panel.inner_text()  # sizes: the owner's
    assert "4.6 GB" in panel.locator("details.owner").text_content()
    panel.locator("[data-action=build-table]").click()
    page.wait_for_selector(f"{PANEL} [data-role=table-progress]")
    assert srv.api("GET", "/api/solutions/diceout/5").json()["status"] in ("building", "ready")
    assert "null" not in panel.inner_text()
    page.screenshot(path=str(shots / "table-build.png"))
    page.wait_for_selector(f"{PANEL}[data-status=ready]", timeout=60_000)
    assert "最強" in panel.inner_text()
    assert panel.locator("[data-action=build-table]").count() == 0


def test_table_page_shows_the_panel_for_games_with_solutions_only(page, fake_solutions_server) -> None:
    srv = fake_solutions_server
    page.goto(srv.url)
    page.wait_for_selector("[data-action=start]")
    page.click("#lang")  # English from here on
    body = {"game": "diceout", "options": {"rows": 4}, "seats": [HUMAN, HUMAN], "seed": 3}
    gid = srv.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{srv.url}/game/{gid}")
    panel = page.locator(PANEL)
    panel.locator("[data-action=build-table]").wait_for()
    assert "Perfect play table (5×4)" in panel.inner_text()
    assert "1.2 GB" in panel.locator("details.owner").text_content()
    assert panel.locator("[data-action=build-table]").inner_text() == "Build"

    body = {"game": "diamond", "options": {}, "seats": [HUMAN, HUMAN], "seed": 3}
    gid = srv.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{srv.url}/game/{gid}")
    page.wait_for_selector(".board-svg")
    assert page.locator(PANEL).is_hidden()


def test_a_board_too_large_for_the_machine_is_explained(page, fake_solutions_server) -> None:
    srv = fake_solutions_server
    body = {"game": "diceout", "options": {"rows": 9}, "seats": [HUMAN, HUMAN], "seed": 3}
    gid = srv.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{srv.url}/game/{gid}")
    panel = page.locator(PANEL)
    panel.locator("[data-action=build-table]").click()
    alert = panel.locator("[role=alert]")
    alert.wait_for()
    assert "5×9 の表には" in alert.inner_text()  # the solver's own refusal, in the page's language
    assert panel.get_attribute("data-status") == "missing"


def test_hint_shows_the_exact_verdict(page, server, winning_line) -> None:
    """A proven result (from a table, or here from the search) is shown in the hint box."""
    gid, mover = server.diceout_after({}, 7, winning_line(7))
    page.goto(f"{server.url}/game/{gid}")
    page.click("[data-action=hint]:not([disabled])")
    verdict = page.locator(".hint-box .verdict")
    verdict.wait_for()
    name_ja = {"red": "赤", "white": "白"}[mover]
    assert verdict.inner_text() == f"{name_ja}の1手勝ち"
    page.click("#lang")
    assert verdict.inner_text() == f"{mover.capitalize()} wins in 1"
