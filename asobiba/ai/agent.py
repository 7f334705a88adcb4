"""The agent protocol and helpers shared by every agent.

An agent picks a move for the player to act: ``choose(state) -> int`` returns one of
``state.legal_actions()``. Agents are never asked at chance nodes or terminal states (the caller
samples dice). Every agent takes a ``seed``; for a given seed it answers the same position with the
same move (search budgets are counted in nodes or iterations, never in seconds, except for a
safety cap that ordinary play does not reach).

Values are on the scale of :meth:`State.returns`: +1 a sure win, -1 a sure loss, for one seat.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.game import CHANCE, TERMINAL, State

Evaluate = Callable[[Any], Sequence[float]]
"""A heuristic: for a non-terminal state, the estimated value of every seat in [-1, 1] (it takes
the state class of its own game, so the argument is typed ``Any``).

Heuristics should stay strictly inside ±:data:`HEURISTIC_CAP` and keep separating better from
worse positions there (e.g. ``0.9 * tanh(x / scale)``): values beyond are clamped by the search,
and a clamped evaluation no longer tells moves apart."""

HEURISTIC_CAP = 0.95
"""Heuristic values are clamped to ±this, so a proven win or loss always outranks them."""


@runtime_checkable
class Agent(Protocol):
    """Something that plays: a name and a move choice."""

    name: str

    def choose(self, state: State) -> int:
        """A legal action for ``state.current_player`` (never called at chance nodes)."""
        ...


@dataclasses.dataclass
class SearchResult:
    """What a searching agent concluded about a position.

    ``value`` is the expected result for the player to move, in [-1, 1]; ``line`` the principal
    variation as action ids starting with ``action`` (it stops at the first chance node);
    ``exact`` is set when the value is proven (a forced result inside the search horizon).
    """

    action: int
    value: float
    line: list[int]
    depth: int = 0
    nodes: int = 0
    exact: bool = False


def make_rng(seed: int | None) -> random.Random:
    """A private random generator: seeded when ``seed`` is given, else from the OS."""
    return random.Random(seed)


def clamp(value: float) -> float:
    if value > HEURISTIC_CAP:
        return HEURISTIC_CAP
    if value < -HEURISTIC_CAP:
        return -HEURISTIC_CAP
    return value


def leaf_values(state: State, evaluate: Evaluate) -> list[float]:
    """Returns on terminal states, clamped heuristic values otherwise."""
    if state.current_player == TERMINAL:
        return list(state.returns())
    return [clamp(v) for v in evaluate(state)]


def expected_values(state: State, evaluate: Evaluate, depth: int = 4) -> list[float]:
    """Values of ``state`` with chance nodes averaged out (up to ``depth`` chance levels).

    One-ply agents use this on the state after their move, so a move that triggers a dice roll
    is judged by the exact odds of its outcomes rather than by the unrolled position.
    """
    if state.current_player != CHANCE or depth == 0:
        return leaf_values(state, evaluate)
    total: list[float] | None = None
    for action, p in state.chance_outcomes():
        vals = expected_values(state.apply(action), evaluate, depth - 1)
        if total is None:
            total = [p * v for v in vals]
        else:
            for i, v in enumerate(vals):
                total[i] += p * v
    return total if total is not None else leaf_values(state, evaluate)


def is_sole_win(child: State, seat: int) -> bool:
    """True when ``child`` is over with ``seat`` alone in first place."""
    if child.current_player != TERMINAL:
        return False
    ranks = child.ranks()
    return ranks[seat] == 1 and ranks.count(1) == 1


def winning_actions(state: State) -> list[int]:
    """Moves that end the game at once with the mover alone in first place."""
    me = state.current_player
    return [a for a in state.legal_actions() if is_sole_win(state.apply(a), me)]


def notation_line(state: State, line: Sequence[int]) -> list[str]:
    """The notation of each action of ``line`` played from ``state``."""
    out = []
    for action in line:
        if state.current_player in (CHANCE, TERMINAL):
            break
        out.append(state.action_to_notation(action))
        state = state.apply(action)
    return out
