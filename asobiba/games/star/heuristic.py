"""The evaluation of the games on the star for the computer players (rules: docs/rules/diamond.md;
Chinese Checkers, docs/rules/chinese_checkers.md, is valued the same way).

The game is a race: whoever brings every piece into the goal camp, king on the apex ◎, first
wins. For each seat the evaluation measures the *remaining work* ``R`` (lower is better):

* **Distance to goal** — for each man, the rows still to cross along the colour's axis (the goal
  apex's row, 8 on the standard board, less the man's); for the king, its hex distance to the
  goal apex. The total minus its value with every piece home ("floor") is the race distance.
* **King to apex** — a man standing on the goal apex blocks the finish, so it counts extra;
  the king's distance weighs more once the men are nearly home.
* **Stragglers** — pieces trailing more than five rows behind the seat's average count extra:
  left alone they lose their jumping partners and need many single steps.
* **Jump ladders** — men with a forward jump available next turn (an adjacent piece ahead and an
  open landing cell behind it) lower ``R`` a little: they are the rungs of long chains.

The side to move gets a small tempo credit. With two seats the value is
``0.9 tanh((R_other - R_me) / 40)`` (never saturated, so a big lead still prefers progress); with
three, a seat that finished holds the value of its rank and the others share the remaining places
by their ``R`` against the average of the other unfinished seats.

``EVALUATORS["distance"]`` is the bare distance (no king, straggler or ladder terms), used by the
``distance-greedy`` arena baseline. ``move_priors`` scores a move by the rows it gains, for move
ordering.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

from .geometry import CELLS, DIRECTIONS, GRID, STAR_COLOURS, W, advance, cells_of, grid_of
from .movegen import PASS, decode

if TYPE_CHECKING:
    from .game import StarState

W_APEX_BLOCK = 4.0
W_KING_LATE = 1.0
W_STRAGGLER = 0.5
STRAGGLER_SLACK = 5.0
W_LADDER = 0.4
TEMPO = 1.5
SCALE = 40.0
SQUASH = 0.9


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@functools.cache
def _colour_tables(colour: str, goal_area: int, king: bool) -> tuple:
    """Per colour: man cost by grid bit, king cost by grid bit, man/king cost by cell index,
    the floor (cost with every piece home), forward shifts and the apex bit. The goal apex is
    the goal cell furthest along the colour's way (its row, ``2n``, depends on the board)."""
    start = STAR_COLOURS[colour]
    apex = max(cells_of(goal_area), key=lambda cell: advance(start, cell))
    top = advance(start, apex)
    apex_g = grid_of(*apex)
    size = max(GRID) + 1
    man = [0.0] * size
    kng = [0.0] * size
    man_idx = []
    king_idx = []
    for cell, g in zip(CELLS, GRID, strict=True):
        man[g] = top - advance(start, cell)
        kng[g] = _hex_distance(cell, apex)
        man_idx.append(man[g])
        king_idx.append(kng[g])
    floor = sum(man[g] for g in GRID if goal_area >> g & 1)  # the apex costs 0 anyway
    forward = [dq * W + dr for dq, dr in DIRECTIONS if advance(start, (dq, dr)) == 1]
    return man, kng, man_idx, king_idx, floor, tuple(forward), 1 << apex_g


def _tables(state: StarState, seat: int) -> tuple:
    rules = state.game.rules
    return _colour_tables(rules.colours[seat], state.game.seats[seat].goal_area, rules.king)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def remaining_work(state: StarState, seat: int) -> float:
    """``R`` of one seat: race distance plus king, straggler and ladder terms (lower is better)."""
    man, kng, _, _, floor, forward, apex_bit = _tables(state, seat)
    men = state.men[seat]
    king = state.kings[seat]
    costs = [man[g] for g in _bits(men)]
    total = sum(costs)
    king_cost = kng[king.bit_length() - 1] if king else 0.0
    distance = total + king_cost - floor
    extra = 0.0
    if king:
        if men & apex_bit:
            extra += W_APEX_BLOCK
        if distance < 12:
            extra += W_KING_LATE * king_cost
    if costs:
        mean = (total + king_cost) / (len(costs) + (1 if king else 0))
        extra += W_STRAGGLER * sum(c - mean - STRAGGLER_SLACK for c in costs
                                   if c > mean + STRAGGLER_SLACK)
    occ = state.occ
    free = state.game.seats[seat].allowed & ~occ
    ladders = 0
    for sh in forward:
        if sh > 0:
            ladders += (men & (occ >> sh) & (free >> (2 * sh))).bit_count()
        else:
            ladders += (men & (occ << -sh) & (free << (-2 * sh))).bit_count()
    return distance + extra - W_LADDER * min(ladders, 6)


def _share(state: StarState, work: list[float]) -> list[float]:
    """Turn each seat's ``R`` into a value: finished seats by rank, the rest by comparison (the
    work of a finished seat is not read)."""
    n = len(work)
    ranks = state.rank_of
    done = sum(1 for r in ranks if r)
    places = [1 - 2 * (k - 1) / (n - 1) for k in range(done + 1, n + 1)]
    mid = sum(places) / len(places) if places else 0.0
    spread = (max(places) - min(places)) / 2 if len(places) > 1 else 0.0
    out = []
    open_seats = [s for s in range(n) if not ranks[s]]
    for s in range(n):
        if ranks[s]:
            out.append(1 - 2 * (ranks[s] - 1) / (n - 1))
            continue
        others = [work[o] for o in open_seats if o != s]
        if not others:
            out.append(mid)
            continue
        gap = sum(others) / len(others) - work[s]
        out.append(mid + spread * SQUASH * math.tanh(gap / SCALE))
    return out


def evaluate(state: StarState) -> list[float]:
    """Value of every seat in [-1, 1] (see the module docstring)."""
    n = state.game.num_players
    if n == 1:  # a colour alone (the crossing puzzle): only its own work left counts
        return [-SQUASH * math.tanh(remaining_work(state, 0) / SCALE)]
    work = [0.0] * n
    for s in range(n):
        if not state.rank_of[s]:
            work[s] = remaining_work(state, s) - (TEMPO if s == state.to_move else 0.0)
    return _share(state, work)


def race_distance(state: StarState, seat: int) -> float:
    """The bare race distance of ``seat``: the rows its men still have to cross and its king's
    rows, less their value with every piece home (0 once home)."""
    man, _, _, _, floor, _, _ = _tables(state, seat)
    men, king = state.men[seat], state.kings[seat]
    return sum(man[g] for g in _bits(men)) + (man[king.bit_length() - 1] if king else 0) - floor


def evaluate_distance(state: StarState) -> list[float]:
    """Bare race distance of every seat, as a value: ``-distance / 200`` (finished seats 1)."""
    return [1.0 if state.rank_of[s] == 1 else -race_distance(state, s) / 200
            for s in range(state.game.num_players)]


EVALUATORS = {"distance": evaluate_distance}


def move_priors(state: StarState, actions: list[int]) -> list[float]:
    """Rows gained by each move (king moves by distance to the apex); passes score 0."""
    seat = state.to_move
    _, _, man_idx, king_idx, _, _, _ = _tables(state, seat)
    king = state.kings[seat]
    king_cell = GRID.index(king.bit_length() - 1) if king else -1
    out = []
    for a in actions:
        if a == PASS:
            out.append(0.0)
            continue
        f, t = decode(a)
        table = king_idx if f == king_cell else man_idx
        out.append(table[f] - table[t])
    return out


def explain(state: StarState, action: int) -> tuple[str, str] | None:
    """One sentence on what the move does for the race; when the way left to the goal grows, why
    the move is played all the same."""
    if action == PASS:
        return ("動かせる駒がないのでパスです。", "No piece can move, so this is a pass.")
    seat = state.to_move
    before = remaining_work(state, seat)
    after = remaining_work(state.apply(action), seat)
    [gain] = move_priors(state, [action])
    f, t = decode(action)
    jump = _hex_distance(CELLS[f], CELLS[t]) > 1
    how_ja = "跳んで" if jump else "一歩で"
    how_en = "jumping" if jump else "stepping"
    notation = state.action_to_notation(action)
    if after > before:  # the figure rises: say why the move is still the one to play
        if gain > 0:
            return (
                f"{notation} は{how_ja}{gain:.0f}段進みますが、取り残される駒や王の分が増えるので、"
                f"ゴールまでの道のりの目安は{before:.0f}から{after:.0f}に増えます。"
                "それでも読みではこの手がいちばん良い手です。",
                f"{notation} gains {gain:.0f} row{'' if round(gain) == 1 else 's'} by {how_en}, yet the way "
                f"left to the goal rises from {before:.0f} to {after:.0f}, because it leaves a piece or the "
                f"king further behind; the search still rates it best.",
            )
        return (
            f"{notation} は駒を一度下げるので、ゴールまでの道のりの目安は{before:.0f}から"
            f"{after:.0f}に増えますが、次の跳び越しの足場を作る手で、読みではいちばん良い手です。",
            f"{notation} steps a piece back, so the way left to the goal rises from {before:.0f} to "
            f"{after:.0f}, but it builds a ladder for the next jumps; the search rates it best.",
        )
    if gain > 0:
        return (
            f"{notation} は{how_ja}{gain:.0f}段進みます。ゴールまでの道のり（全部の駒があと進む段数に、"
            f"取り残された駒や王の分を足した目安）が{before:.0f}から{after:.0f}に縮みます。",
            f"{notation} gains {gain:.0f} row{'' if round(gain) == 1 else 's'} by {how_en}: the way "
            f"left to the goal (the rows all your pieces still have to climb, plus a little for "
            f"stragglers and the king) shrinks from {before:.0f} to {after:.0f}.",
        )
    return (
        f"{notation} は駒を並べ直して次の跳び越しに備えます（ゴールまでの道のりの目安："
        f"{before:.0f}→{after:.0f}）。",
        f"{notation} rearranges a piece to prepare the next jumps (the way left to the goal: "
        f"{before:.0f} → {after:.0f}).",
    )


PYTHON_SPECS: dict[str, dict[str, Any]] = {
    "strong-python": {"agent": "alphabeta", "max_nodes": 5_000, "priors": True, "beam": 8,
                      "time_limit": 1.8},
    "strongest-python": {"agent": "alphabeta", "max_nodes": 15_000, "priors": True, "beam": 8,
                         "time_limit": 4.5},
}
"""The two strongest levels as they were before they searched on the compiled engine: the readable
alpha-beta, about 5 000–10 000 nodes per second on one core (arena baselines)."""


KERNEL_SPECS: dict[str, dict[str, Any]] = {
    "strong": {"agent": "kernel", "max_nodes": 60_000, "beam": 8, "time_limit": 1.8},
    "strongest": {"agent": "kernel", "max_nodes": 600_000, "beam": 8, "time_limit": 4.5},
}
"""つよい reads a tenth of 最強's nodes: at 200 000 against 600 000 both usually finished the same
depth but one (8 and 9 plies), and 最強 scored barely more than half of their games (docs/ai.md,
"Measured ladder")."""

EQUAL_TIMES = (0.25, 0.1)
"""Seconds per move of the equal-time arena baselines below."""

EQUAL_TIME_SPECS: dict[str, dict[str, Any]] = {
    name: spec
    for seconds in EQUAL_TIMES
    for name, spec in (
        (f"strongest-{seconds:g}s", {"agent": "kernel", "max_nodes": 1_000_000, "beam": 8,
                                     "time_limit": seconds}),
        (f"strongest-python-{seconds:g}s", {"agent": "alphabeta", "max_nodes": 1_000_000,
                                            "priors": True, "beam": 8, "time_limit": seconds}),
    )
}
"""最強's search on the compiled and on the readable engine, each stopped by the clock after one of
:data:`EQUAL_TIMES` seconds, with more nodes than either reaches in that time (arena baselines:
the two engines at equal think time; their moves depend on timing): ``strongest-0.25s``,
``strongest-python-0.25s``, ``strongest-0.1s``, ``strongest-python-0.1s``."""


def level_specs(game: Any) -> dict[str, dict[str, Any]]:
    """The five levels: human-like greedy, then alpha-beta (paranoid with three or more players)
    ordered by rows gained. ふつう searches the readable engine; the two strongest search the
    compiled one, which plays every game on the star under every option (the agent kind
    ``kernel``, docs/ai.md, "Level tables"), and prune to the 8 most promising moves below the root
    (``beam``). Node budgets keep each level well under its think-time cap on a loaded machine
    (the kernel searches about 400 000 nodes per second on one core)."""
    return {
        "intro": {"agent": "greedy", "spread": 3.0, "miss": 0.3},
        "weak": {"agent": "greedy", "spread": 0.7},
        "normal": {"agent": "alphabeta", "max_nodes": 1_500, "priors": True, "time_limit": 0.45},
        **KERNEL_SPECS,
    }


BASELINES = {"distance-greedy": {"agent": "greedy", "eval": "distance"}, **PYTHON_SPECS,
             **EQUAL_TIME_SPECS}
