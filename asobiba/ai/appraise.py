"""The worth of a position to a seat, read by a computer level (docs/ai.md, "Reviews").

:class:`SearchAppraise` is the :class:`~asobiba.core.descriptor.Appraise` that a game declares in
its descriptor when its levels and solved tables say all there is to say; it reuses what hints
and levels use:

* the end of the game is worth its return, ``(return + 1) / 2``, and is exact;
* a position a solved table knows (the knowledge's ``exact``) is worth 1, ½ or 0, exact, with the
  table's best move;
* a chance step is worth the average of its outcomes weighted by their probabilities (a game may
  group outcomes that play alike, ``outcomes``); past :data:`MOST_OUTCOMES` outcomes the likeliest
  are read and their weights scaled up to 1;
* a decision is searched by the level's agent (a fresh one, seeded, so that the answer depends on
  the position alone): for the seat to move its value, for the other of two seats that value
  turned round, and with more seats the level's move is played and the position after it read
  for the seat asked about.

A level whose agent cannot analyse (a one-ply level, a playing style) reads with the next stronger
level that can (:func:`analysis_level`). Searches are remembered for the last
:data:`REMEMBERED` positions, so that the position after one move and the position before the
next are searched once; a position is remembered by its whole JSON (history and move count
included, which a search may read), so a remembered answer is the one a fresh search gives.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from ..core.descriptor import Appraisal
from ..core.errors import AsobibaError
from ..core.game import CHANCE, TERMINAL, Game, State
from .agent import SearchResult
from .alphabeta import PLY_DISCOUNT
from .levels import LEVELS, UnknownAgentError, build_agent, knowledge_of, level_specs

MOST_OUTCOMES = 12
"""The most outcomes of one chance step that are read (the likeliest, weights scaled up to 1)."""
REMEMBERED = 512
"""Searches remembered (position, level, seed)."""

Outcomes = Callable[[Any], list[tuple[int, float]]]


def analysis_level(game: Game, level: str) -> str:
    """``level`` if its agent can analyse a position, else the next stronger level that can
    (an UnknownAgentError for a level the game does not have, an AsobibaError if none can)."""
    specs = level_specs(game)
    if level not in LEVELS or level not in specs:
        raise UnknownAgentError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    for name in LEVELS[LEVELS.index(level):]:
        spec = {k: v for k, v in specs[name].items() if k != "exact"}
        if hasattr(build_agent(game, spec, name=name, seed=0), "analyse"):
            return name
    raise AsobibaError(f"no level of {game.id} can analyse a position")


class SearchAppraise:
    """An Appraise built on the game's levels and solved tables (see the module docstring)."""

    def __init__(self, outcomes: Outcomes | None = None) -> None:
        self.outcomes = outcomes
        self._searched: OrderedDict[Hashable, SearchResult] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, state: State, seat: int, *, level: str, seed: int) -> Appraisal:
        return self._worth(state, seat, level, seed, state.game.num_players)

    def _worth(self, state: State, seat: int, level: str, seed: int, depth: int) -> Appraisal:
        player = state.current_player
        if player == TERMINAL:
            r = state.returns()[seat]
            return Appraisal((r + 1.0) / 2.0, ("win" if r > 0 else "loss" if r < 0 else "draw", 0))
        if player == CHANCE:
            return self._average(state, seat, level, seed, depth)
        game = state.game
        two = game.num_players == 2
        exact = knowledge_of(game).exact
        table = exact(game) if exact is not None else None
        if table is not None and (player == seat or two):
            known = table.verdict(state)
            best = table.best_action(state) if known is not None else None
            if known is not None and best is not None:
                outcome, plies = known if player == seat else _turned(known)
                return Appraisal({"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome], (outcome, plies), best)
        found = self._search(state, level, seed)
        value = min(1.0, max(0.0, (found.value + 1.0) / 2.0))
        proven = None
        if found.exact:
            plies = max(1, round((1.0 - abs(found.value)) / PLY_DISCOUNT))
            value = 1.0 if found.value > 0 else 0.0
            proven = ("win" if found.value > 0 else "loss", plies)
        if player == seat:
            return Appraisal(value, proven, found.action)
        if two:
            return Appraisal(1.0 - value, _turned(proven) if proven else None, found.action)
        if depth <= 0:
            return Appraisal(value, None, found.action)
        after = self._worth(state.apply(found.action), seat, level, seed, depth - 1)
        return Appraisal(after.chance, after.exact, found.action)

    def _average(self, state: State, seat: int, level: str, seed: int, depth: int) -> Appraisal:
        outcomes = (self.outcomes or _chance_outcomes)(state)
        outcomes = sorted(outcomes, key=lambda o: -o[1])[:MOST_OUTCOMES]
        total = sum(p for _, p in outcomes)
        chance = 0.0
        exacts = set()
        for action, p in outcomes:
            worth = self._worth(state.apply(action), seat, level, seed, depth)
            chance += p / total * worth.chance
            exacts.add(worth.exact[0] if worth.exact else None)
        sure = exacts.pop() if len(exacts) == 1 else None
        return Appraisal(chance, (sure, 0) if sure else None)

    def _search(self, state: State, level: str, seed: int) -> SearchResult:
        key = (json.dumps(state.to_json(), sort_keys=True), level, seed)
        with self._lock:
            known = self._searched.get(key)
            if known is not None:
                self._searched.move_to_end(key)
                return known
        game = state.game
        spec = {k: v for k, v in level_specs(game)[level].items() if k != "exact"}
        agent: Any = build_agent(game, spec, name=level, seed=seed)
        if not hasattr(agent, "analyse"):
            raise AsobibaError(f"the level {level!r} of {game.id} cannot analyse positions")
        found: SearchResult = agent.analyse(state)
        with self._lock:
            self._searched[key] = found
            while len(self._searched) > REMEMBERED:
                self._searched.popitem(last=False)
        return found


def _chance_outcomes(state: State) -> list[tuple[int, float]]:
    return state.chance_outcomes()


def _turned(known: tuple[str, int]) -> tuple[str, int]:
    """A proven result seen by the other of two seats."""
    outcome, plies = known
    return {"win": "loss", "loss": "win", "draw": "draw"}[outcome], plies
