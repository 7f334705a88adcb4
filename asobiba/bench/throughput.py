"""``asobiba bench GAME``: throughput figures for a game, printed and never asserted in tests.

Three measurements, each repeated ``runs`` times and reported as the median:

* **move generation** — ``legal_actions()`` over the game's fixed ``bench_positions()``, in positions/s;
* **random playouts** — uniformly random games from the start (dice rolled exactly), in playouts/s
  and actions/s;
* **think time** per computer level (``asobiba.ai.think_time.think_times``), median seconds per move over
  the bench positions, next to the level's budget; a level that answers in under a millisecond (a
  one-move look, no search) is said so rather than shown as ``0.000 s``.

A progress bar (on stderr with ``--json``) shows each measurement as it runs, with the time the
whole bench is expected to take.

With ``vs`` (``--vs ENGINE``), the game's compiled engine is timed against another engine instead
(:mod:`.versus`).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..core.game import Game, State, random_action
from ..core.registry import make_game_from_pairs
from .versus import run_versus


def _timed_rate(work: Callable[[], int], seconds: float) -> float:
    """Call ``work`` (which returns how many units it did) until ``seconds`` pass; units per second."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def movegen_rate(positions: Sequence[State], seconds: float) -> float:
    """Positions per second of legal-move generation, cycling over ``positions``."""

    def one_pass() -> int:
        for state in positions:
            state.legal_actions()
        return len(positions)

    return _timed_rate(one_pass, seconds)


def playout_rates(game: Game, seconds: float, seed: int) -> tuple[float, float]:
    """(playouts/s, actions/s) of uniformly random games from the start."""
    rng = random.Random(seed)
    counts = {"games": 0, "actions": 0}
    start_state = game.new_state()

    def one_game() -> int:
        state = start_state
        steps = 0
        while not state.is_terminal:
            state = state.apply(random_action(state, rng))
            steps += 1
        counts["games"] += 1
        counts["actions"] += steps
        return 1

    began = time.perf_counter()
    _timed_rate(one_game, seconds)
    elapsed = time.perf_counter() - began
    return counts["games"] / elapsed, counts["actions"] / elapsed


def run_bench(
    game_id: str,
    option_pairs: list[str],
    *,
    runs: int = 5,
    seconds: float = 1.0,
    as_json: bool = False,
    think: bool = True,
    vs: str | None = None,
) -> dict:
    if vs is not None:
        return run_versus(game_id, option_pairs, vs, rounds=runs, seconds=seconds)
    game = make_game_from_pairs(game_id, option_pairs)
    positions = game.bench_positions()
    console = Console(stderr=as_json)
    from ..ai.levels import LEVEL_BUDGETS, LEVELS
    from ..ai.think_time import think_times

    levels = LEVELS if think else ()
    expected = 2 * runs * seconds
    steps = 2 * runs + len(levels)
    console.print(f"measuring {game.id} for about {expected:g} s"
                  + (f", then the think time of {len(levels)} levels" if think else "")
                  + f" / 計測中（約{expected:g}秒" + ("、続いて各レベルの思考時間）" if think else "）"))
    progress = Progress(TextColumn("{task.description:<34}"), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                        console=console, transient=True)
    with progress:
        task = progress.add_task("starting", total=steps)

        def step(what: str) -> None:
            progress.update(task, description=what)

        gen, play = [], []
        for run in range(runs):
            step(f"legal-move generation {run + 1}/{runs}")
            gen.append(movegen_rate(positions, seconds))
            progress.advance(task)
        for seed in range(runs):
            step(f"random playouts {seed + 1}/{runs}")
            play.append(playout_rates(game, seconds, seed))
            progress.advance(task)
        think_seconds: dict[str, float] = {}
        for level in levels:
            step(f"think time: {level}")
            think_seconds.update(think_times(game, positions, levels=(level,)))
            progress.advance(task)
    result: dict = {
        "game": game.id,
        "options": game.options.to_dict(),
        "positions": len(positions),
        "runs": runs,
        "movegen_positions_per_s": statistics.median(gen),
        "playouts_per_s": statistics.median(p[0] for p in play),
        "playout_actions_per_s": statistics.median(p[1] for p in play),
    }
    if think:
        result["think_seconds"] = think_seconds
        result["think_budget_seconds"] = dict(LEVEL_BUDGETS)
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return result
    table = Table(title=f"asobiba bench {game.id} ({len(positions)} positions, median of {runs})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("legal-move generation", f"{result['movegen_positions_per_s']:,.0f} positions/s")
    table.add_row("random playouts", f"{result['playouts_per_s']:,.2f} games/s")
    table.add_row("random playout actions", f"{result['playout_actions_per_s']:,.0f} actions/s")
    for level, secs in result.get("think_seconds", {}).items():
        budget = result["think_budget_seconds"].get(level)
        table.add_row(f"think time: {level}", f"{think_text(secs)} (budget {budget} s)")
    console.print(table)
    return result


def think_text(seconds: float) -> str:
    """A think time for people: milliseconds below a second; under 1 ms is "answers at once"."""
    if seconds < 0.001:
        return "under 1 ms: answers at once"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"
