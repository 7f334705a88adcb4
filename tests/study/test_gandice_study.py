"""Gandice's exact study figures: 全開召喚 chances, exchange odds between decks, items in the first
exchange."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core.registry import make_game_from_pairs
from asobiba.games.gandice.catalog import load_catalog
from asobiba.games.gandice.study import exact_facts, summon_ends, upright_chance


def test_summon_full_open_chances_are_the_product_of_the_dice() -> None:
    facts = exact_facts(make_game_from_pairs("gandice", ["decks=yami,isurugi"]))
    catalog = load_catalog()
    for seat in facts["seats"]:
        product = Fraction(1)
        for die_id in catalog.deck(seat["deck"]).dice:
            if catalog.dice[die_id].is_fighter:
                product *= upright_chance(catalog.dice[die_id])
        assert Fraction(seat["all_upright"]["exact"]) == product
    ends = summon_ends([Fraction(seat["all_upright"]["exact"]) for seat in facts["seats"]])
    assert [Fraction(s["opening_summon_wins"]["exact"]) for s in facts["seats"]] == ends
    for exchange in facts["exchanges"]:
        odds = [exchange[k] for k in ("attacker_wins", "defender_holds", "tie", "counter")]
        assert sum(odds) == pytest.approx(1)


def test_items_in_the_first_exchange() -> None:
    result = CliRunner().invoke(app, ["gandice", "items", "--decks", "yami,isurugi"])
    assert result.exit_code == 0, result.output
    effect = json.loads(result.stdout)
    assert effect["decks"] == ["yami", "isurugi"] and effect["attacks"] == 9
    assert sum(effect["with_items"].values()) == pytest.approx(1)
    assert sum(effect["without_items"].values()) == pytest.approx(1)
    assert effect["with_items"]["win"] > effect["without_items"]["win"]  # yami carries weapons
