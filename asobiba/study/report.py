"""A study's results: the JSON (:func:`study_json`), the terminal tables and the plots
(docs/study/README.md, "Output").

The JSON holds only what the seed decides — the study as asked, the command that makes it, the
versions, every cell's figures and the exact figures the game can give — never a time, so the same
seed writes the same bytes.
"""

from __future__ import annotations

import json
import platform
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ..core.registry import descriptor, make_game_from_pairs
from .plan import Cell, Study
from .run import Tally, Timing
from .stats import wilson

SEEDING = "game g of cell c: random.Random(f'asobiba-study:{seed}:{c}:{g}').getrandbits(62)"


def _r(x: float) -> float:
    return round(x, 6)


def versions() -> dict[str, str]:
    try:
        own = metadata.version("asobiba")
    except metadata.PackageNotFoundError:
        own = "unknown"
    return {"asobiba": own, "python": platform.python_version()}


def exact_facts(study: Study, cell: Cell) -> dict[str, Any]:
    """What the game works out exactly for the cell's games (its first seating)."""
    subjects = descriptor(study.game_id).study
    if subjects is None:
        return {}
    game = make_game_from_pairs(study.game_id, list(cell.job(0, 0, study.game_id, study.seed).options))
    out: dict[str, Any] = {}
    if subjects.exact is not None and (facts := subjects.exact(game)) is not None:
        out["exact"] = dict(facts)
    first = subjects.exact_first_player if cell.a is None else None
    if first is not None and (chances := first(game)) is not None:
        out["exact_first_player"] = dict(chances)
    return out


def cell_json(study: Study, cell: Cell, tally: Tally) -> dict[str, Any]:
    lo, hi = wilson(tally.score, tally.counted, study.confidence)
    share = tally.score / tally.counted if tally.counted else None
    out: dict[str, Any] = {"label": cell.label}
    if cell.a is not None:
        out |= {"a": cell.a, "b": cell.b}
    out |= {
        "options": list(cell.options),
        "seatings": [list(s) for s in cell.seatings],
        "level": cell.level,
        "games": tally.games,
        "counted": tally.counted,
        "score": _r(tally.score),
        "share": None if share is None else _r(share),
        "interval": [_r(lo), _r(hi)],
        "half_width": _r((hi - lo) / 2),
        "stopped_by": tally.stopped,
        "mean_actions": _r(tally.actions / tally.games) if tally.games else None,
        "endings": dict(sorted(tally.endings.items())),
    }
    return out | exact_facts(study, cell)


def matrix_json(study: Study, tallies: Sequence[Tally]) -> dict[str, Any]:
    """Row subject's share against the column subject (None on the diagonal)."""
    names = list(dict.fromkeys(x for c in study.cells for x in (c.a, c.b)))
    size = len(names)
    share: list[list[float | None]] = [[None] * size for _ in range(size)]
    low: list[list[float | None]] = [[None] * size for _ in range(size)]
    high: list[list[float | None]] = [[None] * size for _ in range(size)]
    for cell, tally in zip(study.cells, tallies, strict=True):
        i, j = names.index(cell.a), names.index(cell.b)
        lo, hi = wilson(tally.score, tally.counted, study.confidence)
        p = tally.score / tally.counted if tally.counted else 0.5
        share[i][j], share[j][i] = _r(p), _r(1 - p)
        low[i][j], high[i][j] = _r(lo), _r(hi)
        low[j][i], high[j][i] = _r(1 - hi), _r(1 - lo)
    return {"subjects": names, "share": share, "low": low, "high": high}


def study_json(study: Study, tallies: Sequence[Tally]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "study": {
            "game": study.game_id,
            "compare": study.compare,
            "subjects": list(study.subjects),
            "level": study.level,
            "levels": list(study.levels),
            "players": list(study.players),
            "options": list(study.options),
            "games_per_cell_at_most": study.games,
            "width": study.width,
            "confidence": study.confidence,
            "seed": study.seed,
            "batch": study.batch,
            "seeding": SEEDING,
        },
        "command": study.command(),
        "versions": versions(),
        "cells": [cell_json(study, c, t) for c, t in zip(study.cells, tallies, strict=True)],
    }
    if study.is_matrix:
        out["matrix"] = matrix_json(study, tallies)
    return out


def json_text(data: Mapping[str, Any]) -> str:
    """The study's JSON as ``--json`` writes it (and the study page serves it)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def write_json(data: Mapping[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json_text(data), encoding="utf-8")


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def print_tables(console: Console, data: Mapping[str, Any], timing: Timing) -> None:
    head = data["study"]
    what = "share of A against B" if "matrix" in data else "first player's score"
    table = Table(title=f"study {head['game']}: {head['compare']} ({what}, "
                  f"{100 * head['confidence']:g} % Wilson)")
    for col in ("cell", "games", "%", "interval", "±", "stopped by", "actions", "endings"):
        table.add_column(col, justify="left" if col in ("cell", "endings", "stopped by") else "right")
    for c in data["cells"]:
        lo, hi = c["interval"]
        endings = ", ".join(f"{k} {v}" for k, v in c["endings"].items())
        games = str(c["games"]) if c["counted"] == c["games"] else f"{c['counted']}/{c['games']}"
        table.add_row(c["label"], games, _pct(c["share"]), f"{_pct(lo)}–{_pct(hi)}",
                      f"{100 * c['half_width']:.1f}", c["stopped_by"] or "",
                      f"{c['mean_actions']:.0f}" if c["mean_actions"] is not None else "", endings)
    console.print(table)
    if "matrix" in data:
        m = data["matrix"]
        grid = Table(title="row against column, % (interval)")
        grid.add_column("")
        for name in m["subjects"]:
            grid.add_column(name, justify="right")
        for i, name in enumerate(m["subjects"]):
            cells = ["" if m["share"][i][j] is None else
                     f"{_pct(m['share'][i][j])} ({_pct(m['low'][i][j])}–{_pct(m['high'][i][j])})"
                     for j in range(len(m["subjects"]))]
            grid.add_row(name, *cells)
        console.print(grid)
    for c in data["cells"]:
        if "exact_first_player" in c:
            console.print(f"exact, perfect play ({c['label']}): {c['exact_first_player']}")
    console.print(f"{timing.games} games in {timing.seconds:.1f} s ({timing.rate:.2f} games/s); "
                  f"command: {data['command']}")
