"""A study's results: the JSON (:func:`study_json`), the terminal tables and the plots
(docs/study/README.md, "Output").

The JSON holds only what the seed decides — the study as asked, the command that makes it, the
versions, the contents of any file an option names, every cell's figures with its ``difference``
from an even split, the differences between cells (:mod:`.compare`), Holm's correction over them
all, and the exact figures the game can give — never a time, so the same seed writes the same
bytes.
"""

from __future__ import annotations

import hashlib
import json
import platform
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ..core.registry import descriptor, game_class, make_game_from_pairs
from .compare import CORRECTION, Difference, between, corrected, from_even
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


FILE_LIMIT = 1 << 20
"""The most bytes of a file an option names that a study's JSON carries (a larger one: its path
only, ``sha256`` and ``contents`` null)."""


def files_json(study: Study) -> list[dict[str, Any]]:
    """Every file an option of the study names (a ``local`` option, e.g. a catalog): its path,
    SHA-256 and contents, so the JSON says what was played, not only where it was read."""
    specs = game_class(study.game_id).options_class.specs()
    out: list[dict[str, Any]] = []
    seen = set()
    for pair in [p for c in study.cells for p in c.options]:
        key, _, value = pair.partition("=")
        spec = specs.get(key.strip())
        if spec is None or not spec.local or not value.strip() or pair in seen:
            continue
        seen.add(pair)
        path = Path(value.strip())
        entry: dict[str, Any] = {"option": key.strip(), "path": str(path)}
        try:
            with path.open("rb") as f:
                data = f.read(FILE_LIMIT + 1)
        except OSError as exc:  # gone since the study began: say so, the figures stand
            out.append(entry | {"sha256": None, "contents": None, "error": exc.strerror})
            continue
        whole = len(data) <= FILE_LIMIT
        entry["sha256"] = hashlib.sha256(data).hexdigest() if whole else None
        entry["contents"] = data.decode("utf-8", "replace") if whole else None
        out.append(entry)
    return out


def cell_json(study: Study, cell: Cell, tally: Tally, difference: Difference) -> dict[str, Any]:
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
        "difference": difference.to_json(),
        "stopped_by": tally.stopped,
        "mean_actions": _r(tally.actions / tally.games) if tally.games else None,
        "draws": tally.draws,
        "cut": tally.cut,
        "endings": dict(sorted(tally.endings.items())),
    }
    return out | exact_facts(study, cell)


def differences(study: Study, tallies: Sequence[Tally]) -> tuple[list[Difference], list[Difference]]:
    """Each cell's difference from an even split and the differences between the cells compared
    (:meth:`.plan.Study.compared`), Holm-corrected together."""
    c = study.confidence
    cells = [from_even(t.score, t.counted, c) for t in tallies]
    pairs = [between(tallies[i].score, tallies[i].counted, tallies[j].score, tallies[j].counted, c)
             for i, j in study.compared()]
    every = corrected(cells + pairs, c)
    return every[:len(cells)], every[len(cells):]


def matrix_json(study: Study, tallies: Sequence[Tally], cells: Sequence[Difference]) -> dict[str, Any]:
    """Row subject's share against the column subject (None on the diagonal), and whether it is
    clearly away from 50 % after the correction."""
    names = list(dict.fromkeys(x for c in study.cells for x in (c.a, c.b)))
    size = len(names)
    share: list[list[float | None]] = [[None] * size for _ in range(size)]
    low: list[list[float | None]] = [[None] * size for _ in range(size)]
    high: list[list[float | None]] = [[None] * size for _ in range(size)]
    clear: list[list[bool | None]] = [[None] * size for _ in range(size)]
    for cell, tally, difference in zip(study.cells, tallies, cells, strict=True):
        i, j = names.index(cell.a), names.index(cell.b)
        lo, hi = wilson(tally.score, tally.counted, study.confidence)
        p = tally.score / tally.counted if tally.counted else 0.5
        share[i][j], share[j][i] = _r(p), _r(1 - p)
        low[i][j], high[i][j] = _r(lo), _r(hi)
        low[j][i], high[j][i] = _r(1 - hi), _r(1 - lo)
        clear[i][j] = clear[j][i] = difference.clear
    return {"subjects": names, "share": share, "low": low, "high": high, "clear": clear}


def study_json(study: Study, tallies: Sequence[Tally]) -> dict[str, Any]:
    cells, pairs = differences(study, tallies)
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
        "correction": CORRECTION,
        "tests": len(cells) + len(pairs),
        "cells": [cell_json(study, c, t, d)
                  for c, t, d in zip(study.cells, tallies, cells, strict=True)],
        "differences": [
            {"a": study.cells[i].label, "b": study.cells[j].label, "difference": d.to_json()}
            for (i, j), d in zip(study.compared(), pairs, strict=True)],
    }
    if files := files_json(study):
        out["files"] = files
    if study.is_matrix:
        out["matrix"] = matrix_json(study, tallies, cells)
    return out


def json_text(data: Mapping[str, Any]) -> str:
    """The study's JSON as ``--json`` writes it (and the study page serves it)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def write_json(data: Mapping[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json_text(data), encoding="utf-8")


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _points(d: Mapping[str, Any]) -> str:
    lo, hi = d["interval"]
    return f"{100 * d['value']:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"


def _verdict(d: Mapping[str, Any]) -> str:
    return f"{d['p_holm']:.3g}" + (" clear" if d["clear"] else "")


def print_tables(console: Console, data: Mapping[str, Any], timing: Timing) -> None:
    head = data["study"]
    what = "share of A against B" if "matrix" in data else "first player's score"
    ci = f"{100 * head['confidence']:g} %"
    table = Table(title=f"study {head['game']}: {head['compare']} ({what}, {ci} Wilson; p of "
                  f"\"50 %\" after Holm's correction over {data['tests']} tests)")
    for col in ("cell", "games", "%", "interval", "±", "p", "stopped by", "actions", "draws",
                "cut", "endings"):
        table.add_column(col, justify="left" if col in ("cell", "endings", "stopped by", "p")
                         else "right")
    for c in data["cells"]:
        lo, hi = c["interval"]
        endings = ", ".join(f"{k} {v}" for k, v in c["endings"].items())
        games = str(c["games"]) if c["counted"] == c["games"] else f"{c['counted']}/{c['games']}"
        table.add_row(c["label"], games, _pct(c["share"]), f"{_pct(lo)}–{_pct(hi)}",
                      f"{100 * c['half_width']:.1f}", _verdict(c["difference"]),
                      c["stopped_by"] or "",
                      f"{c['mean_actions']:.0f}" if c["mean_actions"] is not None else "",
                      str(c["draws"]), str(c["cut"]), endings)
    console.print(table)
    if data["differences"]:
        diffs = Table(title=f"differences, B less A, points ({ci} Newcombe interval; "
                      "p after Holm's correction)")
        for col in ("A", "B", "difference, points", "p"):
            diffs.add_column(col, justify="right" if col.startswith("difference") else "left")
        for d in data["differences"]:
            diffs.add_row(d["a"], d["b"], _points(d["difference"]), _verdict(d["difference"]))
        console.print(diffs)
    if "matrix" in data:
        m = data["matrix"]
        grid = Table(title="row against column, % (interval; * clear after the correction)")
        grid.add_column("")
        for name in m["subjects"]:
            grid.add_column(name, justify="right")
        for i, name in enumerate(m["subjects"]):
            cells = ["" if m["share"][i][j] is None else
                     f"{_pct(m['share'][i][j])}{'*' if m['clear'][i][j] else ''} "
                     f"({_pct(m['low'][i][j])}–{_pct(m['high'][i][j])})"
                     for j in range(len(m["subjects"]))]
            grid.add_row(name, *cells)
        console.print(grid)
    for c in data["cells"]:
        if "exact_first_player" in c:
            console.print(f"exact, perfect play ({c['label']}): {c['exact_first_player']}")
    console.print(f"{timing.games} games in {timing.seconds:.1f} s ({timing.rate:.2f} games/s); "
                  f"command: {data['command']}")
