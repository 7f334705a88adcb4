"""The vocabulary of a Gandice battle: where a die is, the phases of the state machine, what a roll
is for, how a unit roll reads, and the exchange in progress (docs/rules/gandice.md, "A turn").

Kept apart from :mod:`.state` so that the modules the state uses (position JSON, text, call-outs)
can name these without importing the state back.
"""

from __future__ import annotations

from typing import NamedTuple

# where a die is
DECK, GRAVE, ASIDE, RETIRED = 0, 1, 2, 3
LOC_NAMES = ("deck", "graveyard", "aside", "retired")

# phases
ROLL, FIRST, TURN, ITEM, BETRAY, BURY, EVOLVE, OVER = range(8)
PHASE_NAMES = ("roll", "first", "turn", "item", "betray", "bury", "evolve", "over")

# what a roll is for
SUMMON, RESUMMON, UNIT, ITEM_ROLL, CORE_FIRST, EVOLVE_ROLL = range(6)
PURPOSE_NAMES = ("summon", "resummon", "unit", "item", "core_first", "evolve")

# how a unit roll reads in the attack sequence
FALLS, ONE_BLOW, NUMBER = range(3)


class Exchange(NamedTuple):
    """One attack in progress. Pairs are (attacker, defender); ``side`` 0 = attacker, 1 = defender."""

    att: int
    dfn: int
    val: tuple[int, int] = (0, 0)  # value of each side's roll (special 3, face N)
    bonus: tuple[int, int] = (0, 0)  # added by items and cards
    rolled: tuple[bool, bool] = (False, False)
    special: tuple[bool, bool] = (False, False)  # the roll showed the special eye: items allowed
    done: tuple[bool, bool] = (False, False)  # the side's item step is over
    item: int = -1  # the item die being rolled, or the evolution die aimed at
    partners: tuple[int, ...] = ()  # core dice called for a core fusion
    winner: int = -1  # the side that won (while burying or evolving)

    def unit(self, side: int) -> int:
        return self.att if side == 0 else self.dfn

    def total(self, side: int) -> int:
        return self.val[side] + self.bonus[side]
