"""The computer player on the compiled engine: the agent kind ``kernel`` of Diamond Game's and
Chinese Checkers' knowledge (docs/ai.md, "Agents"), the search of :mod:`.search` behind the
``Agent`` protocol.

A spec ``{"agent": "kernel", "max_nodes": …, "beam": …, "max_depth": …, "time_limit": …}`` makes
one. The budget is counted in nodes, so that a position and a seed always give the same move;
``time_limit`` (seconds, from the start of :meth:`KernelAgent.analyse`) is a cap on top of it: the
search stops at that deadline even when nodes are left, answering with the deepest finished
iteration (:func:`.search.search`).
``analyse`` reports the move, its value for the mover, the principal line and the depth reached,
as the readable alpha-beta does, so that hints can use it too.
"""

from __future__ import annotations

import math
import time

import numpy as np

from ....ai.agent import SearchResult, make_rng
from ..game import StarGame, StarState
from .arrays import WORK_SIZE
from .convert import board_of
from .evaluate import eval_tables
from .search import C_NODES, CAP, Search, principal_line, search
from .tables import rules_of

MIN_TT_BITS = 16
MAX_TT_BITS = 22
"""The table holds about twice the node budget, between 2**16 and 2**22 entries."""


class KernelAgent:
    """Iterative-deepening alpha-beta (paranoid for three players) inside the compiled engine."""

    def __init__(self, game: StarGame, *, max_nodes: int = 100_000, max_depth: int = 40,
                 beam: int = 0, time_limit: float | None = None, seed: int | None = None,
                 name: str = "kernel") -> None:
        self.name = name
        self.game = game
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.beam = beam
        self.time_limit = math.inf if time_limit is None else time_limit
        self.rng = make_rng(seed)
        self.rules = rules_of(game)
        self.eval = eval_tables(game)
        self.work = np.zeros(WORK_SIZE, dtype=np.int32)
        bits = min(MAX_TT_BITS, max(MIN_TT_BITS, (2 * max_nodes).bit_length()))
        self.arrays = Search(bits)

    def choose(self, state: StarState) -> int:
        return self.analyse(state).action

    def analyse(self, state: StarState) -> SearchResult:
        """Search ``state`` for the player to move."""
        deadline = time.perf_counter() + self.time_limit
        board = board_of(state)
        arrays = self.arrays
        action, value, depth = search(
            board, self.rules, self.work, *self.eval, *arrays.tables(),
            self.max_nodes, self.max_depth, self.beam, self.rng.getrandbits(63), deadline,
        )
        length = principal_line(board, self.rules, self.work, arrays.tt_key, arrays.tt_move,
                                action, arrays.line)
        return SearchResult(int(action), float(value), arrays.line[:length].tolist(), int(depth),
                            int(arrays.control[C_NODES]), abs(value) > CAP)
