"""The study page as a designer meets it in Debian's Chromium (docs/study/README.md, "The study
page"): from a lobby card's link, a tiny study of two values picked on the page runs, its
figure shows an interval, the JSON and plot links appear when it ends (fetched with the study's
token, kept in the tab), the study is still there after a reload, its share link shows it in
another browser (to look at only), and axe-core finds no serious or critical violation, in
Japanese and in English, on a desktop and at a phone's width. Screenshots go to
$ASOBIBA_SCREENSHOTS (docs/screenshots when making the docs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from web.test_web_axe_browser import serious

pytestmark = pytest.mark.browser


def test_a_tiny_study_runs_from_the_page(page, browser, server, shots: Path) -> None:
    page.goto(server.url)
    page.locator("[data-card=gandice] [data-action=study]").click()
    page.wait_for_url(re.compile(r"/study/gandice$"))
    page.wait_for_selector("[data-action=study-start]")
    assert page.locator("[data-study=compare] option").all_inner_texts()[0] == "デッキ"
    page.select_option("[data-study=b]", "isurugi")
    page.select_option("[data-study=level]", "intro")
    page.fill("[data-study=games]", "4")
    page.fill("[data-study=seed]", "1")
    page.locator("[data-study=seed]").dispatch_event("change")
    page.locator("[data-study=games]").dispatch_event("change")
    page.click("[data-action=study-start]")
    page.wait_for_selector("[data-state=running]")
    page.wait_for_selector("[data-state=done]", timeout=120_000)
    interval = page.locator("[data-role=study-interval]").inner_text()
    assert re.match(r"\d+\.\d–\d+\.\d % \(±\d+\.\d\)", interval), interval
    assert page.locator("[data-role=study-played]").inner_text().startswith("4 / ")
    links = {a.get_attribute("data-download"): a.get_attribute("href")
             for a in page.locator("[data-download]").all()}
    assert set(links) == {"json", "png", "svg"}
    assert all(href.startswith("blob:") for href in links.values())  # fetched with the token
    study_id = page.evaluate("sessionStorage.getItem('asobiba.study.last')")
    held = json.loads(page.evaluate(f"sessionStorage.getItem('asobiba.study.{study_id}')"))
    assert held["owner"]
    token = {"Authorization": f"Bearer {held['key']}"}
    served = server.api("GET", f"/api/studies/{study_id}/json", headers=token)
    assert served.json()["study"]["games_per_cell_at_most"] == 4
    assert server.api("GET", f"/api/studies/{study_id}/json").status_code == 401  # nobody else
    page.wait_for_function("document.querySelector('.study-plot')?.complete")
    assert page.locator("[data-role=study-expires]").inner_text().startswith("結果はあと約")
    assert not serious(page)
    page.screenshot(path=str(shots / "study-ja.png"), full_page=True)

    page.reload()  # the tab keeps the study's token: the study is still shown
    page.wait_for_selector("[data-state=done] [data-download=png]")
    page.click("[data-action=study-share]")
    link = page.locator("[data-role=study-share-link]").input_value()
    assert re.match(rf"{re.escape(server.url)}/study/gandice#study=[0-9a-f]+&share=", link), link
    elsewhere = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    try:
        elsewhere.goto(link)
        elsewhere.wait_for_selector("[data-state=done] [data-download=json]")
        assert elsewhere.locator("[data-role=study-shared]").count() == 1
        assert elsewhere.locator("[data-action=study-share], [data-action=study-cancel]").count() == 0
        assert not serious(elsewhere)  # the shared view, at a phone's width
        elsewhere.goto(f"{server.url}/study/gandice")  # without the link: another person's study is not shown
        elsewhere.wait_for_selector("[data-action=study-start]")
    finally:
        elsewhere.context.close()

    page.click("#lang")
    page.wait_for_selector("text=Start the study")
    cell = page.locator("[data-role=study-cell]").inner_text()
    assert "Dark Dice set vs Isurugi set" in cell  # names, not ids
    page.mouse.move(1, 400)  # off the language button: its hover colours are not the page's
    assert not serious(page)
    page.screenshot(path=str(shots / "study-en.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone's width
    assert not serious(page)
