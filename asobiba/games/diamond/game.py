"""Diamond Game (ダイヤモンドゲーム) as docs/rules/diamond.md describes it: the star engine
(:class:`~asobiba.games.star.game.StarGame`) under the seats and rules of
:class:`.options.DiamondOptions`. Actions, notation and position JSON are the star engine's
(docs/rules/diamond.md, "Cell names", "Position JSON and action ids")."""

from __future__ import annotations

from ..star.game import StarGame
from .options import DiamondOptions


class DiamondGame(StarGame):
    """ダイヤモンドゲーム: 2 or 3 players race their pieces and kings across the star."""

    id = "diamond"
    name_en = "Diamond Game"
    name_ja = "ダイヤモンドゲーム"
    options_class = DiamondOptions
    options: DiamondOptions
