"""Which games asobiba knows, and how to make one from an id and options.

Games are imported lazily so that ``asobiba perft diceout`` never pays for loading the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import UnknownGameError
from .game import Game
from .options import Options

GAME_CLASSES: dict[str, str] = {
    "diamond": "asobiba.games.diamond.game:DiamondGame",
    "diceout": "asobiba.games.diceout.game:DiceOutGame",
    "gandice": "asobiba.games.gandice.game:GandiceGame",
}


def game_ids() -> list[str]:
    return list(GAME_CLASSES)


def game_class(game_id: str) -> type[Game]:
    try:
        target = GAME_CLASSES[game_id]
    except KeyError:
        known = ", ".join(GAME_CLASSES)
        raise UnknownGameError(f"unknown game {game_id!r} (known: {known})") from None
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def make_game(game_id: str, options: Options | Mapping[str, Any] | None = None) -> Game:
    """A game by id with options given as an Options object, a JSON mapping or None (defaults)."""
    return game_class(game_id)(options)


def make_game_from_pairs(
    game_id: str, pairs: list[str], base: Mapping[str, Any] | None = None
) -> Game:
    """A game by id with ``KEY=VALUE`` option strings over an optional base mapping."""
    cls = game_class(game_id)
    return cls(cls.options_class.from_pairs(pairs, base))
