"""Stable integer ids of Gandice actions (decisions and chance outcomes).

============================  =====================================  ==========================
id                             meaning                                notation
============================  =====================================  ==========================
0                              re-summon challenge                    ``resummon``
1                              use nothing                            ``no-item``
2                              skip the evolution challenge           ``no-evolve``
100 + u                        roll item die ``u``                    ``item 武具・羅``
200 + c                        play card ``c``                        ``card 小札絵・武王``
300 + u                        evolution challenge towards die ``u``  ``evolve 真・イスルギ``
400 + u                        super-eye fusion with die ``u``        ``fuse 鰐蛇``
500 + u                        send fused member ``u`` to graveyard   ``bury 武王``
600 + u                        betrayal: take die ``u``               ``betray 美雅羅``
1000 + 64·a + t                attack die ``t`` with die ``a``        ``attack ギダン>紅蓮のイスルギ``
6000 + 64·i + j                core fusion with dice ``i`` and ``j``  ``fuse 闘奇子+機改人``
20000 + k                      chance: the die shows outcome ``k``    ``roll ギダン:special``
30000 + p                      chance: player ``p`` attacks first     ``first p2``
============================  =====================================  ==========================

``u``, ``a``, ``t``, ``i``, ``j`` are die instance numbers (:mod:`.lineup`), ``c`` a card index.
"""

from __future__ import annotations

MAX_DICE = 64
"""How many dice one battle can number: attack and core-fusion ids hold two die numbers as
``64·a + t``. The rules need far fewer (five per player plus the evolution dice kept aside), so
this is only a bound on input, checked when the options are read; the ids are part of saved
records, so the number stays."""

RESUMMON = 0
NO_ITEM = 1
NO_EVOLVE = 2
ITEM = 100
CARD = 200
EVOLVE = 300
FUSE = 400
BURY = 500
BETRAY = 600
ATTACK = 1000
CORE_FUSE = 6000
ROLL = 20000
FIRST = 30000


def attack(a: int, t: int) -> int:
    return ATTACK + MAX_DICE * a + t


def core_fuse(i: int, j: int) -> int:
    return CORE_FUSE + MAX_DICE * i + j


def split(action: int) -> tuple[int, int, int]:
    """``(base, x, y)``: the action's kind and its arguments (unused ones are -1)."""
    if action >= FIRST:
        return FIRST, action - FIRST, -1
    if action >= ROLL:
        return ROLL, action - ROLL, -1
    if action >= CORE_FUSE:
        i, j = divmod(action - CORE_FUSE, MAX_DICE)
        return CORE_FUSE, i, j
    if action >= ATTACK:
        a, t = divmod(action - ATTACK, MAX_DICE)
        return ATTACK, a, t
    if action >= ITEM:
        base = action - action % 100
        return base, action - base, -1
    return action, -1, -1
