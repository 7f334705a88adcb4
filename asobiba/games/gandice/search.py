"""Gandice's own search: expectimax over the exact dice of whole turns (docs/ai.md, "Gandice").

A Gandice turn is one decision (re-summon or which unit attacks which) followed by a tree of rolls
and small decisions: the attacker's and the defender's item steps (the defender answers knowing
the attacker's total), betrayal targets, burying a fusion member, the evolution challenge. The
agent reads that tree to its end, every roll with its exact probability from the dice tables and
every decision by the seat that makes it (max^n: each seat maximises its own value, so three and
four players need no coalition guess), and judges the position where the next turn starts with the
evaluation of :mod:`.heuristic`. With ``turns`` = 2 it also reads the next player's whole turn the
same way (the following turn starts are then judged), keeping at each of that player's turn starts
only the ``beam`` moves the evaluation's one-ply odds like best.

Budget: the search counts positions; once ``max_nodes`` is spent, turn starts not yet read are
judged by the evaluation instead of searched (deterministic for a seed; ``time_limit`` is only a
safety cap). With two turns the root's moves are read in the order a one-ply look rates them, so
the moves whose replies go unread when the budget ends are the least promising ones; the agent's
own turn is always read to its end. Values are cached by position key and horizon for the life of
the agent, so the item and betrayal decisions of an exchange already read at its turn start cost
nothing.
"""

from __future__ import annotations

import time
from typing import Any

from ...ai.agent import SearchResult, expected_values, leaf_values, make_rng
from ...core.game import CHANCE, TERMINAL, Game, State
from . import heuristic
from .phases import TURN

TIE = 1e-9
"""Moves whose values differ by less than this are equally good; the seed picks among them."""


class TurnExpectimaxAgent:
    """Expectimax over whole turns with the exact roll probabilities (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        *,
        turns: int = 1,
        beam: int = 2,
        max_nodes: int = 2_000_000,
        time_limit: float | None = None,
        seed: int | None = None,
        name: str = "expectimax",
    ) -> None:
        if turns not in (1, 2):
            raise ValueError("turns must be 1 or 2")
        self.name = name
        self.turns = turns
        self.beam = beam
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.rng = make_rng(seed)
        self.evaluate = heuristic.evaluate
        self.cache: dict[Any, list[float]] = {}
        self.nodes = 0

    def choose(self, state: State) -> int:
        return self.analyse(state).action

    def analyse(self, state: State) -> SearchResult:
        """Value every legal move by the expectimax above; the best one answers."""
        me = state.current_player
        self.nodes = 0
        self.budget_left = True
        self.deadline = (
            time.perf_counter() + self.time_limit if self.time_limit is not None else None
        )
        # the horizon: the turn whose start is judged by the evaluation
        self.horizon = state.turn + self.turns  # type: ignore[attr-defined]
        self.searched_turn = state.turn  # type: ignore[attr-defined]
        actions = state.legal_actions()
        self.rng.shuffle(actions)  # the seed decides between equally good moves
        if self.turns > 1:
            actions = self._beam(state, me, actions, len(actions))
        values = {a: self._value(state.apply(a))[me] for a in actions}
        best = max(values.values())
        action = next(a for a in actions if values[a] >= best - TIE)
        return SearchResult(action, best, [action], self.turns, self.nodes)

    # -- the tree -----------------------------------------------------------------------------------
    def _value(self, state: State) -> list[float]:
        player = state.current_player
        if player == TERMINAL:
            return list(state.returns())
        turn = state.turn  # type: ignore[attr-defined]
        if turn >= self.horizon and state.phase == TURN:  # type: ignore[attr-defined]
            return leaf_values(state, self.evaluate)
        key = (state.key(), self.horizon - turn)
        found = self.cache.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if player == CHANCE:
            total: list[float] | None = None
            for action, p in state.chance_outcomes():
                vals = self._value(state.apply(action))
                if total is None:
                    total = [p * v for v in vals]
                else:
                    for i, v in enumerate(vals):
                        total[i] += p * v
            assert total is not None
            value = total
        else:
            value = self._decide(state, player, turn)
        self.cache[key] = value
        return value

    def _decide(self, state: State, player: int, turn: int) -> list[float]:
        actions = state.legal_actions()
        if state.phase == TURN and turn > self.searched_turn:  # type: ignore[attr-defined]
            if not self._may_read():
                return leaf_values(state, self.evaluate)
            actions = self._beam(state, player, actions, self.beam)
        best: list[float] | None = None
        for action in actions:
            vals = self._value(state.apply(action))
            if best is None or vals[player] > best[player] + TIE:
                best = vals
        assert best is not None
        return best

    def _may_read(self) -> bool:
        """Whether a later turn start may still be searched (node budget, safety cap)."""
        if self.budget_left and (
            self.nodes >= self.max_nodes
            or (self.deadline is not None and time.perf_counter() > self.deadline)
        ):
            self.budget_left = False
        return self.budget_left

    def _beam(self, state: State, player: int, actions: list[int], width: int) -> list[int]:
        """The ``width`` moves a one-ply look (two rolls deep) rates best for ``player``, best
        first (a stable sort: the order given breaks ties)."""
        if len(actions) <= 1:
            return actions
        rated = sorted(
            actions,
            key=lambda a: -expected_values(state.apply(a), self.evaluate, 2)[player],
        )
        return rated[:width]


def expectimax_agent(game: Game, **params: Any) -> TurnExpectimaxAgent:
    """The agent kind ``expectimax`` (declared in the descriptor's knowledge)."""
    return TurnExpectimaxAgent(game, **params)
