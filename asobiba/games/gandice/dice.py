"""The outcome vocabulary of a Gandice die (docs/rules/gandice.md, "Outcomes").

A die lands in one of eleven ways: standing (立ち), upside down (逆立ち), on its side (横倒し),
showing its special eye (特殊目, worth 3) or showing a number ``face:N`` (N = 0..6, 0 being the
closed eye 閉じ目; 6 exists only on core dice). Outcomes are small ints everywhere in the engine.
"""

from __future__ import annotations

OUTCOME_NAMES: tuple[str, ...] = (
    "stand",
    "inverted",
    "side",
    "special",
    "face:0",
    "face:1",
    "face:2",
    "face:3",
    "face:4",
    "face:5",
    "face:6",
)
STAND, INVERTED, SIDE, SPECIAL = 0, 1, 2, 3
FACE0 = 4
FACE6 = 10
OUTCOME_INDEX: dict[str, int] = {name: i for i, name in enumerate(OUTCOME_NAMES)}

SPECIAL_VALUE = 3
"""The special eye counts 3 (docs/rules/gandice.md, "Outcomes")."""

# summon states of a character die (docs/rules/gandice.md, "Summoning")
UNSUMMONED, HALF, SUMMONED = 0, 1, 2
SUMMON_STATE_NAMES: tuple[str, ...] = ("unsummoned", "half", "summoned")
SUMMON_STATE_JA: tuple[str, ...] = ("未召喚", "半召喚", "召喚")


def is_upright(outcome: int) -> bool:
    """Standing or upside down: the one-blow outcomes (立ち・逆立ち)."""
    return outcome <= INVERTED


def value(outcome: int) -> int:
    """Number a roll is worth in a judgement: special 3, face N, anything else 0."""
    if outcome == SPECIAL:
        return SPECIAL_VALUE
    if outcome >= FACE0:
        return outcome - FACE0
    return 0


def summon_state(outcome: int) -> int:
    """Summon table (docs/rules/gandice.md, "Summoning"): special or upright → summoned;
    face 1..6 → half (6, on core dice, is a number like the others); face 0 or side → unsummoned."""
    if outcome <= INVERTED or outcome == SPECIAL:
        return SUMMONED
    if outcome in (SIDE, FACE0):
        return UNSUMMONED
    return HALF
