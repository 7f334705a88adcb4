"""OpenSpiel's expectiminimax against the solved Dice Out table (docs/research.md, "OpenSpiel's
solvers against asobiba's").

Plays random games of ``asobiba_diceout`` through OpenSpiel (the adapter of
asobiba/adapters/openspiel.py), takes the positions at the start of a turn in the last decisions of
each game — and with ``--from-table K`` also entries drawn from the table itself, ``K`` of each
win and loss within the depth and ``K`` draws, which random games seldom reach — and compares on
every one of them the value OpenSpiel's own ``expectiminimax`` finds with the value the solved
table stores (asobiba/games/diceout/solver/table.py), exactly:

* the table says the mover wins (loses) in ``d`` plies, ``d`` within the depth allowed: the search
  to depth ``d`` returns +1 (-1), and the search to depth ``d - 1`` returns 0 (nothing forced that
  soon);
* the table says a draw, or a result further than the depth allowed: the search to that depth
  returns 0.

The search's leaves are worth 0 and the game is told no draw by repetition or move count within
reach, as the table ignores them; ``declare=auto``, as the table assumes. The table is found in
``--tables`` (default: where ``asobiba diceout solve`` puts it) or, with ``--build``, built there
first (the 5×4 table: about 1.2 GB of disk and some minutes).

    python bench/diceout_table_vs_openspiel.py --rows 4 --games 100 --depth 3 --from-table 20 \
        --tables DIR --build
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import chain
from pathlib import Path
from typing import Any

import numpy as np

PARAMETERS = {"repetition": 100, "max_plies": 100_000, "declare": "auto"}
"""No draw by repetition or move count within reach, declarations at once (the table's rules)."""
TURN = 0
"""The phase of a state at the start of a turn (asobiba/games/diceout/state.py)."""

Verdict = Callable[[Any], tuple[str, int]]
"""``(win|loss|draw, plies)`` for the mover of an asobiba state at the start of a turn."""


def load() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def positions(game: Any, games: int, near_end: int, seed: int) -> Iterator[Any]:
    """OpenSpiel states at the start of a turn among the last ``near_end`` decisions of ``games``
    random games (chance drawn with its probabilities)."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        state, line = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            line.append(state.clone())
            state.apply_action(int(rng.choice(state.legal_actions())))
        yield from (s for s in line[-near_end:] if s.inner.phase == TURN)


def table_positions(game: Any, table: Any, per_value: int, depth: int, seed: int) -> Iterator[Any]:
    """OpenSpiel states of entries drawn from the table itself, red to move at the start of a
    turn: up to ``per_value`` of each win and loss within ``depth`` plies (drawn at random) and of
    the draws (the first ones found), each checked to lie where it was drawn from."""
    from asobiba.adapters.openspiel import AsobibaState
    from asobiba.games.diceout.solver.positions import state_coordinates
    from asobiba.games.diceout.state import DiceOutState

    values, geo = table.values, table.board
    n = geo.n_sets
    rng = np.random.default_rng(seed)
    wanted = {code: per_value for code in range(1, 2 * depth + 1)}
    found: dict[int, list[int]] = {code: [] for code in wanted}
    for _ in range(200):  # batches of random entries, until every quota is met
        if all(len(found[c]) >= q for c, q in wanted.items()):
            break
        index = rng.integers(0, n * n, size=1 << 16)
        codes = values.reshape(-1)[index]
        for code in wanted:
            room = wanted[code] - len(found[code])
            if room > 0:
                found[code] += [int(i) for i in index[codes == code][:room]]
    draws: list[int] = []
    for start in range(0, n, 256):
        if len(draws) >= per_value:
            break
        rows = np.asarray(values[start:start + 256])
        draws += [start * n + int(i) for i in np.flatnonzero(rows == 0)[:per_value - len(draws)]]
    found[0] = draws
    asobiba = game.asobiba
    for code in sorted(found):
        for index in found[code]:
            row, col = divmod(index, n)
            dice = (tuple(int(s) for s in geo.sets[row]), tuple(int(s) for s in geo.sets[col]))
            inner = DiceOutState.make(asobiba, dice, 0)
            if inner.is_terminal or inner.phase != TURN:
                continue
            assert state_coordinates(geo, inner) == (row, col), (row, col)
            yield AsobibaState(game, inner)


def expected(result: str, plies: int, depth: int) -> list[tuple[int, float]]:
    """The ``(search depth, value)`` pairs the table's ``(result, plies)`` implies."""
    if result == "draw" or plies > depth:
        return [(depth, 0.0)]
    sign = 1.0 if result == "win" else -1.0
    return [(plies, sign), (plies - 1, 0.0)] if plies > 1 else [(plies, sign)]


def compare(states: Iterator[Any], verdict: Verdict, depth: int) -> dict[str, Any]:
    """Search every state as :func:`expected` says; return the counts by table value and the
    disagreements (each with the position's JSON)."""
    from open_spiel.python.algorithms.minimax import expectiminimax

    seen: Counter[str] = Counter()
    disagreements = []
    searches = 0
    for state in states:
        result, plies = verdict(state.inner)
        seen[f"{result} {plies}" if result != "draw" else "draw"] += 1
        mover = state.current_player()
        for at, value in expected(result, plies, depth):
            found, _ = expectiminimax(state, at, lambda s: 0.0, mover)
            searches += 1
            if found != value:
                disagreements.append({"position": state.inner.to_json(), "table": [result, plies],
                                      "depth": at, "expectiminimax": found})
    return {"positions": sum(seen.values()), "searches": searches, "by_table_value": dict(seen),
            "disagreements": disagreements}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="random games to sample from")
    parser.add_argument("--near-end", type=int, default=6,
                        help="decisions before the end sampled in each game")
    parser.add_argument("--depth", type=int, default=4, help="the deepest search (plies)")
    parser.add_argument("--from-table", type=int, default=0, metavar="K",
                        help="also K entries drawn from the table of each result within the "
                        "depth, and K draws")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=Path, default=None, help="tables folder")
    parser.add_argument("--build", action="store_true", help="build the table if it is missing")
    args = parser.parse_args(argv)

    import pyspiel

    import asobiba.adapters.openspiel  # noqa: F401  (registers the games)
    from asobiba.games.diceout.solver.table import TableMissingError, find_table, table_directory

    print(f"load average {load()} at the start")
    began = time.monotonic()
    table = find_table(args.rows, args.tables)
    if table is None and args.build:
        from asobiba.games.diceout.solver.retrograde import solve

        solve(args.rows, table_directory(args.rows, args.tables))
        table = find_table(args.rows, args.tables)
        print(f"built the 5×{args.rows} table in {time.monotonic() - began:.0f} s")
    if table is None:
        print(f"error: {TableMissingError(args.rows, args.tables)}", file=sys.stderr)
        return 2
    game = pyspiel.load_game("asobiba_diceout", {"rows": args.rows, **PARAMETERS})
    began = time.monotonic()
    states = positions(game, args.games, args.near_end, args.seed)
    if args.from_table:
        states = chain(states, table_positions(game, table, args.from_table, args.depth, args.seed))
    report = compare(states, table.verdict, args.depth)
    seconds = time.monotonic() - began
    order = {"win": 0, "loss": 1, "draw": 2}
    counts = ", ".join(f"{k}: {v}" for k, v in sorted(
        report["by_table_value"].items(),
        key=lambda kv: (order[kv[0].split()[0]], int(kv[0].split()[-1]) if " " in kv[0] else 0)))
    drawn = f" and up to {args.from_table} drawn from the table per value" if args.from_table else ""
    print(f"5×{args.rows}: {report['positions']} positions from {args.games} random games "
          f"(the last {args.near_end} decisions){drawn}, {report['searches']} expectiminimax "
          f"searches up to depth {args.depth} in {seconds:.0f} s")
    print(f"  table values: {counts}")
    print(f"  load average {load()} at the end")
    for case in report["disagreements"]:
        print(f"  disagreement: {case}")
    print(f"agree: {report['positions'] - len({str(c['position']) for c in report['disagreements']})}"
          f" of {report['positions']} positions")
    return 1 if report["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
