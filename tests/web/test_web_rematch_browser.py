"""Friends stay together, in Debian's Chromium (docs/play.md, "Playing again with friends"): a name
given at the table shows on the friend's device; a rematch offered on one device reaches the other
(`[data-role=rematch-offer]`), and once accepted both are in the new game, seats swapped, with no
new link; a turn that comes while the tab is hidden is said in the title and, if allowed, by a
notification. In Japanese and English, on a desktop and a 390×844 phone. Every request goes to
127.0.0.1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web.conftest import as_creator

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
INVITE = {"type": "invite"}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
WORDS = {
    "ja": {"offer": "再戦を申し込んでいます", "mine": "返事を待っています"},
    "en": {"offer": "offers a rematch", "mine": "waiting for"},
}


def english(context, lang: str) -> None:
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');")


def two_devices(browser, server, device: dict, lang: str):
    """A Dice Out game between this browser (seat 0) and a friend's (seat 1, joined by its invite)."""
    body = {"game": "diceout", "seats": [HUMAN, INVITE], "seed": 4}
    created = server.api("POST", "/api/games", json=body).json()
    mine_ctx = browser.new_context(**device)
    friend_ctx = browser.new_context(**device)
    for ctx in (mine_ctx, friend_ctx):
        english(ctx, lang)
    mine = as_creator(mine_ctx.new_page(), server)
    friend = friend_ctx.new_page()
    mine.goto(f"{server.url}/game/{created['id']}")
    friend.goto(server.url + created["seats"][1]["invite"])
    friend.wait_for_url(re.compile(rf"/game/{created['id']}$"))
    friend.wait_for_selector("[data-role=name-form]:not([hidden])")
    return created["id"], mine, friend, (mine_ctx, friend_ctx)


@pytest.mark.parametrize(("lang", "device"), [("ja", DESKTOP), ("en", PHONE), ("ja", PHONE), ("en", DESKTOP)],
                         ids=["ja-desktop", "en-phone", "ja-phone", "en-desktop"])
def test_a_rematch_takes_one_tap_each_and_keeps_friends_together(browser, server, shots: Path, lang,
                                                                 device) -> None:
    gid, mine, friend, contexts = two_devices(browser, server, device, lang)
    try:
        # a name given on the friend's device shows on mine
        friend.fill("[data-role=name-input]", "はな")
        friend.click("[data-action=set-name]")
        mine.wait_for_function("() => document.querySelector('.players').textContent.includes('はな')")
        mine.fill("[data-role=name-input]", "Aki")
        mine.click("[data-action=set-name]")
        friend.wait_for_function("() => document.querySelector('.players').textContent.includes('Aki')")
        # the friend resigns: both see the result; I offer a rematch from the dialog
        friend.click("[data-action=resign]")
        friend.click("[data-action=resign-confirm]")
        for page in (mine, friend):
            page.wait_for_selector("#result-dialog[open]")
        mine.click("#result-dialog [data-action=rematch]")
        offer = friend.locator("#result-dialog [data-role=rematch-offer]")
        offer.wait_for()
        assert WORDS[lang]["offer"] in offer.inner_text()
        assert "Aki" in offer.inner_text()
        assert WORDS[lang]["mine"] in mine.locator("#result-dialog [data-role=rematch-offer]").inner_text()
        friend.screenshot(path=str(shots / f"rematch-offer-{lang}-{device['viewport']['width']}.png"))
        friend.click("#result-dialog [data-action=accept-rematch]")
        # both devices are in the same new game, seats swapped, no invite link anywhere
        for page in (mine, friend):
            page.wait_for_url(re.compile(rf"/game/(?!{gid})\w+$"))
        new = mine.url.rsplit("/", 1)[1]
        assert friend.url.rsplit("/", 1)[1] == new
        for page in (mine, friend):
            page.wait_for_selector(".players li")
            page.wait_for_function("() => document.body.dataset.watching === 'no'")
            assert page.locator("[data-role=invite-link]").count() == 0
        game = server.api("GET", f"/api/games/{new}").json()
        assert [s.get("name") for s in game["seats"]] == ["はな", "Aki"]
        assert not any(s["open"] for s in game["seats"])
        # each device holds its person's new seat: the friend now holds seat 0 (red)
        assert friend.evaluate("() => document.querySelector('[data-role=name-input]').value") == "はな"
        assert mine.evaluate("() => document.querySelector('[data-role=name-input]').value") == "Aki"
        mine.screenshot(path=str(shots / f"rematch-new-{lang}-{device['viewport']['width']}.png"))
    finally:
        for ctx in contexts:
            ctx.close()


FAKE_NOTIFICATION = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""
HIDDEN = """
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden === true });
Object.defineProperty(document, "visibilityState", { configurable: true,
  get: () => (window.__hidden === true ? "hidden" : "visible") });
"""

HIDE = "() => { window.__hidden = VALUE; document.dispatchEvent(new Event('visibilitychange')); }"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_turn_in_a_hidden_tab_is_said_in_the_title_and_a_notification(browser, server, lang) -> None:
    body = {"game": "diceout", "options": {"placement": "rolled", "first": "white"}, "seats": [HUMAN, INVITE],
            "seed": 5}
    created = server.api("POST", "/api/games", json=body).json()
    gid = created["id"]
    ctx = browser.new_context(**DESKTOP)
    english(ctx, lang)
    ctx.add_init_script(FAKE_NOTIFICATION + HIDDEN)
    friend_ctx = browser.new_context(**DESKTOP)
    try:
        page = as_creator(ctx.new_page(), server)  # red, who moves second
        page.goto(f"{server.url}/game/{gid}")
        friend = friend_ctx.new_page()
        friend.goto(server.url + created["seats"][1]["invite"])
        friend.wait_for_selector(".board-svg .movable")
        notify = page.locator("[data-action=notify]")
        assert notify.get_attribute("aria-pressed") == "false"
        notify.click()
        page.wait_for_function("() => document.querySelector('[data-action=notify]').ariaPressed === 'true'")
        page.evaluate(HIDE.replace("VALUE", "true"))
        # white (the friend) moves: red's turn comes while red's tab is hidden
        friend.locator(".board-svg .movable").first.click()
        friend.locator(".board-svg .legal").first.click()
        page.wait_for_function("() => window.__notes.length === 1")
        title = page.title()
        assert title.startswith("🔔 " + ("あなたの番です" if lang == "ja" else "Your turn")), title
        note = page.evaluate("() => window.__notes[0]")
        assert ("あなたの番です" if lang == "ja" else "your turn") in note["body"]
        # back on the tab: the usual title
        page.evaluate(HIDE.replace("VALUE", "false"))
        assert page.title().startswith("▶ ")
    finally:
        ctx.close()
        friend_ctx.close()
