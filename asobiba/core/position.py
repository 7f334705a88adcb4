"""Reading position JSON (docs/formats.md, "Positions"); :mod:`.start` reads a position file or a
record for the commands.

A position file names its game and options; options given on the command line override those in the
file. Malformed JSON (read by :mod:`.reading`) and impossible positions raise errors with one-line
messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import PositionError
from .game import State
from .registry import make_game_from_pairs


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
