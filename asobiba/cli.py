"""The ``asobiba`` command (Typer + Rich).

Contracts (ARCHITECTURE.md): ``perft`` prints ``DEPTH COUNT`` lines, ``moves`` prints a JSON array of
``{"from","to","notation"}``. Every user error prints one line on stderr and exits with status 2.
Heavy modules are imported inside the commands so that each command starts quickly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .cli_support import user_errors

app = typer.Typer(
    name="asobiba",
    help="asobiba (遊び場): Diamond Game, Dice Out and Gandice — play, analyse, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

GameArg = Annotated[str, typer.Argument(help="Game id: diamond, diceout or gandice.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Rule option KEY=VALUE (repeatable)."),
]
PositionOpt = Annotated[
    Path | None, typer.Option("--position", help="Position JSON file to start from.")
]

def _start_state(game_id: str, options: list[str] | None, position: Path | None):
    from .core.position import load_position
    from .core.registry import make_game_from_pairs

    if position is not None:
        return load_position(game_id, position, options or [])
    return make_game_from_pairs(game_id, options or []).new_state()


@app.command()
@user_errors
def perft(
    game: GameArg,
    depth: Annotated[int, typer.Option("--depth", "-d", min=1, help="Deepest ply to count.")] = 3,
    option: OptionOpt = None,
    position: PositionOpt = None,
) -> None:
    """Count action sequences of each length 1..DEPTH (prints 'DEPTH COUNT' lines)."""
    from .core.perft import perft as count

    state = _start_state(game, option, position)
    for d in range(1, depth + 1):
        typer.echo(f"{d} {count(state, d)}")


@app.command()
@user_errors
def moves(
    game: GameArg,
    position: Annotated[Path, typer.Option("--position", help="Position JSON file.")],
    option: OptionOpt = None,
) -> None:
    """Print the legal moves of a position as a JSON array of {from, to, notation}."""
    state = _start_state(game, option, position)
    out = [state.describe_action(a) for a in state.legal_actions()]
    typer.echo(json.dumps(out, ensure_ascii=False))


@app.command()
@user_errors
def play(
    game: GameArg,
    option: OptionOpt = None,
    vs: Annotated[
        str,
        typer.Option(
            "--vs",
            help="Opponent: 'human' (hot-seat), 'random', or a level "
            "(intro, weak, normal, strong, strongest).",
        ),
    ] = "random",
    seat: Annotated[
        int, typer.Option("--seat", min=1, help="Your seat number (1 = first in turn order).")
    ] = 1,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for dice and computer.")] = None,
    position: PositionOpt = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved record.")] = None,
) -> None:
    """Play in the terminal: hot-seat or against the computer.

    Type a move in notation, '? CELL' for a piece's moves, 'moves', 'undo', 'hint',
    'save FILE', 'load FILE', 'help' or 'quit'.
    """
    from .terminal import TerminalSession

    session = TerminalSession.create(game, option or [], vs, seat, seed, position, load)
    session.run()


@app.command()
@user_errors
def bench(
    game: GameArg,
    option: OptionOpt = None,
    runs: Annotated[int, typer.Option("--runs", min=1, help="Repetitions (median is shown).")] = 5,
    seconds: Annotated[
        float, typer.Option("--seconds", min=0.05, help="Approximate time per measurement.")
    ] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print figures as JSON.")] = False,
    think: Annotated[
        bool, typer.Option("--think/--no-think", help="Also time each computer level's move.")
    ] = True,
) -> None:
    """Measure move generation, random playouts and think time per level (medians)."""
    from .bench import run_bench

    run_bench(game, option or [], runs=runs, seconds=seconds, as_json=as_json, think=think)


@app.command()
@user_errors
def arena(
    game: GameArg,
    agents: Annotated[
        str, typer.Option("--agents", help="Comma-separated agents: levels, random, greedy, ...")
    ],
    games: Annotated[int, typer.Option("--games", min=1, help="Games per pairing.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole tournament.")] = 0,
    option: OptionOpt = None,
    workers: Annotated[
        int | None, typer.Option("--workers", min=1, help="Processes (default: all cores).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    records: Annotated[
        Path | None, typer.Option("--records", help="Folder for the game records.")
    ] = None,
) -> None:
    """Round robin between computer agents, seats rotated: scores, Elo, saved records."""
    from .ai.arena import run_arena

    names = [a.strip() for a in agents.split(",") if a.strip()]
    run_arena(game, names, games, seed, option or [], workers, as_json, records)


@app.command()
@user_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="SQLite file or SQLAlchemy URL (default: user data dir)."),
    ] = None,
) -> None:
    """Start the web table (FastAPI + uvicorn) for Diamond Game and Dice Out."""
    from .web.server import serve as run_server

    run_server(host, port, db)


@app.command()
@user_errors
def solve(
    game: GameArg,
    rows: Annotated[int, typer.Option("--rows", help="Board rows (Dice Out: 4-9).")] = 5,
    out: Annotated[Path | None, typer.Option("--out", help="Table folder.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", min=1, help="Threads.")] = None,
    lookup: Annotated[
        Path | None, typer.Option("--lookup", help="Print the verdict of this position JSON.")
    ] = None,
) -> None:
    """Solve a game exactly (Dice Out: retrograde analysis), or look a position up."""
    from .games.diceout.solver.cli import solve_main

    solve_main(game, rows, out, workers, lookup)


@app.command()
@user_errors
def study(
    game: GameArg,
    rows: Annotated[
        list[int] | None, typer.Option("--rows", help="Row counts to study (repeatable).")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Table folder.")] = None,
    docs: Annotated[Path, typer.Option("--docs", help="Where the report and plots go.")] = Path(
        "docs/study"
    ),
) -> None:
    """Balance study from the solved tables: opening values, first-player chances, plots."""
    if game != "diceout":
        from .core.errors import UnknownGameError

        raise UnknownGameError(f"study is available for diceout, not {game!r}")
    from .games.diceout.solver.cli import study_main

    study_main(rows or [4, 5], out, docs)


def _mount_subcommands() -> None:
    """Game-specific command groups live beside their games."""
    from .games.gandice.cli import app as gandice_app

    app.add_typer(gandice_app, name="gandice", help="Gandice: dice catalog, exact odds, fitting.")


_mount_subcommands()


def main() -> None:
    app()
