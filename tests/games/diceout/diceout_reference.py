"""An independent, slow reference for the Dice Out rules, written from docs/rules/diceout.md only.

It shares nothing with the engine: a position is a dict ``{cell name: [(colour, value), ...]}``
(bottom → top) plus the colour to move, moves are strings ``"b1-c2"``, and the rules are
spelled out literally. ``declare=auto`` only (the referee declares at once).
"""

from __future__ import annotations

FILES = "abcde"
OTHER = {"red": "white", "white": "red"}

Stacks = dict[str, list[tuple[str, int]]]


def on_board(name: str, rows: int) -> bool:
    return len(name) == 2 and name[0] in FILES and 1 <= int(name[1]) <= rows


def adjacent(name: str, rows: int) -> list[str]:
    f, r = FILES.index(name[0]), int(name[1])
    out = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df or dr) and 0 <= f + df < 5 and 1 <= r + dr <= rows:
                out.append(f"{FILES[f + df]}{r + dr}")
    return out


def advance(value: int) -> int:
    return 1 if value == 3 else value + 1


def targets(colour: str, rows: int) -> set[str]:
    """The two corners of the opponent's home row."""
    return {f"a{rows}", f"e{rows}"} if colour == "red" else {"a1", "e1"}


def legal_moves(stacks: Stacks, to_move: str, rows: int) -> set[str]:
    """Move a die on top of its stack one step; land on empty or a strictly smaller top."""
    out = set()
    for cell, stack in stacks.items():
        colour, value = stack[-1]
        if colour != to_move:
            continue
        new = advance(value)
        for dest in adjacent(cell, rows):
            there = stacks.get(dest)
            if not there or there[-1][1] < new:
                out.add(f"{cell}-{dest}")
    return out


def make_move(stacks: Stacks, move: str) -> Stacks:
    frm, to = move.split("-")
    out = {cell: list(stack) for cell, stack in stacks.items()}
    colour, value = out[frm].pop()
    if not out[frm]:
        del out[frm]
    out.setdefault(to, []).append((colour, advance(value)))
    return out


def shows_dice_out(stacks: Stacks, colour: str) -> bool:
    """All three dice of the colour on top of their stacks, showing one value."""
    tops = [stack[-1] for stack in stacks.values() if stack[-1][0] == colour]
    return len(tops) == 3 and len({value for _, value in tops}) == 1


def result_after(stacks: Stacks, mover: str, move: str, rows: int) -> str | None:
    """Winner colour after ``mover`` played ``move`` (giving ``stacks``), or None to play on."""
    if shows_dice_out(stacks, mover):
        return OTHER[mover]
    if shows_dice_out(stacks, OTHER[mover]):
        return mover
    if move.split("-")[1] in targets(mover, rows):
        return mover
    return None


def freeze(stacks: Stacks, to_move: str) -> tuple:
    return tuple(sorted((cell, tuple(stack)) for cell, stack in stacks.items())), to_move


def perft(stacks: Stacks, to_move: str, rows: int, depth: int, seen: tuple = ()) -> int:
    """Action sequences of length ``depth``; a forced pass is one action; third repetition draws."""
    if depth == 0:
        return 1
    seen = seen + (freeze(stacks, to_move),)
    moves = legal_moves(stacks, to_move, rows)
    if not moves:
        if seen.count(freeze(stacks, OTHER[to_move])) + 1 >= 3:
            return 1 if depth == 1 else 0
        return perft(stacks, OTHER[to_move], rows, depth - 1, seen)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        after = make_move(stacks, move)
        if result_after(after, to_move, move, rows) is not None:
            continue
        if seen.count(freeze(after, OTHER[to_move])) + 1 >= 3:
            continue
        total += perft(after, OTHER[to_move], rows, depth - 1, seen)
    return total


def from_json(data: dict) -> tuple[Stacks, str]:
    return (
        {cell: [(colour, value) for colour, value in stack] for cell, stack in data["stacks"].items()},
        data["to_move"],
    )
