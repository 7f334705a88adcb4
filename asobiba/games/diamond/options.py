"""Rule options of Diamond Game (docs/rules/diamond.md, "Options"; the names are a contract)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import OptionError
from ...core.names import Names
from ...core.options import option
from ..star.geometry import COLOUR_CAMPS, COLOURS, STARS
from ..star.layout import StarRules
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


@dataclass(frozen=True)
class DiamondOptions(StarOptions):
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
    king_chain_after_line: str = king_chain_after_line_option(legacy=True)
    long_jump: bool = long_jump_option()
    goal_block: str | None = goal_block_option()
    max_plies: int = max_plies_option(1000)

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
