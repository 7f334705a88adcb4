"""The opening study on the solved 2-row test board."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

from asobiba.games.diceout.board import RED, WHITE
from asobiba.games.diceout.setup import ROLLS
from asobiba.games.diceout.solver.positions import coordinates
from asobiba.games.diceout.solver.study import opening_value, study_board, write_study
from asobiba.games.diceout.solver.table import decode, find_table
from asobiba.games.diceout.state import home_slots
from asobiba.games.diceout.study_subjects import first_player_chances


def test_opening_values_do_not_depend_on_colour(tables_dir: Path) -> None:
    """Red starting with roll A against B is worth what white starting with A against B is."""
    table = find_table(2, tables_dir)
    assert table is not None
    grid = table.board.grid
    for a in ROLLS:
        for b in ROLLS:
            white_first = decode(table.code(*coordinates(
                table.board, home_slots(grid, RED, b), home_slots(grid, WHITE, a), WHITE)))
            assert opening_value(table, a, b) == white_first


def test_study_files(tables_dir: Path, tmp_path: Path) -> None:
    table = find_table(2, tables_dir)
    assert table is not None
    report = write_study([table], tmp_path)
    assert report.name == "diceout.md"
    assert (tmp_path / "diceout-openings-r2.png").stat().st_size > 0
    assert (tmp_path / "diceout-distances.png").stat().st_size > 0
    (study,) = json.loads((tmp_path / "diceout-study.json").read_text())
    chances = study["first_player_roll_rule"]
    assert abs(sum(chances.values()) - 1) < 1e-12
    assert len(study["openings"]) == 576
    line = study["longest_example"]["line"]
    assert len(line) == study["longest_forced_win_live"]
    assert "5×2" in report.read_text()
    assert (tmp_path / "diceout-placing.png").stat().st_size > 0
    placing = study["placing"]
    assert placing["chances_exact"]["rolled"] == study["first_player_roll_rule_exact"]
    assert all(abs(sum(c.values()) - 1) < 1e-12 for c in placing["chances"].values())
    assert len(placing["best"]) == 7 * 7 and len(placing["replies"]) == 24 * 7


def test_exact_first_player_chances_for_the_generic_study(tables_dir: Path) -> None:
    """What ``asobiba study diceout --compare …`` reports as exact: the opening study's chances."""
    options = SimpleNamespace(rows=2, setup="roll", declare="auto", first="roll", placement="rolled")
    chances = first_player_chances(SimpleNamespace(options=options), tables_dir)  # type: ignore[arg-type]
    table = find_table(2, tables_dir)
    assert table is not None
    assert {k: Fraction(v) for k, v in chances.items()} == study_board(table).first_player
    fixed = SimpleNamespace(options=SimpleNamespace(**{**vars(options), "setup": "fixed"}))
    assert first_player_chances(fixed, tables_dir) is None  # type: ignore[arg-type]
