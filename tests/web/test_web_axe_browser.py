"""Everyone can reach the table: axe-core 4 (from npm, tests/web/axe/) finds no violation of impact
serious or critical on the lobby, the how-to-play view when there is one, and a table of every game,
on a desktop and on a phone (docs/play.md, "Playing at the table")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
HUMAN = {"type": "human"}
INTRO = {"type": "computer", "level": "intro"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TABLES = {
    "diamond": ({"players": 3}, [HUMAN, INTRO, INTRO]),
    "chinese_checkers": ({"players": 2}, [HUMAN, INTRO]),
    "diceout": ({}, [HUMAN, INTRO]),
    "gandice": ({"decks": ["yami", "isurugi"], "first": "p1"}, [HUMAN, INTRO]),
}


def serious(page) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each."""
    assert AXE.exists(), "axe-core is missing: npm ci --prefix tests/web/axe (scripts/test.sh does)"
    page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated over CDP: the page's CSP allows it
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, impact: v.impact,
                         nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    }""")
    return [json.dumps(v, ensure_ascii=False) for v in found]


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_lobby_and_every_table_have_no_serious_violation(browser, server, device: str) -> None:
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    try:
        found: dict[str, list[str]] = {}
        page.goto(server.url)
        page.wait_for_selector("[data-game]")
        found["lobby"] = serious(page)
        for game, (options, seats) in TABLES.items():
            body = {"game": game, "options": options, "seats": seats, "seed": 3}
            created = server.api("POST", "/api/games", json=body).json()
            from web.conftest import hold

            hold(page, created["id"], created["token"])
            page.goto(f"{server.url}/game/{created['id']}")
            page.wait_for_selector(".board-svg [data-cell]:visible, [data-action=move]:visible")
            page.wait_for_timeout(300)
            found[game] = serious(page)
            if page.locator("[data-action=learn]").count():  # the how-to-play view, where there is one
                page.goto(f"{server.url}/learn/{game}")
                page.wait_for_load_state("networkidle")
                found[f"learn/{game}"] = serious(page)
        assert not any(found.values()), json.dumps(found, ensure_ascii=False, indent=1)
    finally:
        context.close()
