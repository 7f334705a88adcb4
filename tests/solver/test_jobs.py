"""The background table build offered by the web table."""

from __future__ import annotations

from pathlib import Path

from asobiba.games.diceout.solver.jobs import build_table_async


def test_job_reports_a_finished_table(tables_dir: Path) -> None:
    job = build_table_async(2, tables_dir)  # already solved: the job only confirms it
    assert job.thread is not None
    job.thread.join(timeout=60)
    assert job.finished and job.error is None
    assert job.meta is not None and job.meta["rows"] == 2


def test_job_reports_errors(tmp_path: Path) -> None:
    job = build_table_async(1, tmp_path)
    assert job.thread is not None
    job.thread.join(timeout=60)
    assert job.finished and job.meta is None
    assert job.error is not None and "rows" in job.error
