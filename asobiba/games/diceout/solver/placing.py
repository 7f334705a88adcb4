"""What lining up the rolled dice is worth in Dice Out, from the values of the ordered openings.

Dice rolled together have no order: the starting player lines their three values up on files b, c, d
of their home row, then the other player lines up theirs, seeing the first arrangement
(docs/rules/diceout.md, "Set-up"). ``openings[first, second]`` is the first player's value
``(result, plies)`` once both arrangements stand, each written as the values on files b, c, d in the
board's file letters (:mod:`.study`).

From these values this module computes, for every pair of rolls (three values each, without order):

* the first player's best arrangements: those whose value after the second player's best reply is best
  for the first player, by :func:`.table.preference` (fastest win, then draw, then slowest loss);
* the second player's best replies to every arrangement of the first player;
* the first player's chances under the set-up roll rule in four ways of placing (:data:`SCENARIOS`).

A player who does not choose lines the values up in the order rolled: every arrangement of their values
is equally likely and, since both players roll before anyone places, both players know it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from ..setup import ROLLS, Roll, as_roll, decode_setup, outcome_starter, setup_outcomes
from .table import DRAW, LOSS, WIN, preference

Value = tuple[str, int]
Values = tuple[int, int, int]
"""A roll without order: its three values, smallest first."""
Openings = dict[tuple[Roll, Roll], Value]

SCENARIOS = ("rolled", "first_chooses", "second_chooses", "both_choose")
"""Who chooses an arrangement: nobody, only the first player, only the second player, both."""


def values_of(roll: Roll) -> Values:
    return as_roll(sorted(roll))


VALUE_SETS: tuple[Values, ...] = tuple(sorted({values_of(r) for r in ROLLS}))
"""The 7 rolls without order that stand (three equal values are rolled again)."""


def arrangements(values: Values) -> tuple[Roll, ...]:
    """The distinct ways to line ``values`` up on files b, c, d (3 or 6)."""
    return tuple(r for r in ROLLS if values_of(r) == values)


def best(options: Iterable[Value]) -> Value:
    """The value the first player likes most."""
    return min(options, key=lambda v: preference(*v))


def worst(options: Iterable[Value]) -> Value:
    """The value the first player likes least, which is the one the second player likes most."""
    return max(options, key=lambda v: preference(*v))


def reply_value(openings: Openings, first: Roll, second: Values) -> Value:
    """The first player's value when the second player answers arrangement ``first`` perfectly."""
    return worst(openings[first, r] for r in arrangements(second))


def best_replies(openings: Openings, first: Roll, second: Values) -> list[Roll]:
    """The second player's arrangements that reach :func:`reply_value`."""
    target = reply_value(openings, first, second)
    return [r for r in arrangements(second) if openings[first, r] == target]


def placed_value(openings: Openings, first: Values, second: Values) -> Value:
    """The first player's value when both players line their dice up perfectly."""
    return best(reply_value(openings, a, second) for a in arrangements(first))


def best_arrangements(openings: Openings, first: Values, second: Values) -> list[Roll]:
    """The first player's arrangements that reach :func:`placed_value`."""
    target = placed_value(openings, first, second)
    return [a for a in arrangements(first) if reply_value(openings, a, second) == target]


def scenario_values(openings: Openings, scenario: str, first: Values, second: Values) -> list[Value]:
    """The first player's equally likely values for these rolls when ``scenario`` says who chooses."""
    mine, theirs = arrangements(first), arrangements(second)
    if scenario == "rolled":
        return [openings[a, b] for a in mine for b in theirs]
    if scenario == "first_chooses":
        return [best(openings[a, b] for a in mine) for b in theirs]
    if scenario == "second_chooses":
        return [reply_value(openings, a, second) for a in mine]
    if scenario == "both_choose":
        return [placed_value(openings, first, second)]
    raise ValueError(f"unknown placing scenario {scenario!r}")


def start_weights() -> dict[tuple[Values, Values], Fraction]:
    """Probability of (first player's values, second player's values) under the set-up roll rule."""
    weights: dict[tuple[Values, Values], Fraction] = {}
    for action, probability in setup_outcomes("roll"):
        red, white = decode_setup(action)
        first, second = (red, white) if outcome_starter(action, "roll") == 0 else (white, red)
        key = values_of(first), values_of(second)
        weights[key] = weights.get(key, Fraction(0)) + Fraction(probability)
    return weights


def chances(openings: Openings, scenario: str) -> dict[str, Fraction]:
    """The first player's exact win / draw / loss probabilities under the roll rule and ``scenario``."""
    totals = {WIN: Fraction(0), DRAW: Fraction(0), LOSS: Fraction(0)}
    for (first, second), weight in start_weights().items():
        outcomes = scenario_values(openings, scenario, first, second)
        for result, _ in outcomes:
            totals[result] += weight / len(outcomes)
    return totals


def digits(values: Iterable[int]) -> str:
    """Values written as digits, ``(2, 1, 3)`` → ``"213"``."""
    return "".join(map(str, values))


def pair_key(first: Iterable[int], second: Iterable[int]) -> str:
    """``"ABC-XYZ"``: the first player's values, then the second player's."""
    return f"{digits(first)}-{digits(second)}"


def roll_of(text: str) -> Roll:
    """The roll written as its digits, ``"213"`` → ``(2, 1, 3)``."""
    return as_roll(int(c) for c in text)


def parse_openings(entries: dict[str, list]) -> Openings:
    """Openings from the study JSON's ``"ABC-XYZ": [result, plies]`` entries."""
    return {(roll_of(k[:3]), roll_of(k[4:])): (result, int(plies)) for k, (result, plies) in entries.items()}


def placing_json(openings: Openings) -> dict:
    """The placing facts of one board, as stored under ``"placing"`` in the study JSON.

    ``chances`` (floats) and ``chances_exact`` (fractions as text) map each scenario to the first
    player's win / draw / loss probabilities; ``best`` maps ``"first values-second values"`` (each
    smallest first) to the first player's best arrangements and their value; ``replies`` maps
    ``"first arrangement-second values"`` to the second player's best arrangements and the value.
    """
    exact = {s: chances(openings, s) for s in SCENARIOS}
    return {
        "chances": {s: converted(exact[s], float) for s in SCENARIOS},
        "chances_exact": {s: converted(exact[s], str) for s in SCENARIOS},
        "best": {
            pair_key(a, b): {"first": [digits(r) for r in best_arrangements(openings, a, b)],
                             "value": list(placed_value(openings, a, b))}
            for a in VALUE_SETS for b in VALUE_SETS
        },
        "replies": {
            pair_key(a, b): {"second": [digits(r) for r in best_replies(openings, a, b)],
                             "value": list(reply_value(openings, a, b))}
            for a in ROLLS for b in VALUE_SETS
        },
    }


def converted(probabilities: dict[str, Fraction], convert: Callable[[Fraction], object]) -> dict:
    """The probabilities with ``convert`` applied to each (``float`` or ``str`` for the JSON)."""
    return {result: convert(p) for result, p in probabilities.items()}
