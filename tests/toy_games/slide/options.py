"""Rule options of Toy Slide: one of each kind the core knows (a bounded integer, a choice of
numbers, a choice of words, a switch)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from asobiba.core import Options, option
from asobiba.core.names import Names


@dataclasses.dataclass(frozen=True)
class SlideOptions(Options):
    game_id: ClassVar[str] = "toyslide"

    cells: int = option(
        7, lo=3, hi=12, en="Cells of the track, the goal included.", ja="マスの数（ゴールを含む）",
        label=Names("マスの数", "Cells"),
    )
    max_step: int = option(
        2, choices=(1, 2, 3), en="Most cells a move slides.", ja="一手ですべる最大のマス数",
        label=Names("1手ですべるマス数", "Slide up to"),
        values={1: Names("1マス", "1 cell"), 2: Names("2マスまで", "up to 2 cells"),
                3: Names("3マスまで", "up to 3 cells")},
    )
    start: str = option(
        "roll",
        choices=("roll", "far"),
        en="roll: a die puts the stone on any cell but the goal; far: on the last cell.",
        ja="roll: サイコロでゴール以外のマスに石を置く / far: いちばん奥のマスに置く",
    )
    misere: bool = option(False, en="Whoever slides onto the goal loses.", ja="ゴールに入れた人の負け")
