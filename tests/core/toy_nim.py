"""A tiny game for testing the core: a chance roll sets a pile of 3-5 stones, then two players take
one or two stones in turn; whoever takes the last stone wins."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from asobiba.core import CHANCE, TERMINAL, Game, NotationError, Options, PositionError, State, option
from asobiba.core.descriptor import GameDescriptor, Names


@dataclasses.dataclass(frozen=True)
class NimOptions(Options):
    game_id = "toynim"
    max_take: int = option(2, lo=1, hi=3, en="most stones per turn", ja="一度に取れる最大数")


class NimGame(Game):
    id = "toynim"
    name_en = "Toy Nim"
    name_ja = "石取り"
    options_class = NimOptions

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> tuple[str, str]:
        return ("first", "second")

    def new_state(self) -> NimState:
        return NimState(self, None, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> NimState:
        pile = data.get("pile")
        if not isinstance(pile, int) or pile < 0:
            raise PositionError("pile must be a non-negative integer")
        return NimState(self, pile, self.player_index(data.get("to_move", "first")))


class NimState(State):
    def __init__(self, game: NimGame, pile: int | None, to_move: int) -> None:
        self.game = game
        self.pile = pile
        self.to_move = to_move

    @property
    def current_player(self) -> int:
        if self.pile is None:
            return CHANCE
        return TERMINAL if self.pile == 0 else self.to_move

    def legal_actions(self) -> list[int]:
        if self.pile is None:
            return [a for a, _ in self.chance_outcomes()]
        return list(range(1, min(self.pile, self.game.options.max_take) + 1))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(100 + n, 1 / 3) for n in (3, 4, 5)] if self.pile is None else []

    def apply(self, action: int) -> NimState:
        if self.pile is None:
            return NimState(self.game, action - 100, 0)
        return NimState(self.game, self.pile - action, 1 - self.to_move)

    def action_to_notation(self, action: int) -> str:
        return f"pile {action - 100}" if action >= 100 else f"take {action}"

    def notation_to_action(self, text: str) -> int:
        word, _, number = text.strip().partition(" ")
        if word not in ("take", "pile") or not number.isdigit():
            raise NotationError(f"cannot read {text!r}")
        return int(number) + (100 if word == "pile" else 0)

    def ranks(self) -> list[int]:
        winner = 1 - self.to_move  # the player who took the last stone
        return [1 if p == winner else 2 for p in range(2)]

    def key(self) -> tuple[int | None, int]:
        return (self.pile, self.to_move)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toynim",
            "options": self.game.options.to_dict(),
            "to_move": self.game.player_names[self.to_move],
            "pile": self.pile,
        }

    def render_text(self, color: bool = False) -> str:
        return "o" * (self.pile or 0)


DESCRIPTOR = GameDescriptor(
    game_class=NimGame,
    rules_page="tests/core/toy_nim.py",
    notation=Names(ja="取る数（1 か 2）", en="how many stones to take (1 or 2)"),
)
