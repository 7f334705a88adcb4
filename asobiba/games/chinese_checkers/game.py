"""Chinese Checkers (チャイニーズチェッカー) as docs/rules/chinese_checkers.md describes it: the
star engine (:class:`~asobiba.games.star.game.StarGame`) under the seats and rules of
:class:`.options.ChineseCheckersOptions`. Actions, notation and position JSON are those of the star
engine (docs/rules/diamond.md, "Cell names", "Position JSON and action ids")."""

from __future__ import annotations

from ..star.game import StarGame
from .options import ChineseCheckersOptions


class ChineseCheckersGame(StarGame):
    """チャイニーズチェッカー: 2, 3, 4 or 6 players race ten pieces each to the facing point."""

    id = "chinese_checkers"
    name_en = "Chinese Checkers"
    name_ja = "チャイニーズチェッカー"
    options_class = ChineseCheckersOptions
    options: ChineseCheckersOptions
