"""A finished Dice Out table: verdicts and best moves for engine states.

Entries are the codes of :mod:`.kernels` (for the side to move: ``2d-1`` wins in ``d`` plies, ``2d``
loses in ``d`` plies, ``0`` draw). Values assume ``declare=auto`` and ignore ``max_plies``: a position
that no sequence of best play resolves is a draw (by repetition, docs/rules/diceout.md, "Draws").

While the rolled dice are placed (``placement=choose``), a placer's arrangement is worth the value of
what follows it for the other player, turned round: the opening position when both have placed,
else the other player's best reply. Placings are not moves: ``plies`` counts moves only.

Tables live in ``<tables>/diceout-r{rows}`` where ``<tables>`` defaults to
``platformdirs.user_data_dir("asobiba")/tables``. A table counts only when its ``meta.json`` says it is
complete and the SHA-256 of ``values.u8`` matches (hashed once per file version: the result is kept
in ``values.verified`` with the file's size and modification time).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ....core.errors import AsobibaError
from ..actions import DECLARE_ACTION
from ..state import DRAW as ENGINE_DRAW
from ..state import PLACE, TURN, WINDOW_AFTER_MOVE
from .costs import build_cost
from .geometry import board
from .positions import state_coordinates
from .retrograde import FORMAT, VERIFIED, TableFiles, mark_verified, sha256_file

WIN, LOSS, DRAW = "win", "loss", "draw"


class TableMissingError(AsobibaError):
    """No complete, checksum-valid table for the board (or boards) asked about; the message says how
    to build each and what that takes."""

    def __init__(self, rows: int | Sequence[int], directory: Path | None = None) -> None:
        missing = [rows] if isinstance(rows, int) else list(rows)
        builds = ", ".join(f"--rows {r} ({build_cost(r).en.rstrip('.')})" for r in missing)
        option = f"; add --out {directory}" if directory else ""
        super().__init__(
            f"no solved {', '.join(f'5×{r}' for r in missing)} Dice Out table in "
            f"{table_directory(missing[0], directory).parent}; build with: asobiba solve diceout "
            f"{builds}{option}"
        )


def default_tables_directory() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("asobiba")) / "tables"


def table_directory(rows: int, directory: Path | None = None) -> Path:
    """Where the ``rows`` table lives under ``directory`` (default: the user data directory)."""
    return Path(directory or default_tables_directory()) / f"diceout-r{rows}"


def decode(code: int) -> tuple[str, int]:
    """``(result, plies)`` for the side to move from a table code (draws have 0 plies)."""
    if code == 0:
        return DRAW, 0
    if code & 1:
        return WIN, (code + 1) // 2
    return LOSS, code // 2


def preference(result: str, plies: int) -> tuple[int, int]:
    """Sort key, smallest best: fastest win, then draw, then slowest loss."""
    if result == WIN:
        return 0, plies
    if result == DRAW:
        return 1, 0
    return 2, -plies


def flip(result: str, plies: int) -> tuple[str, int]:
    """The mover's value one ply earlier, from the value of the position the move reached."""
    if result == DRAW:
        return DRAW, 0
    return (LOSS if result == WIN else WIN), plies + 1


def other_side(result: str, plies: int) -> tuple[str, int]:
    """The same value seen by the other player (after a placing, which is not a move)."""
    if result == DRAW:
        return DRAW, 0
    return (LOSS if result == WIN else WIN), plies


class Table:
    """Read-only access to a solved table (memory-mapped)."""

    def __init__(self, rows: int, directory: Path, meta: dict[str, Any]) -> None:
        self.rows = rows
        self.directory = directory
        self.meta = meta
        self.board = board(rows)
        n = self.board.n_sets
        self.values = np.memmap(TableFiles(directory).values, dtype=np.uint8, mode="r", shape=(n, n))

    def code(self, row: int, column: int) -> int:
        return int(self.values[row, column])

    def verdict(self, state: Any) -> tuple[str, int]:
        """``(win|loss|draw, plies)`` for the side to move of an engine state at the start of a turn,
        or for the placer while the rolled dice are placed (their best arrangement's value)."""
        if state.phase == PLACE:
            return min(self.action_values(state).values(), key=lambda v: preference(*v))
        return decode(self.code(*state_coordinates(self.board, state)))

    def action_values(self, state: Any) -> dict[int, tuple[str, int]]:
        """The value for the mover of every legal action of ``state`` (an engine state)."""
        if state.phase == PLACE:
            return {a: other_side(*self.verdict(state.apply(a))) for a in state.legal_actions()}
        mover = state.to_move
        values = {}
        for action in state.legal_actions():
            if action == DECLARE_ACTION:
                values[action] = (WIN, 1)
                continue
            child = state.apply(action)
            if child.is_terminal:
                if child.winner == ENGINE_DRAW:
                    values[action] = (DRAW, 0)
                else:
                    values[action] = (WIN, 1) if child.winner == mover else (LOSS, 1)
            elif child.phase != TURN:
                # declare=manual windows: the side that may declare wins by declaring
                mover_declares = child.phase == WINDOW_AFTER_MOVE
                values[action] = (WIN, 1) if mover_declares else (LOSS, 1)
            else:
                values[action] = flip(*self.verdict(child))
        return values

    def best_action(self, state: Any) -> int:
        """An action that wins fastest, else draws, else loses slowest (never misses a Dice Out)."""
        values = self.action_values(state)
        if not values:
            raise ValueError("no legal action: the game is over")
        return min(values, key=lambda a: preference(*values[a]))


@cache
def _verified(path: str, size: int, mtime_ns: int, expected: str) -> bool:
    """Whether the values file hashes to ``expected``; the answer is cached per file version, in this
    process and in a ``values.verified`` stamp next to the table (so a 4.6 GB file is hashed once)."""
    stamp = Path(path).with_name(VERIFIED)
    version = {"size": size, "mtime_ns": mtime_ns, "sha256": expected}
    try:
        if json.loads(stamp.read_text(encoding="utf-8")) == version:
            return True
    except (OSError, ValueError):
        pass
    if sha256_file(Path(path)) != expected:
        return False
    mark_verified(Path(path), expected)
    return True


def find_table(rows: int, directory: Path | None = None) -> Table | None:
    """The complete, checksum-valid table for ``rows`` under ``directory``, or None."""
    where = table_directory(rows, directory)
    files = TableFiles(where)
    try:
        meta = json.loads(files.meta.read_text(encoding="utf-8"))
        stat = files.values.stat()
    except (OSError, ValueError):
        return None
    n = board(rows).n_sets
    if not (isinstance(meta, dict) and meta.get("complete") and meta.get("format") == FORMAT
            and meta.get("rows") == rows and stat.st_size == n * n):
        return None
    if not _verified(str(files.values), stat.st_size, stat.st_mtime_ns, str(meta.get("sha256"))):
        return None
    return Table(rows, where, meta)
