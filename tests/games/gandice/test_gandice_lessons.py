"""Gandice's lessons say what the engine does, in the words the mat shows (docs/rules/gandice.md,
"The attack"): the evolution challenge rolls the winning character die, and the English texts name
the dice by their English names, never the Japanese ones."""

from __future__ import annotations

import re

from asobiba.core.descriptor import Lesson
from asobiba.core.lessons import replay
from asobiba.core.registry import descriptor
from asobiba.games.gandice.catalog import load_catalog
from asobiba.games.gandice.lessons import CORE, CORE_OPENING, GLOSSARY, lessons, play

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def lesson(lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons() if lesson.id == lesson_id)


def test_the_evolution_challenge_rolls_the_character_die_as_the_lesson_says() -> None:
    state = play(CORE, (*CORE_OPENING, "attack イスルギ>ギダン", "roll イスルギ:stand",
                        "evolve 真・イスルギ"))
    assert state.is_chance
    rolled = {state.action_to_notation(a).split(":")[0] for a, _ in state.chance_outcomes()}
    assert rolled == {"roll イスルギ"}  # the winning character die, not the evolution die
    words = descriptor("gandice").move_words(state, state.chance_outcomes()[0][0])
    assert "Isurugi" in words.text.en and "True" not in words.text.en
    for names in (lesson("evolution").text, next(t for t in GLOSSARY if t.id == "evolve").meaning):
        assert "キャラダイスをもう一度振" in names.ja and "進化ダイスを振" not in names.ja
        assert "character die" in names.en and "Roll the evolution die" not in names.en


def test_a_failed_evolution_leaves_everything_as_it_was() -> None:
    failed = lesson("evolution_fail")
    moves = [failed.start().notation_to_action("attack イスルギ>ギダン")]
    won = replay(failed, moves).state
    moves.append(won.notation_to_action("evolve 真・イスルギ"))
    after = replay(failed, moves)
    assert after.verdict == "done"
    mine = after.state.to_json()["players"][0]
    assert "isurugi" in {d["id"] for d in mine["dice"]} and mine["aside"]


def test_english_lessons_name_the_dice_as_the_mat_does() -> None:
    catalog = load_catalog()
    names = [(named.names.ja, named.names.en) for named in
             (*catalog.dice.values(), *catalog.cards.values(), *catalog.decks.values())]
    for taught in lessons():
        for text in (taught.title, taught.text, taught.wrong, taught.illegal, taught.hint):
            if text is None:
                continue
            assert not JAPANESE.search(text.en), (taught.id, text.en)
            for ja, en in names:
                if ja in text.ja:
                    assert en in text.en, (taught.id, ja, en)
