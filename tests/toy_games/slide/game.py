"""Toy Slide (石すべり): the rules engine of a game that lives in the tests.

Rules. One stone lies on a track of cells numbered from the goal, ``c0``, up to
``c{cells-1}``. With ``start=roll`` a die first puts it on any cell but the goal, each equally
likely (a chance node); with ``start=far`` it starts on the last cell. The two players, ``first``
then ``second``, take turns sliding it 1 to ``max_step`` cells towards the goal, never past it.
Whoever slides it onto the goal wins (with ``misere``, loses).

Actions: a slide is the number of the cell it ends on (0 … 11); a roll is :data:`ROLL` plus the
cell the die gives. Notation: ``c5-c3`` for a slide, ``roll c5`` for a roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobiba.core import CHANCE, TERMINAL, Game, PositionError, State

from .options import SlideOptions

ROLL = 100
"""Action of the roll that puts the stone on cell 0 (never rolled); cell ``n`` is ``ROLL + n``."""


def cell_name(cell: int) -> str:
    return f"c{cell}"


class SlideGame(Game):
    id = "toyslide"
    name_en = "Toy Slide"
    name_ja = "石すべり"
    options_class = SlideOptions
    options: SlideOptions

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> tuple[str, str]:
        return ("first", "second")

    def new_state(self) -> SlideState:
        far = self.options.cells - 1
        return SlideState(self, None if self.options.start == "roll" else far, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> SlideState:
        """``{"to_move": "first"|"second", "stone": null | cell}``: null before the roll."""
        stone = data.get("stone")
        if stone is not None and (
            isinstance(stone, bool) or not isinstance(stone, int) or not 0 <= stone < self.options.cells
        ):
            raise PositionError(f"stone must be null or a cell 0..{self.options.cells - 1}")
        to_move = self.player_index(data.get("to_move", "first"))
        if stone is None and to_move != 0:
            raise PositionError("before the roll the first player is to move")
        return SlideState(self, stone, to_move)


class SlideState(State):
    """The stone's cell (None before the roll) and the seat to move (after the goal: the seat that
    would have moved next, so the other one slid onto the goal)."""

    game: SlideGame

    def __init__(self, game: SlideGame, stone: int | None, to_move: int) -> None:
        self.game = game
        self.stone = stone
        self.to_move = to_move

    @property
    def current_player(self) -> int:
        if self.stone is None:
            return CHANCE
        return TERMINAL if self.stone == 0 else self.to_move

    def legal_actions(self) -> list[int]:
        if self.stone is None:
            return [action for action, _ in self.chance_outcomes()]
        return list(range(max(0, self.stone - self.game.options.max_step), self.stone))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.stone is not None:
            return []
        cells = self.game.options.cells
        return [(ROLL + cell, 1 / (cells - 1)) for cell in range(1, cells)]

    def apply(self, action: int) -> SlideState:
        if self.stone is None:
            return SlideState(self.game, action - ROLL, 0)
        return SlideState(self.game, action, 1 - self.to_move)

    def action_to_notation(self, action: int) -> str:
        if self.stone is None:
            return f"roll {cell_name(action - ROLL)}"
        return f"{cell_name(self.stone)}-{cell_name(action)}"

    def describe_action(self, action: int) -> dict[str, Any]:
        if self.stone is None:
            origin, target = None, cell_name(action - ROLL)
        else:
            origin, target = cell_name(self.stone), cell_name(action)
        return {"from": origin, "to": target, "notation": self.action_to_notation(action)}

    def action_origin(self, action: int) -> str | None:
        return None if self.stone is None else cell_name(self.stone)

    def ranks(self) -> list[int]:
        slider = 1 - self.to_move  # who slid onto the goal
        winner = self.to_move if self.game.options.misere else slider
        return [1 if seat == winner else 2 for seat in range(2)]

    def key(self) -> tuple[int | None, int]:
        return (self.stone, self.to_move)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "options": self.game.options.to_dict(),
            "to_move": self.game.player_names[self.to_move],
            "stone": self.stone,
        }

    def render_text(self, color: bool = False) -> str:
        cells = ["o" if cell == self.stone else "." for cell in range(self.game.options.cells)]
        return "goal " + " ".join(cells)
