"""What ``asobiba study diceout`` compares and works out exactly (the descriptor's ``study``;
docs/study/diceout.md).

Exact: the first player's chances under perfect play, from the solved table of the board when one
has been built (``asobiba solve diceout --rows N``), for the set-up roll rule (``setup=roll``,
``declare=auto``): values in the order rolled (``placement=rolled``) or arranged by both players
(``placement=choose``) — the scenarios of the opening study (:mod:`.solver.placing`). The tables
count a position that best play never resolves as a draw (no ply limit).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.game import Game

STUDY_OPTIONS = ("declare", "placement", "rows", "setup")
"""The rule options worth comparing."""

SCENARIO = {"rolled": "rolled", "choose": "both_choose"}
"""The opening study's scenario for each value of option ``placement``."""


def first_player_chances(game: Game, directory: Path | None = None) -> dict[str, str] | None:
    """``{"win", "draw", "loss"}`` of the first player as exact fractions ``"p/q"``, or None when
    the options leave the solved set-up or the board's table is not built (under ``directory``,
    default the tables folder)."""
    options: Any = game.options
    if options.setup != "roll" or options.declare != "auto" or options.first != "roll":
        return None
    from .setup import ROLLS
    from .solver.placing import chances
    from .solver.study import opening_value
    from .solver.table import find_table

    table = find_table(options.rows, directory)
    if table is None:
        return None
    openings = {(a, b): opening_value(table, a, b) for a in ROLLS for b in ROLLS}
    return {k: str(v) for k, v in chances(openings, SCENARIO[options.placement]).items()}
