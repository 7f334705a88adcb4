"""On the home screen, in Debian's Chromium (docs/play.md, "On the home screen"): the page links a
valid web app manifest (names, 192 and 512 px PNG icons, start_url, standalone, theme colour) and
Chromium finds it installable; the service worker registers, keeps the page's own static files and
never the API or a game's state, and with the network cut a page shows the bilingual "no
connection" page. In Japanese and English, desktop and 390×844. Every request goes to 127.0.0.1."""

from __future__ import annotations

import io
import json
from pathlib import Path

import httpx
import pytest
from PIL import Image

pytestmark = pytest.mark.browser

HUMAN = {"type": "human"}
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 860}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
              "is_mobile": True},
}


def test_the_manifest_and_icons_are_what_an_install_needs(server) -> None:
    manifest = httpx.get(f"{server.url}/static/manifest.webmanifest").json()
    assert "遊び場" in manifest["name"] and "asobiba" in manifest["name"]  # both languages
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {}
    for icon in manifest["icons"]:
        answer = httpx.get(f"{server.url}{icon['src']}")
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
        image = Image.open(io.BytesIO(answer.content))
        assert f"{image.width}x{image.height}" == icon["sizes"] and image.format == "PNG"
        sizes[icon["sizes"]] = icon
    assert set(sizes) == {"192x192", "512x512"}
    worker = httpx.get(f"{server.url}/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert '"/static/js/main.js"' in worker.text and '"/static/offline.html"' in worker.text
    files = json.loads(worker.text.split("const FILES = ", 1)[1].split(";", 1)[0])
    assert files and all(path.startswith("/static/") for path in files)  # never the API or a game


@pytest.mark.parametrize(("lang", "device"), [("ja", "desktop"), ("en", "phone"), ("ja", "phone"),
                                              ("en", "desktop")])
def test_installable_and_a_clear_page_offline(browser, server, shots: Path, lang: str, device: str) -> None:
    context = browser.new_context(**DEVICES[device])
    context.add_init_script(f"localStorage.setItem('asobiba.lang', '{lang}');")
    page = context.new_page()
    try:
        created = server.api("POST", "/api/games", json={"game": "diceout", "seats": [HUMAN, HUMAN]}).json()
        page.goto(server.url)
        assert page.get_attribute("link[rel=manifest]", "href") == "/static/manifest.webmanifest"
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the worker's control
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest
        errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        assert errors in ([], ["in-incognito"]), errors  # a test context is incognito; nothing else
        # a game is played while online: its state and the API never go into the cache
        page.goto(f"{server.url}/game/{created['id']}")
        page.wait_for_selector(".board-svg")
        kept = page.evaluate("""async () => {
            const all = [];
            for (const key of await caches.keys()) {
              const cache = await caches.open(key);
              all.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
            }
            return all;
        }""")
        assert "/static/js/main.js" in kept and "/static/offline.html" in kept
        assert not [path for path in kept if path.startswith(("/api", "/ws", "/game"))], kept
        context.set_offline(True)
        page.goto(f"{server.url}/games")
        offline = page.locator("[data-role=offline]")
        offline.wait_for()
        text = offline.inner_text()
        assert "接続できません" in text and "No connection" in text
        assert page.locator("[data-action=retry]").get_attribute("href") == "/"
        page.screenshot(path=str(shots / f"offline-{lang}-{device}.png"))
        context.set_offline(False)
        page.click("[data-action=retry]")
        page.wait_for_selector("[data-action=start]")  # back online: the lobby again
    finally:
        context.close()
