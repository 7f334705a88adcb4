"""What every game that declares lessons owes its rules map (docs/play.md, "How to play"): one
entry per rule, said in both languages, each taught by at least one of the game's lessons (and
naming only words of its glossary), every lesson teaching at least one entry, and the game's rules
page listing the same rules in the same order (its "The rules, one by one" section, written from
the map by ``scripts/rules_pages.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conformance.conftest import toy_games_registered

from asobiba.core import registry
from asobiba.core.descriptor import GameDescriptor
from asobiba.core.rulebook import markdown, section

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def with_lessons() -> list[str]:
    with toy_games_registered():
        return [game.id for game in registry.descriptors() if game.lessons is not None]


def game_of(game_id: str) -> GameDescriptor:
    with toy_games_registered():
        return registry.descriptor(game_id)


@pytest.mark.parametrize("game_id", with_lessons())
def test_every_rule_is_taught_and_every_lesson_teaches(game_id: str) -> None:
    game = game_of(game_id)
    assert game.lessons is not None and game.rules, f"{game_id} declares lessons but no rules map"
    lessons = [lesson.id for lesson in game.lessons()]
    terms = {term.id for term in game.glossary}
    for rule in game.rules:
        assert rule.lessons, f"{game_id}/{rule.id} is taught by no lesson"
        assert set(rule.lessons) <= set(lessons), (rule.id, set(rule.lessons) - set(lessons))
        assert set(rule.terms) <= terms, (rule.id, set(rule.terms) - terms)
    taught = {lesson for rule in game.rules for lesson in rule.lessons}
    assert [lesson for lesson in lessons if lesson not in taught] == [], "lessons that teach no rule"


@pytest.mark.parametrize("game_id", with_lessons())
def test_rules_are_plain_unique_and_said_in_both_languages(game_id: str) -> None:
    game = game_of(game_id)
    ids = [rule.id for rule in game.rules]
    assert len(ids) == len(set(ids)), game_id
    for rule in game.rules:
        assert re.fullmatch(r"[a-z0-9_]{1,40}", rule.id), rule.id
        assert JAPANESE.search(rule.text.ja), rule.id
        assert rule.text.en.strip() and not JAPANESE.search(rule.text.en), rule.id


@pytest.mark.parametrize("game_id", [g for g in with_lessons()
                                     if game_of(g).rules_page.startswith("docs/rules/")])
def test_the_rules_page_lists_the_map(game_id: str) -> None:
    """The rules page's list is the map, entry by entry and in order (regenerate it with
    ``python3 scripts/rules_pages.py``)."""
    game = game_of(game_id)
    page = (ROOT / game.rules_page).read_text(encoding="utf-8")
    assert section(page) == markdown(game.rules), f"{game.rules_page}: run scripts/rules_pages.py"
