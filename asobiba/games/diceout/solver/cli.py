"""What ``asobiba solve diceout`` and ``asobiba study diceout`` run (the game's command group,
``asobiba/games/diceout/cli.py``, calls :func:`solve_main` and :func:`study_main`).

* ``asobiba solve diceout [--rows N] [--out DIR] [--workers K]`` solves the 5 × N board into
  ``DIR/diceout-rN`` (default ``DIR``: ``platformdirs.user_data_dir("asobiba")/tables``), showing a
  progress bar per phase; an interrupted solve resumes from its last checkpoint.
  ``--engine local|ray [--shards S] [--address ADDR]`` solves it in shards with every table on disk
  (:mod:`.shards`): ``local`` runs them as ``K`` local processes, ``ray`` as Ray tasks (a local Ray
  on loopback unless ``--address`` names a cluster); the default ``memory`` is the one-process solve.
* ``asobiba solve diceout --lookup POSITION.json [--out DIR]`` prints
  ``{"result": "win"|"loss"|"draw", "plies": N}`` for the side to move.
  Before it starts it says what the build takes (:mod:`.costs`).
* ``asobiba study diceout`` writes the opening study (report and figures) from finished tables into
  ``platformdirs.user_data_dir("asobiba")/study`` unless ``--docs`` names a folder;
  ``asobiba study diceout --from-json docs/study/diceout-study.json`` redoes the placing facts and the
  report from an earlier study's JSON, without the tables.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import cast

from ....core.errors import Explained, OptionError
from ....core.names import Names
from ..board import check_solver_rows
from .costs import build_cost
from .geometry import board
from .shards import shard_disk_bytes
from .table import TableMissingError, find_table, table_directory

GAME = "diceout"


class SolverResourceError(Explained):
    """The board is too large for this machine's memory or disk (said in both languages)."""


ENGINES = ("memory", "local", "ray")
"""``--engine`` of ``asobiba solve diceout``: one process with the tables in memory, or shards."""


def check_resources(rows: int, directory: Path, sharded: bool = False) -> None:
    """Refuse boards whose table (one byte per placement) and status table do not fit: in memory
    (one process) and on disk, or on disk only when ``sharded`` (with the status table and maps)."""
    n = board(rows).n_sets
    need_ram = n * n + n * n // 4 + 2 * n * ((n + 63) // 64)
    ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    if not sharded and need_ram > 0.9 * ram:
        raise SolverResourceError(Names(
            f"5×{rows} の表には約 {need_ram / 1e9:.1f} GB のメモリが要りますが、このマシンには "
            f"{ram / 1e9:.1f} GB しかありません（複数のマシンで解く方法は docs/solver.md）。",
            f"the 5×{rows} table needs about {need_ram / 1e9:.1f} GB of memory, this machine has "
            f"{ram / 1e9:.1f} GB (solve it in shards on disk: --engine local or --engine ray)",
        ))
    probe = directory
    while not probe.exists():
        probe = probe.parent
    free = shutil.disk_usage(probe).free
    need_disk = shard_disk_bytes(rows) if sharded else n * n
    have = sum(path.stat().st_size for path in directory.glob("*.u[28]")) if directory.exists() else 0
    if need_disk - have > free:
        raise SolverResourceError(Names(
            f"5×{rows} の表には {directory} に {need_disk / 1e9:.1f} GB のディスクが要りますが、"
            f"空きは {free / 1e9:.1f} GB です。",
            f"the 5×{rows} table needs {need_disk / 1e9:.1f} GB of disk in {directory}, "
            f"only {free / 1e9:.1f} GB are free",
        ))


def solve_main(rows: int, out: Path | None, workers: int | None, lookup: Path | None,
               engine: str = "memory", shards: int | None = None, address: str | None = None) -> None:
    """``asobiba solve diceout``: build a table (in one process, or in shards run by ``engine``),
    or look a position up in one."""
    if lookup is not None:
        _lookup(lookup, out)
        return
    check_solver_rows(rows)
    if workers is not None and workers < 1:
        raise OptionError(f"--workers must be at least 1, not {workers}")
    if engine not in ENGINES:
        raise OptionError(f"--engine takes {', '.join(ENGINES)}, not {engine!r}")
    if shards is not None and engine == "memory":
        raise OptionError("--shards belongs to --engine local or ray")
    if shards is not None and shards < 1:
        raise OptionError(f"--shards must be at least 1, not {shards}")
    if address and engine != "ray":
        raise OptionError("--address belongs to --engine ray")
    if workers is not None and engine == "ray":
        raise OptionError("--workers belongs to --engine memory or local (Ray places its own tasks)")
    directory = table_directory(rows, out)
    check_resources(rows, directory, sharded=engine != "memory")
    from rich.console import Console

    cost = build_cost(rows, sharded=engine != "memory")
    Console(stderr=True).print(f"building the 5×{rows} table in {directory}: {cost.en}\n"
                               f"5×{rows} の表を作ります：{cost.ja}（中断しても続きから再開できます）")

    with _progress_bar(f"solving Dice Out 5×{rows}") as report:
        if engine == "memory":
            from .retrograde import solve

            meta = solve(rows, directory, workers, report)
        else:
            from .shards import make_runner, solve_sharded

            runner = make_runner(engine, workers, address)
            try:
                meta = solve_sharded(rows, directory, runner, shards, report)
            finally:
                runner.close()
    counts = meta["codes_all"]
    valid = sum(counts) - counts[255]
    sharded = meta.get("sharded")
    split = (f" ({sharded['shards']} shards on {sharded['engine']}: {sharded['cpu_seconds']} CPU s, "
             f"largest worker {sharded['peak_rss_mb']} MB)" if sharded else "")
    Console().print(
        f"5×{rows}: {valid:,} placements, {meta['passes']} passes, longest result "
        f"{meta['max_distance']} plies, {counts[0]:,} draws; {meta['solve_seconds']} s, "
        f"peak memory {meta['peak_rss_mb']} MB{split}\ntable: {directory}"
    )


def _lookup(path: Path, out: Path | None) -> None:
    from ....core.start import load_start
    from ..state import DiceOutState

    state = cast(DiceOutState, load_start(GAME, path))  # a position of this game
    rows = state.board.rows
    table = find_table(rows, out)
    if table is None:
        raise TableMissingError(rows, out)
    result, plies = table.verdict(state)
    print(json.dumps({"result": result, "plies": plies}))


class _progress_bar:
    """Rich progress: an overall line (elapsed time) and a line for the current phase with its ETA."""

    def __init__(self, title: str) -> None:
        self.title = title

    def __enter__(self):
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(TextColumn("{task.description:<28}"), BarColumn(), TaskProgressColumn(),
                                 TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
        self.progress.__enter__()
        self.overall = self.progress.add_task(self.title, total=None)
        self.task = self.progress.add_task("starting", total=1)
        self.phase = None
        return self

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase != self.phase:
            self.progress.reset(self.task, total=total, description=phase)
            self.phase = phase
        self.progress.update(self.task, completed=done, total=total)

    def __exit__(self, *exc) -> None:
        self.progress.update(self.overall, total=1, completed=1)
        self.progress.__exit__(*exc)


def default_study_directory() -> Path:
    """Where the study goes unless told: the user data folder, never the package or its docs."""
    import platformdirs

    return Path(platformdirs.user_data_dir("asobiba")) / "study"


def study_main(rows: list[int], out: Path | None, docs_dir: Path | None,
               from_json: Path | None = None) -> None:
    """``asobiba study diceout``: opening values and figures from the finished tables of ``rows``.

    Writes ``diceout.md`` and its figures into ``docs_dir`` (None: :func:`default_study_directory`;
    a folder not named ``study`` gets a ``study`` sub-folder, so ``--docs docs`` writes the
    repository's page). With ``from_json`` (an earlier study's JSON) no table is read: the placing
    facts are recomputed from its opening values and the JSON, the placing figure and the report are
    rewritten for every board in it (``rows`` and ``out`` are not used).
    """
    from .study import restudy, write_study

    docs_dir = default_study_directory() if docs_dir is None else docs_dir
    target = docs_dir if docs_dir.name == "study" else docs_dir / "study"
    if from_json is not None:
        print(f"wrote {restudy(from_json, target)}")
        return
    if not rows:
        raise OptionError("name at least one row count to study")
    for r in rows:
        check_solver_rows(r)
    tables = {r: find_table(r, out) for r in rows}
    missing = [r for r, table in tables.items() if table is None]
    if missing:  # every missing table and what it takes, before any work
        raise TableMissingError(missing, out)
    boards = ", ".join(f"5×{r}" for r in rows)
    print(f"studying {boards} from the solved tables into {target} / {boards} の研究を書きます")
    report = write_study([t for t in tables.values() if t is not None], target)
    print(f"wrote {report}")
