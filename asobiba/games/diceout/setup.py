"""The opening roll as one chance node (seed 000, 「ゲームの準備」; RULINGS.md §2, "Set-up").

Each player rolls three dice showing 1–3, in order; the values go, in the order rolled, on files
b, c, d of the player's home row. A roll whose three values all match is rolled again. The
player with the higher maximum starts; equal maxima → more dice showing it; still equal → both
roll again.

Re-rolling is rejection sampling, so the roll that stands is uniform over the *accepted* pairs
(red roll, white roll). There are 24 ordered non-matching rolls per player; by (maximum, count
of maximum) they fall into the classes (3,2): 6, (3,1): 12, (2,2): 3, (2,1): 3, strongest first.
Pairs in the same class tie: 6² + 12² + 3² + 3² = 198 of the 24² = 576 pairs. So the chance node
has **378 outcomes, each with probability 1/378**, and red starts in exactly half of them.

When ``first`` is ``red`` or ``white`` with ``setup=roll`` the starter is already agreed, ties do
not matter and all 576 pairs are outcomes (1/576 each).

Outcome ids: ``SETUP_BASE + 27 * index(red roll) + index(white roll)`` where
``index(x, y, z) = 9 (x-1) + 3 (y-1) + (z-1)`` — ids 400–1128. Notation:
``setup red:3,3,1 white:3,2,1 first:red``.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from ...core.errors import NotationError
from .board import COLOURS, RED, WHITE

SETUP_BASE = 400
SETUP_END = SETUP_BASE + 27 * 27

Roll = tuple[int, int, int]

ROLLS: tuple[Roll, ...] = tuple(
    r for r in itertools.product((1, 2, 3), repeat=3) if len(set(r)) > 1  # type: ignore[misc]
)
"""The 24 ordered rolls that stand (all-matching rolls are rolled again)."""


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


def setup_action(red: Roll, white: Roll) -> int:
    return SETUP_BASE + 27 * roll_index(red) + roll_index(white)


def is_setup_action(action: int) -> bool:
    return SETUP_BASE <= action < SETUP_END


def decode_setup(action: int) -> tuple[Roll, Roll]:
    red, white = divmod(action - SETUP_BASE, 27)
    return roll_from_index(red), roll_from_index(white)


def setup_outcomes(first: str) -> list[tuple[int, Fraction]]:
    """Exact ``(action, probability)`` of every roll pair that stands; ``first`` is the option."""
    pairs = [
        (r, w)
        for r in ROLLS
        for w in ROLLS
        if first != "roll" or starter(r, w) is not None
    ]
    p = Fraction(1, len(pairs))
    return [(setup_action(r, w), p) for r, w in pairs]


def outcome_starter(action: int, first: str) -> int:
    """Seat that moves first after set-up outcome ``action`` under option ``first``."""
    if first != "roll":
        return COLOURS.index(first)
    red, white = decode_setup(action)
    who = starter(red, white)
    if who is None:
        raise ValueError("tied rolls are not a set-up outcome")
    return who


def setup_notation(action: int, first: str) -> str:
    red, white = decode_setup(action)
    who = COLOURS[outcome_starter(action, first)]
    return f"setup red:{_values(red)} white:{_values(white)} first:{who}"


_SETUP_RE = re.compile(
    r"^setup\s+red:\s*([1-3]),([1-3]),([1-3])\s+white:\s*([1-3]),([1-3]),([1-3])"
    r"(?:\s+first:\s*(red|white))?$"
)


def parse_setup(text: str) -> tuple[int, str | None]:
    """(outcome id, named first player or None) of ``setup red:a,b,c white:x,y,z [first:who]``."""
    m = _SETUP_RE.match(" ".join(text.strip().lower().split()))
    if not m:
        raise NotationError(f"{text.strip()!r} is not a set-up (setup red:1,2,3 white:2,3,1 ...)")
    values = [int(g) for g in m.groups()[:6]]
    return setup_action(tuple(values[:3]), tuple(values[3:])), m.group(7)  # type: ignore[arg-type]


def _values(roll: Roll) -> str:
    return ",".join(map(str, roll))
