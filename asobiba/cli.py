"""The ``asobiba`` command (Typer + Rich).

Contracts (docs/formats.md, "CLI contracts"): ``perft`` prints ``DEPTH COUNT`` lines,
``moves`` prints a JSON array of ``{"from","to","notation"}``, ``position`` prints position JSON.
Wherever a position file is taken, a game record is too (its final position, or ``--ply N``;
:mod:`asobiba.core.start`). Every user error prints one line on stderr and exits with status 2.
Heavy modules are imported inside the commands so that each command starts quickly.

A game's own command group (its descriptor's ``commands``) is mounted as ``asobiba <id> …`` when it
is first named, so no game is loaded for a command that does not need it; ``asobiba solve GAME`` and
``asobiba study GAME`` hand over to that group's ``solve`` and ``study``.
"""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from .cli_support import OptionOpt, command_group, usage_errors, user_errors
from .core.errors import UnknownGameError
from .core.registry import descriptor, descriptors, game_ids

MAX_PERFT_DEPTH = 20
"""The deepest ``perft --depth`` (counts grow exponentially; 20 plies is already far past a day)."""


class _WithGameGroups(TyperGroup):
    """The main command group, plus ``asobiba <id> …`` for every game that declares commands.
    Click's own usage errors are one line and exit status 2 (:func:`usage_errors`)."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        return usage_errors(lambda: super(_WithGameGroups, self).make_context(*args, **kwargs))

    # The contexts are typed Any: Typer's own Context class moved between versions (Click's, then
    # Typer's vendored copy), and these overrides only pass them on.
    def invoke(self, ctx: Any) -> Any:
        return usage_errors(lambda: super(_WithGameGroups, self).invoke(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        own = super().list_commands(ctx)
        return own + [d.id for d in descriptors() if d.commands is not None and d.id not in own]

    def get_command(self, ctx: Any, name: str) -> Any:
        found = super().get_command(ctx, name)
        if found is not None or name not in game_ids():
            return found
        return _game_group(name)


def _game_group(game_id: str) -> Any:
    commands = descriptor(game_id).commands
    return None if commands is None else typer.main.get_command(commands())


app = command_group(
    "asobiba", "asobiba (遊び場): board and dice games to play, analyse and benchmark.",
    cls=_WithGameGroups,
)

GameArg = Annotated[str, typer.Argument(help="Game id ('asobiba games' lists them).")]
PositionOpt = Annotated[
    Path | None,
    typer.Option("--position", help="Position JSON file to start from, or a game record (its final "
                 "position; --ply N for an earlier one)."),
]
PlyOpt = Annotated[
    int | None,
    typer.Option("--ply", min=0, help="With a record: the position after its first N actions (0 = start)."),
]

def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@app.command()
def games() -> None:
    """List the games: id, names and rules page, aligned in columns (each rules page on the line
    under its names when one line would not fit the terminal)."""
    rows = [("id", "名前 / name", "rules"),
            *((d.id, f"{d.name.ja} / {d.name.en}", d.rules_page) for d in descriptors())]
    id_width = max(_columns(r[0]) for r in rows) + 2
    name_width = max(_columns(r[1]) for r in rows) + 2
    one_line = id_width + name_width + max(_columns(r[2]) for r in rows) < shutil.get_terminal_size().columns
    for game_id, names, rules in rows:
        head = game_id + " " * (id_width - _columns(game_id)) + names
        if one_line:
            typer.echo(head + " " * (name_width - _columns(names)) + rules)
        else:
            typer.echo(f"{head}\n{' ' * id_width}{rules}")


@app.command()
@user_errors
def perft(
    game: GameArg,
    depth: Annotated[int, typer.Option("--depth", "-d", min=1, max=MAX_PERFT_DEPTH,
                                       help="Deepest ply to count.")] = 3,
    option: OptionOpt = None,
    position: PositionOpt = None,
    ply: PlyOpt = None,
) -> None:
    """Count action sequences of each length 1..DEPTH (prints 'DEPTH COUNT' lines)."""
    from .core.perft import perft as count
    from .core.start import start_state

    state = start_state(game, option, position, ply)
    for d in range(1, depth + 1):
        typer.echo(f"{d} {count(state, d)}")


@app.command()
@user_errors
def moves(
    game: GameArg,
    position: Annotated[
        Path, typer.Option("--position", help="Position JSON file, or a game record (its final position).")
    ],
    option: OptionOpt = None,
    ply: PlyOpt = None,
) -> None:
    """Print the legal moves of a position as a JSON array of {from, to, notation}."""
    from .core.start import start_state

    state = start_state(game, option, position, ply)
    out = [state.describe_action(a) for a in state.legal_actions()]
    typer.echo(json.dumps(out, ensure_ascii=False))


@app.command()
@user_errors
def position(
    game: GameArg,
    option: OptionOpt = None,
    record: Annotated[
        Path | None,
        typer.Option("--record", "--position",
                     help="A game record (or a position file) to take the position from."),
    ] = None,
    ply: PlyOpt = None,
) -> None:
    """Print a position as JSON, ready for --position: the game's start (with -o options), or a
    record's final position (--ply N: after its first N actions)."""
    from .core.start import start_state

    state = start_state(game, option, record, ply)
    typer.echo(json.dumps(state.to_json(), ensure_ascii=False))


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
    ply: PlyOpt = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved record.")] = None,
) -> None:
    """Play in the terminal: hot-seat or against the computer.

    Type a move in notation, '? CELL' for a piece's moves, 'moves', 'undo', 'hint', 'replay',
    'save FILE', 'load FILE', 'help' or 'quit'. A finished game stays open for save, replay and undo.
    """
    from .terminal import TerminalSession

    session = TerminalSession.create(game, option or [], vs, seat, seed, position, load, ply=ply)
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
    vs: Annotated[
        str | None,
        typer.Option("--vs", help="Time the game's compiled engine against ENGINE (openspiel)."),
    ] = None,
    batch: Annotated[
        bool, typer.Option("--batch", help="Time the batched engine against OpenSpiel and PettingZoo.")
    ] = False,
    envs: Annotated[int, typer.Option("--envs", min=1, help="Games in one batch (--batch).")] = 64,
) -> None:
    """Measure move generation, random playouts and think time per level (medians)."""
    if batch:
        from .bench.batch import run_batch

        run_batch(game, option or [], rounds=runs, seconds=seconds, num_envs=envs)
        return
    from .bench.throughput import run_bench

    run_bench(game, option or [], runs=runs, seconds=seconds, as_json=as_json, think=think, vs=vs)


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
def engine(
    game: GameArg,
    option: OptionOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the computer players.")] = 0,
) -> None:
    """Speak the asobiba engine protocol on stdin/stdout (docs/research.md)."""
    from .engine.server import Engine, serve

    serve(Engine(game, option or [], seed=seed))


@app.command()
@user_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="SQLite file or SQLAlchemy URL (default: user data dir)."),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option("--allow-host", help="Another name the Host header may carry (repeatable)."),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option("--allow-origin", help="Another origin allowed to act, e.g. "
                     "https://games.example.org (repeatable)."),
    ] = None,
    api_docs: Annotated[
        bool, typer.Option("--api-docs", help="Serve the interactive API page at /api/docs "
                     "(Swagger UI, from the apidocs extra).")
    ] = False,
    allow_builds: Annotated[
        bool, typer.Option("--allow-builds", help="Build solution tables when a page asks "
                           "(hours of CPU and gigabytes of disk; off by default).")
    ] = False,
    address_rate: Annotated[
        float, typer.Option("--address-rate", help="Requests a second allowed per client "
                            "address, 0 to 10000 (0: no per-address limits).")
    ] = 20.0,
    address_connections: Annotated[
        int, typer.Option("--address-connections", help="Open connections allowed per client address.")
    ] = 128,
    proxy: Annotated[
        list[str] | None,
        typer.Option("--proxy", help="Address of a reverse proxy whose X-Forwarded-For names the "
                     "client (repeatable; from anyone else the header is ignored).")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option("--public-url", help="The address other people open, e.g. "
                     "http://192.168.1.20:8000 or https://games.example.org; invite links and "
                     "their QR codes start with it."),
    ] = None,
    lan: Annotated[
        bool, typer.Option("--lan", help="Listen on this computer's address on the local network "
                           "(friends on the same Wi-Fi) and show it with a QR code.")
    ] = False,
    study_seconds: Annotated[
        int, typer.Option("--study-seconds", help="The longest a study of the study page may run, "
                          "1 to 600 seconds.")
    ] = 600,
    workers: Annotated[
        int, typer.Option("--workers", help="Processes serving the port (more than 1 needs a "
                          "PostgreSQL --db; they share it and its notifications).")
    ] = 1,
    broker: Annotated[
        str | None,
        typer.Option("--broker", help="The PostgreSQL URL of the store's own database, whose "
                     "LISTEN/NOTIFY tells server processes (here or on other machines) of one "
                     "another's changes (default with --workers: the --db URL)."),
    ] = None,
) -> None:
    """Start the web table (FastAPI + uvicorn) for every game that has a board picture."""
    from .web.server import serve as run_server

    run_server(host, port, db, allow_hosts=tuple(allow_host or ()),
               allow_origins=tuple(allow_origin or ()), api_docs=api_docs,
               allow_builds=allow_builds, address_rate=address_rate,
               address_connections=address_connections, proxies=tuple(proxy or ()),
               public_url=public_url, lan=lan, study_seconds=study_seconds, workers=workers,
               broker=broker)


# -- review: the engine's judgement of every move of a record (asobiba/review_cli.py) ----------------
@app.command()
@user_errors
def review(
    record: Annotated[Path, typer.Argument(help="A game record (asobiba-record/1 JSON).")],
    level: Annotated[str, typer.Option("--level", help="Analysis level (intro … strongest); a level "
                                       "that cannot analyse reads with the next stronger one.")] = "normal",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the analysis.")] = 0,
    json_file: Annotated[Path | None, typer.Option("--json", help="Also write the review as JSON "
                                                   "(the page's format) to this file.")] = None,
) -> None:
    """Review every decision of a finished game: judgement, winning chance before and after, the
    engine's better move, and each player's accuracy."""
    from .review_cli import run_review

    run_review(record, level, seed, json_file)
# -- end of review -----------------------------------------------------------------------------------


FORWARDED = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}
"""The commands that hand their whole command line on (``solve``, ``study``): their options are
another command's, so ``--help`` is theirs too (:func:`_asked_for_help`)."""
HELP = ("--help", "-h")


@app.command(context_settings=FORWARDED)
@user_errors
def solve(ctx: typer.Context, game: GameArg) -> None:
    """Solve a game exactly, or look a position up: 'asobiba solve GAME …' (try 'asobiba solve
    GAME --help'). Games with a solver: those 'asobiba games' lists with one."""
    if _asked_for_help(ctx, game):
        return
    _hand_over(game, "solve", ctx.args)


@app.command(context_settings=FORWARDED)
@user_errors
def study(ctx: typer.Context, game: GameArg) -> None:
    """Compare decks, levels or rule options and measure the first player's advantage by playing:
    'asobiba study GAME --compare WHAT …' (try 'asobiba study GAME --compare levels --help').
    Without --compare, a game's own study (e.g. one from its solution tables) when it has one."""
    from .study.cli import app as study_app

    if game in HELP:  # the options of the compared study, which every game has
        typer.main.get_command(study_app).main(args=["--help"], prog_name="asobiba study",
                                               standalone_mode=False)
        return
    own = _game_group(game)
    if "--compare" not in ctx.args and isinstance(own, TyperGroup) and "study" in own.commands:
        _hand_over(game, "study", ctx.args)
        return
    status = typer.main.get_command(study_app).main(
        args=[game, *ctx.args], prog_name="asobiba study", standalone_mode=False)
    if isinstance(status, int) and status:
        raise typer.Exit(status)


def _asked_for_help(ctx: typer.Context, game: str) -> bool:
    """Whether ``asobiba COMMAND --help`` (no game named) asked for the command's help; it is
    printed then."""
    if game not in HELP:
        return False
    typer.echo(ctx.get_help())
    return True


def _hand_over(game_id: str, name: str, args: list[str]) -> None:
    """Run the game's own command ``name`` with the rest of the command line."""
    group = _game_group(game_id)
    if not isinstance(group, TyperGroup) or name not in group.commands:
        raise UnknownGameError(f"{game_id} has no {name} command")
    status = group.main(args=[name, *args], prog_name=f"asobiba {game_id}", standalone_mode=False)
    if isinstance(status, int) and status:
        raise typer.Exit(status)


def main() -> None:
    app()
