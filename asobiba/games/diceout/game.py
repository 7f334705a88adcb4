"""ダイスアウト (Dice Out): the :class:`~asobiba.core.game.Game` entry point (docs/rules/diceout.md).

``DiceOutGame(options)`` describes a game (seats ``red`` and ``white``); ``new_state()`` is the
chance node of the opening roll with ``setup=roll`` (followed by the placing decisions with
``placement=choose``) or the placed dice with ``setup=fixed``.
With ``setup=fixed`` and ``first=roll`` the fixed values are compared as a roll would be; when they
tie (as the defaults 1,2,3 and 2,3,1 do) red, the first seat, moves first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.game import Game
from .bench_positions import BENCH_POSITIONS
from .board import COLOURS, RED
from .options import DiceOutOptions
from .position import state_from_json
from .setup import as_roll, starter
from .state import SETUP, DiceOutState, make_rules, opening, placed_dice

__all__ = ["DiceOutGame", "DiceOutOptions", "DiceOutState"]


class DiceOutGame(Game):
    id = "diceout"
    name_en = "Dice Out"
    name_ja = "ダイスアウト"
    options_class = DiceOutOptions
    options: DiceOutOptions

    def __init__(self, options: DiceOutOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.rules = make_rules(self.options)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> Sequence[str]:
        return COLOURS

    def new_state(self) -> DiceOutState:
        opts = self.options
        if opts.setup == "roll":
            return DiceOutState.make(self, ((), ()), RED, SETUP)
        red, white = as_roll(opts.red), as_roll(opts.white)
        dice = placed_dice(self.rules.tables.board, red, white)
        if opts.first == "roll":
            who = starter(red, white)
            to_move = RED if who is None else who
        else:
            to_move = COLOURS.index(opts.first)
        return opening(self, dice, to_move)

    def state_from_json(self, data: Mapping[str, Any]) -> DiceOutState:
        return state_from_json(self, data)

    def bench_positions(self) -> list[DiceOutState]:
        """The positions of :mod:`.bench_positions` (mid-game, with stacks), on this game's rows."""
        return [self.state_from_json(p) for p in BENCH_POSITIONS if self._fits(p)]

    def _fits(self, position: Mapping[str, Any]) -> bool:
        rows = self.options.rows
        return all(int(cell[1:]) <= rows for cell in position["stacks"])
