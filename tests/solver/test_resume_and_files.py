"""Checkpoints, resuming after an interruption, and which tables :func:`find_table` accepts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from asobiba.games.diceout.solver import retrograde
from asobiba.games.diceout.solver.retrograde import SolveInterrupted, solve
from asobiba.games.diceout.solver.table import find_table, table_directory


def reference_meta(tables_dir: Path) -> dict:
    return json.loads((table_directory(2, tables_dir) / "meta.json").read_text())


def test_resume_after_interruption_gives_the_same_table(tables_dir: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(retrograde, "FLUSH_EVERY", 0.0)  # checkpoint after every pass
    where = table_directory(2, tmp_path)

    def interrupt(phase: str, done: int, total: int) -> None:
        # pass 4 has written its results into the table but is not checkpointed yet
        if phase == "pass 4: sweep" and done == total:
            raise SolveInterrupted

    with pytest.raises(SolveInterrupted):
        solve(2, where, progress=interrupt)
    checkpoint = json.loads((where / "checkpoint.json").read_text())
    assert checkpoint["passes_done"] == 3
    assert find_table(2, tmp_path) is None  # not complete yet

    phases: list[str] = []
    meta = solve(2, where, progress=lambda phase, done, total: phases.append(phase))
    assert phases[0].startswith("resume")
    assert "pass 1: sweep" not in phases
    assert meta["sha256"] == reference_meta(tables_dir)["sha256"]
    assert not (where / "checkpoint.json").exists()
    assert find_table(2, tmp_path) is not None


def test_corrupted_table_is_refused(tables_dir: Path, tmp_path: Path) -> None:
    copy = table_directory(2, tmp_path)
    shutil.copytree(table_directory(2, tables_dir), copy)
    assert find_table(2, tmp_path) is not None
    with (copy / "values.u8").open("r+b") as fh:
        fh.seek(12345)
        byte = fh.read(1)
        fh.seek(12345)
        fh.write(bytes([byte[0] ^ 1]))
    assert find_table(2, tmp_path) is None


def test_missing_table_is_none(tmp_path: Path) -> None:
    assert find_table(2, tmp_path) is None


def test_solved_table_files(tables_dir: Path) -> None:
    meta = reference_meta(tables_dir)
    where = table_directory(2, tables_dir)
    assert (where / "values.sha256").read_text().split()[0] == meta["sha256"]
    assert meta["complete"] and meta["rows"] == 2 and meta["n_sets"] == 4060
    counts = meta["codes_all"]
    # 30 slots: C(30,3) red sets, each with C(27,3) disjoint white sets
    assert sum(counts) - counts[255] == 4060 * 2925
    assert sum(counts) == 4060 * 4060


def test_a_fresh_solve_stamps_its_checksum_as_verified(tables_dir: Path) -> None:
    """find_table must not hash a table that solve() has just hashed (5×5: 4.6 GB)."""
    where = table_directory(2, tables_dir)
    stamp = json.loads((where / retrograde.VERIFIED).read_text())
    assert stamp["sha256"] == reference_meta(tables_dir)["sha256"]
    assert stamp["size"] == (where / "values.u8").stat().st_size
