"""The dice catalog: shipped content, schema validation with clear errors, deck rules, user files."""

from __future__ import annotations

import pytest

from asobiba.core.errors import OptionError
from asobiba.games.gandice.catalog import SHIPPED, CatalogError, load_catalog
from asobiba.games.gandice.decks import DeckError
from asobiba.games.gandice.game import GandiceGame
from asobiba.games.gandice.notation import die_label

SEED_DICE = ["イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ", "ギダン", "爪牙", "美雅羅", "武具・羅",
             "呪術・笑童児"]


def test_shipped_catalog_names_the_seed_dice_and_decks():
    cat = load_catalog()
    by_name = {d.name: d for d in cat.dice.values()}
    for name in SEED_DICE:
        assert name in by_name
    assert by_name["武具・羅"].bonus == 2 and by_name["武具・羅"].kind == "weapon"
    assert by_name["呪術・笑童児"].ability == "betrayal" and by_name["呪術・笑童児"].kind == "curse"
    assert {d.kind for d in cat.dice.values()} == {
        "character", "weapon", "curse", "evolution", "super_eye", "core"}
    assert all(d.estimate for d in cat.dice.values())
    assert "ESTIMATES" in SHIPPED.read_text(encoding="utf-8")
    assert cat.decks["isurugi"].name == "イスルギ組" and cat.decks["yami"].name == "闇ダイス組"
    for die in cat.dice.values():
        assert abs(sum(p for _, p in die.table) - 1) < 1e-12
        assert ("face:6" in die.probabilities()) <= (die.kind == "core")
        if die.kind == "super_eye":
            assert "side" not in die.probabilities(fused=True)


GOOD = """
[[die]]
id = "a"
name = "エー"
kind = "character"
outcomes = { special = 1, "face:1" = 1, side = 1 }

[[die]]
id = "w"
name = "ダブリュー"
kind = "weapon"
bonus = 2
outcomes = { special = 1, "face:3" = 1 }
"""


def _write(tmp_path, text, name="mine.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _error(tmp_path, text):
    with pytest.raises(CatalogError) as info:
        load_catalog(_write(tmp_path, text))
    message = str(info.value)
    assert "\n" not in message and "mine.toml" in message
    return message


def test_malformed_catalogs_are_rejected_naming_file_die_and_field(tmp_path):
    msg = _error(tmp_path, GOOD.replace('"face:1" = 1', '"face:9" = 1'))
    assert "die 'a'" in msg and "'outcomes'" in msg and "face:9" in msg
    msg = _error(tmp_path, GOOD.replace("side = 1", "side = -1"))
    assert "die 'a'" in msg and "negative" in msg
    msg = _error(tmp_path, GOOD.replace('name = "エー"\n', ""))
    assert "die 'a'" in msg and "missing field 'name'" in msg
    msg = _error(tmp_path, GOOD.replace('kind = "character"', 'kind = "hero"'))
    assert "field 'kind'" in msg
    msg = _error(tmp_path, GOOD.replace('"face:1" = 1', '"face:6" = 1'))
    assert "core" in msg
    msg = _error(tmp_path, GOOD.replace("bonus = 2", "colour = 2"))
    assert "die 'w'" in msg and "unknown field 'colour'" in msg
    msg = _error(tmp_path, GOOD.replace("special = 1, \"face:1\" = 1, side = 1", "side = 0"))
    assert "all be zero" in msg
    msg = _error(tmp_path, GOOD + '\n[[die]]\nid = "s"\nname = "エス"\nkind = "super_eye"\n'
                 'outcomes = { special = 1 }\nfused = { side = 1, special = 1 }\n')
    assert "die 's'" in msg and "fused" in msg and "side" in msg
    assert "malformed TOML" in _error(tmp_path, "[[die]\n")


def test_user_catalog_is_usable_by_option(tmp_path):
    text = GOOD + '\n[[deck]]\nid = "solo"\nname = "ソロ"\ndice = ["a", "a", "w", "w", "a"]\n'
    path = _write(tmp_path, text)
    g = GandiceGame({"catalog": str(path), "decks": ["solo", "solo"]})
    s = g.new_state()
    assert len(s.pending) == 6
    assert s.action_to_notation(s.legal_actions()[0]) == "roll エー#1:side"
    labels = [die_label(s, u) for u in range(5)]
    assert labels == ["エー#1", "エー#2", "ダブリュー#1", "ダブリュー#2", "エー#3"]
    with pytest.raises(OptionError):
        GandiceGame({"catalog": str(path), "decks": ["yami", "solo"]})


DECK_CASES = [
    ('dice = ["a", "a", "w", "w"]', "exactly 5 dice"),
    ('dice = ["a", "a", "w", "w", "e"]', "kept aside"),
    ('dice = ["w", "w", "w", "w", "w"]', "at least one character"),
    ('dice = ["a", "a", "w", "w", "a"]\nevolution = ["e2"]', "family"),
    ('dice = ["a", "a", "w", "w", "a"]\ncards = ["c", "c", "c", "c"]', "at most 3 cards"),
    ('dice = ["a", "a", "w", "w", "a"]\ncards = ["cz"]', "not in the deck"),
    ('dice = ["a", "a", "w", "w", "zz"]', "unknown die"),
]


@pytest.mark.parametrize(("deck", "rule"), DECK_CASES)
def test_decks_breaking_a_rule_are_refused_with_the_rule(tmp_path, deck, rule):
    extra = """
[[die]]
id = "z"
name = "ゼット"
kind = "character"
outcomes = { special = 1 }

[[die]]
id = "e"
name = "イー"
kind = "evolution"
family = "fam-a"
outcomes = { special = 1 }

[[die]]
id = "e2"
name = "イー2"
kind = "evolution"
family = "other"
outcomes = { special = 1 }

[[card]]
id = "c"
name = "カード"
character = "a"
effect = "bonus:+2"

[[card]]
id = "cz"
name = "カードZ"
character = "z"
effect = "reroll_own"
"""
    text = GOOD.replace('kind = "character"', 'kind = "character"\nfamily = "fam-a"', 1) + extra
    path = _write(tmp_path, text + f'\n[[deck]]\nid = "bad"\nname = "バッド"\n{deck}\n')
    with pytest.raises(DeckError) as info:
        load_catalog(path)
    assert rule in str(info.value) and "deck 'bad'" in str(info.value)


def test_bad_card_effect_is_rejected(tmp_path):
    text = GOOD + '\n[[card]]\nid = "c"\nname = "カード"\ncharacter = "a"\neffect = "fly"\n'
    assert "field 'effect'" in _error(tmp_path, text)
