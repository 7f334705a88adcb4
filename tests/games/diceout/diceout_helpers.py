"""Shared helpers for the Dice Out tests: compact position builders and random positions."""

from __future__ import annotations

import random
from typing import Any

from asobiba.core.errors import PositionError
from asobiba.games.diceout.board import GAME_ROWS
from asobiba.games.diceout.game import DiceOutGame, DiceOutState

COLOUR_OF = {"r": "red", "w": "white"}


def stacks_json(layout: dict[str, str]) -> dict[str, list[list[Any]]]:
    """``{"c3": "w1 r3"}`` (bottom → top) → position-JSON stacks."""
    return {
        cell: [[COLOUR_OF[token[0]], int(token[1])] for token in text.split()]
        for cell, text in layout.items()
    }


def position(layout: dict[str, str], to_move: str = "red", **options: Any) -> DiceOutState:
    """A state from a compact layout, e.g. ``position({"b2": "r2", "c3": "w2"}, "red")``."""
    game = DiceOutGame(options)
    return game.state_from_json({"to_move": to_move, "stacks": stacks_json(layout)})


def moves_of(state: DiceOutState) -> set[str]:
    return {state.action_to_notation(a) for a in state.legal_actions()}


def play(state: DiceOutState, *notations: str) -> DiceOutState:
    for text in notations:
        state = state.play_notation(text)
    return state


def random_stacks(rng: random.Random, rows: int, spread: int) -> dict[str, list[list[Any]]]:
    """Six dice on ``spread`` random cells (so stacks are common), stacks strictly increasing."""
    cells = [f"{f}{r}" for r in range(1, rows + 1) for f in "abcde"]
    area = rng.sample(cells, spread)
    taken: dict[str, dict[int, str]] = {}
    for colour in ("red", "white"):
        placed = 0
        while placed < 3:
            cell, value = rng.choice(area), rng.randint(1, 3)
            if value not in taken.setdefault(cell, {}):
                taken[cell][value] = colour
                placed += 1
    return {
        cell: [[colour, value] for value, colour in sorted(dice.items())]
        for cell, dice in taken.items()
        if dice
    }


def random_positions(seed: int, count: int, declare: str = "auto") -> list[DiceOutState]:
    """``count`` random playable positions on random board sizes (unplayable ones skipped)."""
    rng = random.Random(seed)
    games = {rows: DiceOutGame({"rows": rows, "declare": declare}) for rows in GAME_ROWS}
    out = []
    while len(out) < count:
        rows = rng.choice(GAME_ROWS)
        data = {
            "to_move": rng.choice(("red", "white")),
            "stacks": random_stacks(rng, rows, rng.randint(3, 9)),
        }
        try:
            out.append(games[rows].state_from_json(data))
        except PositionError:
            continue
    return out
