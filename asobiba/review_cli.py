"""``asobiba review RECORD``: the engine's review of a game record, as a table and as JSON
(docs/play.md, "Reviewing a game"; the JSON is the page's, docs/formats.md, "Reviews").

The move list goes to standard output (a Rich table, coloured in a terminal), a progress bar to
standard error while a review of more than :data:`PROGRESS_FROM` decisions runs in a terminal.
"""

from __future__ import annotations

import json
from pathlib import Path

from .ai.review import Review, review
from .core.errors import AsobibaError
from .core.record import Record

PROGRESS_FROM = 10
"""Reviews of more decisions than this show a progress bar (in a terminal)."""

STYLES = {"best": "bold green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange",
          "blunder": "bold red", "only": "dim"}
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??", "only": ""}
"""The marks after a judged move, as chess writes them."""


def run_review(path: Path, level: str, seed: int, json_path: Path | None) -> Review:
    """Load ``path``, review it and print the table (a one-line error for a bad record)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    record = Record.load(path)
    if not any(s.current_player >= 0 for s in record.states()[:-1]):
        raise AsobibaError(f"{path}: the record has no move to review")
    decisions = sum(1 for s in record.states()[:-1] if s.current_player >= 0)
    err = Console(stderr=True)
    if decisions > PROGRESS_FROM and err.is_terminal:
        with Progress(TextColumn("reviewing / 検討中"), BarColumn(), MofNCompleteColumn(),
                      console=err, transient=True) as bar:
            task = bar.add_task("review", total=decisions)
            done = review(record, level=level, seed=seed,
                          progress=lambda n, _total: bar.update(task, completed=n))
    else:
        done = review(record, level=level, seed=seed)
    if json_path is not None:
        tmp = json_path.with_name(json_path.name + ".tmp")
        tmp.write_text(json.dumps(done.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(json_path)
    print_review(done, Console())
    return done


def print_review(done: Review, console: object) -> None:
    from rich.console import Console
    from rich.table import Table

    assert isinstance(console, Console)
    table = Table(title=f"{done.game} — review / 検討 (level {done.level}, seed {done.seed})")
    for column in ("ply", "seat", "move", "judgement", "before %", "after %", "best", "best %"):
        table.add_column(column, justify="right" if "%" in column or column == "ply" else "left",
                         no_wrap=column in ("move", "best"))
    for move in done.moves:
        style = STYLES[move.judgement]
        label = f"{move.judgement} {MARKS[move.judgement]}".strip()
        after = f"{move.after.chance:.0f}"
        if move.after.exact is not None:
            after += f" ({move.to_json()['after_worth']['exact']['text']['en']})"
        table.add_row(str(move.ply + 1), done.summary[move.seat].name.en,
                      move.notation + MARKS[move.judgement], f"[{style}]{label}[/]",
                      f"{move.before.chance:.0f}", after,
                      "" if move.best_action == move.action else move.best_notation,
                      f"{move.best_after.chance:.0f}")
    console.print(table)
    for summary in done.summary:
        text = summary.to_json()["text"]
        console.print(text["en"], highlight=False)
        console.print(text["ja"], highlight=False)
