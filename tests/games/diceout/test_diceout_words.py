"""Dice Out actions in words (words.py, the descriptor's ``move_words``): the opening roll, the
placings and the declarations read in both languages, never as notation, and the opening roll
carries the values rolled for the page (docs/rules/diceout.md, "Set-up")."""

from __future__ import annotations

import random

import pytest

from asobiba.core.game import sample_chance
from asobiba.core.registry import descriptor, make_game
from asobiba.games.diceout.words import move_words


@pytest.mark.parametrize("options", [{}, {"placement": "rolled"}, {"placement": "rolled", "first": "white"},
                                     {"declare": "manual"}])
def test_every_action_reads_in_words(options: dict) -> None:
    assert descriptor("diceout").move_words is move_words
    rng = random.Random(3)
    kinds_seen = set()
    for _ in range(3):
        s = make_game("diceout", options).new_state()
        while not s.is_terminal:
            for action in s.legal_actions():
                said = move_words(s, action)
                notation = s.action_to_notation(action)
                assert said.kind == "move"
                if notation.startswith(("roll ", "setup ", "place ")) or notation in ("declare", "pass"):
                    kinds_seen.add(notation.split()[0])
                    for text in (said.text.ja, said.text.en):
                        assert text and text != notation and "red:" not in text and "place" not in text, text
                else:
                    assert said.text.ja == said.text.en == notation  # FROM-TO reads alike
            s = s.apply(sample_chance(s, rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert kinds_seen & {"roll", "setup"}


def test_the_opening_roll_carries_its_values_and_starter() -> None:
    s = make_game("diceout", {"placement": "rolled", "first": "white"}).new_state()
    action = sample_chance(s, random.Random(1))
    said = move_words(s, action)
    red, white = s.action_to_notation(action).split()[1:3]
    assert said.data["rolls"] == [
        {"player": "red", "values": [int(v) for v in red.removeprefix("red:").split(",")]},
        {"player": "white", "values": [int(v) for v in white.removeprefix("white:").split(",")]},
    ]
    assert said.data["first"] == "white"
    assert said.text.ja.startswith("振り出し：赤 ") and said.text.ja.endswith("（白が先手）")
    assert said.text.en.startswith("Opening roll: Red ") and said.text.en.endswith("(White starts)")
