"""Reading position JSON (docs/formats.md, "Positions"); :mod:`.start` reads a position file or a
record for the commands.

A position file names its game and options; options given on the command line override those in the
file. Malformed JSON and impossible positions raise errors with one-line messages.

JSON from outside (files, and the web table's requests) is read by :func:`parse_json`: at most
:data:`MAX_FILE_BYTES` from a file, UTF-8, nested at most 200 levels, numbers finite and of at most
4,300 digits; anything else is refused with one line. Only regular files are read: a FIFO, a device
(``/dev/zero``) or a folder is refused before anything is read, so reading never blocks nor runs on.
"""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pydantic_core

from .errors import AsobibaError, PositionError
from .game import State
from .registry import make_game_from_pairs

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file read (8 MB): positions, records, catalogs, tallies, studies."""


def read_text_file(path: str | Path, error: type[AsobibaError] = PositionError) -> str:
    """The text of a regular file of at most :data:`MAX_FILE_BYTES`, UTF-8; problems raise
    ``error`` with one line. Every file a command is given goes through here."""
    try:
        # non-blocking: opening a FIFO for reading must not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise error(f"cannot read {path}: not a regular file")
    with os.fdopen(fd, "rb") as file:
        try:
            raw = file.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise error(f"cannot read {path}: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path} is not UTF-8 text") from None


def read_json_file(path: str | Path, error: type[AsobibaError] = PositionError) -> Any:
    """The JSON of a regular file (see :func:`read_text_file` and :func:`parse_json`)."""
    return parse_json(read_text_file(path, error), error, f"{path}: ")


def parse_json(raw: str | bytes, error: type[AsobibaError], prefix: str = "") -> Any:
    """JSON text from outside: nested at most 200 levels, numbers finite and of at most 4,300
    digits, strings valid Unicode; else ``error`` with one line (starting with ``prefix``)."""
    try:
        data = pydantic_core.from_json(raw, allow_inf_nan=False)
    except ValueError as exc:
        raise error(f"{prefix}malformed JSON ({exc})") from None
    if not _finite(data):
        raise error(f"{prefix}malformed JSON (a number is too large)")
    return data


def _finite(value: Any) -> bool:
    """No float in ``value`` is infinite (JSON like ``1e400``); nesting is bounded by the parser."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def state_from_position(
    game_id: str, data: Mapping[str, Any], option_pairs: list[str] | None = None
) -> State:
    """Build a state of ``game_id`` from position JSON, command-line options overriding the file's."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    named = data.get("game", game_id)
    if named != game_id:
        raise PositionError(f"the position is a {named!r} position, not {game_id!r}")
    file_options = data.get("options") or {}
    if not isinstance(file_options, Mapping):
        raise PositionError("position 'options' must be a JSON object")
    game = make_game_from_pairs(game_id, option_pairs or [], base=file_options)
    return game.state_from_json(data)
