"""Rule options of Dice Out; names and values are contracts (docs/rules/diceout.md, "Options")."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.errors import OptionError
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
    )
    setup: str = option(
        "roll",
        choices=("roll", "fixed"),
        en="roll: dice decide values and the first player; fixed: use red/white/first.",
        ja="roll: ダイスを振って目と先攻を決める / fixed: red・white・first の値を使う",
    )
    red: tuple[int, ...] = option(
        (1, 2, 3), lo=1, hi=3,
        en="setup=fixed: red's values on b1, c1, d1.",
        ja="setup=fixed のときの赤の目（b1, c1, d1）",
    )
    white: tuple[int, ...] = option(
        (2, 3, 1), lo=1, hi=3,
        en="setup=fixed: white's values on b, c, d of the last rank.",
        ja="setup=fixed のときの白の目（最終段の b, c, d）",
    )
    first: str = option(
        "roll",
        choices=("roll", "red", "white"),
        en="Who moves first; roll: the set-up roll decides (fixed values: their tie-break).",
        ja="先攻。roll: 振った目で決める（fixed では目の比較、同点なら赤）",
    )
    placement: str = option(
        "choose",
        choices=("choose", "rolled"),
        en="setup=roll: choose (default): the starter, then the other player, decides the order of "
           "their rolled values on b, c, d; rolled: the values stand in the order rolled.",
        ja="setup=roll のとき: choose（既定）: 先攻、次に後攻が出た目の並べ方（b, c, d）を選ぶ / "
           "rolled: 振った順のまま並べる",
    )
    declare: str = option(
        "auto",
        choices=("auto", "manual"),
        en="auto (default): Dice Out is declared at once; manual: a player must declare it.",
        ja="auto（既定）: ダイスアウトは自動で宣言 / manual: プレイヤーが宣言する",
    )
    repetition: int = option(
        3, lo=2, hi=100,
        en="Draw on this occurrence of the same position with the same side to move.",
        ja="同一局面（同じ手番）がこの回数現れたら引き分け",
    )
    max_plies: int = option(
        300, lo=1, hi=100_000,
        en="Draw when this many turns have been played.",
        ja="この手数に達したら引き分け",
    )

    def normalize(self) -> None:
        for name in ("red", "white"):
            values = getattr(self, name)
            if len(values) != 3:
                raise OptionError(f"option {name} needs 3 values (files b, c, d), not {len(values)}")
            if len(set(values)) == 1:
                shown = ",".join(map(str, values))
                raise OptionError(f"option {name}: {shown} all match (such a roll is re-rolled)")
