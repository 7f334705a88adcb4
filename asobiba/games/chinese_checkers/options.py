"""Rule options of Chinese Checkers (docs/rules/chinese_checkers.md, "Options"; the names are a
contract), and the rules they give the star engine."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.names import Names
from ...core.options import option
from ..star.geometry import ROUND_THE_STAR, STANDARD, STAR_COLOURS
from ..star.layout import OTHER_POINTS, StarRules
from ..star.options import (
    KING,
    PLAYERS,
    StarOptions,
    goal_block_option,
    goal_block_rule,
    king_chain_after_line_option,
    long_jump_option,
    max_plies_option,
)

SEATING: dict[int, tuple[str, ...]] = {
    1: ("q+",),
    2: ("q+", "q-"),
    3: ("q+", "r+", "s+"),
    4: ("q+", "q-", "r+", "r-"),
    6: ROUND_THE_STAR,
}
"""The points in play by number of players: one alone (the crossing puzzle), facing, alternate
points, two facing pairs, all (docs/rules/chinese_checkers.md, "Board and seats")."""

COLOUR_OF_POINT = {key: colour for colour, key in STAR_COLOURS.items()}


def colours_in_play(players: int) -> tuple[str, ...]:
    """The colours of the seats, in turn order round the star from the bottom point ``q+``."""
    keys = SEATING[players]
    return tuple(COLOUR_OF_POINT[key] for key in ROUND_THE_STAR if key in keys)


@dataclass(frozen=True)
class ChineseCheckersOptions(StarOptions):
    """Options of ``chinese_checkers``. ``goal_block`` defaults from ``king``."""

    game_id = "chinese_checkers"

    players: int = option(
        2, choices=tuple(SEATING),
        en="Number of players (1: cross the empty board alone, a puzzle; best known 27 moves)",
        ja="人数（1人: ひとりで空の盤を渡る問題。知られている最少は27手）",
        label=PLAYERS,
        values={1: Names("1人（ひとりで渡る）", "1 (cross alone)"), 2: Names("2人", "2"),
                3: Names("3人", "3"), 4: Names("4人", "4"), 6: Names("6人", "6")},
    )
    other_points: str = option(
        "open",
        choices=OTHER_POINTS,
        en="Whether pieces may enter the points that are neither their start nor their goal "
        "(other players' and unused points)",
        ja="自分の出発でもゴールでもない先（ほかの人の先や、使われていない先）に入れるか",
        label=Names("ほかの先", "Other points"),
        values={"open": Names("入って止まれる", "Enter and stop"),
                "pass": Names("通り抜けだけ", "Pass through only"),
                "closed": Names("入れない", "Keep out")},
    )
    hop_own: bool = option(True, en="Pieces may hop the mover's own pieces",
                           ja="自分の駒も飛び越せる", label=Names("自分の駒も飛び越せる", "Hop own pieces"))
    king: bool = option(False, en="Play with a king (on the apex of each start point)",
                        ja="王駒あり（出発の先の頂点に置く）", label=KING)
    king_chain_after_line: str = king_chain_after_line_option()
    long_jump: bool = long_jump_option()
    goal_block: str | None = goal_block_option()
    max_plies: int = max_plies_option(2000)

    def normalize(self) -> None:
        object.__setattr__(self, "goal_block", goal_block_rule(self.goal_block, self.king))

    def star_rules(self) -> StarRules:
        """What the star engine plays: 10 pieces on each start point of the standard star, each
        colour bound for the point opposite, every point painted in the colour starting there."""
        assert self.goal_block is not None
        return StarRules(
            star=STANDARD,
            colours=colours_in_play(self.players),
            first=0,
            area="point",
            king=self.king,
            after_line=self.king_chain_after_line,
            long_jump=self.long_jump,
            goal_block=self.goal_block,
            max_plies=self.max_plies,
            painted={key: COLOUR_OF_POINT[key] for key in ROUND_THE_STAR},
            hop_own=self.hop_own,
            other_points=self.other_points,
        )
