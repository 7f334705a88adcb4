"""The rule options every game on the star has, declared once (docs/rules/diamond.md, "Options";
docs/rules/chinese_checkers.md, "Options"; the names are a contract).

A game's options class (a :class:`StarOptions`) declares its fields in its own order and takes
these from here, giving only what differs between the games (the move limit, Diamond Game's old
spellings of ``king_chain_after_line``). Each call makes a new dataclass field, so every class gets
its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import OptionError
from ...core.names import Names
from ...core.options import Options, option
from .layout import StarRules

GOAL_BLOCK_RULES = ("full_with_king", "full_with_one", "swap", "no_camping")
LINE_CHAIN_RULES = ("single", "any", "none")
"""Values of ``king_chain_after_line``: what may follow a king's jump over a line of 2+ pieces."""
LEGACY_LINE_CHAIN = {"true": "any", "false": "none"}
"""The yes/no values ``king_chain_after_line`` had before it had three (Diamond Game's records)."""

PLAYERS = Names("人数", "Players")
KING = Names("王駒", "King")
LONG_JUMP = Names("長い飛び越し", "Long jump")
MAX_PLIES = Names("最大手数", "Move limit")
END_REASONS = {
    "home": Names("駒を全部ゴールの陣地に入れた順に、順位が決まりました。",
                  "Every place was decided by who brought all their pieces home first."),
    "limit": Names("最大手数に達したので終わりました。上がっていない人は同じ順位です。",
                   "The move limit was reached: everyone not yet home shares the next place."),
    "camping": Names("自分の陣地に居座った人が負けになり、順位が決まりました。",
                     "A player who stayed camped in their start lost, and the places were decided."),
}
"""How a game on the star ends, by :attr:`~.game.StarState.reason` (the result's line)."""
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
"""The words of the options every star game has, shown by the lobby beside each option."""


@dataclass(frozen=True)
class StarOptions(Options):
    """The options of a game on the star: the base of each such game's options class, which says
    what the engine plays under them."""

    def star_rules(self) -> StarRules:
        """The rules the star engine plays under these options."""
        raise NotImplementedError


def goal_block_rule(rule: str | None, king: bool) -> str:
    """The ``goal_block`` rule in force: ``full_with_king`` with kings and ``full_with_one``
    without unless one is named; ``full_with_king`` needs kings."""
    if rule is None:
        rule = "full_with_king" if king else "full_with_one"
    if rule == "full_with_king" and not king:
        raise OptionError("option goal_block=full_with_king needs king=true")
    return rule


def king_chain_after_line_option(*, legacy: bool = False) -> Any:
    """``king_chain_after_line`` (default ``single``); with ``legacy`` it also reads the yes/no
    values of :data:`LEGACY_LINE_CHAIN`."""
    en = ("After a king's line jump over 2+ pieces: single = only one-piece jumps may follow, "
          "any = any jumps, none = the move ends")
    ja = ("王駒がまとめて飛んだあと: single＝続けて飛べるのは駒1個の飛び越しだけ、any＝何でも、"
          "none＝そこで終わり")
    if legacy:
        en += " (true = any, false = none)"
        ja += "（true＝any、false＝none）"
    return option("single", choices=LINE_CHAIN_RULES, aliases=LEGACY_LINE_CHAIN if legacy else None,
                  en=en, ja=ja, label=LINE_CHAIN, values=LINE_CHAIN_VALUES)


def long_jump_option() -> Any:
    """``long_jump`` (default off)."""
    return option(
        False,
        en="Long jumps over a distant single piece (Super Chinese Checkers)",
        ja="長い飛び越し（スーパーチャイニーズチェッカー）",
        label=LONG_JUMP,
    )


def goal_block_option() -> Any:
    """``goal_block`` (default from ``king``, see :func:`goal_block_rule`)."""
    return option(
        None,
        choices=GOAL_BLOCK_RULES,
        en="Rule for a blocked goal (default full_with_king with kings, else full_with_one)",
        ja="ゴールをふさがれた時の決まり（既定: 王駒ありは full_with_king、なしは full_with_one）",
        label=GOAL_BLOCK, values=GOAL_BLOCK_VALUES,
    )


def max_plies_option(default: int) -> Any:
    """``max_plies``, the move limit, with the game's own default."""
    return option(
        default, lo=1, hi=100_000, en="Game ends (draw among the unfinished) after this many plies",
        ja="この手数で終局（未上がりの人は同順位）",
        label=MAX_PLIES,
    )
