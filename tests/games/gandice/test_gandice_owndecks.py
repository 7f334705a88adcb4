"""Decks given whole and dice added as text (docs/rules/gandice.md, "Options"): a deck object in
``decks`` is folded into ``additions`` under an id made from its content; the options that are
stored hold ids only and rebuild the same battle; the catalog path is the command line's alone."""

from __future__ import annotations

import pytest

from asobiba.core.errors import Explained, OptionError
from asobiba.core.record import Record
from asobiba.core.registry import make_game
from asobiba.games.gandice.options import GandiceOptions
from asobiba.games.gandice.owndecks import MAX_ADDITIONS

MINE = {"name": "マイデッキ", "dice": ["gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
FITTED = """
[[die]]
id = "my-gidan"
name = "ギダン（手元）"
kind = "character"
family = "gidan"
estimate = false
outcomes = { stand = 2, side = 15, special = 22, "face:3" = 9 }
"""


def test_a_deck_object_becomes_an_id_and_an_entry_of_the_additions():
    game = make_game("gandice", {"decks": [MINE, "isurugi"]})
    options = game.options.to_dict()
    deck_id = options["decks"][0]
    assert deck_id.startswith("deck-") and len(deck_id) == 15 and options["decks"][1] == "isurugi"
    assert f'id = "{deck_id}"' in options["additions"]
    assert game.lineup.deck_names == ("マイデッキ", "イスルギ組")
    assert [d.id for d in game.lineup.dice[:5]] == MINE["dice"]
    assert make_game("gandice", options) == game  # the stored options rebuild the same battle


def test_the_same_deck_gets_the_same_id_and_one_entry():
    options = make_game("gandice", {"decks": [MINE, MINE]}).options
    assert options.decks[0] == options.decks[1]
    assert options.additions.count("[[deck]]") == 1


def test_dice_added_as_text_can_be_played():
    deck = {**MINE, "dice": ["my-gidan", "gidan", "soga", "bugu-ra", "bugu-ra"]}
    game = make_game("gandice", {"decks": [deck, "yami"], "additions": FITTED})
    assert game.lineup.dice[0].name == "ギダン（手元）" and not game.lineup.dice[0].estimate
    record = Record(game, game.new_state(), [], {})
    assert Record.from_json(record.to_json()).game == game


@pytest.mark.parametrize("options, words", [
    ({"decks": [{**MINE, "dice": ["gidan"]}, "yami"]}, "exactly 5 dice"),
    ({"decks": [{**MINE, "dice": ["bugu-ra"] * 5}, "yami"]}, "at least one character die"),
    ({"decks": [{**MINE, "cards": ["a", "b", "c", "d"]}, "yami"]}, "at most 3 cards"),
    ({"decks": [{**MINE, "cards": ["nope"]}, "yami"]}, "unknown card"),
])
def test_a_deck_object_breaking_a_rule_is_refused_in_both_languages(options, words):
    with pytest.raises(OptionError) as info:
        make_game("gandice", options)
    assert isinstance(info.value, Explained) and words in str(info.value)
    assert "デッキ「マイデッキ」" in info.value.text.ja


@pytest.mark.parametrize("options, words", [
    ({"decks": [{**MINE, "colour": "red"}, "yami"]}, "unknown field 'colour'"),
    ({"decks": [{**MINE, "dice": "gidan"}, "yami"]}, "'dice' must be a list"),
    ({"decks": [{**MINE, "dice": ["../../etc"]}, "yami"]}, "'dice' must be a list"),
    ({"decks": [{**MINE, "name": "a\x00b"}, "yami"]}, "no control characters"),
    ({"decks": [{**MINE, "name": "x" * 61}, "yami"]}, "1 to 60 characters"),
    ({"additions": FITTED.replace("my-gidan", "gidan")}, "already in the catalog"),
    ({"additions": FITTED.replace("ギダン（手元）", "ギダン")}, "is used twice"),
    ({"additions": "[[die]\n"}, "malformed TOML"),
    ({"additions": "x" * (MAX_ADDITIONS + 1)}, "at most 65536"),
    ({"additions": FITTED + "\x07"}, "control characters"),
])
def test_bad_decks_and_additions_are_refused_in_one_line(options, words):
    with pytest.raises(OptionError) as info:
        make_game("gandice", options)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_the_catalog_path_is_for_the_command_line_only():
    specs = GandiceOptions.specs()
    assert specs["catalog"].local and not specs["additions"].local and not specs["decks"].local


def test_seat_numbers_read_as_seat_names():
    assert make_game("gandice", {"first": "2"}).options.first == "p2"
    assert "2" not in GandiceOptions.specs()["first"].choices
