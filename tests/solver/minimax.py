"""A plain depth-limited minimax for Dice Out, written from docs/rules/diceout.md independently of the solver.

Positions are ``(mine, theirs, side)``: the mover's and the opponent's dice as (cell, value) slot tuples
(``slot = cell * 3 + value - 1``, cells ``(rank - 1) * 5 + file``) and the mover's colour (0 red, whose
targets are the corners of the last rank; 1 white, whose targets are ``a1`` and ``e1``).
"""

from __future__ import annotations

from functools import cache

STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


def covered(slot: int, dice: tuple[int, ...]) -> bool:
    return any(o // 3 == slot // 3 and o % 3 > slot % 3 for o in dice)


def shows_dice_out(side: tuple[int, ...], everyone: tuple[int, ...]) -> bool:
    return len({s % 3 for s in side}) == 1 and not any(covered(s, everyone) for s in side)


def targets(rows: int, side: int) -> tuple[int, int]:
    return ((rows - 1) * 5, (rows - 1) * 5 + 4) if side == 0 else (0, 4)


def moves(rows: int, mine: tuple[int, ...], theirs: tuple[int, ...]):
    """``(moved slot, new slot)`` for every legal move of the mover."""
    everyone = mine + theirs
    for s in mine:
        if covered(s, everyone):
            continue
        cell, value = divmod(s, 3)
        new_value = (value + 1) % 3  # value index 0..2 ↔ faces 1..3, so 3 → 1
        file, rank = cell % 5, cell // 5
        for df, dr in STEPS:
            f, r = file + df, rank + dr
            if not (0 <= f < 5 and 0 <= r < rows):
                continue
            to = r * 5 + f
            if any(o // 3 == to and o % 3 >= new_value for o in everyone):
                continue
            yield s, to * 3 + new_value


@cache
def value(rows: int, mine: tuple[int, ...], theirs: tuple[int, ...], side: int, depth: int) -> str | None:
    """"win" / "loss" if the mover forces that result within ``depth`` plies, else None."""
    if depth == 0:
        return None
    legal = list(moves(rows, mine, theirs))
    if not legal:  # pass
        child = value(rows, theirs, mine, 1 - side, depth - 1)
        return {"win": "loss", "loss": "win", None: None}[child]
    all_lost = True
    for old, new in legal:
        after = tuple(sorted([s for s in mine if s != old] + [new]))
        everyone = after + theirs
        if shows_dice_out(after, everyone):
            continue  # the mover loses at once
        if shows_dice_out(theirs, everyone) or new // 3 in targets(rows, side):
            return "win"
        child = value(rows, theirs, after, 1 - side, depth - 1)
        if child == "loss":
            return "win"
        if child != "win":
            all_lost = False
    return "loss" if all_lost else None


def unmoves(rows: int, moved: tuple[int, ...], other: tuple[int, ...], side: int):
    """Positions before a non-final move of ``side`` that leads to (``moved``, ``other``).

    The moved die is on top of its stack; it came from a neighbouring cell whose top is below the die's
    previous value (the value steps back 2→1, 3→2, 1→3), and the move ended nothing: neither side shows
    Dice Out and the die is not on one of ``side``'s target EXIT squares.
    """
    everyone = moved + other
    if shows_dice_out(moved, everyone) or shows_dice_out(other, everyone):
        return
    for s in moved:
        if covered(s, everyone) or s // 3 in targets(rows, side):
            continue
        cell, value = divmod(s, 3)
        previous = (value - 1) % 3
        file, rank = cell % 5, cell // 5
        for df, dr in STEPS:
            f, r = file + df, rank + dr
            if not (0 <= f < 5 and 0 <= r < rows):
                continue
            origin = r * 5 + f
            if any(o // 3 == origin and o % 3 >= previous for o in everyone):
                continue
            yield tuple(sorted([x for x in moved if x != s] + [origin * 3 + previous]))
