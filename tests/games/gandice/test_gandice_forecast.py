"""The exact odds of an attack played out by the engine (forecast.py; docs/rules/gandice.md, "The
attack"): equal to the no-item odds when nobody holds an item, never worse for the attacker when it
holds some, summing to 1, and a fused core's two dice read pair by pair or by reading alike."""

from __future__ import annotations

import pytest
from gandice_helpers import game, summon_all, uid

from asobiba.games.gandice import actions as A
from asobiba.games.gandice import forecast
from asobiba.games.gandice.forecast import attack_odds
from asobiba.games.gandice.heuristic import explain
from asobiba.games.gandice.odds import exchange_odds
from asobiba.games.gandice.owndecks import fold_decks

PLAIN = {"name": "素手", "dice": ["gidan", "soga", "bigara", "isurugi", "guren-isurugi"]}
NAMES = {"win": "attacker_wins", "hold": "defender_holds", "tie": "tie", "counter": "counter"}


def _game(decks):
    folded = fold_decks({"decks": decks})
    return game(decks=tuple(folded["decks"]), additions=folded["additions"])


@pytest.mark.parametrize("defender", ["special", "face:2", "side"])
def test_without_items_the_odds_are_the_exchange_odds(defender):
    """Summoned, half-summoned and unsummoned defenders: the same numbers as ``asobiba gandice odds``."""
    g = _game([PLAIN, PLAIN])
    s = summon_all(g, "special", **{"紅蓮のイスルギ": defender})
    target = next(u for u in range(10) if s.owner[u] == 1 and g.lineup.dice[u].id == "guren-isurugi")
    attack = A.attack(uid(s, 0, "ギダン"), target)
    odds = {o.id: o.p for o in attack_odds(s, attack)}
    state = 2 if s.is_summoned(target) else s.summon[target]
    exact = exchange_odds(g.lineup.dice[uid(s, 0, "ギダン")], g.lineup.dice[target], state)
    assert odds == pytest.approx({k: float(exact[v]) for k, v in NAMES.items()}, abs=1e-12)


def test_items_never_make_the_attack_worse_and_the_odds_sum_to_one():
    wins = []
    for g in (_game(["yami", PLAIN]), _game([PLAIN, PLAIN])):  # with weapon dice, then without
        s = summon_all(g, "special")
        attack = A.attack(uid(s, 0, "ギダン"), uid(s, 1, "イスルギ"))
        odds = {o.id: o.p for o in attack_odds(s, attack)}
        assert sum(odds.values()) == pytest.approx(1.0)
        wins.append(odds["win"])
    assert wins[0] > wins[1]


def test_a_fused_core_is_read_by_its_readings(monkeypatch):
    """Grouping the two dice of a fused core by how the engine reads them changes no probability."""
    g = game(decks=("shingan", "chogan"))
    s = summon_all(g, "special")
    attacks = [a for a in s.legal_actions() if A.split(a)[0] == A.ATTACK][:3]
    grouped = [[o.p for o in attack_odds(s, a)] for a in attacks]

    def pair_by_pair(state):
        return [(state.apply(a), p) for a, p in state.chance_outcomes()]

    monkeypatch.setattr(forecast, "_rolls", pair_by_pair)
    assert [[o.p for o in attack_odds(s, a)] for a in attacks] == [pytest.approx(g) for g in grouped]


def test_other_moves_have_no_odds():
    s = summon_all(game(), "special")
    assert attack_odds(s, A.RESUMMON) is None


def test_a_hint_quotes_the_odds_the_table_shows_with_items_and_without():
    """The hint's reason for an attack gives the odds of the odds bar (items played out) and,
    when items change them, the odds without items too."""
    for g, items in ((_game(["yami", PLAIN]), True), (_game([PLAIN, PLAIN]), False)):
        s = summon_all(g, "special")
        attack = A.attack(uid(s, 0, "ギダン"), uid(s, 1, "イスルギ"))
        win = round(100 * next(o.p for o in attack_odds(s, attack) if o.id == "win"))
        ja, en = explain(s, attack)
        assert f"beats the defender {win}%" in en and f"倒す確率は{win}%" in ja
        assert ("without items" in en) is items and ("アイテムなしなら" in ja) is items
