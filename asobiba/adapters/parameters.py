"""Rule options as flat framework parameters (docs/research.md, "OpenSpiel").

A framework passes parameters as ints, bools and strings, and writes them into a game's name
(OpenSpiel's ``asobiba_diceout(rows=4)``), where commas and brackets are not allowed. So an integer
option is an int, a switch a bool, and every other option a string: its default as text, the empty
string meaning the option's own default (an option that defaults from others, a tuple); the values
of a tuple are separated by ``/`` (``red=1/2/3``). Options that name a file are not offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Game, registry
from ..core.options import OptionSpec


def offered(spec: OptionSpec) -> bool:
    return not spec.local


def default_of(spec: OptionSpec) -> Any:
    """The parameter's default: the option's for ints, switches and plain strings, else ``""``."""
    if spec.kind in ("int", "bool") or (spec.kind == "str" and spec.default is not None):
        return spec.default
    return ""


def defaults(game_id: str) -> dict[str, Any]:
    """Every offered option of a game as a parameter with its default."""
    specs = registry.game_class(game_id).options_class.specs()
    return {name: default_of(spec) for name, spec in specs.items() if offered(spec)}


def to_pairs(parameters: Mapping[str, Any]) -> list[str]:
    """``KEY=VALUE`` option strings of the parameters that say something (not ``""``)."""
    pairs = []
    for name, value in parameters.items():
        if value == "":
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        pairs.append(f"{name}={str(value).replace('/', ',')}")
    return pairs


def make_game(game_id: str, parameters: Mapping[str, Any]) -> Game:
    """The game with these parameters (an OptionError, one line, for a wrong one)."""
    return registry.make_game_from_pairs(game_id, to_pairs(parameters))
