"""What the conformance suite plays: every registered game, a few option sets that each game's own
option specs give, and seeded games under each — an opening played at random, and whole games to
their end.

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

from asobiba.ai.levels import make_agent
from asobiba.core import Game, OptionError, Options, OptionSpec, State, random_action, registry

MAX_OPTION_SETS = 8
OPENING_ACTIONS = 40
"""Length of the random opening played under each option set, chance outcomes included."""
WHOLE_GAMES = 2
"""Whole games played under each option set, to the end the rules give."""
AGENT_LEVEL = "weak"
RANDOM_SHARE = 0.2
"""The whole games' cheap player: the game's own よわい level (a one-ply greedy on its heuristic),
playing a random legal move instead one time in five, so that the games differ and still finish
well inside the star games' length bound (a random star game only ends at the cut)."""
SAMPLE = 48
"""Positions of one game the per-position checks look at: all of a short game; of a long one,
evenly spread ones, the start and the end always among them."""


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
    """One seeded game: ``states[i + 1]`` is ``states[i].apply(actions[i])``; ``whole`` when it was
    played to its end (then its last state is final)."""

    game: Game
    states: tuple[State, ...]
    actions: tuple[int, ...]
    whole: bool

    def steps(self) -> list[tuple[int | None, State]]:
        """:data:`SAMPLE` positions at most, each with the action that led to it (None for the
        start): every one of a short game, evenly spread ones of a long game, first and last
        included."""
        every = list(zip((None, *self.actions), self.states, strict=True))
        if len(every) <= SAMPLE:
            return every
        stride = (len(every) - 1) / (SAMPLE - 1)
        return [every[round(k * stride)] for k in range(SAMPLE)]

    def positions(self) -> list[State]:
        """The positions of :meth:`steps`."""
        return [state for _, state in self.steps()]


def opening(game: Game, rng: random.Random) -> Playout:
    """:data:`OPENING_ACTIONS` random actions from the start (fewer when the game ends first)."""
    states, actions = [game.new_state()], []
    while not states[-1].is_terminal and len(actions) < OPENING_ACTIONS:
        actions.append(random_action(states[-1], rng))
        states.append(states[-1].apply(actions[-1]))
    return Playout(game, tuple(states), tuple(actions), whole=states[-1].is_terminal)


def whole_game(game: Game, rng: random.Random, seed: int) -> Playout:
    """A game to its end by the cheap player of :data:`AGENT_LEVEL` (see :data:`RANDOM_SHARE`),
    chance outcomes drawn at random."""
    agent = make_agent(game, AGENT_LEVEL, seed=seed)
    states, actions = [game.new_state()], []
    while not states[-1].is_terminal:
        state = states[-1]
        at_random = state.is_chance or rng.random() < RANDOM_SHARE
        actions.append(random_action(state, rng) if at_random else agent.choose(state))
        states.append(state.apply(actions[-1]))
    return Playout(game, tuple(states), tuple(actions), whole=True)


@cache
def playouts(case: Case) -> tuple[Playout, ...]:
    """The case's games: a random opening, then :data:`WHOLE_GAMES` whole games, each seeded by
    the case and its number."""
    game = case.game()
    games = [opening(game, random.Random(f"{case}/0"))]
    for number in range(1, WHOLE_GAMES + 1):
        games.append(whole_game(game, random.Random(f"{case}/{number}"), seed=number))
    return tuple(games)
