"""Exact exchange odds, cross-checked against brute force: the engine's own chance tree and a
plain enumeration of outcome pairs written here from the rules."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from gandice_helpers import game, play, summon_all

from asobiba.games.gandice.catalog import load_catalog
from asobiba.games.gandice.dice import SUMMON_STATE_NAMES
from asobiba.games.gandice.odds import exchange_odds
from asobiba.games.gandice.phases import ITEM

KEYS = ("attacker_wins", "defender_holds", "tie", "counter")
RESULT_KEY = {"win": "attacker_wins", "hold": "defender_holds", "fail": "defender_holds",
              "tie": "tie", "counter": "counter"}
CASES = [
    (("yami", "isurugi"), "ギダン", "紅蓮のイスルギ", "summoned"),
    (("yami", "isurugi"), "爪牙", "イスルギ", "half"),
    (("yami", "isurugi"), "ギダン", "青嵐のイスルギ", "unsummoned"),
    (("chogan", "shingan"), "武王", "獣幽士", "summoned"),
    (("shingan", "chogan"), "機改人", "雷爪", "half"),
]
ROLL_FOR = {"summoned": "special", "half": "face:2", "unsummoned": "face:0"}


def engine_odds(decks, attacker, defender, state_name):
    s = summon_all(game(decks=decks), "special", **{defender: ROLL_FOR[state_name]})
    s = play(s, f"attack {attacker}>{defender}")
    totals = dict.fromkeys(KEYS, 0.0)

    def walk(state, p):
        if state.x is None or state.phase not in (0, ITEM):
            totals[RESULT_KEY[state.last[4]]] += p
        elif state.is_chance:
            for action, q in state.chance_outcomes():
                walk(state.apply(action), p * q)
        else:
            walk(state.play_notation("no-item"), p)

    walk(s, 1.0)
    return totals


def plain_odds(att, dfn, defender_state):
    """Direct enumeration over outcome names with the rules spelled out again."""
    def read(name):
        if name in ("stand", "inverted"):
            return "blow", 0
        if name == "side":
            return "side", 0
        return "number", 3 if name == "special" else int(name.split(":")[1])

    def table(die):
        total = sum(Fraction(w) for w in die.probabilities().values())
        return [(n, Fraction(p) / total) for n, p in die.probabilities().items()]

    out = dict.fromkeys(KEYS, Fraction(0))
    for (na, pa), (nd, pd) in itertools.product(table(att), table(dfn)):
        ka, va = read(na)
        kd, vd = read(nd)
        if ka == "side":
            key = "defender_holds"
        elif ka == "blow" or defender_state == "unsummoned" or kd == "side":
            key = "attacker_wins"
        elif kd == "blow":
            key = "counter"
        else:
            key = "attacker_wins" if va > vd else "defender_holds" if va < vd else "tie"
        out[key] += pa * pd
    return out


def _die(name):
    return next(d for d in load_catalog().dice.values() if d.name == name)


@pytest.mark.parametrize(("decks", "attacker", "defender", "state_name"), CASES)
def test_odds_match_brute_force(decks, attacker, defender, state_name):
    exact = exchange_odds(_die(attacker), _die(defender), SUMMON_STATE_NAMES.index(state_name))
    assert sum(exact.values()) == 1
    engine = engine_odds(decks, attacker, defender, state_name)
    plain = plain_odds(_die(attacker), _die(defender), state_name)
    for key in KEYS:
        assert abs(float(exact[key]) - engine[key]) < 1e-12
        assert abs(float(exact[key]) - float(plain[key])) < 1e-12


def test_a_known_figure():
    odds = exchange_odds(_die("ギダン"), _die("紅蓮のイスルギ"), SUMMON_STATE_NAMES.index("summoned"))
    assert odds["counter"] == Fraction(6, 100) * Fraction(80, 100)  # non-side attack × upright defence
