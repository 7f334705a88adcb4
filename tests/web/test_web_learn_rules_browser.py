"""How to play as a learner follows it, in Debian's Chromium (docs/play.md, "How to play"): the
page shows how far the learner has come in the game ("1 of 17 done" / 「17個のうち1個できました」), a
finished lesson restates the rules it taught (from the game's rules map), each game ends with a
self-test under its own heading that the learner does without marks, in Japanese and in English,
on a desktop and on a phone held upright (390×844); and no text of a lesson's mat is smaller than
12 CSS px on that phone. Screenshots go to $ASOBIBA_SCREENSHOTS (docs/screenshots when making the
docs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from web.test_web_learn_browser import DESKTOP, GAMES, LESSON, OPEN, PHONE, play

from asobiba.core.registry import descriptor
from asobiba.web.learn import lessons_of

pytestmark = pytest.mark.browser

SMALLEST_TEXT = """(root) => {
  const svg = root.querySelector("svg");
  const sizes = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim()
    && t.getBoundingClientRect().width > 0).map((t) => {
    const m = t.getScreenCTM();
    return { size: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), text: t.textContent };
  });
  sizes.sort((a, b) => a.size - b.size);
  return sizes[0] ?? null;
}"""


@pytest.fixture
def learner(browser):
    """A first-time learner's browser in a language, on a device."""
    contexts = []

    def make(server, lang: str, device: dict):
        context = browser.new_context(**device)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(server.url)
        page.evaluate(f"localStorage.setItem('asobiba.lang', '{lang}')")
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(("device", "where"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_progress_the_rule_restated_and_the_self_test(server, learner, shots: Path, lang: str,
                                                      device: dict, where: str) -> None:
    game = "diceout"
    lessons = lessons_of(game)
    rules = descriptor(game).rules
    page = learner(server, lang, device)
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
    progress = page.locator("[data-role=progress]")
    all_ = len(lessons)
    assert progress.inner_text().strip() == (f"0 of {all_} done" if lang == "en" else f"{all_}個のうち0個で"
                                                                                       "きました")

    first = next(iter(lessons))
    play(page, game, first)
    page.wait_for_selector(f"{LESSON}[data-lesson={first}][data-state=done]")
    restated = page.locator(f"{OPEN} [data-role=lesson-rules] [data-rule]")
    taught = [rule for rule in rules if first in rule.lessons]
    assert restated.count() == len(taught) >= 1
    said = " ".join(restated.all_inner_texts()).replace("\n", "")
    for rule in taught:
        assert getattr(rule.text, lang)[:20] in said
    assert progress.inner_text().strip() == (f"1 of {all_} done" if lang == "en" else f"{all_}個のうち1個で"
                                                                                       "きました")
    page.screenshot(path=str(shots / f"learn-restated-{where}-{lang}.png"), full_page=where == "phone")

    quiz = [lesson for lesson in lessons.values() if lesson.quiz]
    heading = page.locator("[data-role=quiz] h2").inner_text()
    assert heading == ("Self-test" if lang == "en" else "確認テスト")
    assert page.locator(f"[data-role=quiz] {LESSON}").count() == len(quiz)
    question = quiz[0]
    page.click(f"{LESSON}[data-lesson={question.id}] .lesson-title")
    page.wait_for_selector(f"{OPEN}[data-lesson={question.id}] [data-role=lesson-board] svg [data-cell]")
    assert page.locator(f"{OPEN} .lesson-mark").count() == 0  # a question gives nothing away
    page.locator(f"{OPEN}").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"learn-quiz-{where}-{lang}.png"), full_page=where == "phone")
    play(page, game, question.id)
    page.wait_for_selector(f"{LESSON}[data-lesson={question.id}][data-state=done]")
    assert progress.inner_text().strip() == (f"2 of {all_} done" if lang == "en" else f"{all_}個のうち2個で"
                                                                                       "きました")
    page.screenshot(path=str(shots / f"learn-quiz-done-{where}-{lang}.png"), full_page=where == "phone")
    assert not page.errors


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_text_of_a_lesson_mat_is_under_12_px_on_a_phone(server, learner, shots: Path, game: str,
                                                            lang: str) -> None:
    """Every lesson's mat of the game, opened one by one on a phone held upright."""
    page = learner(server, lang, PHONE)
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
    smallest = []
    for lesson_id in lessons_of(game):
        page.click(f"{LESSON}[data-lesson={lesson_id}] .lesson-title")
        board = page.wait_for_selector(f"{OPEN}[data-lesson={lesson_id}] [data-role=lesson-board] svg [data-"
                                        "cell]")
        assert board is not None
        found = page.locator(f"{OPEN} [data-role=lesson-board]").evaluate(SMALLEST_TEXT)
        if found is not None:
            smallest.append((round(found["size"], 1), lesson_id, found["text"]))
    page.locator(f"{OPEN} [data-role=lesson-board]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"learn-mat-phone-{game}-{lang}.png"))
    too_small = [s for s in smallest if s[0] < 12]
    assert too_small == [], too_small
    assert not page.errors
