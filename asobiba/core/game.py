"""The game-agnostic interface every asobiba game implements (docs/architecture.md, "Layers").

The shape follows OpenSpiel: a :class:`Game` describes (id, options, players) and a :class:`State`
plays. States are **immutable**: ``apply(action)`` returns a new state and never changes ``self``,
so undo is "keep the previous state", and search can share states freely.

Actions have three faces:

* a stable non-negative integer id (what ``legal_actions()`` returns, what records store),
* human notation (``state.action_to_notation(a)`` / ``state.notation_to_action(text)``) that
  parses back to the same id,
* a JSON description for the ``moves`` contract (``state.describe_action(a)``).

Chance is explicit: at a chance node ``current_player == CHANCE`` and ``chance_outcomes()`` lists
``(action, probability)`` pairs whose probabilities sum to 1. Chance outcomes are actions like any
other: records store them and replay them.

Every game plays the same way, whichever the registry holds (here each one to its end, its
notation and its saved form read back at every ply):

>>> import random
>>> from asobiba.core.registry import descriptors, make_game
>>> for descriptor in descriptors():
...     game, rng = make_game(descriptor.id), random.Random(1)
...     state = game.new_state()
...     while not state.is_terminal:
...         assert state.is_chance == (state.current_player == CHANCE)
...         if state.is_chance:
...             assert round(sum(p for _, p in state.chance_outcomes()), 9) == 1.0
...         action = random_action(state, rng)
...         assert state.notation_to_action(state.action_to_notation(action)) == action
...         after = state.apply(action)
...         assert game.state_from_json(after.to_json()).key() == after.key()
...         state = after
...     assert returns_from_ranks(state.ranks()) == state.returns()
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Self

from .errors import IllegalMoveError, NotationError, PositionError
from .names import Names
from .options import Options

CHANCE = -1
"""``current_player`` at a chance node (dice rolls)."""

TERMINAL = -4
"""``current_player`` once the game is over."""


class Game(ABC):
    """A game with fixed rule options: knows its players and makes states."""

    id: ClassVar[str]
    name_en: ClassVar[str]
    name_ja: ClassVar[str]
    options_class: ClassVar[type[Options]]

    def __init__(self, options: Options | Mapping[str, Any] | None = None) -> None:
        if isinstance(options, Options):
            if not isinstance(options, self.options_class):
                raise TypeError(f"{self.id} needs {self.options_class.__name__}")
            self.options = options
        else:
            self.options = self.options_class.from_dict(options)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options.to_dict()!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.id, self.options))

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A game with fixed options never changes: a deep copy is the game itself (so copying a
        state, e.g. in OpenSpiel's ``clone``, does not copy its game)."""
        return self

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats in this game (with these options)."""

    @property
    @abstractmethod
    def player_names(self) -> Sequence[str]:
        """Name of each seat, in seat order (e.g. ``("red", "yellow")``)."""

    @abstractmethod
    def new_state(self) -> State:
        """The starting state (a chance node when the game starts with a roll)."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Parse position JSON (docs/formats.md, "Positions"); raise PositionError if impossible."""

    def bench_positions(self) -> Sequence[State]:
        """A fixed, documented set of positions for ``asobiba bench`` (default: the start)."""
        return [self.new_state()]

    def player_index(self, name: str) -> int:
        try:
            return list(self.player_names).index(name)
        except ValueError:
            raise PositionError(
                f"unknown player {name!r} (players: {', '.join(self.player_names)})"
            ) from None


class State(ABC):
    """One position of a game. Immutable: ``apply`` returns a new state."""

    game: Game

    # -- whose turn -------------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat index to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    # -- moves ------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action ids for the player to act (chance outcomes at chance nodes; [] if over)."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node; probabilities sum to 1."""
        return []

    @abstractmethod
    def apply(self, action: int) -> Self:
        """The state after ``action``. Fast path: the action is assumed legal (see :meth:`play`)."""

    def play(self, action: int) -> Self:
        """Like :meth:`apply`, but refuses an action that is not legal here."""
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        if action not in self.legal_actions():
            raise IllegalMoveError(f"action {action} is not legal here")
        return self.apply(action)

    def play_notation(self, text: str) -> Self:
        """Parse ``text`` in this game's notation and play it (raises on bad or illegal input)."""
        return self.play(self.notation_to_action(text))

    # -- notation ---------------------------------------------------------------------------------
    @abstractmethod
    def action_to_notation(self, action: int) -> str:
        """Human notation of ``action`` in this state."""

    def notation_to_action(self, text: str) -> int:
        """Parse human notation; default: match against the notation of every legal action."""
        wanted = text.strip()
        for action in self.legal_actions():
            if self.action_to_notation(action) == wanted:
                return action
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        raise NotationError(f"{wanted!r} is not a legal move here")

    def describe_action(self, action: int) -> dict[str, Any]:
        """JSON description for the ``moves`` contract: ``{"from", "to", "notation"}``."""
        return {"from": None, "to": None, "notation": self.action_to_notation(action)}

    def callout(self, action: int) -> Names | None:
        """A phrase players shout when ``action`` is played here (e.g. 「開眼！」, "Eyes open!"),
        for logs and the move list, in both languages."""
        return None

    def action_origin(self, action: int) -> str | None:
        """Notation of the cell a move starts from (for "which moves has this piece?")."""
        return None

    # -- results ----------------------------------------------------------------------------------
    def ranks(self) -> list[int]:
        """Final rank of each seat (1 = best; tied seats share the better rank). Terminal only."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """One number per seat in [-1, 1], derived from :meth:`ranks`.

        Winner +1, last -1; tied seats share the average of the places they occupy, so a
        2-player draw is 0/0 and 3 players ranked 1, 2, 3 get +1, 0, -1. All zeros if not over.
        """
        if not self.is_terminal:
            return [0.0] * self.game.num_players
        return returns_from_ranks(self.ranks())

    # -- identity and I/O -------------------------------------------------------------------------
    @abstractmethod
    def key(self) -> Hashable:
        """Compact hashable identity (transposition tables, repetition)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Position JSON (docs/formats.md, "Positions")."""

    @abstractmethod
    def render_text(self, color: bool = False) -> str:
        """A text picture of the position (ANSI colours when ``color``)."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game == self.game
            and other.key() == self.key()
        )

    def __hash__(self) -> int:
        return hash(self.key())

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """States are immutable: a deep copy is the state itself."""
        return self


def returns_from_ranks(ranks: Sequence[int]) -> list[float]:
    """Map ranks (1 = best, ties share the better rank) to returns in [-1, 1]."""
    n = len(ranks)
    if n < 2:
        return [0.0] * n
    out = []
    for r in ranks:
        tied = sum(1 for x in ranks if x == r)
        place = r + (tied - 1) / 2  # average place occupied by the tied group
        out.append(1.0 - 2.0 * (place - 1) / (n - 1))
    return out


def sample_chance(state: State, rng: random.Random) -> int:
    """Draw one chance outcome of ``state`` with its exact probability."""
    outcomes = state.chance_outcomes()
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def random_action(state: State, rng: random.Random) -> int:
    """A uniformly random legal move, or an exactly weighted chance outcome at a chance node."""
    return sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
