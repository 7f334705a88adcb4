"""What a review of the table as newcomers found, each in Debian's Chromium (docs/play.md): the
lobby keeps the focus on the option an arrow key changed and has a skip link to its start button; a
Chinese Checkers newcomer starts on 2 players; the invite panel never prints "null"; players never
see a solution table's operator text; an English browser gets the English page; Gandice explains
its badges. In Japanese and English, on a desktop and a 390×844 phone. Every request goes to
127.0.0.1."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
DEVICES = {"desktop": DESKTOP, "phone": PHONE}
CHECKED = "(value) => document.querySelector('#opt-opponent input:checked')?.value === value"
BOTH = [("ja", "desktop"), ("en", "phone"), ("ja", "phone"), ("en", "desktop")]


def opened(browser, lang: str, device: str, **extra):
    context = browser.new_context(**DEVICES[device], **extra)
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');")
    return context, context.new_page()


@pytest.mark.parametrize(("lang", "device"), BOTH)
def test_an_arrow_key_on_an_option_keeps_the_focus_there(browser, server, lang, device) -> None:
    context, page = opened(browser, lang, device)
    try:
        page.goto(server.url)
        page.click("[data-game=diamond]")
        first = page.locator("#opt-opponent input").first
        first.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(CHECKED, arg="friends")
        page.wait_for_timeout(300)  # the lobby is drawn again after the options are checked
        assert page.evaluate("document.activeElement.id") == "opt-opponent-1"
        page.keyboard.press("ArrowRight")
        page.wait_for_function(CHECKED, arg="people")
        page.wait_for_timeout(300)
        assert page.evaluate("document.activeElement.id") == "opt-opponent-2"
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "device"), BOTH)
def test_the_first_tab_is_a_skip_link_to_start(browser, server, lang, device) -> None:
    context, page = opened(browser, lang, device)
    try:
        page.goto(server.url)
        page.wait_for_selector("[data-action=start]")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")  # the brand link, then the lobby's skip link ... or the skip link first
        for _ in range(6):
            if page.evaluate("document.activeElement.dataset.action") == "skip-to-start":
                break
            page.keyboard.press("Tab")
        skip = page.locator("[data-action=skip-to-start]")
        assert page.evaluate("document.activeElement.dataset.action") == "skip-to-start"
        assert skip.is_visible()
        assert ("対局開始" if lang == "ja" else "Start") in skip.inner_text()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.dataset.action") == "start"
    finally:
        context.close()


def test_chinese_checkers_starts_a_newcomer_on_two_players(page, server) -> None:
    page.goto(server.url)
    page.click("[data-game=chinese_checkers]")
    # the lobby draws the chosen game's options anew: wait for its seats, then read the default
    page.wait_for_function("() => document.querySelector('[data-game=chinese_checkers][aria-pressed=true]')"
                           " && document.querySelectorAll('.seat-preview .seat-chip').length > 0")
    assert page.locator("#opt-players input:checked").get_attribute("value") == "2"
    assert page.locator(".seat-preview .seat-chip").count() == 2


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_invite_panel_never_prints_null(browser, tmp_path, server_factory, lang) -> None:
    served = server_factory(tmp_path / "served.sqlite3", serve_options={"public_url": "http://192.0.2.7:8123"})
    srv = served.start()
    body = {"game": "diceout", "seats": [HUMAN, {"type": "invite"}]}
    created = srv.api("POST", "/api/games", json=body).json()
    context, page = opened(browser, lang, "phone")
    try:
        held = {"tokens": [created["token"]], "invites": {"1": created["seats"][1]["invite"]}}
        key = json.dumps(f"asobiba.game.{created['id']}")
        page.add_init_script(f"localStorage.setItem({key}, {json.dumps(json.dumps(held))});")
        page.goto(f"{srv.url}/game/{created['id']}")
        panel = page.locator("[data-role=invites]")
        panel.locator("[data-role=invite-link]").wait_for()
        assert "null" not in panel.inner_text()
        assert page.locator("[data-role=invite-loopback]").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "device"), BOTH)
def test_players_never_see_a_solution_tables_operator_text(browser, server, lang, device) -> None:
    """A server that does not build tables (the default): no panel about a missing table, at the
    table or in the lobby, and no owner's notes anywhere."""
    created = server.api("POST", "/api/games", json={"game": "diceout", "seats": [HUMAN, INTRO]}).json()
    context, page = opened(browser, lang, device)
    try:
        from web.conftest import hold

        hold(page, created["id"], created["token"])
        page.goto(f"{server.url}/game/{created['id']}")
        page.wait_for_selector("[data-role=table-panel][data-status=missing]", state="attached")
        body = page.locator("body").inner_text()
        for operator in ("作成できません", "管理者", "does not build", "server's owner", "--allow-builds"):
            assert operator not in body
        assert not page.locator("[data-role=table-panel]").is_visible()
        page.goto(server.url)
        page.click("[data-game=diceout]")
        page.wait_for_selector("[data-role=table-panel][data-status=missing]", state="attached")
        assert not page.locator("[data-role=table-panel]").is_visible()
        assert page.locator("[data-role=owner-notes]:visible").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_an_english_browser_gets_the_english_page(browser, server, device) -> None:
    context = browser.new_context(**DEVICES[device], locale="en-GB")
    page = context.new_page()
    try:
        page.goto(server.url)
        page.wait_for_selector("[data-action=start]")
        assert page.locator("[data-action=start]").inner_text() == "Start"
        assert page.evaluate("document.documentElement.lang") == "en"
        page.click("#lang")  # the person's choice wins from then on
        assert page.locator("[data-action=start]").inner_text() == "対局開始"
        page.reload()
        assert page.locator("[data-action=start]").inner_text() == "対局開始"
    finally:
        context.close()
    context = browser.new_context(**DEVICES[device], locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(server.url)  # neither language: Japanese
        assert page.locator("[data-action=start]").inner_text() == "対局開始"
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "device"), [("ja", "desktop"), ("en", "phone")])
def test_gandice_badges_say_what_they_mean(browser, server, lang, device) -> None:
    options = {"decks": ["yami", "isurugi"], "first": "p1"}
    body = {"game": "gandice", "options": options, "seats": [HUMAN, INTRO], "seed": 3}
    created = server.api("POST", "/api/games", json=body).json()
    context, page = opened(browser, lang, device)
    try:
        from web.conftest import hold

        hold(page, created["id"], created["token"])
        page.goto(f"{server.url}/game/{created['id']}")
        page.wait_for_selector(".board-svg .badge", state="attached")
        titles = page.eval_on_selector_all(".board-svg .badge title", "els => els.map((e) => e.textContent)")
        assert titles and all(re.search(r"＝.+ · .+ = ", t) for t in titles), titles
        words = {"the special eye", "standing", "upside down", "on its side"} | {str(n) for n in range(7)}
        assert all(any(w in t for w in words) for t in titles), titles
        page.goto(f"{server.url}/learn/gandice")
        page.wait_for_selector("h1")
        text = page.locator("body").text_content()
        assert "RIP" in text and "SP" in text and "INV" in text
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "device"), [("ja", "desktop"), ("en", "phone")])
def test_the_diamond_result_says_how_the_game_ended(browser, server, lang, device) -> None:
    body = {"game": "diamond", "options": {"players": 2, "max_plies": 2}, "seats": [HUMAN, HUMAN], "seed": 3}
    created = server.api("POST", "/api/games", json=body).json()
    for _ in range(2):
        move = {"action": first_action(server, created["id"])}
        server.api("POST", f"/api/games/{created['id']}/moves", json=move).raise_for_status()
    context, page = opened(browser, lang, device)
    try:
        page.goto(f"{server.url}/game/{created['id']}")
        ending = page.locator("#result-dialog[open] [data-role=ending]")
        ending.wait_for()
        words = "最大手数に達した" if lang == "ja" else "move limit was reached"
        assert words in ending.inner_text()
        page.keyboard.press("Escape")
    finally:
        context.close()


def first_action(server, gid: str) -> int:
    """A legal action of the seat to move (the engine, from the game's position)."""
    from web.test_web_browser import engine_state

    return engine_state(server.api("GET", f"/api/games/{gid}").json()).legal_actions()[0]


def test_the_how_to_play_panel_closes_with_escape(page, server) -> None:
    created = server.api("POST", "/api/games", json={"game": "diamond", "seats": [HUMAN, INTRO]}).json()
    page.goto(f"{server.url}/game/{created['id']}")
    page.click("[data-action=learn]")
    panel = page.locator("dialog.learn-panel[open]")
    panel.wait_for()
    panel.locator("[data-action=learn-close]").focus()
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.learn-panel:not([open])", state="attached")
    assert page.evaluate("document.activeElement.dataset.action") == "learn"


def test_lobby_thumbnails_carry_a_short_name(page, server) -> None:
    page.goto(server.url)
    page.wait_for_selector("[data-game] .card-art svg")
    for card in page.locator("[data-game]").all():
        art = card.locator(".card-art")
        assert art.get_attribute("role") == "img"
        label = art.get_attribute("aria-label")
        assert label.endswith("の盤") and len(label) < 20
    name = page.evaluate("""() => {  // the card's accessible name leaves the board's texts out
        const art = document.querySelector("[data-game=diceout] .card-art");
        return [...art.querySelectorAll("text")].length;
    }""")
    assert name > 0  # the picture has texts (EXIT, coordinates), which role=img keeps from the name
