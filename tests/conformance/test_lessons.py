"""What every game that declares lessons owes the how-to-play view (docs/play.md, "How to play"):
each lesson's task can be done by legal moves within the lesson's own number of moves, every text
a person reads exists in both languages, and its board is drawn by the game's own picture with the
lesson's marks on cells of it."""

from __future__ import annotations

import re

import pytest
from conformance.conftest import toy_games_registered

from asobiba.core import registry
from asobiba.core.descriptor import GameDescriptor, Lesson
from asobiba.core.lessons import begin, replay, solution
from asobiba.core.names import Names


def with_lessons() -> list[tuple[str, str]]:
    """(game id, lesson id) of every lesson of every registered game, the toy games included."""
    with toy_games_registered():
        return [(game.id, lesson.id) for game in registry.descriptors() if game.lessons is not None
                for lesson in game.lessons()]


def lesson_of(game_id: str, lesson_id: str) -> tuple[GameDescriptor, Lesson]:
    game = registry.descriptor(game_id)
    assert game.lessons is not None
    return game, next(lesson for lesson in game.lessons() if lesson.id == lesson_id)


def both(names: Names) -> None:
    assert names.ja.strip() and names.en.strip(), names
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", names.ja), f"not Japanese: {names.ja!r}"


def test_every_game_at_the_table_declares_lessons() -> None:
    with toy_games_registered():
        assert [game.id for game in registry.descriptors()
                if game.at_web_table and game.lessons is None] == []


def test_lesson_ids_are_unique_and_plain() -> None:
    with toy_games_registered():
        for game in registry.descriptors():
            if game.lessons is None:
                continue
            ids = [lesson.id for lesson in game.lessons()]
            assert ids and len(ids) == len(set(ids)), game.id
            assert all(re.fullmatch(r"[a-z0-9_]{1,40}", i) for i in ids), ids


@pytest.mark.parametrize(("game_id", "lesson_id"), with_lessons())
def test_a_lesson_can_be_done_and_is_said_in_both_languages(game_id: str, lesson_id: str) -> None:
    game, lesson = lesson_of(game_id, lesson_id)
    for names in (lesson.title, lesson.text, lesson.wrong, lesson.illegal,
                  *([lesson.hint] if lesson.hint else [])):
        both(names)
    assert 1 <= lesson.moves <= 8
    start = begin(lesson)
    assert start.verdict == "playing" and not start.state.is_terminal
    moves = solution(lesson)
    assert moves is not None and len(moves) <= lesson.moves, f"{game_id}/{lesson_id} cannot be done"
    assert replay(lesson, moves).verdict == "done"


@pytest.mark.parametrize(("game_id", "lesson_id"), with_lessons())
def test_a_lessons_board_is_the_games_own_picture(game_id: str, lesson_id: str) -> None:
    game, lesson = lesson_of(game_id, lesson_id)
    assert game.render_svg is not None
    svg = game.render_svg(begin(lesson).state, highlights=lesson.marks)
    cells = set(re.findall(r'data-cell="([^"]+)"', svg))
    assert cells and set(lesson.marks) <= cells, set(lesson.marks) - cells


def test_glossaries_are_said_in_both_languages() -> None:
    with toy_games_registered():
        for game in registry.descriptors():
            ids = [term.id for term in game.glossary]
            assert len(ids) == len(set(ids)), game.id
            for term in game.glossary:
                both(term.word)
                both(term.meaning)


def test_every_game_at_the_table_ends_with_a_self_test() -> None:
    """The last lessons of a game are its self-test (at least two questions, nothing after them):
    positions without marks or hints, where the learner finds the move alone."""
    for game in registry.descriptors():
        if not game.at_web_table or game.lessons is None:
            continue
        quiz = [lesson.quiz for lesson in game.lessons()]
        first = quiz.index(True) if True in quiz else len(quiz)
        assert quiz[first:] == [True] * (len(quiz) - first) and len(quiz) - first >= 2, game.id
        for lesson in game.lessons()[first:]:
            assert not lesson.marks and lesson.hint is None, f"{game.id}/{lesson.id} gives it away"


@pytest.mark.parametrize(("game_id", "lesson_id"), with_lessons())
def test_an_english_lesson_has_no_japanese_in_it(game_id: str, lesson_id: str) -> None:
    """English texts name things in English (the dice as the mat names them); the Japanese is the
    Japanese text's."""
    _, lesson = lesson_of(game_id, lesson_id)
    for names in (lesson.title, lesson.text, lesson.wrong, lesson.illegal,
                  *([lesson.hint] if lesson.hint else [])):
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", names.en), names.en
