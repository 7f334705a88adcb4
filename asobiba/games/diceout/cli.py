"""``asobiba diceout …``: the exact solver and the balance study (docs/solver.md).

``asobiba solve diceout …`` and ``asobiba study diceout …`` reach the same commands.
Errors print one line on stderr and exit with status 2 (``asobiba.cli_support.user_errors``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...cli_support import command_group, user_errors
from .board import SOLVER_ROWS_TEXT
from .solver.cli import solve_main, study_main

app = command_group("diceout", "Dice Out: exact solution tables and the balance study.")


@app.command()
@user_errors
def solve(
    rows: Annotated[int, typer.Option("--rows", help=f"Board rows: {SOLVER_ROWS_TEXT}.")] = 5,
    out: Annotated[Path | None, typer.Option("--out", help="Table folder.")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, help="Threads (--engine memory) or processes (--engine local).")] = None,
    lookup: Annotated[
        Path | None,
        typer.Option("--lookup", help="Print the verdict of this position (or a record's final one)."),
    ] = None,
    engine: Annotated[str, typer.Option(
        "--engine", help="memory (one process), or in shards on disk: local (processes) or ray.",
    )] = "memory",
    shards: Annotated[int | None, typer.Option(
        "--shards", min=1, help="Row blocks per pass (default: about 256 MB of the table each).")] = None,
    address: Annotated[str | None, typer.Option(
        "--address", help="--engine ray: the cluster (default: a local Ray).")] = None,
) -> None:
    """Solve the 5 × ROWS board exactly (retrograde analysis), or look a position up (a position
    or record file). Says what the build takes (disk, memory, time) before it starts. With
    --engine local or ray the solve runs in shards with every table on disk (resumable)."""
    solve_main(rows, out, workers, lookup, engine, shards, address)


@app.command()
@user_errors
def study(
    rows: Annotated[
        list[int] | None, typer.Option("--rows", help="Row counts to study (repeatable).")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Table folder.")] = None,
    docs: Annotated[
        Path | None,
        typer.Option("--docs", help="Where the report and plots go (default: the user data folder's "
                     "'study'; a folder not named 'study' gets a 'study' sub-folder)."),
    ] = None,
    from_json: Annotated[
        Path | None,
        typer.Option("--from-json", help="Redo the placing facts and the report from this study JSON "
                     "(no tables needed; --rows and --out are not used)."),
    ] = None,
) -> None:
    """Balance study from the solved tables: opening values, first-player chances, plots.
    Needs the solved table of every board named (5×4 and 5×5 by default; build them with
    'asobiba solve diceout --rows N')."""
    study_main(rows or [4, 5], out, docs, from_json)
