"""Dice Out's observation (docs/research.md, "Observation and action layouts"): one ``rows x 5``
plane per fact (rank ``1`` first, files ``a``–``e``), seen by one player: where their dice of
value 1, 2 and 3 are, the same for the other player's dice, the player's two target EXIT corners,
then planes that hold one number everywhere: a declaration window is open, the player is the one
to act, the share of ``max_plies`` played, and while placing how many of each value (1, 2, 3) the
player rolled and the other player rolled, in thirds. The positions seen before (repetition
draws) are not in it.
"""

from __future__ import annotations

import numpy as np

from .board import COLOURS, NUM_FILES
from .game import DiceOutGame
from .slots import slot_cell, slot_value
from .state import PLACE, WINDOW_AFTER_MOVE, WINDOW_EXIT, DiceOutState

PLANES = (
    "the observer's dice showing 1", "the observer's dice showing 2", "the observer's dice showing 3",
    "the other player's dice showing 1", "the other player's dice showing 2",
    "the other player's dice showing 3",
    "the observer's target EXIT corners",
    "a declaration window is open (all ones)",
    "the observer is the one to act (all ones)",
    "share of max_plies played (one number everywhere)",
    "placing: thirds of the observer's roll showing 1", "placing: … showing 2", "placing: … showing 3",
    "placing: thirds of the other player's roll showing 1", "placing: … showing 2",
    "placing: … showing 3",
)


class DiceOutObserver:
    """The planes of :data:`PLANES` on the ``rows x 5`` board."""

    planes: tuple[str, ...] = PLANES

    def __init__(self, game: DiceOutGame) -> None:
        self.game = game
        self.rows = game.options.rows
        self.shape: tuple[int, ...] = (len(PLANES), self.rows, NUM_FILES)

    def tensor(self, state: DiceOutState, player: int) -> np.ndarray:
        out = np.zeros(self.shape, dtype=np.float32)
        flat = out.reshape(len(PLANES), -1)
        for k, seat in enumerate((player, 1 - player)):
            for s in state.dice[seat]:
                flat[3 * k + slot_value(s) - 1, slot_cell(s)] = 1.0
        for cell in state.board.targets[player]:
            flat[6, cell] = 1.0
        phase = state.phase
        out[7] = float(phase in (WINDOW_AFTER_MOVE, WINDOW_EXIT))
        out[8] = float(state.current_player == player)
        out[9] = state.ply / self.game.options.max_plies
        if phase == PLACE:
            for k, seat in enumerate((player, 1 - player)):
                for value in state.rolled[seat]:
                    out[10 + 3 * k + value - 1] += 1 / 3
        return out

    def text(self, state: DiceOutState, player: int) -> str:
        acting = state.current_player
        who = COLOURS[acting] + " to act" if acting in (0, 1) else (
            "game over" if state.is_terminal else "chance to act")
        return f"{state.render_text()}\n{who} (seen by {COLOURS[player]})"
