"""Exact odds of one exchange without items (docs/rules/gandice.md, "The attack" and "Commands").

The attacker rolls; ``side`` ends the attack (counted in ``defender_holds``), ``stand``/``inverted``
wins at once. An unsummoned defender cannot roll, so any number wins. Otherwise the defender
rolls: ``side`` loses, ``stand``/``inverted`` counter-attacks (``counter``), and numbers are
compared with the special eye worth 3. Probabilities are exact fractions of the catalog weights.
"""

from __future__ import annotations

from fractions import Fraction

from .catalog import Die
from .dice import SIDE, UNSUMMONED, is_upright, value


def exact_table(weights: tuple[float, ...]) -> list[tuple[int, Fraction]]:
    """``(outcome, exact probability)`` of a weight table (weights read exactly)."""
    exact = [Fraction(w) for w in weights]
    total = sum(exact)
    return [(o, w / total) for o, w in enumerate(exact) if w > 0]


def exchange_odds(attacker: Die, defender: Die, defender_state: int) -> dict[str, Fraction]:
    """``attacker_wins``, ``defender_holds``, ``tie`` and ``counter``; they sum to exactly 1."""
    odds = dict.fromkeys(("attacker_wins", "defender_holds", "tie", "counter"), Fraction(0))
    defence = exact_table(defender.weights)
    for oa, pa in exact_table(attacker.weights):
        if oa == SIDE:
            odds["defender_holds"] += pa
        elif is_upright(oa) or defender_state == UNSUMMONED:
            odds["attacker_wins"] += pa
        else:
            for od, pd in defence:
                if od == SIDE:
                    key = "attacker_wins"
                elif is_upright(od):
                    key = "counter"
                else:
                    diff = value(oa) - value(od)
                    key = "attacker_wins" if diff > 0 else "defender_holds" if diff < 0 else "tie"
                odds[key] += pa * pd
    return odds
