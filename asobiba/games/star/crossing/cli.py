"""``asobiba <game> cross``: the crossing puzzle of a game on the star (docs/rules/chinese_checkers.md,
"Crossing the star alone"). Chinese Checkers and Diamond Game each mount it as their own command
group; errors print one line and exit with status 2 (``asobiba.cli_support.user_errors``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ....cli_support import OptionOpt, command_group, user_errors
from ....core.record import Record
from ....core.registry import make_game, make_game_from_pairs
from ..game import StarGame, star_game
from ..geometry import INDEX, NUM_CELLS
from ..notation import move_text
from .known import KNOWN


def crossing_app(game_id: str) -> typer.Typer:
    """The command group of ``game_id`` with its ``cross`` command (the puzzle of the game's first
    colour under the game's options, ``-o`` as everywhere)."""
    app = command_group(game_id, "The crossing puzzle: one colour alone carries its camp across the star.")

    @app.command()
    @user_errors
    def cross(
        option: OptionOpt = None,
        width: Annotated[int, typer.Option("--width", min=1, help="Beam width.")] = 30_000,
        as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
        record: Annotated[
            Path | None,
            typer.Option("--record", help="Also save the line as the record of a game of one "
                         "player (players=1), to replay at the web table."),
        ] = None,
        offered: Annotated[
            bool, typer.Option("--offered", help="Solve every puzzle the web table offers for the "
                               "game (one JSON line each: the table of known crossings).")
        ] = False,
        prove: Annotated[
            bool, typer.Option("--prove", help="Then prove the crossing found shortest (an exact "
                               "search from both ends), or find a shorter one.")
        ] = False,
        limit: Annotated[
            int | None, typer.Option("--limit", min=0, help="With --prove: prove only that no "
                                     "crossing takes this many moves or fewer (no beam search).")
        ] = None,
        memory: Annotated[
            float, typer.Option("--memory", min=0.1, help="With --prove: gigabytes the search "
                                "may keep; it stops undecided rather than take more.")
        ] = 10.0,
    ) -> None:
        """The fewest moves the beam search finds for the game's first colour to cross the empty
        board, the line itself, and the bound no crossing can beat."""
        from .search import find_crossing

        if prove:
            _prove(star_game(make_game_from_pairs(game_id, list(option or []))), width, limit,
                   int(memory * 2**30), as_json)
            return
        if offered:
            for options in (known.options for known in KNOWN if known.game == game_id):
                puzzle = star_game(make_game(game_id, options))
                found = find_crossing(puzzle, width)
                typer.echo(json.dumps({
                    "game": game_id, "options": options, "moves": found.moves,
                    "line": " ".join(move_text(a, b, puzzle.star) for a, b in found.line),
                    "lower_bound": found.lower_bound, "width": width,
                    "seconds": round(found.seconds, 1),
                }))
            return
        game = star_game(make_game_from_pairs(game_id, list(option or [])))
        solo = type(game)(game.options.replace(players=1)) if record else None
        found = find_crossing(game, width)
        line = [move_text(a, b, game.star) for a, b in found.line]
        if solo is not None and record is not None:
            played = Record.new(solo, crossing={"moves": found.moves, "width": width})
            for origin, target in found.line:
                played.actions.append(INDEX[origin] * NUM_CELLS + INDEX[target])
            played.save(record)
        if as_json:
            typer.echo(json.dumps({
                "game": game_id, "options": game.options.to_dict(), "moves": found.moves,
                "line": line, "lower_bound": found.lower_bound, "proven": found.proven,
                "width": width, "seconds": round(found.seconds, 1),
            }))
            return
        typer.echo(str(found.moves))
        typer.echo(" ".join(line))
        typer.echo(
            f"{found.pieces} pieces{' with a king' if found.king else ''}: {found.moves} moves "
            f"found by a beam of {width} positions in {found.seconds:.1f} s; no crossing takes "
            f"fewer than {found.lower_bound} moves (entry bound)"
            + (" — shortest." if found.proven else ".")
        )

    @app.callback()
    def group() -> None:
        """The crossing puzzle (docs/rules/chinese_checkers.md)."""

    return app


def _prove(game: StarGame, width: int, limit: int | None, memory: int, as_json: bool) -> None:
    """``cross --prove``: the beam's crossing (unless ``limit`` is given), then the proof search
    with the limit one move below it, its layers shown as they come (on stderr)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .prove import provable, prove
    from .search import find_crossing

    provable(game)
    if limit is None:
        found = find_crossing(game, width)
        bound = found.moves - 1
    else:
        found, bound = None, limit
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True)) as progress:
        task = progress.add_task(f"layers of the proof (no crossing of ≤ {bound} moves?)",
                                 total=(bound + 1) // 2)

        def report(depth: int, positions: int, seconds: float) -> None:
            progress.update(task, completed=depth,
                            description=f"layer {depth}: {positions:,} positions")

        proof = prove(game, bound, memory=memory, report=report)
    line = proof.line or (found.line if found is not None else [])
    moves = proof.shortest or (found.moves if found is not None and proof.complete else None)
    if as_json:
        typer.echo(json.dumps({
            "game": game.id, "options": game.options.to_dict(), "limit": bound,
            "complete": proof.complete, "shortest": moves if proof.complete else None,
            "line": [move_text(a, b, game.star) for a, b in line], "layers": proof.layers,
            "seconds": round(proof.seconds, 1), "peak_mb": proof.peak_mb,
        }))
        return
    if moves is not None:
        typer.echo(str(moves))
        typer.echo(" ".join(move_text(a, b, game.star) for a, b in line))
    what = f"{proof.pieces} pieces{' with a king' if proof.king else ''}"
    cost = (f"{len(proof.layers)} layers, {' / '.join(f'{n:,}' for n in proof.layers)} positions, "
            f"{proof.seconds:.0f} s, peak memory {proof.peak_mb:,} MB")
    if not proof.complete:
        typer.echo(f"{what}: undecided — the next layer would not fit in the memory allowed "
                   f"({cost}).\n決まりませんでした：次の層がメモリに入りません。")
    elif proof.shortest is not None:
        typer.echo(f"{what}: {moves} moves is the shortest ({cost}).\n最短は {moves} 手です。")
    elif moves is not None:
        typer.echo(f"{what}: {moves} moves is the shortest — no crossing takes {bound} moves or "
                   f"fewer ({cost}).\n最短は {moves} 手です（{bound} 手以下では渡れません）。")
    else:
        typer.echo(f"{what}: no crossing takes {bound} moves or fewer ({cost}).\n"
                   f"{bound} 手以下では渡れません。")
