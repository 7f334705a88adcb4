"""Toy Slide for the research frameworks: slides end on cells ``0 … cells - 2`` and rolls are
``ROLL + cell``; every slide moves the stone at least one cell, so a game has at most ``cells - 1``
decisions. The tensor: one entry per cell (the stone is there), then whether the observer is to
move."""

from __future__ import annotations

import numpy as np

from asobiba.core import Game, State
from asobiba.core.descriptor import Bounds, Research

from .game import ROLL


def bounds(game: Game) -> Bounds:
    cells = game.options.cells  # type: ignore[attr-defined]
    return Bounds(num_distinct_actions=cells, max_chance_outcomes=ROLL + cells, max_game_length=cells - 1)


class SlideObserver:
    def __init__(self, game: Game) -> None:
        cells = game.options.cells  # type: ignore[attr-defined]
        self.planes = (*(f"the stone is on c{cell}" for cell in range(cells)), "the observer is to move")
        self.shape = (cells + 1,)

    def tensor(self, state: State, player: int) -> np.ndarray:
        out = np.zeros(self.shape, dtype=np.float32)
        if state.stone is not None:  # type: ignore[attr-defined]
            out[state.stone] = 1  # type: ignore[attr-defined]
        out[-1] = state.current_player == player
        return out

    def text(self, state: State, player: int) -> str:
        return f"{state.render_text()} (seen by {state.game.player_names[player]})"


RESEARCH = Research(bounds=bounds, observer=SlideObserver)
