"""What the conformance suite plays: every registered game, a few option sets that each game's own
option specs give, and seeded random games under each.

A game's option sets are its defaults, then one option changed at a time: every choice of an
option with choices (both values of a switch), the bounds of a bounded integer. The options are
taken in the order the game declares them, first each one's first other value, then each one's
second, and so on, up to :data:`MAX_OPTION_SETS` sets in all; a set that the game normalizes to an
earlier one is left out. Options holding several values (tuples) keep their defaults.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import cache
from typing import Any

from asobiba.core import Game, OptionError, Options, OptionSpec, State, random_action, registry

MAX_OPTION_SETS = 8
GAMES_PER_SET = 3
MAX_ACTIONS = 40
"""Length bound of one random game, chance outcomes included."""


def other_values(spec: OptionSpec) -> list[Any]:
    """The values of one option the suite tries besides its default."""
    if spec.kind.startswith("tuple"):
        return []
    if spec.choices is not None:
        values = list(spec.choices)
    elif spec.kind == "bool":
        values = [False, True]
    elif spec.kind == "int":
        values = [bound for bound in (spec.lo, spec.hi) if bound is not None]
    else:
        return []
    return [value for value in values if value != spec.default]


def option_sets(options_class: type[Options]) -> list[dict[str, Any]]:
    """The option sets of one game (see the module docstring), the defaults first.

    A set the game refuses with an OptionError (two options that do not go together) stays in the
    list; :func:`cases` sets it apart, and the suite checks that it is refused in one clear line.
    """
    specs = options_class.specs().items()
    columns = [[(name, value) for value in other_values(spec)] for name, spec in specs]
    candidates = [pair for row in itertools.zip_longest(*columns) for pair in row if pair is not None]
    sets: list[dict[str, Any]] = [{}]
    seen = [options_class()]
    for name, value in candidates:
        if len(sets) == MAX_OPTION_SETS:
            break
        try:
            options = options_class.from_dict({name: value})
        except OptionError:
            sets.append({name: value})
            continue
        if options not in seen:
            seen.append(options)
            sets.append({name: value})
    return sets


@dataclasses.dataclass(frozen=True)
class Case:
    """One game under one option set (the options that differ from its defaults)."""

    game_id: str
    changed: tuple[tuple[str, Any], ...]

    def __str__(self) -> str:
        shown = ",".join(f"{name}={value}" for name, value in self.changed)
        return f"{self.game_id}[{shown or 'defaults'}]"

    def game(self) -> Game:
        """The game (raises OptionError when the game refuses these options)."""
        return registry.make_game(self.game_id, dict(self.changed))


def all_cases() -> list[Case]:
    """Every registered game under each of its option sets."""
    return [
        Case(game_id, tuple(changed.items()))
        for game_id in registry.game_ids()
        for changed in option_sets(registry.game_class(game_id).options_class)
    ]


def refusal(case: Case) -> OptionError | None:
    """Why the game refuses the case's options, or None when it takes them."""
    try:
        case.game()
    except OptionError as exc:
        return exc
    return None


def cases() -> list[Case]:
    """The cases whose options the game takes: they are played."""
    return [case for case in all_cases() if refusal(case) is None]


def refused_cases() -> list[Case]:
    """The cases whose options the game refuses: they are checked to be refused clearly."""
    return [case for case in all_cases() if refusal(case) is not None]


@dataclasses.dataclass(frozen=True)
class Playout:
    """One seeded random game: ``states[i + 1]`` is ``states[i].apply(actions[i])``."""

    game: Game
    states: tuple[State, ...]
    actions: tuple[int, ...]

    def steps(self) -> list[tuple[int | None, State]]:
        """Each state with the action that led to it (None for the start)."""
        return list(zip((None, *self.actions), self.states, strict=True))


@cache
def playouts(case: Case) -> tuple[Playout, ...]:
    """:data:`GAMES_PER_SET` random games of ``case``, each seeded by the case and its number."""
    game = case.game()
    out = []
    for number in range(GAMES_PER_SET):
        rng = random.Random(f"{case}/{number}")
        states, actions = [game.new_state()], []
        while not states[-1].is_terminal and len(actions) < MAX_ACTIONS:
            actions.append(random_action(states[-1], rng))
            states.append(states[-1].apply(actions[-1]))
        out.append(Playout(game, tuple(states), tuple(actions)))
    return tuple(out)
