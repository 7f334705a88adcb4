"""``asobiba study GAME --compare …`` (docs/study/README.md).

``asobiba study GAME`` without ``--compare`` hands over to the game's own ``study`` command when it
has one (e.g. an exact study from solution tables); every game has the compared study here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..cli_support import output_file, output_folder, user_errors, written
from ..ray_support import ray_address
from .costs import describe, estimate
from .engines import make_engine
from .plan import BATCH, LEVEL, make_study
from .plots import write_plots
from .report import print_tables, study_json, write_json
from .run import Tally, run_study

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
@user_errors
def study(
    game: Annotated[str, typer.Argument(help="Game id ('asobiba games' lists them).")],
    subjects: Annotated[list[str] | None, typer.Argument(
        help="What to compare: names (comma-separated or apart; default: every one), or KEY=A,B "
        "with --compare options.")] = None,
    compare: Annotated[str, typer.Option(
        "--compare", help="levels, options, first-player, or the game's per-seat option (decks).")
    ] = "first-player",
    level: Annotated[str, typer.Option("--level", help="Level of every seat not compared.")
                     ] = LEVEL,
    levels: Annotated[str, typer.Option("--levels", help="first-player: levels, comma-separated "
                                        "(default: --level).")] = "",
    players: Annotated[str, typer.Option("--players", help="first-player: numbers of players, "
                                         "comma-separated (default: every one the game allows).")] = "",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Rule option KEY=VALUE of every game (repeatable).")] = None,
    games: Annotated[int, typer.Option("--games", help="Most games per cell.")] = 5000,
    width: Annotated[float, typer.Option(
        "--width", help="Stop a cell when its interval is this many points either side.")] = 3.0,
    confidence: Annotated[float, typer.Option("--confidence", help="Of the intervals.")] = 0.95,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole study.")] = 0,
    batch: Annotated[int, typer.Option(
        "--batch", help="Games per cell between two looks at the intervals (more on a cluster).")
    ] = BATCH,
    engine: Annotated[str, typer.Option("--engine", help="local (processes) or ray.")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="--engine ray: the cluster, HOST:PORT of its head node or ray://HOST:PORT "
        "(default: a local Ray).")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, help="--engine local: processes (default: all cores).")] = None,
    json_file: Annotated[Path | None, typer.Option(
        "--json", help="Write the results as JSON to this file (rewritten after every round).")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write the plot (PNG, SVG) into this folder (made if missing).")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Print the games and CPU time the study would take, from a short "
        "calibration (timed moves outside the study's games), and play none of its games.")
    ] = False,
) -> None:
    """Compare decks, levels or rule options, or measure the first player's advantage, by playing
    games (seats rotated) until every figure's interval is narrow enough. Without --compare, a
    game with a study of its own (e.g. one from its solution tables) runs that one instead: try
    'asobiba study GAME --help'.

    Examples:
    asobiba study gandice --compare decks --games 400
    asobiba study diamond --compare levels weak,normal --out plots
    asobiba study chinese_checkers --players 2,3"""
    output_file(json_file, "--json")  # before any game is played: refused at once, not at the end
    output_folder(out, "--out")
    if address is not None:
        ray_address(address)
    plan = make_study(game, compare, subjects or [], level=level, levels=[levels],
                      players=[players], options=option or [], games=games, width=width / 100,
                      confidence=confidence, seed=seed, batch=batch)
    if dry_run:
        for line in describe(plan, estimate(plan), workers or os.cpu_count() or 1):
            Console().print(line, soft_wrap=True, highlight=False)
        return
    runner = make_engine(engine, workers, address)
    console = Console(stderr=True)
    def save(tallies: list[Tally]) -> None:  # after every round: a stopped study keeps its games
        if json_file is not None:
            with written(json_file):
                write_json(study_json(plan, tallies), json_file)

    try:
        tallies, timing = run_study(plan, runner, console, on_round=save)
    finally:
        runner.close()
    data = study_json(plan, tallies)
    print_tables(Console(), data, timing)
    if json_file is not None:
        with written(json_file):
            write_json(data, json_file)
        console.print(f"wrote {json_file}")
    if out is not None:
        with written(out):
            paths = write_plots(data, out)
        for path in paths:
            console.print(f"wrote {path}")
