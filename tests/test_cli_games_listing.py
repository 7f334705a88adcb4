"""``asobiba games``: the games in aligned columns that fit the terminal (README.md, "Commands")."""

from __future__ import annotations

import unicodedata

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core.registry import descriptors


def columns(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.mark.parametrize("width", [80, 200])
def test_the_listing_fits_the_terminal_with_every_id_in_its_own_column(monkeypatch, width) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    lines = CliRunner().invoke(app, ["games"]).stdout.splitlines()
    assert all(columns(line) < width for line in lines)
    widest = max(len(d.id) for d in descriptors())
    assert widest >= len("chinese_checkers")
    for d in descriptors():
        line = next(line for line in lines if line.startswith(d.id + " "))
        names = line[len(d.id):].lstrip()
        assert names.startswith(f"{d.name.ja} / {d.name.en}")
        assert len(line) - len(names) == widest + 2  # every name starts in one column
        assert d.rules_page in "\n".join(lines)
    per_game = 1 if width == 200 else 2  # on a narrow terminal the rules page goes under the names
    assert len(lines) == per_game * (len(descriptors()) + 1)
