"""How to play, as a first-time player meets it in Debian's Chromium (docs/play.md, "How to play").

A fresh browser opens the lobby, follows each game card's "how to play" link, and finds lessons
with boards drawn by the game's own picture; the first lesson is finished by clicks on that board
(or on its buttons) and turns done, and stays done on the next visit; a move the rules forbid
gets the rule's explanation, in Japanese and in English; every /learn/{game} has its lessons in
both languages; a table opens the same lessons in a panel beside the game, which stays on screen.
Screenshots go to $ASOBIBA_SCREENSHOTS (docs/screenshots when making the docs).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from asobiba.core.lessons import replay, solution
from asobiba.core.names import Names
from asobiba.core.registry import descriptors
from asobiba.web.learn import lesson_of, lessons_of
from asobiba.web.view import move_cells, render_board

pytestmark = pytest.mark.browser

GAMES = [game.id for game in descriptors() if game.at_web_table and game.lessons is not None]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
         "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
LESSON = "[data-role=lesson]"
OPEN = f"{LESSON}.open"


def first_lesson(game: str) -> str:
    return next(iter(lessons_of(game)))


def clicks(game: str, lesson_id: str) -> list[tuple[str, str | None, str | None, str]]:
    """The learner's clicks that do a lesson: (kind, from, to, notation) per move of its solution."""
    lesson = lesson_of(game, lesson_id)
    moves = solution(lesson)
    assert moves is not None
    out = []
    for i, action in enumerate(moves):
        move = move_cells(replay(lesson, moves[:i]).state, action)
        kind = "board" if move["from"] and move["to"] else "button"
        out.append((kind, move["from"], move["to"], move["notation"]))
    return out


def click_cell(page, name: str) -> None:
    page.locator(f"{OPEN} [data-role=lesson-board] [data-cell='{name}']").first.click(force=True)


def play(page, game: str, lesson_id: str) -> None:
    """Do a lesson by clicks, each move waiting for the server's answer (a new board)."""
    for kind, frm, to, notation in clicks(game, lesson_id):
        with page.expect_response(re.compile(rf"/api/learn/{game}/{lesson_id}$")):
            if kind == "board":
                click_cell(page, frm)
                click_cell(page, to)
            else:
                page.click(f"{OPEN} [data-action=lesson-move][data-move='{notation}']")
        page.wait_for_timeout(50)


def illegal_try(game: str, lesson_id: str) -> tuple[str, str, Names]:
    """A click pair from a piece that can move to a cell no move of it reaches, and what the
    server says against it (the game's reason, else the lesson's rule)."""
    lesson = lesson_of(game, lesson_id)
    state = replay(lesson, []).state
    moves = [move_cells(state, a) for a in state.legal_actions()]
    origins = [m["from"] for m in moves if m["from"] and m["to"]]
    origin = next((c for c in lesson.marks if c in origins), origins[0])  # the marked piece first
    reached = {m["to"] for m in moves if m["from"] == origin}
    cells = re.findall(r'data-cell="([^"]+)"', render_board(state, None))
    unreached = [c for c in cells if c != origin and c not in reached]
    said = {c: lesson.refusal(state, origin, c) if lesson.refusal else None for c in unreached}
    target = next((c for c in unreached if said[c] is None), unreached[0])  # the lesson's rule first
    return origin, target, said[target] or lesson.illegal


@pytest.fixture
def fresh(browser):
    """A first-time player's browser: nothing stored, Japanese (the default)."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**(kwargs or DESKTOP))
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_first_time_player_learns_from_the_lobby_card(server, fresh, game: str) -> None:
    page = fresh()
    page.goto(server.url)
    page.click(f"[data-card={game}] [data-action=learn]")
    page.wait_for_url(f"**/learn/{game}")
    page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
    assert page.locator(LESSON).count() == len(lessons_of(game))
    first = first_lesson(game)
    assert page.locator(f"{LESSON}[data-lesson={first}]").get_attribute("data-state") == "open"
    play(page, game, first)
    page.wait_for_selector(f"{LESSON}[data-lesson={first}][data-state=done]")
    assert "できました" in page.inner_text(f"{LESSON}[data-lesson={first}]")
    page.click(f"{OPEN} [data-action=next]")
    page.wait_for_selector(f"{OPEN}[data-lesson={list(lessons_of(game))[1]}] [data-role=lesson-board] svg")
    page.reload()  # progress is kept in the browser
    page.wait_for_selector(f"{LESSON}[data-lesson={first}][data-state=done]")
    assert not page.errors


@pytest.mark.parametrize("game", GAMES)
def test_a_forbidden_move_gets_the_rule_in_both_languages(server, fresh, game: str) -> None:
    page = fresh()
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
    first = lesson_of(game, first_lesson(game))
    frm, to, rule = illegal_try(game, first.id)
    with page.expect_response(re.compile(rf"/api/learn/{game}/{first.id}$")):
        click_cell(page, frm)
        click_cell(page, to)
    said = page.wait_for_selector(f"{OPEN} [data-role=explanation]").inner_text()
    assert rule.ja[:12] in said.replace("\n", "")
    page.click("[data-action=lang]")  # English: the explanation follows the language
    said = page.wait_for_selector(f"{OPEN} [data-role=explanation]").inner_text()
    assert rule.en[:30] in said.replace("\n", " ")
    assert page.locator(f"{LESSON}[data-lesson={first.id}]").get_attribute("data-state") == "open"
    assert not page.errors


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_learn_page_has_lessons_with_boards(server, fresh, game: str, lang: str) -> None:
    page = fresh()
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('asobiba.lang', '{lang}')")
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
    titles = page.locator(f"{LESSON} .lesson-title").all_inner_texts()
    expected = [getattr(lesson.title, lang) for lesson in lessons_of(game).values()]
    assert [re.sub(r"^\d+\s*", "", t).strip() for t in titles] == expected
    for lesson_id in list(lessons_of(game))[1:3]:  # another lesson opens with its own board
        page.click(f"{LESSON}[data-lesson={lesson_id}] .lesson-title")
        page.wait_for_selector(f"{OPEN}[data-lesson={lesson_id}] [data-role=lesson-board] svg [data-cell]")
    assert not page.errors


def test_a_table_opens_the_lessons_beside_the_game(server, page, shots: Path) -> None:
    body = {"game": "diamond", "options": {"players": 2},
            "seats": [{"type": "human"}, {"type": "computer", "level": "intro"}], "seed": 5}
    gid = server.api("POST", "/api/games", json=body).json()["id"]
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector(".board-svg .movable")
    page.click("[data-action=learn]")
    page.wait_for_selector(f".learn-panel[open] {OPEN} [data-role=lesson-board] svg [data-cell]")
    assert page.url.endswith(f"/game/{gid}")  # the game stays where it was
    assert page.locator("#board .board-svg").is_visible()
    page.screenshot(path=str(shots / "learn-panel.png"))
    page.click("[data-action=learn-close]")
    page.wait_for_selector(".learn-panel", state="hidden")


def test_screenshots_of_the_lessons(server, fresh, shots: Path) -> None:
    """Desktop and phone, Japanese and English: a forbidden move explained, a done lesson, a word
    of the glossary opened."""
    views = [
        ("diamond", "ja", DESKTOP, "learn-diamond.png"),
        ("gandice", "en", DESKTOP, "learn-gandice-en.png"),
        ("diceout", "ja", PHONE, "learn-diceout-phone.png"),
        ("chinese_checkers", "en", PHONE, "learn-chinese-checkers-phone-en.png"),
    ]
    for game, lang, device, name in views:
        page = fresh(**device)
        page.goto(server.url)
        page.evaluate(f"localStorage.setItem('asobiba.lang', '{lang}')")
        page.goto(f"{server.url}/learn/{game}")
        page.wait_for_selector(f"{OPEN} [data-role=lesson-board] svg [data-cell]")
        first = first_lesson(game)
        if game == "gandice":
            page.click(f"{OPEN} .lesson-text [data-term]")
        elif device is PHONE:
            play(page, game, first)
            page.wait_for_selector(f"{LESSON}[data-lesson={first}][data-state=done]")
        else:
            frm, to, _ = illegal_try(game, first)
            with page.expect_response(re.compile(rf"/api/learn/{game}/{first}$")):
                click_cell(page, frm)
                click_cell(page, to)
            page.wait_for_selector(f"{OPEN} [data-role=explanation]")
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / name), full_page=device is PHONE)
        assert not page.errors
