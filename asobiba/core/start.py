"""Where a command starts: a position file, or a game record (docs/formats.md, "Positions" and
"Records").

Wherever a position file is accepted, a record file is too: its final position, or with ``ply``
the position after its first ``ply`` actions (0 is its start). The position is then read like a
position file, so options given on the command line override the record's. ``ply`` without a
record is refused with one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import PositionError
from .game import State
from .position import state_from_position
from .reading import read_json_file
from .record import FORMAT, Record
from .registry import make_game_from_pairs


def is_record(data: Any) -> bool:
    """Whether JSON read from a file is a game record rather than a position."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT


def check_ply(record: Record, ply: int) -> None:
    """Refuse a ply the record does not reach."""
    if not 0 <= ply <= len(record.actions):
        raise PositionError(f"--ply {ply}: the record has {len(record.actions)} plies "
                            f"(0 to {len(record.actions)})")


def record_position(record: Record, ply: int | None = None) -> dict[str, Any]:
    """Position JSON of ``record`` after ``ply`` actions (None: all of them)."""
    if ply is None:
        return record.final_state().to_json()
    check_ply(record, ply)
    return Record(record.game, record.start, record.actions[:ply]).final_state().to_json()


def load_start(game_id: str, path: str | Path, option_pairs: list[str] | None = None,
               ply: int | None = None) -> State:
    """The state a position file or a record file gives (see the module docstring)."""
    data = read_json_file(path)
    if is_record(data):
        data = record_position(Record.from_json(data), ply)
    elif ply is not None:
        raise PositionError(f"--ply needs a game record; {path} is a position")
    return state_from_position(game_id, data, option_pairs)


def start_state(game_id: str, option_pairs: list[str] | None = None, path: str | Path | None = None,
                ply: int | None = None) -> State:
    """The state a command starts from: a file's (:func:`load_start`), else the game's start."""
    if path is not None:
        return load_start(game_id, path, option_pairs, ply)
    if ply is not None:
        raise PositionError("--ply needs a game record file")
    return make_game_from_pairs(game_id, option_pairs or []).new_state()
