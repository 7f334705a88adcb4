"""Every page passes axe-core 4 (tests/web/axe/) with no violation of impact moderate or worse: the
lobby, the games list, a table and the replay of every game, how to play each game, a study page and
the not-found page, in Japanese and in English, on a desktop and on a 390×844 phone (docs/play.md,
"Keyboard and screen readers")."""

from __future__ import annotations

import json

import pytest
from web.conftest import hold
from web.test_web_axe_browser import AXE, DESKTOP, PHONE, TABLES

pytestmark = pytest.mark.browser

WORSE = ("moderate", "serious", "critical")


def violations(page) -> list[str]:
    """The violations of impact moderate or worse axe-core finds on the page, one line each."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async (worse) => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => worse.includes(v.impact))
          .map((v) => ({ id: v.id, impact: v.impact,
                         nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) }));
    }""", list(WORSE))
    return [json.dumps(v, ensure_ascii=False) for v in found]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_every_page_has_no_moderate_or_serious_violation(browser, server, device: str, lang: str) -> None:
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');")
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def visit(name: str, url: str, ready: str) -> None:
        page.goto(url)
        page.wait_for_selector(ready)
        page.wait_for_timeout(300)  # let the last frame's drawing finish
        found[name] = violations(page)

    try:
        visit("lobby", server.url, "[data-game]")
        catalog = server.api("GET", "/api/catalog").json()
        for entry in catalog["games"]:  # each game chosen, with its seats' chips
            page.click(f"[data-game={entry['id']}]")
            page.wait_for_selector(f"[data-game={entry['id']}][aria-pressed=true]")
            page.wait_for_timeout(300)
            found[f"lobby/{entry['id']}"] = violations(page)
        page.click("[data-game=chinese_checkers]")
        page.click("#opt-players label:nth-child(5)")  # six players: every colour's chip
        page.wait_for_timeout(500)
        found["lobby/chinese_checkers/6"] = violations(page)
        for game, (options, seats) in TABLES.items():
            body = {"game": game, "options": options, "seats": seats, "seed": 3}
            created = server.api("POST", "/api/games", json=body).json()
            hold(page, created["id"], created["token"])
            visit(game, f"{server.url}/game/{created['id']}",
                  ".board-svg [data-cell]:visible, [data-action=move]:visible")
            visit(f"replay/{game}", f"{server.url}/replay/{created['id']}", ".board-svg")
        visit("games", f"{server.url}/games", ".game-list, .games .muted")
        for entry in catalog["games"]:
            if entry.get("learn"):
                visit(f"learn/{entry['id']}", f"{server.url}/learn/{entry['id']}", "h1")
            if entry.get("study"):
                visit(f"study/{entry['id']}", f"{server.url}/study/{entry['id']}", "h1")
        visit("missing", f"{server.url}/game/ffffffffffff", "[data-role=not-found]")
        assert not any(found.values()), json.dumps({k: v for k, v in found.items() if v}, ensure_ascii=False,
                                                   indent=1)
    finally:
        context.close()
