"""The game-agnostic core: options, the Game/State interface, records, positions, perft."""

from .errors import (
    AsobibaError,
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    UnknownGameError,
)
from .game import (
    CHANCE,
    TERMINAL,
    Game,
    State,
    random_action,
    returns_from_ranks,
    sample_chance,
)
from .options import Options, OptionSpec, option
from .record import Record
from .registry import game_class, game_ids, make_game, make_game_from_pairs

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AsobibaError",
    "Game",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Options",
    "PositionError",
    "Record",
    "RecordError",
    "State",
    "UnknownGameError",
    "game_class",
    "game_ids",
    "make_game",
    "make_game_from_pairs",
    "option",
    "random_action",
    "returns_from_ranks",
    "sample_chance",
]
