"""The page never lags behind the game, in Debian's Chromium (docs/play.md, "Hints, results and the
replay"): frames that arrive while a move is being animated are shown at once, without their own
animations, and only the newest is animated."""

from __future__ import annotations

import pytest
from web.test_web_browser import engine_state

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
HELD_ANIMATIONS = """
window.__animations = 0;
window.__shown = new Set(); // the moves the list shows when an animation starts: the frame animated
window.__frames = 0;
let release = null;
const held = new Promise((resolve) => (release = resolve));
window.__release = () => release();
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  window.__shown.add(document.querySelectorAll("[data-role=moves] li").length);
  const anim = animate.apply(this, args);
  Object.defineProperty(anim, "finished", { value: held.then(() => anim) });
  return anim;
};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => (window.__frames += 1));
  }
};
"""
"""Every animation is held until ``__release()``; the frames the socket received are counted."""


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_frames_that_wait_are_shown_without_animation(browser, server, lang) -> None:
    body = {"game": "diamond", "seats": [HUMAN, HUMAN], "seed": 3}
    created = server.api("POST", "/api/games", json=body).json()
    gid = created["id"]
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');" + HELD_ANIMATIONS)
    page = context.new_page()
    try:
        from web.conftest import hold

        hold(page, gid, created["token"])
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector(".board-svg .movable")
        frames = page.evaluate("window.__frames")

        def play() -> None:
            state = engine_state(server.api("GET", f"/api/games/{gid}").json())
            move = {"action": state.legal_actions()[0]}
            server.api("POST", f"/api/games/{gid}/moves", json=move).raise_for_status()

        play()
        page.wait_for_function("() => window.__animations >= 1")  # the first move's animation, held
        for _ in range(3):
            play()
        page.wait_for_function("(n) => window.__frames >= n + 4", arg=frames)  # three more wait behind it
        page.evaluate("window.__release()")
        page.wait_for_function("() => document.querySelectorAll('[data-role=moves] li').length >= 4")
        page.wait_for_timeout(300)
        # the first move was animated, the second and third frames were shown at once, the newest animated
        assert page.evaluate("[...window.__shown].sort()") == [0, 3]
        assert page.locator("[data-role=moves] li").count() == 4
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gandice_never_says_your_turn_while_the_roll_after_a_move_is_shown(browser, server, lang) -> None:
    """The person attacks; while the rolls that follow (the computer's defence among them) are
    animated, the status line says the move was sent, never that it is the person's turn."""
    options = {"decks": ["yami", "isurugi"], "first": "p1"}
    body = {"game": "gandice", "options": options, "seats": [HUMAN, {"type": "computer", "level": "intro"}],
            "seed": 3}
    created = server.api("POST", "/api/games", json=body).json()
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');" + HELD_ANIMATIONS)
    page = context.new_page()
    your_turn = "あなたの番です" if lang == "ja" else "Your turn"
    try:
        from web.conftest import hold

        hold(page, created["id"], created["token"])
        page.goto(f"{server.url}/game/{created['id']}")
        page.evaluate("window.__release()")  # the opening's animations run freely
        page.wait_for_selector("[data-role=actions] button[data-action=attack]:not([disabled])")
        assert page.locator(".status").inner_text().startswith(your_turn)
        page.evaluate("""() => {  // hold the animations from now on
            window.__animations = 0;
            let release = null;
            const held = new Promise((resolve) => (release = resolve));
            window.__release = () => release();
            const animate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
              window.__animations += 1;
              const anim = animate.apply(this, args);
              Object.defineProperty(anim, "finished", { value: held.then(() => anim) });
              return anim;
            };
        }""")
        page.locator("[data-role=actions] button[data-action=attack]").first.click()
        page.wait_for_function("() => window.__animations >= 1")  # the rolls after the attack, held
        status = page.locator(".status").inner_text()
        assert not status.startswith(your_turn), status
        page.evaluate("window.__release()")
    finally:
        context.close()
