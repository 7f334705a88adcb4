"""Rule options of Diamond Game (docs/rules/diamond.md, "Options"; the names are a contract)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import OptionError
from ...core.names import Names
from ...core.options import Options, option
from .geometry import COLOUR_CAMPS, COLOURS, STARS
from .layout import StarRules

GOAL_BLOCK_RULES = ("full_with_king", "full_with_one", "swap", "no_camping")
LINE_CHAIN_RULES = ("single", "any", "none")
"""Values of ``king_chain_after_line``: what may follow a king's jump over a line of 2+ pieces."""

PLAYERS = Names("人数", "Players")
KING = Names("王駒", "King")
LONG_JUMP = Names("長い飛び越し", "Long jump")
MAX_PLIES = Names("最大手数", "Move limit")
LINE_CHAIN = Names("まとめ飛びのあとの連続飛び", "Jump on after a line jump")
LINE_CHAIN_VALUES = {
    "single": Names("1個ずつの飛び越しだけ", "Single jumps only"),
    "any": Names("何でも続けられる", "Any jumps"),
    "none": Names("そこで終わり", "The move ends"),
}
GOAL_BLOCK = Names("ゴールをふさがれた時", "Blocked goal")
GOAL_BLOCK_VALUES = {
    "full_with_king": Names("全部埋まり王駒が◎なら上がり", "Goal full, king on apex"),
    "full_with_one": Names("全部埋まり自分の駒が1つあれば上がり", "Goal full, one own piece in"),
    "swap": Names("じゃまな駒と入れ替えてよい", "Swap with a blocker"),
    "no_camping": Names("出発の陣地に残し続けるのは負け", "No camping in the start"),
}
"""The words of the options both star games have (Chinese Checkers' options use them too)."""


def goal_block_rule(rule: str | None, king: bool) -> str:
    """The ``goal_block`` rule in force: ``full_with_king`` with kings and ``full_with_one``
    without unless one is named; ``full_with_king`` needs kings."""
    if rule is None:
        rule = "full_with_king" if king else "full_with_one"
    if rule == "full_with_king" and not king:
        raise OptionError("option goal_block=full_with_king needs king=true")
    return rule


@dataclass(frozen=True)
class DiamondOptions(Options):
    """Options of ``diamond``. ``colors`` and ``goal_block`` default from other options."""

    game_id = "diamond"
    legacy_defaults = {"king_chain_after_line": "any"}
    """Saved games from before ``king_chain_after_line`` had three values were played under ``any``
    (then the default ``true``)."""

    players: int = option(
        2, choices=(2, 3), en="Number of players", ja="人数", label=PLAYERS,
        values={2: Names("2人", "2"), 3: Names("3人", "3")},
    )
    colors: tuple[str, ...] | None = option(
        None,
        choices=COLOURS,
        en="Colours in play (2 players: any two, default red,yellow; 3 players: all three)",
        ja="使う色（2人: 3色から2色、既定は赤・黄／3人: 3色全部）",
        label=Names("使う色", "Colours"),
    )
    first: str | None = option(
        None,
        choices=COLOURS,
        en="Colour that moves first (default: the first in turn order red, yellow, green)",
        ja="先手の色（既定: 赤→黄→緑の順で最初の色）",
        label=Names("先手の色", "First colour"),
    )
    board: str = option(
        "standard", choices=tuple(STARS),
        en="Board: standard = 121 holes; small = 73 holes, 10 pieces on each camp",
        ja="盤: standard＝121穴、small＝73穴（駒は陣地の10個）",
        label=Names("盤", "Board"),
        values={"standard": Names("121穴（標準）", "121 holes (standard)"),
                "small": Names("73穴（小さい盤）", "73 holes (small)")},
    )
    pieces: int = option(
        15, choices=(15, 10),
        en="Pieces per player (10 = start on the point only; the small board always has 10)",
        ja="駒の数（10＝先だけに並べる。小さい盤はいつも10）",
        label=Names("駒の数", "Pieces"), values={15: Names("15個", "15"), 10: Names("10個", "10")},
    )
    king: bool = option(True, en="Play with kings", ja="王駒あり", label=KING)
    king_chain_after_line: str = option(
        "single",
        choices=LINE_CHAIN_RULES,
        aliases={"true": "any", "false": "none"},
        en="After a king's line jump over 2+ pieces: single = only one-piece jumps may follow, "
        "any = any jumps, none = the move ends (true = any, false = none)",
        ja="王駒がまとめて飛んだあと: single＝続けて飛べるのは駒1個の飛び越しだけ、any＝何でも、"
        "none＝そこで終わり（true＝any、false＝none）",
        label=LINE_CHAIN, values=LINE_CHAIN_VALUES,
    )
    long_jump: bool = option(
        False,
        en="Long jumps over a distant single piece (Super Chinese Checkers)",
        ja="長い飛び越し（スーパーチャイニーズチェッカー）",
        label=LONG_JUMP,
    )
    goal_block: str | None = option(
        None,
        choices=GOAL_BLOCK_RULES,
        en="Rule for a blocked goal (default full_with_king with kings, else full_with_one)",
        ja="ゴールをふさがれた時の決まり（既定: 王駒ありは full_with_king、なしは full_with_one）",
        label=GOAL_BLOCK, values=GOAL_BLOCK_VALUES,
    )
    max_plies: int = option(
        1000, lo=1, hi=100_000, en="Game ends (draw among the unfinished) after this many plies",
        ja="この手数で終局（未上がりの人は同順位）",
        label=MAX_PLIES,
    )

    def normalize(self) -> None:
        colours = self.colors
        if colours is None:
            colours = COLOURS[: self.players]
        if len(set(colours)) != len(colours):
            raise OptionError(f"option colors: {','.join(colours)} names a colour twice")
        if len(colours) != self.players:
            raise OptionError(
                f"option colors: {self.players} players need {self.players} colours, "
                f"got {','.join(colours)}"
            )
        colours = tuple(c for c in COLOURS if c in colours)  # turn order
        object.__setattr__(self, "colors", colours)
        if self.first is not None and self.first not in colours:
            raise OptionError(f"option first: {self.first} is not one of colors {','.join(colours)}")
        object.__setattr__(self, "goal_block", goal_block_rule(self.goal_block, self.king))
        if self.board == "small":
            object.__setattr__(self, "pieces", 10)

    def star_rules(self) -> StarRules:
        """What the star engine plays (docs/rules/diamond.md): on the standard board 15 pieces
        fill the camp and 10 the point; the small board's camp holds 10."""
        colours = self.colors
        assert colours is not None and self.goal_block is not None
        return StarRules(
            star=STARS[self.board],
            colours=colours,
            first=colours.index(self.first) if self.first else 0,
            area="camp" if self.pieces == 15 or self.board == "small" else "point",
            king=self.king,
            after_line=self.king_chain_after_line,
            long_jump=self.long_jump,
            goal_block=self.goal_block,
            max_plies=self.max_plies,
            painted={key: colour for colour in COLOURS for key in COLOUR_CAMPS[colour]},
        )
