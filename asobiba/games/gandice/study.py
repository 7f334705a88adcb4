"""What ``asobiba study gandice`` compares and works out exactly (the descriptor's ``study``;
docs/study/gandice.md).

Exact figures for a battle's decks, from the catalog's outcome weights (:mod:`.odds`):

* **全開召喚** (docs/rules/gandice.md, "Summoning"): the chance that all of a seat's character dice
  land upright in one roll — the opening summon, and a re-summon challenge while every unit is still
  in the deck (with option ``resummon_full_open`` it wins at once) — and the chance that the opening
  summon ends the battle for each seat (two or more seats all upright roll again);
* **exchanges** (docs/rules/gandice.md, "The attack"): for each pair of seats, the mean odds of one
  exchange without items, every character die of the attacker against every character die of the
  defender, summoned.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from ...core.game import Game
from ...core.names import Names
from .catalog import Die, load_catalog
from .dice import SPECIAL, SUMMONED, is_upright
from .game import GandiceGame
from .odds import exact_table, exchange_odds

STUDY_OPTIONS = ("resummon_full_open", "evolve_after_counter", "first", "max_turns")
"""The rule options worth comparing."""


def bundled_decks() -> tuple[str, ...]:
    return tuple(load_catalog().decks)


def deck_names(deck: str) -> Names:
    """A bundled deck's name in both languages."""
    return load_catalog().decks[deck].names


def upright_chance(die: Die) -> Fraction:
    """The exact chance that ``die`` lands standing or upside down."""
    return sum((p for o, p in exact_table(die.weights) if is_upright(o)), Fraction(0))


def _fraction(x: Fraction) -> dict[str, Any]:
    return {"exact": f"{x.numerator}/{x.denominator}", "value": round(float(x), 6)}


def summon_ends(all_upright: list[Fraction]) -> list[Fraction]:
    """For each seat, the chance that the opening summon ends the battle with its 全開召喚: exactly
    one seat all upright wins; two or more roll again (docs/rules/gandice.md, "Summoning").

    >>> [str(x) for x in summon_ends([Fraction(1, 2), Fraction(1, 2)])]
    ['1/3', '1/3']
    """
    alone = []
    for i, q in enumerate(all_upright):
        p = q
        for j, other in enumerate(all_upright):
            if j != i:
                p *= 1 - other
        alone.append(p)
    none = Fraction(1)
    for q in all_upright:
        none *= 1 - q
    settled = none + sum(alone)  # the roll is not taken again
    return [p / settled for p in alone]


def exact_facts(game: Game) -> dict[str, Any]:
    assert isinstance(game, GandiceGame)
    options = game.options
    catalog = load_catalog(options.catalog, options.additions)
    decks = options.decks
    fighters = [[catalog.dice[d] for d in catalog.deck(deck).dice if catalog.dice[d].is_fighter]
                for deck in decks]
    all_upright = []
    for dice in fighters:
        q = Fraction(1)
        for die in dice:
            q *= upright_chance(die)
        all_upright.append(q)
    seats = [{"deck": deck, "all_upright": _fraction(q), "opening_summon_wins": _fraction(w)}
             for deck, q, w in zip(decks, all_upright, summon_ends(all_upright), strict=True)]
    exchanges = []
    for a, b in itertools.permutations(range(len(decks)), 2):
        total = dict.fromkeys(("attacker_wins", "defender_holds", "tie", "counter"), Fraction(0))
        pairs = [(x, y) for x in fighters[a] for y in fighters[b]]
        for x, y in pairs:
            for key, p in exchange_odds(x, y, SUMMONED).items():
                total[key] += p / len(pairs)
        exchanges.append({"attacker": a, "defender": b,
                          **{k: round(float(v), 6) for k, v in total.items()}})
    return {"seats": seats, "exchanges": exchanges}


def opening_item_effect(game: Game) -> dict[str, Any]:
    """What items are worth in the first exchange of the battle, exactly: every unit summoned, the
    first seat to attack, each of its possible attacks played out with items spent as both sides
    best would (:func:`.forecast.attack_odds`) and without items (:func:`.odds.exchange_odds`);
    the means over the attacks. Needs ``first`` set to a seat."""
    from . import actions as A
    from .forecast import attack_odds
    from .phases import ROLL, SUMMON
    from .state import GandiceState

    assert isinstance(game, GandiceGame)
    state: GandiceState = game.new_state()
    while state.phase == ROLL and state.purpose == SUMMON:  # every die shows its special eye
        state = state.apply(A.ROLL + SPECIAL)
    attacks = [a for a in state.legal_actions() if A.split(a)[0] == A.ATTACK]
    keys = ("win", "hold", "tie", "counter")
    with_items = dict.fromkeys(keys, 0.0)
    without = dict.fromkeys(keys, 0.0)
    plain = dict(zip(keys, ("attacker_wins", "defender_holds", "tie", "counter"), strict=True))
    for action in attacks:
        _, attacker, defender = A.split(action)
        for odds in attack_odds(state, action) or ():
            with_items[odds.id] += odds.p / len(attacks)
        exact = exchange_odds(state.lineup.dice[attacker], state.lineup.dice[defender], SUMMONED)
        for key in keys:
            without[key] += float(exact[plain[key]]) / len(attacks)
    return {"decks": list(game.options.decks), "attacks": len(attacks),
            "with_items": {k: round(v, 6) for k, v in with_items.items()},
            "without_items": {k: round(v, 6) for k, v in without.items()}}
