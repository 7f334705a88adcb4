"""Which games asobiba knows: one line per game, naming the module that holds its descriptor.

Descriptors are imported on first use, so that ``asobiba perft GAME`` never pays for loading
the other games. Adding a game is a new folder under ``asobiba/games/`` and one line in
:data:`GAMES` (docs/architecture.md, "Adding a game").

>>> first = game_ids()[0]
>>> descriptor(first).id == first == make_game(first).id
True
>>> make_game_from_pairs(first, []) == make_game(first)  # KEY=VALUE pairs, as the command line
True
>>> make_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
asobiba.core.errors.UnknownGameError: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .descriptor import GameDescriptor
from .errors import UnknownGameError
from .game import Game
from .options import Options

GAMES: dict[str, str] = {
    "diamond": "asobiba.games.diamond.descriptor",
    "chinese_checkers": "asobiba.games.chinese_checkers.descriptor",
    "diceout": "asobiba.games.diceout.descriptor",
    "gandice": "asobiba.games.gandice.descriptor",
}
"""Game id → module whose ``DESCRIPTOR`` declares the game (``module:NAME`` for another name)."""

_loaded: dict[str, GameDescriptor[Any]] = {}
"""Descriptors already imported, by their place in :data:`GAMES`."""


def game_ids() -> list[str]:
    return list(GAMES)


def descriptor(game_id: str) -> GameDescriptor[Any]:
    """The descriptor of ``game_id`` (raises UnknownGameError for an unknown id)."""
    try:
        place = GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {game_id!r} (known: {known})") from None
    found = _loaded.get(place)
    if found is None:
        module_name, _, name = place.partition(":")
        found = getattr(importlib.import_module(module_name), name or "DESCRIPTOR")
        if found.id != game_id:
            raise RuntimeError(f"{place} declares {found.id!r}, registered as {game_id!r}")
        _loaded[place] = found
    return found


def descriptors() -> list[GameDescriptor[Any]]:
    return [descriptor(game_id) for game_id in GAMES]


def game_class(game_id: str) -> type[Game]:
    return descriptor(game_id).game_class


def make_game(game_id: str, options: Options | Mapping[str, Any] | None = None) -> Game:
    """A game by id with options given as an Options object, a JSON mapping or None (defaults)."""
    return game_class(game_id)(options)


def make_game_from_pairs(
    game_id: str, pairs: list[str], base: Mapping[str, Any] | None = None
) -> Game:
    """A game by id with ``KEY=VALUE`` option strings over an optional base mapping."""
    cls = game_class(game_id)
    return cls(cls.options_class.from_pairs(pairs, base))
