"""Gandice's own search: expectimax over the exact dice of whole turns (docs/ai.md, "Levels" and
"Measured ladder").

A Gandice turn is one decision (re-summon or which unit attacks which) followed by a tree of rolls
and small decisions: the attacker's and the defender's item steps (the defender answers knowing
the attacker's total), betrayal targets, burying a fusion member, the evolution challenge. The
agent reads that tree to its end, every roll with its exact probability from the dice tables and
every decision by the seat that makes it (max^n: each seat maximises its own value, so three and
four players need no coalition guess), and judges the position where the next turn starts with the
evaluation of :mod:`.heuristic`. With ``turns`` = 2 it also reads the next player's whole turn the
same way (the following turn starts are then judged), keeping at each of that player's turn starts
only the ``beam`` moves that player likes best by a reading of the next two rolls.

Budget: the agent first reads the next two rolls of every move (then the evaluation, as the
one-ply levels do), then the whole turn. It counts the positions it reads; a whole-turn reading
that would pass ``max_nodes`` (or the safety cap ``time_limit``) is dropped and the two-roll
reading answers, so the move depends on the seed only. With two turns the next player's turn
starts are read while fewer than ``reply_nodes`` positions have been read and judged by the
evaluation after that; the root's moves are read in the order the two-roll reading rates them, so
the moves whose replies go unread are the least promising ones. Outcomes that lead to the same
play are read once (:func:`outcome_classes`). Values are cached by position key, horizon and
reading for the life of the agent, so the item and betrayal decisions of an exchange already read
at its turn start cost nothing.
"""

from __future__ import annotations

import time
from typing import Any

from ...ai.agent import SearchResult, leaf_values, make_rng
from ...core.game import CHANCE, TERMINAL, Game
from . import actions as A
from . import heuristic
from .dice import SPECIAL, is_upright, summon_state, value
from .phases import EVOLVE_ROLL, ITEM_ROLL, RESUMMON, ROLL, SUMMON, TURN
from .state import GandiceState

TIE = 1e-9
"""Moves whose values differ by less than this are equally good; the seed picks among them."""

READS = (2, None)
"""The readings tried in turn: the next two rolls (then the evaluation, as the one-ply levels
read), then the whole turn. The first always finishes; a later one that runs out of budget is
dropped and the last finished reading answers."""


class _OutOfBudget(Exception):
    """Raised inside the whole-turn reading when its node budget or safety time cap is used up."""


class TurnExpectimaxAgent:
    """Expectimax over whole turns with the exact roll probabilities (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        *,
        turns: int = 1,
        beam: int = 2,
        reply_nodes: int = 0,
        max_nodes: int = 300_000,
        time_limit: float | None = None,
        seed: int | None = None,
        name: str = "expectimax",
    ) -> None:
        if turns not in (1, 2):
            raise ValueError("turns must be 1 or 2")
        self.name = name
        self.turns = turns
        self.beam = beam
        self.reply_nodes = reply_nodes
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.rng = make_rng(seed)
        self.evaluate = heuristic.evaluate
        self.cache: dict[Any, list[float]] = {}
        self.nodes = 0

    def choose(self, state: GandiceState) -> int:
        return self.analyse(state).action

    def analyse(self, state: GandiceState) -> SearchResult:
        """Value every legal move by the expectimax above; the best one answers."""
        me = state.current_player
        self.nodes = 0
        self.may_stop = False
        self.deadline = (
            time.perf_counter() + self.time_limit if self.time_limit is not None else None
        )
        # the horizon: the turn whose start is judged by the evaluation
        self.horizon = state.turn + self.turns
        self.searched_turn = state.turn
        actions = state.legal_actions()
        self.rng.shuffle(actions)  # the seed decides between equally good moves
        if self.turns > 1:
            actions = self._beam(state, me, actions, len(actions))
        answer = None
        for reach in READS:
            self.may_stop = answer is not None
            try:
                values = {a: self._value(state.apply(a), reach)[me] for a in actions}
            except _OutOfBudget:
                break
            best = max(values.values())
            action = next(a for a in actions if values[a] >= best - TIE)
            answer = SearchResult(action, best, [action], self.turns, self.nodes)
        assert answer is not None
        return answer

    # -- the tree -----------------------------------------------------------------------------------
    def _value(self, state: GandiceState, reach: int | None) -> list[float]:
        """Values of every seat; ``reach`` rolls are still read (None: to the horizon)."""
        player = state.current_player
        if player == TERMINAL:
            return list(state.returns())
        turn = state.turn
        if (turn >= self.horizon and state.phase == TURN) or reach == 0:
            self._count()
            return leaf_values(state, self.evaluate)
        key = (state.key(), self.horizon - turn, reach)
        found = self.cache.get(key)
        if found is not None:
            return found
        self._count()
        if player == CHANCE:
            left = None if reach is None else reach - 1
            total = [0.0] * state.game.num_players
            for action, p in outcome_classes(state):
                for i, v in enumerate(self._value(state.apply(action), left)):
                    total[i] += p * v
            value = total
        else:
            value = self._decide(state, player, turn, reach)
        self.cache[key] = value
        return value

    def _count(self) -> None:
        self.nodes += 1
        if self.may_stop and (
            self.nodes >= self.max_nodes
            or (self.deadline is not None and not self.nodes & 63
                and time.perf_counter() > self.deadline)
        ):
            raise _OutOfBudget

    def _decide(self, state: GandiceState, player: int, turn: int, reach: int | None) -> list[float]:
        actions = state.legal_actions()
        if state.phase == TURN and turn > self.searched_turn:
            if self.nodes >= self.reply_nodes:
                return leaf_values(state, self.evaluate)
            actions = self._beam(state, player, actions, self.beam)
        best: list[float] | None = None
        for action in actions:
            vals = self._value(state.apply(action), reach)
            if best is None or vals[player] > best[player] + TIE:
                best = vals
        assert best is not None
        return best

    def _beam(self, state: GandiceState, player: int, actions: list[int], width: int) -> list[int]:
        """The ``width`` moves that ``player`` likes best by the two-roll reading, best first (a
        stable sort: the order given breaks ties)."""
        if len(actions) <= 1:
            return actions
        rated = sorted(actions, key=lambda a: -self._value(state.apply(a), READS[0])[player])
        return rated[:width]


def outcome_classes(state: Any) -> list[tuple[int, float]]:
    """The roll in progress as classes of outcomes that lead to the same play, each with one
    representative outcome and their summed exact probability (docs/rules/gandice.md).

    Standing and upside down always act alike. A summon roll only asks upright, special, a number
    1–6 or nothing (closed eye, side); an item die only its value (side, upright and the closed eye
    add 0) and whether it shows the special eye; an evolution roll only the special eye.
    """
    if state.phase != ROLL:
        return state.chance_outcomes()
    purpose = state.purpose
    classes: dict[Any, tuple[int, float]] = {}
    for action, p in state.chance_outcomes():
        o = action - A.ROLL
        if purpose in (SUMMON, RESUMMON):
            kind: Any = (is_upright(o), summon_state(o))
        elif purpose == ITEM_ROLL:
            kind = -1 if o == SPECIAL else value(o)
        elif purpose == EVOLVE_ROLL:
            kind = o == SPECIAL
        else:
            kind = -1 if is_upright(o) else o
        first, q = classes.get(kind, (action, 0.0))
        classes[kind] = (first, q + p)
    return list(classes.values())


def expectimax_agent(game: Game, **params: Any) -> TurnExpectimaxAgent:
    """The agent kind ``expectimax`` (declared in the descriptor's knowledge)."""
    return TurnExpectimaxAgent(game, **params)
