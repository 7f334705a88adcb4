"""What building a solution table takes, in words, per board size (docs/solver.md, the
measurements): said before ``asobiba solve diceout`` starts, in the error that asks for a missing
table, and on the web table's build button."""

from __future__ import annotations

from ....core.names import Names

COSTS = {
    2: Names("メモリ約0.3 GB、1〜2分で終わります（試験用の盤）。",
             "About 0.3 GB of memory; takes a minute or two (a test board)."),
    3: Names("メモリ約0.5 GB、数分かかります（試験用の盤）。",
             "About 0.5 GB of memory; takes a few minutes (a test board)."),
    4: Names("ディスク約1.2 GB、数分かかります。", "About 1.2 GB of disk; takes a few minutes."),
    5: Names("ディスク約4.6 GB・メモリ約6 GB、2コアで30分以上かかります。",
             "About 4.6 GB of disk and 6 GB of memory; 30 minutes or more on 2 cores."),
    6: Names("ディスク約13.8 GB・メモリ約17.5 GB、2コアで1時間半以上かかります。",
             "About 13.8 GB of disk and 17.5 GB of memory; an hour and a half or more on 2 cores."),
}
"""Measured on two cores (docs/solver.md, "Measurements")."""

SHARDED_COSTS = {
    4: Names("ディスク約1.5 GB、自分のメモリはわずか（表はディスクから読みます）、CPU 約5分。",
             "About 1.5 GB of disk and little memory of its own (the tables are read from disk); "
             "about 5 CPU minutes."),
    5: Names("ディスク約5.8 GB、自分のメモリはわずか（表はディスクから読みます）、CPU 約25分。",
             "About 5.8 GB of disk and little memory of its own (the tables are read from disk); "
             "about 25 CPU minutes."),
    6: Names("ディスク約17.7 GB、自分のメモリはわずか（表はディスクから読みます）、CPU 約80分"
             "（静かな2コアで40分以上）。",
             "About 17.7 GB of disk and little memory of its own (the tables are read from disk); "
             "about 80 CPU minutes (40 minutes or more on 2 quiet cores)."),
}
"""Measured in shards on two cores (docs/solver.md, "Sharded runs and the cost of larger boards")."""

LARGER_COST = Names(
    "大きな盤ほどディスクと時間が必要です。このマシンで作れない大きさなら、理由を表示します。",
    "Larger boards need more disk and time; if this machine cannot hold the table, you will be told why.",
)


def build_cost(rows: int, sharded: bool = False) -> Names:
    """What building the 5 × ``rows`` table takes: in one process, or in shards on disk."""
    if sharded and rows in SHARDED_COSTS:
        return SHARDED_COSTS[rows]
    return COSTS.get(rows, LARGER_COST)
