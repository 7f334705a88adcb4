"""Dice Out evaluation for the computer players (docs/rules/diceout.md).

The value of a position for each colour comes from what decides the game:

* **EXIT threats** — an uncovered die one step from one of its target corners that may legally
  step onto it next move (the corner is empty or its top die is lower than the die's new value).
  The side to move with such a threat wins at once; the other side's threats must be parried,
  and two of them rarely can be.
* **Race** — how many steps the nearest uncovered die still needs to reach a target (king
  distance), and how far the three dice are on average.
* **Stack control** — covered dice cannot move; covering an opponent's die freezes it.
* **Dice Out danger** — three dice showing the same value with one of them covered by the
  opponent: the opponent uncovers it and wins (rule 2). Three equal values on top are already a
  finished game, so only this "loaded" form is judged.

``evaluate`` returns ``[red, white]`` in [-0.9, 0.9] (``0.9 tanh`` of a weighted sum, the same
number with opposite signs; ±0.9 when the side to move can reach a target at once). While the rolled
dice are placed, a position is worth the placer's best arrangement: the opening it leads to, or,
for the starter, the other player's best reply to it.
``LEVEL_SPECS`` maps the five levels; ``exact_solver`` gives the retrograde table when one is
built, for the strongest level and hints.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from .board import COLOUR_NAMES, COLOURS
from .setup import decode_place
from .slots import arrangement_of, move_tables
from .state import PLACE, TURN, DiceOutState

W_BEST = 1.0
W_MEAN = 0.3
W_MOBILE = 0.5
W_THREAT = 1.5
W_DANGER = 2.5
SCALE = 4.0


@functools.cache
def _tables(rows: int) -> tuple[Any, tuple[tuple[int, ...], tuple[int, ...]], tuple]:
    """Move tables, king distance of every cell to each colour's nearest target, and for each
    slot the (direction, blocking bits) of steps that land on one of each colour's targets."""
    tables = move_tables(rows)
    bd = tables.board
    dist = []
    for player in (0, 1):
        targets = bd.targets[player]
        dist.append(
            tuple(
                min(bd.king_distance(c, t) for t in targets)
                for c in range(bd.num_cells)
            )
        )
    exits = []
    for player in (0, 1):
        targets = bd.targets[player]
        per_slot = []
        for s in range(bd.num_cells * 3):
            steps = []
            for block, action in tables.moves[s]:
                if tables.dest[s * 8 + (action & 7)] // 3 in targets:
                    steps.append(block)
            per_slot.append(tuple(steps))
        exits.append(tuple(per_slot))
    return tables, (dist[0], dist[1]), (exits[0], exits[1])


def _side(state: DiceOutState, player: int, tables: Any, dist: tuple[int, ...], exits: tuple) -> tuple:
    """(best distance, mean distance, uncovered dice, exit threats, Dice Out danger)."""
    bits = state.bits
    cover = tables.cover
    best = 99
    total = 0
    mobile = 0
    threats = 0
    covered_by_other = False
    values = set()
    other = state.dice[1 - player]
    for s in state.dice[player]:
        d = dist[s // 3]
        total += d
        values.add(s % 3)
        above = bits & cover[s]
        if above:
            total += 1
            if any(above >> o & 1 for o in other):
                covered_by_other = True
            continue
        mobile += 1
        if d < best:
            best = d
        for block in exits[s]:
            if not bits & block:
                threats += 1
    danger = 1 if len(values) == 1 and covered_by_other else 0
    return best if best < 99 else 6, total / 3, mobile, threats, danger


def evaluate(state: DiceOutState) -> list[float]:
    """``[red, white]`` estimated values in (-1, 1) (see the module docstring)."""
    if state.phase == PLACE:
        return _placing_value(state)
    if state.phase != TURN:  # set-up roll or a declaration window: nothing to judge yet
        return [0.0, 0.0]
    tables, dist, exits = _tables(state.game.options.rows)
    red = _side(state, 0, tables, dist[0], exits[0])
    white = _side(state, 1, tables, dist[1], exits[1])
    mover = state.to_move
    if (red, white)[mover][3]:
        return [0.9, -0.9] if mover == 0 else [-0.9, 0.9]
    score = 0.0
    for sign, (best, mean, mobile, threats, danger) in ((1.0, red), (-1.0, white)):
        score += sign * (
            -W_BEST * best - W_MEAN * mean + W_MOBILE * mobile
            + W_THREAT * min(threats, 2) - W_DANGER * danger
        )
    value = 0.9 * math.tanh(score / SCALE)
    return [value, -value]


def _placing_value(state: DiceOutState) -> list[float]:
    """The values after the placer's best arrangement (at most 6 × 6 openings are judged)."""
    placer = state.to_move
    return max((evaluate(state.apply(a)) for a in state.legal_actions()), key=lambda v: v[placer])


PYTHON_STRONGEST: dict[str, Any] = {"agent": "alphabeta", "max_nodes": 100_000, "time_limit": 4.5}
"""最強 before its turns were searched in compiled code: the readable alpha-beta, about 40 000 nodes
per second on one core (the arena baseline ``strongest-python``; it still places the rolled dice)."""

LEVEL_SPECS: dict[str, dict[str, Any]] = {
    "intro": {"agent": "greedy", "spread": 2.0, "miss": 0.3},
    "weak": {"agent": "greedy", "spread": 0.5},
    "normal": {"agent": "alphabeta", "max_nodes": 3_000, "time_limit": 0.45},
    "strong": {"agent": "alphabeta", "max_nodes": 10_000, "time_limit": 1.8},
    "strongest": {"agent": "kernel", "max_nodes": 2_000_000, "time_limit": 4.5,
                  "python_nodes": PYTHON_STRONGEST["max_nodes"], "exact": True},
}
"""Budgets measured on the bench positions: the readable search reads about 40 000 nodes per second
on one core. 最強 searches its turns in compiled code (the agent kind ``kernel``, docs/ai.md,
"Level tables") with a budget that takes about the think time of the readable search's 100 000
nodes, and places the rolled dice with the readable search."""

BASELINES: dict[str, dict[str, Any]] = {"strongest-python": PYTHON_STRONGEST}

_found_tables: dict[int, Any] = {}


class _SolvedView:
    """The retrograde table as the agents see it: answers only where it is exact.

    The table knows positions at the start of a turn, and the placing of the rolled dice, under
    automatic declaration; it ignores the repetition and move-count draws, which only matter in
    lines the table already scores as draws.
    """

    def __init__(self, table: Any) -> None:
        self.table = table

    def _usable(self, state: DiceOutState) -> bool:
        return state.phase in (TURN, PLACE) and state.winner < 0 and not state.rules.manual

    def verdict(self, state: DiceOutState) -> tuple[str, int] | None:
        return self.table.verdict(state) if self._usable(state) else None

    def best_action(self, state: DiceOutState) -> int | None:
        return self.table.best_action(state) if self._usable(state) else None


def exact_solver(game: Any) -> _SolvedView | None:
    """The solved table for this board size when one has been built (else None)."""
    rows = game.options.rows
    if rows not in _found_tables:
        try:
            from .solver.table import find_table
        except ImportError:
            return None
        table = find_table(rows)
        if table is None:
            return None
        _found_tables[rows] = _SolvedView(table)
    return _found_tables[rows]


def explain(state: DiceOutState, action: int) -> tuple[str, str] | None:
    """One sentence on what the move does: wins, stops a threat, makes one, covers, or races; for a
    placing, where the values go and why the arrangement is chosen."""
    if state.phase == PLACE:
        return _explain_placing(state, action)
    child = state.apply(action)
    mover = state.to_move
    notation = state.action_to_notation(action)
    if child.is_terminal and child.winner == mover:
        if child.reason == "exit":
            return (f"{notation} でEXITに到達して勝ちです。", f"{notation} reaches an EXIT and wins.")
        return (f"{notation} で相手のダイスアウトが成立して勝ちです。",
                f"{notation} makes the opponent's dice show Dice Out and wins.")
    if child.phase != TURN:
        return None
    tables, dist, exits = _tables(state.game.options.rows)
    other = 1 - mover
    threats_before = _side(state, other, tables, dist[other], exits[other])[3]
    threats_after = _side(child, other, tables, dist[other], exits[other])[3]
    mine_before = _side(state, mover, tables, dist[mover], exits[mover])[3]
    mine_after = _side(child, mover, tables, dist[mover], exits[mover])[3]
    if threats_before and not threats_after:
        return (f"{notation} で相手のEXITへの狙いを止めます。",
                f"{notation} stops the opponent's threat to reach an EXIT.")
    if mine_after > mine_before:
        return (f"{notation} で次にEXITへ進む狙いを作ります。",
                f"{notation} sets up a threat to reach an EXIT next move.")
    frm = action >> 3
    to = tables.board.neighbours[frm][action & 7]
    if any(s // 3 == to for s in state.dice[other]):
        return (f"{notation} で相手のダイスの上に乗り、動けなくします。",
                f"{notation} lands on an opponent's die and pins it.")
    if dist[mover][to] < dist[mover][frm]:
        return (f"{notation} でダイスを相手側のEXITに近づけます。",
                f"{notation} brings a die closer to a target EXIT.")
    return (f"{notation} は狙いの形を整える手です（読みで最善）。",
            f"{notation} improves the set-up; the search rates it best.")


def _explain_placing(state: DiceOutState, action: int) -> tuple[str, str]:
    """Where each value goes, in words (never the placing's notation), and what the arrangement
    answers: the first placer cannot see the other's arrangement yet, the second one can."""
    placer, other = state.to_move, 1 - state.to_move
    bd = state.board
    cells = [bd.names[c] for c in bd.home[placer]]
    values = decode_place(action)
    where_ja = "、".join(f"{c}に{v}" for c, v in zip(cells, values, strict=True))
    where_en = ", ".join(f"{v} on {c}" for c, v in zip(cells, values, strict=True))
    other_name = COLOUR_NAMES[COLOURS[other]]
    other_ja, other_en = other_name.ja, other_name.en
    if state.dice[other]:
        shown = arrangement_of(state.dice[other])
        shown_ja, shown_en = "・".join(map(str, shown)), ", ".join(map(str, shown))
        return (f"{where_ja}と並べます。{other_ja}の並び {shown_ja} に対して、読みでいちばん良い"
                "始まりの形になる並べ方です。",
                f"Put {where_en}: against {other_en}'s {shown_en}, it gives you the best "
                "opening position the search finds.")
    return (f"{where_ja}と並べます。{other_ja}はこれを見てから並べるので、{other_ja}のいちばん"
            "良い並べ方に対しても形勢が最も良くなる並べ方を選びます。",
            f"Put {where_en}. {other_en} places after seeing it, so this is the "
            f"arrangement that leaves you best off against {other_en}'s best reply.")
