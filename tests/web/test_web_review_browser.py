"""The engine's review in the page (js/review.js), in Chromium: a finished game's replay starts the
review, shows progress and then the summary, the chart and a judgement on every move row; stepping
to a mistake draws the better move on the board; "learn from the mistakes" jumps to one, a move is
tried and judged, and the best is shown. Desktop in Japanese and a phone (390×844) in English; the
result dialog offers the review."""

from __future__ import annotations

import json
import random

import pytest

from asobiba.ai.review import review
from asobiba.core import Record, make_game
from asobiba.core.game import random_action, sample_chance

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
MOVE_ROWS = "[data-role=moves] li"

pytestmark = pytest.mark.browser


def _record_with_a_blunder() -> Record:
    """A short finished 5×4 Dice Out game played at random, with at least one mistake or blunder."""
    game = make_game("diceout", {"rows": 4})
    for seed in range(200):
        record = Record.new(game)
        state, rng = game.new_state(), random.Random(seed)
        while not state.is_terminal and len(record.actions) < 20:
            action = sample_chance(state, rng) if state.current_player < 0 else random_action(state, rng)
            record.actions.append(action)
            state = state.apply(action)
        judged = state.is_terminal and len(record.actions) >= 8 and review(record).moves
        if judged and any(m.judgement in ("mistake", "blunder") for m in judged):
            return record
    raise AssertionError("no short game with a mistake")


@pytest.fixture(scope="module")
def record() -> Record:
    return _record_with_a_blunder()


def _open_review(page, server, record: Record, lang: str, shots, name: str) -> str:
    up = server.api("POST", "/api/records", content=record.dumps().encode(),
                    headers={"Content-Type": "application/json"})
    gid = up.json()["id"]
    page.add_init_script(f"localStorage.setItem('asobiba.lang', {json.dumps(lang)});")
    page.goto(f"{server.url}/replay/{gid}")
    page.wait_for_selector("[data-role=review] [data-action=review]")
    page.click("[data-role=review] [data-action=review]")
    page.wait_for_selector("[data-role=review-summary]", timeout=120_000)
    rows = page.locator(MOVE_ROWS)
    judged = page.eval_on_selector_all(MOVE_ROWS, "els => els.map(e => e.dataset.judgement || '')")
    players = page.eval_on_selector_all(MOVE_ROWS, "els => els.map(e => e.dataset.player)")
    assert rows.count() == len(record.actions)
    for player, judgement in zip(players, judged, strict=True):
        assert (judgement == "") == (player == "chance"), (player, judgement)
    assert page.locator("[data-role=review-chart] polyline").count() >= 1
    mistake = next(i for i, j in enumerate(judged) if j in ("mistake", "blunder"))
    rows.nth(mistake).click()
    page.wait_for_selector(".board-svg .move-mark.better", state="attached")
    line = page.locator("[data-role=review-move]")
    assert line.get_attribute("data-judgement") in ("mistake", "blunder")
    page.mouse.move(0, 0)  # no move of the list pointed at
    page.screenshot(path=str(shots / f"{name}-mistake.png"), full_page=True)
    page.locator("[data-role=review-learn] [data-action=learn]").first.click()
    page.wait_for_selector("[data-role=try-choices] [data-action=try]")
    on_board = page.locator(".board-svg [data-cell].movable")
    if on_board.count():  # a move of a piece: picked on the board, then where it goes
        on_board.first.click()
        page.wait_for_selector(".board-svg [data-cell].legal")
        page.locator(".board-svg [data-cell].legal").first.click()
    else:  # a placing or a declaration: a button
        page.locator("[data-role=try-choices] [data-action=try]:not(.played)").first.click()
    page.wait_for_selector("[data-role=try-answer]", timeout=60_000)
    assert page.locator("[data-role=try-best]").inner_text()
    assert page.locator("[data-role=try-answer]").get_attribute("data-judgement")
    page.screenshot(path=str(shots / f"{name}-try.png"), full_page=True)
    return gid


def test_review_on_the_desktop_in_japanese(page, server, record, shots) -> None:
    from web.test_web_axe_browser import serious

    _open_review(page, server, record, "ja", shots, "review-ja")
    assert serious(page) == []  # the panel in its learning state: no serious violation
    assert "振り返り" in page.locator("[data-role=review] h2").inner_text()
    assert "正確さ" in page.locator("[data-role=review-summary]").inner_text()


def test_review_on_a_phone_in_english(browser, server, record, shots) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        gid = _open_review(page, server, record, "en", shots, "review-phone-en")
        from web.test_web_axe_browser import serious

        assert "accuracy" in page.locator("[data-role=review-summary]").inner_text()
        assert serious(page) == []
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width  # nothing wider than the phone
        page.goto(f"{server.url}/replay/{gid}")  # stored: shown at once, no button
        page.wait_for_selector("[data-role=review-summary]")
        assert page.locator("[data-role=review] [data-action=review]").count() == 0
        other = Record(record.game, record.start, record.actions[:-1], {}, False)  # a second game
        up = server.api("POST", "/api/records", content=other.dumps().encode(),
                        headers={"Content-Type": "application/json"})
        page.goto(f"{server.url}/replay/{up.json()['id']}?review=1")  # as the result dialog links
        page.wait_for_selector("[data-role=review-progress], [data-role=review-summary]")
        assert page.locator("[data-role=review] [data-action=review]").count() == 0
    finally:
        context.close()
    assert not errors, errors


def test_the_result_dialog_offers_the_review(browser, server, winning_line, shots) -> None:
    """A game played to its end at the table: the result dialog's "Review the game" opens the
    replay with the review started (phone, Japanese)."""
    from web.conftest import hold
    from web.test_web_browser import engine_state

    gid, _ = server.diceout_after({}, 11, winning_line(11))
    state = engine_state(server.api("GET", f"/api/games/{gid}").json())
    last = next(a for a in state.legal_actions() if state.apply(a).is_terminal)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        hold(page, gid, server.holder.tokens[gid])
        page.add_init_script("localStorage.setItem('asobiba.lang', 'ja');")
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector(".board-svg")
        server.api("POST", f"/api/games/{gid}/moves", json={"action": last})
        button = page.wait_for_selector("#result-dialog [data-action=review]")
        assert button.inner_text() == "対局を振り返る"
        button.click()
        page.wait_for_selector("[data-role=review-summary]", timeout=120_000)
        assert page.url.endswith(f"/replay/{gid}?review=1")
        page.screenshot(path=str(shots / "review-from-result-phone.png"), full_page=True)
    finally:
        context.close()
