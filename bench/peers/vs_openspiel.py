"""OpenSpiel's ``chinese_checkers`` (open_spiel 2.0.2) and its MCTS player as an opponent
(docs/benchmarks.md, "Matches against other engines", OpenSpiel).

**Cells.** OpenSpiel numbers the 121 holes row by row from the apex of its player 0's point, left
to right inside a row; asobiba numbers them row by row from red's apex, left to right as its
pictures show them. Turned upside down (OpenSpiel draws player 0 at the top, asobiba draws red at
the bottom), the two orders are the same, so a hole has one number in both engines: OpenSpiel's
player 0 is asobiba's red (seat 0, first to move) and player 1 is blue.

**Moves.** An OpenSpiel action is one step (``cell * 6 + direction``), one hop, or ``Pass`` (726):
after a hop the same player acts again, hopping on or passing to stop, until no hop is left; a
chain never lands twice on a hole, nor on its start. A whole move here is asobiba's
``(from, to)``: OpenSpiel's chains are followed to every hole they can stop on
(:func:`whole_moves`), and asobiba's move is played as one such chain, closed by ``Pass`` when it
could go on. ``Pass`` at the start of a turn (a player with no move) is asobiba's pass.

**Rules.** The game is OpenSpiel's: played in its state, ended by its rules (a player wins with all
ten pieces in the opposite point; the game is drawn after ``max_moves`` turns). The asobiba game
kept beside it (:class:`~bench.peers.common.AllOwnGame`) has the same moves (``other_points=open``,
``hop_own=true``, no king), the same finishing rule and the same cap, so both end together. With
``--end blocked-goal`` asobiba's rule for a blocked goal ends a game as well
(:mod:`bench.peers.match`): OpenSpiel's rule alone lets a piece left in its start point stop the
other side for good.

**Players.** ``MCTSBot`` of ``open_spiel.python.algorithms.mcts`` with UCT constant 2, searching a
fixed time per decision (:class:`TimedMCTSBot`) or a fixed number of simulations, its leaves valued
by random games to the end (``mcts-random``) or by the pieces' distance to the goal
(``mcts-distance``, :class:`DistanceEvaluator`).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from asobiba.core.errors import AsobibaError
from asobiba.games.star.geometry import CELLS

from .common import PASS, AllOwnGame, action_of, mask_of

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:  # the optional extra
    raise AsobibaError(
        "the OpenSpiel opponents need open_spiel: pip install 'asobiba[peers]'"
    ) from None

OS_PASS = 726
"""OpenSpiel's ``Pass``: the end of a chain of hops, or a turn without any move."""

MAX_MOVES = 1000
"""Turns until OpenSpiel calls the game a draw (its default ``max_moves``), asobiba's
``max_plies`` here too."""

UCT_C = 2.0

ROW = np.array([8 - q for q, _ in CELLS], dtype=float)
"""OpenSpiel's row of every hole, 0 at player 0's apex, 16 at player 1's."""

HOME_DISTANCE = 20.0
"""Sum of the rows still to go of ten pieces filling the goal point (4 x 3 + 3 x 2 + 2 x 1)."""

DISTANCE_SCALE = 10.0


def openspiel_game(max_moves: int = MAX_MOVES) -> Any:
    return pyspiel.load_game("chinese_checkers", {"players": 2, "max_moves": max_moves})


def asobiba_game(max_moves: int = MAX_MOVES) -> AllOwnGame:
    return AllOwnGame({"players": 2, "other_points": "open", "hop_own": True, "king": False,
                       "max_plies": max_moves})


def ends_of(state: Any, action: int) -> tuple[int, int]:
    """Start and landing hole of a step or hop action in ``state`` (OpenSpiel writes them as
    ``a->b`` and ``a=>b``)."""
    text = state.action_to_string(state.current_player(), action)
    start, end = text.replace("=>", "->").split("->")
    return int(start), int(end)


def whole_moves(state: Any) -> dict[int, list[int]]:
    """Every whole move of the player to move, as asobiba action ids, each with one sequence of
    OpenSpiel actions that plays it (closed by ``Pass`` when the chain could go on).

    A chain's landings depend only on the board, on which only the moving piece changes place, so
    following each hole once from a start finds every hole a chain from there can stop on (and a
    path to it that never lands twice on a hole, as OpenSpiel requires)."""
    mover = state.current_player()
    out: dict[int, list[int]] = {}
    reached: dict[int, set[int]] = {}

    def follow(s: Any, start: int, path: list[int]) -> None:
        for action in s.legal_actions():
            if action == OS_PASS:
                continue
            _, end = ends_of(s, action)
            if end in reached[start]:
                continue
            reached[start].add(end)
            after = s.clone()
            after.apply_action(action)
            steps = path + [action]
            if after.current_player() == mover and not after.is_terminal():
                out[action_of(start, end)] = steps + [OS_PASS]
                follow(after, start, steps)
            else:
                out[action_of(start, end)] = steps

    for action in state.legal_actions():
        if action == OS_PASS:
            out[PASS] = [OS_PASS]
            continue
        start, end = ends_of(state, action)
        reached.setdefault(start, {start})
        if end in reached[start]:
            continue
        reached[start].add(end)
        after = state.clone()
        after.apply_action(action)
        if after.current_player() == mover and not after.is_terminal():
            out[action_of(start, end)] = [action, OS_PASS]
            follow(after, start, [action])
        else:
            out[action_of(start, end)] = [action]
    return out


def masks_of(state: Any) -> tuple[int, int]:
    """Holes of player 0 and player 1 (from OpenSpiel's observation planes)."""
    planes = np.asarray(state.observation_tensor(0))
    return (mask_of(np.flatnonzero(planes[:121])), mask_of(np.flatnonzero(planes[121:242])))


class DistanceEvaluator(mcts.Evaluator):
    """Values a position by the race: each side's rows still to go (pieces' rows counted towards
    the far apex of the goal, less the 20 of a full goal), the value ``tanh((D1 - D0) / 10)`` for
    player 0 and its negative for player 1; every legal action equally likely."""

    def evaluate(self, state: Any) -> np.ndarray:
        planes = np.asarray(state.observation_tensor(0))
        d0 = float(planes[:121] @ (16.0 - ROW)) - HOME_DISTANCE
        d1 = float(planes[121:242] @ ROW) - HOME_DISTANCE
        value = math.tanh((d1 - d0) / DISTANCE_SCALE)
        return np.array([value, -value])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


class _TimeUp(Exception):
    def __init__(self, root: Any) -> None:
        super().__init__()
        self.root = root


class TimedMCTSBot(mcts.MCTSBot):
    """``MCTSBot`` searching for ``seconds`` per decision instead of a number of simulations: no
    simulation starts after the deadline (at least one runs), and the move is chosen from the tree
    as it stands, as the bot chooses after its last simulation. It hooks the start of each
    simulation (``_apply_tree_policy`` of open_spiel 2.0.2)."""

    def __init__(self, game: Any, evaluator: Any, *, seconds: float, seed: int) -> None:
        super().__init__(game, UCT_C, 10**9, evaluator, random_state=np.random.RandomState(seed))
        self.seconds = seconds
        self.deadline = 0.0

    def mcts_search(self, state: Any) -> Any:
        self.deadline = time.perf_counter() + self.seconds
        try:
            return super().mcts_search(state)
        except _TimeUp as up:
            return up.root

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        if root.explore_count and time.perf_counter() >= self.deadline:
            raise _TimeUp(root)
        return super()._apply_tree_policy(root, state)


EVALUATORS = {
    "mcts-random": lambda seed: mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(seed)),
    "mcts-distance": lambda seed: DistanceEvaluator(),
}
"""The opponents this module offers, by name: how each values a leaf."""


class OpenSpielOpponent:
    """OpenSpiel's game with an MCTS player (see the module docstring)."""

    exact_end = True

    def __init__(self, name: str, *, seconds: float | None, simulations: int | None = None,
                 max_moves: int = MAX_MOVES) -> None:
        if name not in EVALUATORS:
            raise AsobibaError(f"unknown OpenSpiel opponent {name!r} (known: {', '.join(EVALUATORS)})")
        if (seconds is None) == (simulations is None):
            raise AsobibaError("an MCTS opponent needs either a think time or a number of simulations")
        self.name = name
        self.seconds = seconds
        self.simulations = simulations
        self.max_moves = max_moves
        self.budget = (f"{seconds:g} s per decision" if seconds is not None
                       else f"{simulations} simulations per decision")
        self.os_game = openspiel_game(max_moves)
        self.state = self.os_game.new_initial_state()
        self.bot: Any = None
        self.decisions = 0
        self.searched = 0

    def game(self) -> AllOwnGame:
        return asobiba_game(self.max_moves)

    def start(self, seed: int) -> None:
        self.state = self.os_game.new_initial_state()
        evaluator = EVALUATORS[self.name](seed)
        if self.seconds is not None:
            self.bot = TimedMCTSBot(self.os_game, evaluator, seconds=self.seconds, seed=seed)
        else:
            self.bot = mcts.MCTSBot(self.os_game, UCT_C, self.simulations, evaluator,
                                    random_state=np.random.RandomState(seed))
        self.decisions = 0
        self.searched = 0

    def moves(self) -> set[int]:
        return set(whole_moves(self.state))

    def play(self, action: int) -> None:
        mover = self.state.current_player()
        actions = whole_moves(self.state).get(action)
        if actions is None:
            raise AsobibaError(f"move {action} is not legal in OpenSpiel's game")
        for a in actions:
            self.state.apply_action(a)
        if self.state.current_player() == mover:
            raise AsobibaError(f"move {action} did not end OpenSpiel's turn")

    def choose(self) -> int:
        mover = self.state.current_player()
        start = end = None
        while not self.state.is_terminal() and self.state.current_player() == mover:
            root = self.bot.mcts_search(self.state)
            action = root.best_child().action
            self.decisions += 1
            self.searched += root.explore_count
            if action == OS_PASS:
                self.state.apply_action(action)
                break
            a, b = ends_of(self.state, action)
            start = a if start is None else start
            end = b
            self.state.apply_action(action)
        return PASS if start is None else action_of(start, end)

    def over(self) -> bool:
        return self.state.is_terminal()

    def winner(self) -> int | None:
        if not self.state.is_terminal():
            return None
        returns = self.state.returns()
        return next((p for p in (0, 1) if returns[p] > 0), None)

    def masks(self) -> tuple[int, int]:
        return masks_of(self.state)

    def stats(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "simulations": self.searched}
