"""The table on a 390×844 phone, in Debian's Chromium (docs/play.md, "On a phone"): the action bar
takes at most a third of the screen, the whole board (and so whatever is to be tapped on it) lies
above the bar, and the status line is never painted under the bar. In Japanese and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from web.conftest import hold

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
GAMES = {
    "gandice": ({"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, INTRO]),
    "diamond": ({"players": 3}, [HUMAN, INTRO, INTRO]),
    "diceout": ({"placement": "rolled"}, [HUMAN, HUMAN]),
    "chinese_checkers": ({"players": 2}, [HUMAN, INTRO]),
}


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_bar_never_covers_the_board_or_the_status(browser, server, shots: Path, game: str,
                                                      lang: str) -> None:
    options, seats = GAMES[game]
    created = server.api("POST", "/api/games", json={"game": game, "options": options, "seats": seats,
                                                      "seed": 3}).json()
    context = browser.new_context(**PHONE)
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');")
    page = context.new_page()
    try:
        hold(page, created["id"], created["token"])
        page.goto(f"{server.url}/game/{created['id']}")
        page.wait_for_selector(".board-svg [data-cell]")
        page.wait_for_selector("[data-role=action-bar]:visible")
        page.wait_for_timeout(500)  # the opening roll's animation
        page.screenshot(path=str(shots / f"phone-{game}-{lang}.png"))
        bar = box(page, "[data-role=action-bar]")
        assert bar["height"] <= 844 / 3 + 1, bar
        board = box(page, ".board-svg")
        narrow = page.evaluate("document.querySelector('.board-svg').classList.contains('narrow')")
        if not narrow:  # a board drawn for the phone keeps its texts legible and may be taller
            assert board["y"] + board["height"] <= bar["y"] + 1, (board, bar)
            status = box(page, ".status")
            assert status["y"] + status["height"] <= bar["y"] + 1, (status, bar)
        targets = page.locator(".board-svg .movable, .board-svg .legal").all()
        assert targets
        for cell in targets:  # what is to be tapped now is above the bar, in the window
            where = cell.bounding_box()
            assert where is not None and where["y"] >= 0 and where["y"] + where["height"] <= bar["y"] + 1
        if game == "gandice":  # a die picked: the opponent's dice it may attack are above the bar too
            page.locator(".board-svg .movable").first.click()
            page.wait_for_selector(".board-svg .legal")
            page.wait_for_timeout(200)
            bar = box(page, "[data-role=action-bar]")
            for cell in page.locator(".board-svg .legal").all():
                where = cell.bounding_box()
                assert where is not None and where["y"] >= 0 and where["y"] + where["height"] <= bar["y"] + 1
            page.screenshot(path=str(shots / f"phone-gandice-picked-{lang}.png"))
    finally:
        context.close()
