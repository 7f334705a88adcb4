"""Rule options of Dice Out; names and values are contracts (docs/rules/diceout.md, "Options")."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.errors import OptionError
from ...core.names import Names
from ...core.options import Options, option
from .board import GAME_ROWS


@dataclasses.dataclass(frozen=True)
class DiceOutOptions(Options):
    """``rows``, ``setup``, ``red``/``white``/``first`` (fixed set-up), ``placement``, ``declare``,
    draws (docs/rules/diceout.md, "Options").

    Games saved before ``placement`` existed lined the rolled values up in the order rolled, so
    saved data lacking it means ``rolled``; a new game places by choice.
    """

    game_id: ClassVar[str] = "diceout"
    legacy_defaults: ClassVar[Mapping[str, Any]] = {"placement": "rolled"}

    rows: int = option(
        5, lo=GAME_ROWS[0], hi=GAME_ROWS[-1],
        en="Number of ranks (rows) of the board.", ja="盤の横列（段）の数",
        label=Names("盤の段数", "Board rows"),
    )
    setup: str = option(
        "roll",
        choices=("roll", "fixed"),
        en="roll: dice decide values and the first player; fixed: use red/white/first.",
        ja="roll: ダイスを振って目と先攻を決める / fixed: red・white・first の値を使う",
        label=Names("最初の並べ方", "Set-up"),
        values={"roll": Names("ダイスを振る", "Roll"), "fixed": Names("決まった目", "Fixed values")},
    )
    red: tuple[int, ...] = option(
        (1, 2, 3), lo=1, hi=3,
        en="setup=fixed: red's values on b1, c1, d1.",
        ja="setup=fixed のときの赤の目（b1, c1, d1）",
        label=Names("赤の目（固定）", "Red values (fixed)"),
    )
    white: tuple[int, ...] = option(
        (2, 3, 1), lo=1, hi=3,
        en="setup=fixed: white's values on b, c, d of the last rank.",
        ja="setup=fixed のときの白の目（最終段の b, c, d）",
        label=Names("白の目（固定）", "White values (fixed)"),
    )
    first: str = option(
        "roll",
        choices=("roll", "red", "white"),
        en="Who moves first; roll: the set-up roll decides (fixed values: their tie-break).",
        ja="先攻。roll: 振った目で決める（fixed では目の比較、同点なら赤）",
        label=Names("先攻", "First player"), values={"roll": Names("ダイスで決める", "Roll decides")},
    )
    placement: str = option(
        "choose",
        choices=("choose", "rolled"),
        en="setup=roll: choose (default): the starter, then the other player, decides the order of "
           "their rolled values on b, c, d; rolled: the values stand in the order rolled.",
        ja="setup=roll のとき: choose（既定）: 先攻、次に後攻が出た目の並べ方（b, c, d）を選ぶ / "
           "rolled: 振った順のまま並べる",
        label=Names("振った目の並べ方", "Order of the rolled dice"),
        values={"choose": Names("自分で並べる", "Players arrange them"),
                "rolled": Names("振った順のまま", "As rolled")},
    )
    declare: str = option(
        "auto",
        choices=("auto", "manual"),
        en="A Dice Out is the moment all three of a player's dice show the same value on top: "
        "whoever sees it wins. auto (default): it is declared at once; manual: a player must "
        "press Dice Out! to win by it.",
        ja="ダイスアウトとは、相手のダイス3個が全部上に出て同じ目になった瞬間のことで、見つけた人の勝ちです。"
        "auto（既定）: すぐ自動で宣言 / manual: 自分で「ダイスアウト！」を押して宣言する",
        label=Names("ダイスアウトの宣言", "Dice Out declaration"),
        values={"auto": Names("自動", "Automatic"), "manual": Names("自分で宣言", "Declare yourself")},
    )
    repetition: int = option(
        3, lo=2, hi=100,
        en="Draw on this occurrence of the same position with the same side to move.",
        ja="同一局面（同じ手番）がこの回数現れたら引き分け",
        label=Names("同一局面の引き分け回数", "Draw by repetition"),
    )
    max_plies: int = option(
        300, lo=1, hi=100_000,
        en="Draw when this many turns have been played.",
        ja="この手数に達したら引き分け",
        label=Names("最大手数", "Move limit"),
    )

    def normalize(self) -> None:
        for name in ("red", "white"):
            values = getattr(self, name)
            if len(values) != 3:
                raise OptionError(f"option {name} needs 3 values (files b, c, d), not {len(values)}")
            if len(set(values)) == 1:
                shown = ",".join(map(str, values))
                raise OptionError(f"option {name}: {shown} all match (such a roll is re-rolled)")
