"""A game's options as JSON Schema, its rules across options included (docs/protocol.md, "OpenAPI").

Each option's spec gives its type, choices and bounds. What a game checks across options (its
``normalize``: a first player among the players, as many colours as players, a rule that needs
kings) is stated nowhere else, so it is found by asking the options class itself: every option
with few values (a yes/no, a choice, an integer of a short range, a list of at most
:data:`MAX_ITEMS` such values) is tried alone and beside each other such option, all the rest
left at their defaults; options whose validity depends on one another form a group, and a group's
valid combinations are listed. The number of players may depend on one group; the options are
then one schema per number of players, so that a body's seats can be sized to it.

What no listing reaches stays the game's to refuse (HTTP 409): options of many values checked
against others (a deck list against the number of players and the decks of a catalog given as
text), text that must parse.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.errors import AsobibaError
from ..core.options import Options, OptionSpec
from ..core.registry import game_class, make_game

MAX_SPAN = 8
"""The most values an integer option may span to be listed."""
MAX_ITEMS = 4
"""The most values a list option's items may take to be listed (as lists of at most that many)."""

KINDS: dict[str, dict[str, Any]] = {
    "bool": {"type": "boolean"}, "int": {"type": "integer"}, "str": {"type": "string"},
    "tuple[int]": {"type": "array", "items": {"type": "integer"}},
    "tuple[str]": {"type": "array", "items": {"type": "string"}},
}
Combination = dict[str, Any]


@dataclass(frozen=True)
class Seating:
    """The options of a game for one number of players: ``players`` and the JSON Schema."""

    players: int
    schema: dict[str, Any]
    default: bool
    """Whether these are the defaults' number (options left out altogether give it)."""


def spec_schema(spec: OptionSpec) -> dict[str, Any]:
    """The schema of one option from its spec alone (type, choices, bounds)."""
    one = copy.deepcopy(KINDS[spec.kind])
    target = one.get("items", one)
    if spec.choices is not None:  # an option that may be left out may also be left empty
        target["enum"] = list(spec.choices) + ([""] if spec.optional and spec.kind == "str" else [])
    if spec.lo is not None:
        target["minimum"] = spec.lo
    if spec.hi is not None:
        target["maximum"] = spec.hi
    return {"anyOf": [one, {"type": "null"}]} if spec.optional else one


def values_of(spec: OptionSpec) -> list[Any] | None:
    """Every value worth trying for an option of few values (None: too many to list): its
    choices or its short range, their other spellings (aliases, JSON true/false where those are
    aliases), lists of at most as many items as there are values, ``null`` and ``""`` where the
    option may be left out."""
    if spec.kind == "bool":
        values: list[Any] = [False, True]
    else:
        if spec.choices is not None:
            items = list(spec.choices)
        elif spec.lo is not None and spec.hi is not None and spec.hi - spec.lo < MAX_SPAN:
            items = list(range(spec.lo, spec.hi + 1))
        else:
            return None
        if not spec.kind.startswith("tuple"):
            values = items + list(spec.aliases) + [alias == "true" for alias in spec.aliases
                                                   if alias in ("true", "false")]
        elif len(items) <= MAX_ITEMS:
            values = [list(t) for n in range(len(items) + 1) for t in itertools.product(items, repeat=n)]
        else:
            return None
    if spec.optional:
        values = [None] + values + ([""] if spec.kind == "str" else [])
    return values


def accepts(options: type[Options], combination: Combination) -> bool:
    """Whether the game takes these options (the rest at their defaults)."""
    try:
        options.from_dict(combination)
    except AsobibaError:
        return False
    return True


def groups(options: type[Options], values: dict[str, list[Any]]) -> list[list[str]]:
    """The options whose validity depends on one another, by pairs tried over all their values."""
    alone = {name: {i for i, v in enumerate(vs) if accepts(options, {name: v})}
             for name, vs in values.items()}
    parent = {name: name for name in values}

    def root(name: str) -> str:
        while parent[name] != name:
            name = parent[name]
        return name

    for a, b in itertools.combinations(values, 2):
        for (i, x), (j, y) in itertools.product(enumerate(values[a]), enumerate(values[b])):
            if accepts(options, {a: x, b: y}) != (i in alone[a] and j in alone[b]):
                parent[root(b)] = root(a)
                break
    found: dict[str, list[str]] = {}
    for name in values:
        found.setdefault(root(name), []).append(name)
    return list(found.values())


def combinations(options: type[Options], values: dict[str, list[Any]],
                 group: list[str]) -> Iterator[Combination]:
    """The valid combinations of a group's values."""
    for chosen in itertools.product(*(values[name] for name in group)):
        combination = dict(zip(group, chosen, strict=True))
        if accepts(options, combination):
            yield combination


def combination_schema(specs: dict[str, OptionSpec], combination: Combination) -> dict[str, Any]:
    """One valid combination as a schema: each option this value, or left out for its default."""
    default = {name: list(spec.default) if isinstance(spec.default, tuple) else spec.default
               for name, spec in specs.items()}
    return {"properties": {name: {"const": value} for name, value in combination.items()},
            "required": [name for name, value in combination.items() if value != default[name]]}


def players_of(game_id: str, combination: Combination) -> int:
    return make_game(game_id, combination).num_players


@cache
def seatings(game_id: str) -> tuple[Seating, ...]:
    """The options ``game_id`` takes at the web table, one schema per number of players."""
    options = game_class(game_id).options_class
    specs = {name: spec for name, spec in options.specs().items() if not spec.local}
    listed = {name: vs for name, spec in specs.items() if (vs := values_of(spec)) is not None}
    default_players = make_game(game_id, {}).num_players
    rules: list[list[Combination]] = []
    seating_rule: list[Combination] | None = None
    properties = {name: spec_schema(spec) for name, spec in specs.items()}
    for group in groups(options, listed):
        valid = list(combinations(options, listed, group))
        properties.update({name: {"enum": unique(c[name] for c in valid)} for name in group})
        if len({players_of(game_id, c) for c in valid}) > 1:
            seating_rule = valid
        elif len(group) > 1:  # a single option's values say it all
            rules.append(valid)
    by_players: dict[int, list[Combination]] = {}
    for c in seating_rule or [{}]:
        by_players.setdefault(players_of(game_id, c), []).append(c)
    found = []
    for players, seated in sorted(by_players.items()):
        schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
        every = [seated] if seating_rule else []
        every += rules
        if every:
            schema["allOf"] = [{"anyOf": [combination_schema(specs, c) for c in rule]} for rule in every]
        found.append(Seating(players, schema, players == default_players))
    return tuple(found)


def unique(values: Iterator[Any]) -> list[Any]:
    """The values once each, in order (``1`` and ``true`` are two: JSON tells them apart)."""
    out: list[Any] = []
    for v in values:
        if not any(o == v and type(o) is type(v) for o in out):
            out.append(v)
    return out
