"""A game cut by a move or turn limit, as the environments report it (docs/research.md, "Games cut
by a limit").

A finished game is *cut* when the limit (``max_plies``, ``max_turns``) ended it rather than the
rules of play (``Research.cut``): Gymnasium says ``truncated=True``, PettingZoo marks
``truncations``, the batched engine sets ``truncated``. Its returns are the game's own by default
(``cut_returns="rules"``: the star games rank the players left level, 0 each in a two-player game).
``cut_returns="race"`` — for the games that declare ``Research.race`` — ranks the seats by the
distance each still has to go (the nearer, the better; equal distances share a rank) and gives the
returns of those ranks, so that random playouts cut by the limit still say who was ahead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import State
from ..core.descriptor import Research
from ..core.game import returns_from_ranks

RULES = "rules"
RACE = "race"
CUT_RETURNS = (RULES, RACE)


@dataclass(frozen=True)
class Cuts:
    """How one game's environments read a cut: whether a finished state was cut, and its
    returns under the chosen ``cut_returns``."""

    research: Research
    cut_returns: str = RULES

    @classmethod
    def of(cls, research: Research, game_id: str, cut_returns: str) -> Cuts:
        if cut_returns not in CUT_RETURNS:
            raise ValueError(f"cut_returns must be one of {', '.join(CUT_RETURNS)}, not {cut_returns!r}")
        if cut_returns == RACE and research.race is None:
            raise ValueError(f"{game_id} declares no race distance: cut_returns='race' is not "
                             "offered for it")
        return cls(research, cut_returns)

    def is_cut(self, state: State) -> bool:
        return state.is_terminal and self.research.cut is not None and self.research.cut(state)

    def returns(self, state: State) -> list[float]:
        """The returns of a finished ``state``."""
        if self.cut_returns == RACE and self.research.race is not None and self.is_cut(state):
            distances = list(self.research.race(state))
            ranks = [1 + sum(1 for other in distances if other < d) for d in distances]
            return returns_from_ranks(ranks)
        return list(state.returns())
