"""Monte Carlo tree search (UCT) for any number of players, with chance nodes.

* Selection: UCB1 on the mover's own average return at each decision node (max^n: every seat
  maximises its own component of the returns vector, so 3-player games need no coalition guess).
* Chance nodes: an outcome is drawn with its exact probability each visit; outcome children share
  the statistics of their parent.
* Leaf value: a short playout of ``playout_plies`` moves (uniform, or drawn from the game's
  ``move_priors`` when given) and then the heuristic evaluation of where it stopped — the
  "cut-off" playout. Uniformly random playouts to the end carry no signal in star-board games, so
  the heuristic always has the last word unless the game ended.
* Budget: a number of iterations (deterministic for a seed), with an optional safety time cap.
* The move played is the most visited; its average return is the reported value.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from ..core.game import CHANCE, TERMINAL, State, sample_chance
from .agent import Evaluate, SearchResult, leaf_values, make_rng

Priors = Callable[[State, list[int]], Sequence[float]]


class _Node:
    __slots__ = ("state", "player", "children", "untried", "visits", "totals")

    def __init__(self, state: State, num_players: int) -> None:
        self.state = state
        self.player = state.current_player
        self.children: dict[int, _Node] = {}
        self.untried: list[int] | None = None
        self.visits = 0
        self.totals = [0.0] * num_players


class MCTSAgent:
    """UCT with max^n backups, exact chance sampling and heuristic cut-off playouts."""

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        iterations: int = 1000,
        exploration: float = 0.7,
        playout_plies: int = 0,
        priors: Priors | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        name: str = "mcts",
    ) -> None:
        self.name = name
        self.evaluate = evaluate
        self.iterations = iterations
        self.exploration = exploration
        self.playout_plies = playout_plies
        self.priors = priors
        self.time_limit = time_limit
        self.rng = make_rng(seed)

    def choose(self, state: State) -> int:
        return self.analyse(state).action

    def analyse(self, state: State) -> SearchResult:
        n = state.game.num_players
        root = _Node(state, n)
        deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else None
        done = 0
        while done < self.iterations:
            self._iterate(root, n)
            done += 1
            if deadline is not None and not done & 15 and time.perf_counter() > deadline:
                break
        me = state.current_player
        action, child = max(
            root.children.items(), key=lambda item: (item[1].visits, item[1].totals[me])
        )
        value = child.totals[me] / child.visits if child.visits else 0.0
        return SearchResult(action, value, self._line(root), 0, done)

    def _line(self, node: _Node) -> list[int]:
        line = []
        while node.player >= 0 and node.children:
            action, node = max(node.children.items(), key=lambda item: item[1].visits)
            line.append(action)
        return line

    # -- one iteration -----------------------------------------------------------------------------
    def _iterate(self, root: _Node, n: int) -> None:
        path = [root]
        node = root
        while True:
            if node.player == TERMINAL:
                break
            if node.player == CHANCE:
                action = sample_chance(node.state, self.rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(node.state.apply(action), n)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            if node.untried is None:
                node.untried = node.state.legal_actions()
                self.rng.shuffle(node.untried)
            if node.untried:
                action = node.untried.pop()
                child = node.children[action] = _Node(node.state.apply(action), n)
                path.append(child)
                break
            node = self._select(node)
            path.append(node)
        values = self._leaf_value(path[-1].state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i in range(n):
                totals[i] += values[i]

    def _select(self, node: _Node) -> _Node:
        me = node.player
        log_n = math.log(node.visits)
        c = self.exploration
        best, best_score = None, -math.inf
        for child in node.children.values():
            score = child.totals[me] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _leaf_value(self, state: State) -> list[float]:
        rng = self.rng
        for _ in range(self.playout_plies):
            if state.current_player == TERMINAL:
                break
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))
                continue
            actions = state.legal_actions()
            if self.priors is not None and len(actions) > 1:
                pri = self.priors(state, actions)
                top = max(pri)
                weights = [math.exp(3.0 * (p - top)) for p in pri]
                state = state.apply(rng.choices(actions, weights=weights)[0])
            else:
                state = state.apply(rng.choice(actions))
        return leaf_values(state, self.evaluate)
