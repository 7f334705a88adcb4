"""The study page states the finished study's differences (docs/study/README.md, "The study page"):
each figure's difference from 50 % with its interval, its p-value after Holm's correction and
whether it is clear, read from the study's JSON, in both languages and at a phone's width, with
no serious accessibility violation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web.test_web_axe_browser import serious

pytestmark = pytest.mark.browser


def test_a_finished_study_shows_its_differences(page, server, shots: Path) -> None:
    page.goto(server.url + "/study/gandice")
    page.wait_for_selector("[data-action=study-start]")
    page.select_option("[data-study=b]", "shingan")
    page.select_option("[data-study=level]", "intro")
    page.fill("[data-study=games]", "6")
    page.locator("[data-study=games]").dispatch_event("change")
    page.click("[data-action=study-start]")
    page.wait_for_selector("[data-state=done]", timeout=120_000)
    page.wait_for_selector("[data-role=study-differences]")
    rows = page.locator("[data-role=study-difference]")
    assert rows.count() == 1  # one pair: its difference from an even split
    text = rows.first.inner_text()
    assert "50 % との差" in text and "補正後の p = " in text
    assert re.search(r"[+-]?\d+\.\d ポイント（[+-]?\d+\.\d〜[+-]?\d+\.\d）", text), text
    study = page.evaluate("sessionStorage.getItem('asobiba.study.last')")  # the tab holds its token
    token = page.evaluate(f"JSON.parse(sessionStorage.getItem('asobiba.study.{study}')).key")
    auth = {"Authorization": f"Bearer {token}"}
    status = server.api("GET", f"/api/studies/{study}", headers=auth).json()
    data = server.api("GET", status["downloads"]["json"], headers=auth).json()
    clear = data["cells"][0]["difference"]["clear"]
    assert rows.first.get_attribute("data-clear") == ("true" if clear else "false")
    assert not serious(page)
    page.click("#lang")
    page.wait_for_selector("text=Differences")
    assert "difference from 50 %" in rows.first.inner_text()
    assert "Holm's method over the study's tests (1)" in page.locator(
        "[data-role=study-differences]").inner_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.mouse.move(1, 400)
    assert not serious(page)
    page.locator("[data-role=study-differences]").screenshot(path=str(shots / "study-differences-phone.png"))
