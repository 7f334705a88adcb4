import json

import pytest
from web.conftest import hold
from web.test_web_axe_browser import AXE, DESKTOP, PHONE, TABLES

pytestmark = pytest.mark.browser


def found(page):
    page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.filter((v) => ["serious","critical","moderate"].includes(v.impact))
          .map((v) => ({ id: v.id, impact: v.impact, n: v.nodes.length,
                         nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
    }""")


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_probe(browser, server, device, lang):
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}')")
    out = {}
    page.goto(server.url)
    page.wait_for_selector("[data-game]")
    out["lobby"] = found(page)
    for game, (options, seats) in TABLES.items():
        created = server.api("POST", "/api/games",
                             json={"game": game, "options": options, "seats": seats, "seed": 3}).json()
        hold(page, created["id"], created["token"])
        page.goto(f"{server.url}/game/{created['id']}")
        page.wait_for_selector(".board-svg [data-cell]:visible, [data-action=move]:visible")
        page.wait_for_timeout(500)
        out[game] = found(page)
    print(device, lang, json.dumps(out, ensure_ascii=False))
    context.close()
