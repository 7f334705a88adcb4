"""The tables read in words pass axe-core 4 with nothing moderate, serious or critical (docs/play.md,
"Keyboard and screen readers"): a table of every game, in Japanese and in English, on a desktop and
on a phone, with every cell of its board a named button (a cell's name must begin with what is drawn
on it)."""

from __future__ import annotations

import json

import pytest
from web.conftest import hold
from web.test_web_axe_browser import AXE, DESKTOP, PHONE, TABLES

pytestmark = pytest.mark.browser

IMPACTS = ("moderate", "serious", "critical")


def violations(page) -> list[str]:
    """The violations of impact moderate or more axe-core finds on the page, one line each."""
    assert AXE.exists(), "axe-core is missing: npm ci --prefix tests/web/axe (scripts/test.sh does)"
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async (impacts) => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => impacts.includes(v.impact))
          .map((v) => ({ id: v.id, impact: v.impact,
                         nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    }""", list(IMPACTS))
    return [json.dumps(v, ensure_ascii=False) for v in found]


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_table_has_no_moderate_or_serious_violation(browser, server, device: str, lang: str) -> None:
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}')")
    try:
        found = {}
        for game, (options, seats) in TABLES.items():
            body = {"game": game, "options": options, "seats": seats, "seed": 3}
            created = server.api("POST", "/api/games", json=body).json()
            hold(page, created["id"], created["token"])
            page.goto(f"{server.url}/game/{created['id']}")
            page.wait_for_selector("[data-action=read-board]:visible")
            page.keyboard.press("r")  # the reading shown too
            page.wait_for_function("() => document.querySelector('[data-role=board-reading]').textContent")
            found[game] = violations(page)
        assert not any(found.values()), found
    finally:
        context.close()
