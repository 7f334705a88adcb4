"""The sharded solve (``--engine local|ray``, :mod:`asobiba.games.diceout.solver.shards`): the same
table as the one-process solve, byte for byte; a rerun after a crash skips the finished shards and
redoes the one cut short; one-line refusals of the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.games.diceout.solver import shards
from asobiba.games.diceout.solver.costs import build_cost
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.retrograde import SolveInterrupted
from asobiba.games.diceout.solver.shards import (
    SWEEP,
    InProcess,
    Shard,
    make_runner,
    pass_dir,
    solve_sharded,
)
from asobiba.games.diceout.solver.table import find_table, table_directory

SAME = ("sha256", "passes", "max_distance", "codes_all", "codes_live", "first_index", "n_sets")
"""What a sharded solve must give exactly as the one-process solve does."""


def reference_meta(tables_dir: Path) -> dict:
    return json.loads((table_directory(2, tables_dir) / "meta.json").read_text())


def test_local_processes_give_the_table_of_the_one_process_solve(tables_dir: Path, tmp_path: Path) -> None:
    where = table_directory(2, tmp_path)
    runner = make_runner("local", 2, None)
    try:
        meta = solve_sharded(2, where, runner, shards=5)
    finally:
        runner.close()
    reference = reference_meta(tables_dir)
    assert {k: meta[k] for k in SAME} == {k: reference[k] for k in SAME}
    assert meta["sharded"]["engine"] == "local" and meta["sharded"]["shards"] == 5
    assert [p[0] for p in meta["sharded"]["passes"]] == list(range(1, meta["passes"] + 1))
    assert meta["sharded"]["passes"][-1][1] == 0  # the last pass resolves nothing
    # only the table's own files are left, and find_table accepts it
    assert sorted(p.name for p in where.iterdir()) == ["meta.json", "values.sha256", "values.u8",
                                                       "values.verified"]
    assert find_table(2, tmp_path) is not None


def test_a_rerun_skips_finished_shards_and_redoes_the_one_cut_short(tables_dir: Path,
                                                                     tmp_path: Path) -> None:
    where = table_directory(2, tmp_path)

    def crash(phase: str, done: int, total: int) -> None:
        if phase == "pass 3: sweep" and done == 2:  # two of the four row blocks are done
            raise SolveInterrupted

    with pytest.raises(SolveInterrupted):
        solve_sharded(2, where, InProcess(), shards=4, progress=crash)
    assert find_table(2, tmp_path) is None
    assert len(list(pass_dir(where, 3).glob("sweep-*.npy"))) == 2
    # the third block was cut short: its mark is there and its rows hold half-written results
    n = board(2).n_sets
    plan = json.loads((where / "shards" / "plan.json").read_text())
    lo, hi = plan["row_bounds"][2], plan["row_bounds"][3]
    cut = Shard(str(where), 2, 3, SWEEP, 2, lo, hi)
    shards._started_path(cut).touch()
    values = np.memmap(where / "values.u8", dtype=np.uint8, mode="r+", shape=(n, n))
    rows = values[lo:hi]
    rows[rows == 0] = 5  # "won in 3 plies" everywhere still open: wrong, and must be cleared
    values.flush()
    del values, rows

    seen: list[tuple[str, int, int]] = []
    meta = solve_sharded(2, where, InProcess(), progress=lambda *step: seen.append(step))
    assert not any(phase.startswith(("pass 1:", "pass 2:")) for phase, _, _ in seen)
    assert seen[0] == ("pass 3: sweep", 2, 4)
    reference = reference_meta(tables_dir)
    assert {k: meta[k] for k in SAME} == {k: reference[k] for k in SAME}


def test_a_rerun_keeps_the_plan_it_started_with(tmp_path: Path) -> None:
    where = table_directory(2, tmp_path)

    def crash(phase: str, done: int, total: int) -> None:
        if phase == "pass 1: sweep" and done == 1:
            raise SolveInterrupted

    with pytest.raises(SolveInterrupted):
        solve_sharded(2, where, InProcess(), shards=3, progress=crash)
    with pytest.raises(shards.ShardPlanError, match="started with 3 shards, not 4"):
        solve_sharded(2, where, InProcess(), shards=4)


def test_the_command_runs_the_sharded_solve(tables_dir: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["solve", "diceout", "--rows", "2", "--out", str(tmp_path),
                                      "--engine", "local", "--workers", "1", "--shards", "3"])
    assert result.exit_code == 0, result.output
    assert "3 shards on in-process" in " ".join(result.output.split())  # however rich wraps it
    meta = json.loads((table_directory(2, tmp_path) / "meta.json").read_text())
    assert meta["sha256"] == reference_meta(tables_dir)["sha256"]
    assert meta["sharded"]["shards"] == 3
    # run again: the table is complete, nothing is solved, and no work file is left
    again = CliRunner().invoke(app, ["solve", "diceout", "--rows", "2", "--out", str(tmp_path),
                                     "--engine", "local", "--workers", "1"])
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in table_directory(2, tmp_path).iterdir()) == [
        "meta.json", "values.sha256", "values.u8", "values.verified"]


def test_a_sharded_build_says_what_it_takes_on_disk() -> None:
    """The words before a build: a sharded one needs the disk and little memory of its own, the
    one-process build the memory (docs/solver.md, "Sharded runs and the cost of larger boards")."""
    for rows in (4, 5, 6):
        sharded, whole = build_cost(rows, sharded=True), build_cost(rows)
        assert "little memory of its own" in sharded.en and "わずか" in sharded.ja
        assert sharded != whole
    assert "17.7 GB of disk" in build_cost(6, sharded=True).en
    assert "17.5 GB of memory" in build_cost(6).en
    assert build_cost(9, sharded=True) == build_cost(9)  # not measured: the general words


@pytest.mark.parametrize(("extra", "message"), [
    (["--shards", "3"], "--shards belongs to --engine local or ray"),
    (["--engine", "local", "--address", "127.0.0.1:6379"], "--address belongs to --engine ray"),
    (["--engine", "ray", "--workers", "2"], "--workers belongs to --engine memory or local"),
    (["--engine", "spark"], "--engine takes memory, local, ray"),
])
def test_refusals_are_one_line(tmp_path: Path, extra: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["solve", "diceout", "--rows", "2", "--out", str(tmp_path), *extra])
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "diceout-r2").exists()


def test_default_shards_bound_the_rows_each_touches() -> None:
    n5 = board(5).n_sets
    assert shards.shard_count(n5, None) * shards.SHARD_BYTES >= n5 * n5
    assert shards.shard_count(board(2).n_sets, None) == shards.MIN_SHARDS
    assert shards.shard_count(10, 50) == 10
