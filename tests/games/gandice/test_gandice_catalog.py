"""The dice catalog: shipped content, schema validation with clear errors, deck rules, user files."""

from __future__ import annotations

import pytest
from gandice_helpers import play

from asobiba.core.errors import OptionError
from asobiba.games.gandice.actions import ROLL
from asobiba.games.gandice.catalog import SHIPPED, CatalogError, load_catalog
from asobiba.games.gandice.decks import DeckError
from asobiba.games.gandice.dice import OUTCOME_INDEX
from asobiba.games.gandice.game import GandiceGame
from asobiba.games.gandice.notation import die_label

EXAMPLE_DICE = ["イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ", "ギダン", "爪牙", "美雅羅", "武具・羅",
             "呪術・笑童児"]


def test_shipped_catalog_names_the_example_dice_and_decks():
    cat = load_catalog()
    by_name = {d.name: d for d in cat.dice.values()}
    for name in EXAMPLE_DICE:
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


EVOLVING = GOOD.replace('kind = "character"', 'kind = "character"\nfamily = "fam-a"', 1) + """
[[die]]
id = "s"
name = "エス"
kind = "super_eye"
family = "fam-s"
outcomes = { special = 1, side = 1 }
fused = { special = 1 }

[[die]]
id = "e"
name = "イー"
kind = "evolution"
family = "fam-a"
outcomes = { special = 1 }

[[die]]
id = "es"
name = "イーエス"
kind = "evolution"
family = "fam-s"
outcomes = { special = 1 }
"""


def _deck(evolution):
    ids = ", ".join(f'"{e}"' for e in evolution)
    return f'\n[[deck]]\nid = "big"\nname = "ビッグ"\ndice = ["a", "s", "w", "w", "a"]\nevolution = [{ids}]\n'


def test_evolution_dice_are_not_limited_in_number(tmp_path):
    path = _write(tmp_path, EVOLVING + _deck(["e"] * 20))
    assert len(load_catalog(path).decks["big"].evolution) == 20
    s = GandiceGame({"catalog": str(path), "decks": ["big", "big"], "first": "p1"}).new_state()
    while s.is_chance:
        s = s.apply(ROLL + OUTCOME_INDEX["special"])
    s = play(s, "attack エー#1>エー#1", "roll エー#1:special", "roll エー#1:face:1", "no-item")
    assert len(s.legal_actions()) == 1 + 20  # no-evolve, or any of the twenty dice aside


def test_a_battle_numbers_at_most_64_dice(tmp_path):
    path = _write(tmp_path, EVOLVING + _deck(["e"] * 27))
    assert len(GandiceGame({"catalog": str(path), "decks": ["big", "big"]}).lineup.dice) == 64
    path = _write(tmp_path, EVOLVING + _deck(["e"] * 28))
    with pytest.raises(OptionError, match="the decks bring 66 dice .* at most 64"):
        GandiceGame({"catalog": str(path), "decks": ["big", "big"]})


def test_an_evolution_die_no_character_of_the_deck_can_use_is_refused(tmp_path):
    with pytest.raises(DeckError) as info:
        load_catalog(_write(tmp_path, EVOLVING + _deck(["e", "es"])))
    message = str(info.value)
    assert message == (
        "deck 'big': evolution die 'es' can never be used: its family 'fam-s' has only "
        "super_eye dice here, which never evolve"
    )
