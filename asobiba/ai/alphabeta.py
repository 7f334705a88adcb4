"""Alpha-beta search for any game of the core interface.

* Two players: minimax from the mover's point of view with alpha-beta pruning (negamax in
  spirit: the opponent minimises the mover's value).
* Three or more players: the *paranoid* reduction — every other seat is assumed to play against the
  mover, so the same two-sided search applies. (Best-reply search would need a "skip this seat"
  move, which the core interface does not offer.)
* Chance nodes: *-minimax (Ballard's Star1). They do not use up search depth, and with
  ``chance_horizon`` = k the dice still in play at the horizon are rolled out for up to k more
  chance levels (a quiescence over dice: an attack is judged by its exact odds, not before the
  roll). Values are bounded by [-1, 1], so after each outcome
  the node's possible range is known and the search of the remaining outcomes is cut as soon as
  the range leaves the (alpha, beta) window; each outcome is searched with the window that matters.
* Iterative deepening with a **node budget** (deterministic; when it runs out, the deepest finished
  iteration answers, or the best move finished in the unfinished one), a transposition table on
  ``state.key()``, and move ordering by the table's move, killer moves, game priors (when the
  heuristic offers ``move_priors``) and the history heuristic. A time limit may be given as a safety
  cap only; budgets are calibrated so that it is not reached in play.
* ``beam`` = k (forward pruning, with priors): below the root only the k moves the priors like
  best are searched — in race games such as Diamond Game this buys several plies of depth.

Proven results: a terminal state is worth its return, shifted by 1e-4 per ply: a place better than
the last is worth less the later it comes, the last place more, so that quicker wins and slower
losses are preferred (with four or more players a shared place below 0, such as 2nd-4th of 4, is
taken sooner too: put off, it would be put off move after move); a draw is worth 0 at any ply.
Heuristic values are clamped inside ±0.95, below any proof.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.game import CHANCE, TERMINAL, State
from .agent import HEURISTIC_CAP, Evaluate, SearchResult, make_rng

PLY_DISCOUNT = 1e-4
EXACT, LOWER, UPPER = 0, 1, 2
Priors = Callable[[State, list[int]], Sequence[float]]


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget or the safety time cap is used up."""


class AlphaBetaAgent:
    """Iterative-deepening alpha-beta (paranoid for 3+ players) with *-minimax chance nodes."""

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        max_nodes: int = 20_000,
        max_depth: int = 40,
        time_limit: float | None = None,
        priors: Priors | None = None,
        chance_horizon: int = 0,
        beam: int | None = None,
        seed: int | None = None,
        name: str = "alphabeta",
    ) -> None:
        self.name = name
        self.chance_horizon = chance_horizon
        self.beam = beam
        self.evaluate = evaluate
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.priors = priors
        self.rng = make_rng(seed)

    def choose(self, state: State) -> int:
        return self.analyse(state).action

    # -- root --------------------------------------------------------------------------------------
    def analyse(self, state: State) -> SearchResult:
        """Search ``state`` (the mover's turn) and report the best move, value and line."""
        self.me = state.current_player
        self.nodes = 0
        self.tt: dict[Any, Any] = {}
        self.killers: dict[int, list[int]] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.deadline = (
            time.perf_counter() + self.time_limit if self.time_limit is not None else None
        )
        actions = state.legal_actions()
        self.rng.shuffle(actions)  # the seed decides between equally good moves
        if self.priors is not None and len(actions) > 1:
            pri = dict(zip(actions, self.priors(state, actions), strict=True))
            actions.sort(key=lambda a: -pri[a])
        best: SearchResult | None = None
        for depth in range(1, self.max_depth + 1):
            self.cut = False
            self.saw_chance = False
            self.partial: tuple[int, float] | None = None
            try:
                action, value, scores = self._root(state, actions, depth)
            except _OutOfBudget:
                if self.partial is not None and (best is None or self.partial[0] != best.action):
                    best = self._result(state, *self.partial, depth)
                elif best is None:  # not even one move judged: the priors' favourite
                    best = SearchResult(actions[0], 0.0, [actions[0]], 0, self.nodes)
                break
            best = self._result(state, action, value, depth)
            if best.exact or not self.cut:
                break  # proven, or the whole game tree fits inside this depth
            actions.sort(key=lambda a: -scores[a])
        assert best is not None
        return best

    def _result(self, state: State, action: int, value: float, depth: int) -> SearchResult:
        exact = abs(value) > HEURISTIC_CAP and not self.saw_chance
        return SearchResult(
            action, value, self._principal_line(state, action), depth, self.nodes, exact
        )

    def _root(
        self, state: State, actions: list[int], depth: int
    ) -> tuple[int, float, dict[int, float]]:
        alpha = -math.inf
        best_action, best_value = actions[0], -math.inf
        scores: dict[int, float] = {}
        for action in actions:
            value = self._search(state.apply(action), depth - 1, alpha, math.inf, 1)
            scores[action] = value
            if value > best_value:
                best_action, best_value = action, value
                alpha = value
            self.partial = (best_action, best_value)
        return best_action, best_value, scores

    def _principal_line(self, state: State, action: int) -> list[int]:
        line = [action]
        seen = {state.key()}
        state = state.apply(action)
        while state.current_player >= 0 and len(line) < 40:
            key = state.key()
            entry = self.tt.get(key)
            if entry is None or entry[3] is None or key in seen:
                break
            seen.add(key)
            line.append(entry[3])
            state = state.apply(entry[3])
        return line

    # -- tree --------------------------------------------------------------------------------------
    def _leaf(self, state: State) -> float:
        self.cut = True
        value = self.evaluate(state)[self.me]
        return max(-HEURISTIC_CAP, min(HEURISTIC_CAP, value))

    def _search(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and not self.nodes & 31 and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        player = state.current_player
        if player == TERMINAL:
            r = state.returns()[self.me]
            if r <= -1.0:
                return r + ply * PLY_DISCOUNT  # the last place: put off
            return r - ply * PLY_DISCOUNT if r else 0.0  # any better place: sooner
        if player == CHANCE:
            self.saw_chance = True
            if depth <= -self.chance_horizon:
                return self._leaf(state)
            return self._chance(state, depth if depth > 0 else depth - 1, alpha, beta, ply)
        key = state.key()
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, flag, e_value, tt_move = entry
            if e_depth >= depth and (
                flag == EXACT
                or (flag == LOWER and e_value >= beta)
                or (flag == UPPER and e_value <= alpha)
            ):
                return float(e_value)
        if depth <= 0:
            return self._leaf(state)
        actions = self._ordered(state, player, depth, ply, tt_move)
        alpha0, beta0 = alpha, beta
        maximizing = player == self.me
        best_value = -math.inf if maximizing else math.inf
        best_move = actions[0]
        for action in actions:
            value = self._search(state.apply(action), depth - 1, alpha, beta, ply + 1)
            if maximizing:
                if value > best_value:
                    best_value, best_move = value, action
                    if value > alpha:
                        alpha = value
            elif value < best_value:
                best_value, best_move = value, action
                if value < beta:
                    beta = value
            if alpha >= beta:
                self._reward(player, action, depth, ply)
                break
        if best_value <= alpha0:
            flag = UPPER
        elif best_value >= beta0:
            flag = LOWER
        else:
            flag = EXACT
        self.tt[key] = (depth, flag, best_value, best_move)
        return best_value

    def _chance(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Star1: expectation over outcomes, cut when the reachable range leaves the window."""
        lo, hi = -1.0, 1.0
        total = 0.0
        remaining = 1.0
        for action, p in state.chance_outcomes():
            remaining -= p
            if remaining < 1e-12:
                remaining = 0.0
            child_alpha = max(lo, (alpha - total - remaining * hi) / p)
            child_beta = min(hi, (beta - total - remaining * lo) / p)
            value = self._search(state.apply(action), depth, child_alpha, child_beta, ply + 1)
            total += p * value
            if total + remaining * hi <= alpha:
                return total + remaining * hi
            if total + remaining * lo >= beta:
                return total + remaining * lo
        return total

    def _ordered(
        self, state: State, player: int, depth: int, ply: int, tt_move: int | None
    ) -> list[int]:
        actions = state.legal_actions()
        if len(actions) < 2:
            return actions
        history = self.history
        if self.priors is not None and (depth >= 2 or self.beam):
            pri = self.priors(state, actions)
            order = {a: (-p, -history.get((player, a), 0)) for a, p in zip(actions, pri, strict=True)}
            actions.sort(key=order.__getitem__)
            if self.beam:
                del actions[self.beam :]
        elif history:
            actions.sort(key=lambda a: -history.get((player, a), 0))
        front = [tt_move] if tt_move is not None else []
        front += [k for k in self.killers.get(ply, ()) if k != tt_move]
        if front:
            present = [a for a in front if a in actions]
            if present:
                actions = present + [a for a in actions if a not in present]
        return actions

    def _reward(self, player: int, action: int, depth: int, ply: int) -> None:
        key = (player, action)
        self.history[key] = self.history.get(key, 0) + depth * depth
        killers = self.killers.setdefault(ply, [])
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]
