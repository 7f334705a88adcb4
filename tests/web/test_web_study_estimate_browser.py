"""The study page's estimate and first-player studies in Debian's Chromium (docs/study/README.md,
"The study page"): before the start the page says about how many games and how much CPU time the
study takes, within the stated factor, updated a moment after the form changes, and says so in one
line when no estimate can be made; a first-player study of Dice Out at the intro level runs from
the page, in Japanese and in English, on a desktop and at a phone's width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web.test_web_axe_browser import serious

pytestmark = pytest.mark.browser

DONE = "[data-role=study-estimate][data-estimate=done]"


def test_the_page_estimates_and_runs_a_first_player_study(page, server, shots: Path) -> None:
    page.goto(f"{server.url}/study/diceout")
    page.wait_for_selector(DONE)  # the default study's, asked for as the page opens
    kinds = page.locator("[data-study=compare] option").all_inner_texts()
    assert "先手の有利" in kinds
    page.select_option("[data-study=compare]", "first-player")
    assert page.locator("[data-study=level]").count() == 0  # its values are the levels
    page.select_option("[data-study=a]", "intro")
    page.select_option("[data-study=b]", "weak")
    page.fill("[data-study=games]", "0")
    page.locator("[data-study=games]").dispatch_event("change")
    page.wait_for_selector("[data-role=study-estimate][data-estimate=failed]")
    assert page.locator("[data-role=study-estimate]").inner_text().startswith("見積もりを出せませんでした：")
    page.fill("[data-study=games]", "4")
    page.locator("[data-study=games]").dispatch_event("change")
    page.wait_for_selector(DONE)
    said = page.locator("[data-role=study-estimate]").inner_text()
    assert re.match(r"見積もり：約8局、CPU 時間で(1分未満|約\d+分)（誤差は3倍以内）。", said), said
    assert not serious(page)
    page.screenshot(path=str(shots / "study-estimate-ja.png"), full_page=True)

    page.click("[data-action=study-start]")
    page.wait_for_selector(".study-status[data-state=done]", timeout=120_000)
    cells = page.locator("[data-role=study-cell] th").all_inner_texts()
    assert len(cells) == 2 and "intro" not in cells  # the levels' names, not their ids
    assert "先手" in page.locator(".study-status .help").first.inner_text()

    page.click("#lang")
    page.wait_for_selector("text=Start the study")
    said = page.locator("[data-role=study-estimate]").inner_text()
    assert re.match(r"Estimate: about 8 games, (under a minute|about \d+ minutes?) of CPU time "
                    r"\(within a factor of 3\)\.", said), said
    page.mouse.move(1, 400)
    assert not serious(page)
    page.screenshot(path=str(shots / "study-estimate-en.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert not serious(page)
    page.screenshot(path=str(shots / "study-estimate-phone.png"), full_page=True)
