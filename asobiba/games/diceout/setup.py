"""The opening roll and the placing of the rolled dice (docs/rules/diceout.md, "Set-up").

Each player rolls three dice showing 1–3. A roll whose three values all match is rolled again. The
player with the higher maximum starts; equal maxima → more dice showing it; still equal → both roll
again. Then the starter, and after them the other player, lines their rolled values up on files
b, c, d of their home row.

Re-rolling is rejection sampling, so the roll that stands is uniform over the *accepted* pairs
(red roll, white roll). There are 24 ordered non-matching rolls per player; by (maximum, count
of maximum) they fall into the classes (3,2): 6, (3,1): 12, (2,2): 3, (2,1): 3, strongest first.
Pairs in the same class tie: 6² + 12² + 3² + 3² = 198 of the 24² = 576 pairs, leaving 378, and red
starts in exactly half of them. When ``first`` is ``red`` or ``white`` the starter is already
agreed, ties do not matter and all 576 pairs stand.

Option ``placement`` decides what the chance node yields:

* ``rolled`` — the values go on b, c, d in the order drawn, so the chance node yields the ordered
  pairs: **378 outcomes of 1/378** (576 of 1/576 with a named starter) and play starts at once.
  Outcome ids ``SETUP_BASE + 27 * index(red roll) + index(white roll)`` where
  ``index(x, y, z) = 9 (x-1) + 3 (y-1) + (z-1)`` — ids 400–1128. Notation:
  ``setup red:3,3,1 white:3,2,1 first:red``.
* ``choose`` — dice rolled together have no order, so the chance node yields the *values* each
  player rolled (smallest first): 7 value sets per player, made by 6 ordered rolls when the values
  differ and by 3 when two match. A pair of value sets has the probability of the ordered pairs
  behind it: **34 outcomes** (49 with a named starter), e.g. red 1,2,3 against white 1,1,2 is
  6·3/378. Outcome ids ``ROLL_BASE + 27 * index(red values) + index(white values)`` (1200–1928).
  Notation: ``roll red:1,3,3 white:1,2,3 first:red``. Then come two placing decisions, the starter's
  and the other player's, each an *arrangement*: the values for files b, c, d (6 for three
  different values, 3 with a pair). Ids ``PLACE_BASE + index(arrangement)`` (2000–2026); notation
  ``place 3,1,2`` (``place 312``, ``3,1,2`` and ``312`` are read too).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from fractions import Fraction

from ...core.errors import NotationError
from .board import COLOURS, RED, WHITE

SETUP_BASE = 400
SETUP_END = SETUP_BASE + 27 * 27
ROLL_BASE = 1200
ROLL_END = ROLL_BASE + 27 * 27
PLACE_BASE = 2000
PLACE_END = PLACE_BASE + 27

Roll = tuple[int, int, int]

ROLLS: tuple[Roll, ...] = tuple(
    (a, b, c) for a, b, c in itertools.product((1, 2, 3), repeat=3) if len({a, b, c}) > 1
)
"""The 24 ordered rolls that stand (all-matching rolls are rolled again)."""


def as_roll(values: Iterable[int]) -> Roll:
    """Three values as a :data:`Roll` (ValueError for another count)."""
    a, b, c = values
    return a, b, c


def values_of(roll: Roll) -> Roll:
    """The values of a roll without their order (smallest first)."""
    return as_roll(sorted(roll))


def arrangements(values: Roll) -> tuple[Roll, ...]:
    """The distinct ways to line ``values`` up on files b, c, d, in id order (6, or 3 with a pair)."""
    return tuple(r for r in ROLLS if values_of(r) == values_of(values))


VALUE_SETS: tuple[Roll, ...] = tuple(sorted({values_of(r) for r in ROLLS}))
"""The 7 value sets that stand, each with ``len(arrangements(v))`` ordered rolls behind it."""


def roll_index(roll: Roll) -> int:
    x, y, z = roll
    return 9 * (x - 1) + 3 * (y - 1) + (z - 1)


def roll_from_index(index: int) -> Roll:
    return (index // 9 + 1, index // 3 % 3 + 1, index % 3 + 1)


def roll_strength(roll: Roll) -> tuple[int, int]:
    """(maximum, how many dice show it): the higher tuple starts."""
    top = max(roll)
    return top, roll.count(top)


def starter(red: Roll, white: Roll) -> int | None:
    """Seat that starts after these rolls, or None when they tie (both roll again)."""
    a, b = roll_strength(red), roll_strength(white)
    if a == b:
        return None
    return RED if a > b else WHITE


def first_player(red: Roll, white: Roll, first: str) -> int:
    """Seat that moves (and places) first after these rolls under option ``first``."""
    if first != "roll":
        return COLOURS.index(first)
    who = starter(red, white)
    if who is None:
        raise ValueError("tied rolls are not a set-up outcome")
    return who


# -- placement=rolled: ordered rolls, placed as drawn ------------------------------------------------

def setup_action(red: Roll, white: Roll) -> int:
    return SETUP_BASE + 27 * roll_index(red) + roll_index(white)


def is_setup_action(action: int) -> bool:
    return SETUP_BASE <= action < SETUP_END


def decode_setup(action: int) -> tuple[Roll, Roll]:
    red, white = divmod(action - SETUP_BASE, 27)
    return roll_from_index(red), roll_from_index(white)


def setup_outcomes(first: str) -> list[tuple[int, Fraction]]:
    """Exact ``(action, probability)`` of every ordered roll pair that stands; ``first`` is the option."""
    pairs = [
        (r, w)
        for r in ROLLS
        for w in ROLLS
        if first != "roll" or starter(r, w) is not None
    ]
    p = Fraction(1, len(pairs))
    return [(setup_action(r, w), p) for r, w in pairs]


def outcome_starter(action: int, first: str) -> int:
    """Seat that moves first after set-up outcome ``action`` (ordered rolls) under option ``first``."""
    return first_player(*decode_setup(action), first)


def setup_notation(action: int, first: str) -> str:
    red, white = decode_setup(action)
    return f"setup {_rolls_text(red, white, first_player(red, white, first))}"


_ROLLS_RE = (
    r"\s+red:\s*([1-3]),([1-3]),([1-3])\s+white:\s*([1-3]),([1-3]),([1-3])(?:\s+first:\s*(red|white))?$"
)
_SETUP_RE = re.compile(r"^setup" + _ROLLS_RE)


def parse_setup(text: str) -> tuple[int, str | None]:
    """(outcome id, named first player or None) of ``setup red:a,b,c white:x,y,z [first:who]``."""
    red, white, named = _parse_rolls(_SETUP_RE, text, "a set-up (setup red:1,2,3 white:2,3,1 ...)")
    return setup_action(red, white), named


# -- placement=choose: the values rolled, then two arrangements --------------------------------------

def roll_action(red: Roll, white: Roll) -> int:
    """Outcome id of the values rolled (any order given is read smallest first)."""
    return ROLL_BASE + 27 * roll_index(values_of(red)) + roll_index(values_of(white))


def is_roll_action(action: int) -> bool:
    return ROLL_BASE <= action < ROLL_END


def decode_roll(action: int) -> tuple[Roll, Roll]:
    red, white = divmod(action - ROLL_BASE, 27)
    return roll_from_index(red), roll_from_index(white)


def roll_outcomes(first: str) -> list[tuple[int, Fraction]]:
    """Exact ``(action, probability)`` of every pair of value sets that stands.

    A pair is as likely as the accepted ordered pairs behind it, so its probability is the product
    of the two counts of ordered rolls over the number of accepted ordered pairs (378, or 576).
    """
    pairs = [
        (r, w)
        for r in VALUE_SETS
        for w in VALUE_SETS
        if first != "roll" or starter(r, w) is not None
    ]
    weight = {v: len(arrangements(v)) for v in VALUE_SETS}
    total = sum(weight[r] * weight[w] for r, w in pairs)
    return [(roll_action(r, w), Fraction(weight[r] * weight[w], total)) for r, w in pairs]


def roll_notation(action: int, first: str) -> str:
    red, white = decode_roll(action)
    return f"roll {_rolls_text(red, white, first_player(red, white, first))}"


_ROLL_RE = re.compile(r"^roll" + _ROLLS_RE)


def parse_roll(text: str) -> tuple[int, str | None]:
    """(outcome id, named first player or None) of ``roll red:a,b,c white:x,y,z [first:who]``."""
    red, white, named = _parse_rolls(_ROLL_RE, text, "a roll (roll red:1,2,3 white:1,3,3 ...)")
    return roll_action(red, white), named


def place_action(arrangement: Roll) -> int:
    """Id of the placing decision that puts ``arrangement`` on files b, c, d."""
    return PLACE_BASE + roll_index(arrangement)


def is_place_action(action: int) -> bool:
    return PLACE_BASE <= action < PLACE_END


def decode_place(action: int) -> Roll:
    return roll_from_index(action - PLACE_BASE)


def place_notation(action: int) -> str:
    return f"place {_values(decode_place(action))}"


_PLACE_RE = re.compile(r"^(?:place\s*)?([1-3])[\s,]*([1-3])[\s,]*([1-3])$")


def parse_place(text: str) -> int:
    """Id of ``place 3,1,2`` (values for b, c, d); ``place 312``, ``3,1,2`` and ``312`` too."""
    m = _PLACE_RE.match(" ".join(text.strip().lower().split()))
    if not m:
        raise NotationError(f"{text.strip()!r} is not a placing (write the values for b, c, d: place 3,1,2)")
    return place_action(as_roll(int(g) for g in m.groups()))


def _rolls_text(red: Roll, white: Roll, who: int) -> str:
    return f"red:{_values(red)} white:{_values(white)} first:{COLOURS[who]}"


def _parse_rolls(pattern: re.Pattern[str], text: str, what: str) -> tuple[Roll, Roll, str | None]:
    """(red values, white values, named first player or None) of a set-up or roll notation."""
    m = pattern.match(" ".join(text.strip().lower().split()))
    if not m:
        raise NotationError(f"{text.strip()!r} is not {what}")
    values = [int(g) for g in m.groups()[:6]]
    return as_roll(values[:3]), as_roll(values[3:]), m.group(7)


def _values(roll: Roll) -> str:
    return ",".join(map(str, roll))
