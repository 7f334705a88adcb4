"""The computer player on the compiled search: the agent kind ``kernel`` of Dice Out's knowledge
(docs/ai.md, "Agents"), the search of :mod:`.search` behind the ``Agent`` protocol.

A spec ``{"agent": "kernel", "max_nodes": …, "time_limit": …, "python_nodes": …}`` makes one. The
compiled search covers the turns of the game under ``declare=auto`` (:func:`covers`): the moves,
their immediate results and the draws by repetition and move count. Everything else — placing the
rolled dice, the declaration windows and declarations of ``declare=manual`` — goes to the readable
alpha-beta (:class:`~asobiba.ai.alphabeta.AlphaBetaAgent` with ``python_nodes`` nodes), as do
boards the solver's numbering does not take. Like every agent it answers a position with the same
move for the same seed (the budget is counted in nodes; the time limit is a safety cap).
``analyse`` reports the move, its value for the mover, the principal line and the depth reached,
so that hints can use it too.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ....ai.agent import SearchResult, make_rng
from ....ai.alphabeta import AlphaBetaAgent
from .. import heuristic
from ..actions import PASS_ACTION, move_action
from ..board import SOLVER_ROWS
from ..state import TURN, DiceOutState
from .geometry import Board, board
from .positions import coordinates
from .search import CAP, CELL_CODES, PASS, Search, turn_key

MIN_TT_BITS = 16
MAX_TT_BITS = 22
"""The table holds about twice the node budget, between 2**16 and 2**22 entries."""


def covers(state: DiceOutState) -> bool:
    """Whether the compiled search plays ``state``: a turn of a game under ``declare=auto`` on a
    board the solver numbers."""
    return (state.phase == TURN and state.winner < 0 and not state.rules.manual
            and state.board.rows in SOLVER_ROWS)


class SearchAgent:
    """Iterative-deepening alpha-beta inside the compiled code; the readable search elsewhere."""

    def __init__(self, game: Any, *, max_nodes: int = 200_000, max_depth: int = 40,
                 time_limit: float | None = None, python_nodes: int = 20_000,
                 seed: int | None = None, name: str = "kernel") -> None:
        self.name = name
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.rng = make_rng(seed)
        self.readable = AlphaBetaAgent(heuristic.evaluate, max_nodes=python_nodes,
                                       time_limit=time_limit, seed=seed, name=name)
        self.arrays: Search | None = None
        self.keys: dict[int, int] = {}

    def choose(self, state: DiceOutState) -> int:
        """The move to play; a position with one legal action is not searched."""
        actions = state.legal_actions()
        return actions[0] if len(actions) == 1 else self.analyse(state).action

    def analyse(self, state: DiceOutState) -> SearchResult:
        """Search ``state`` for the player to move."""
        if not covers(state):
            return self.readable.analyse(state)
        rows = state.board.rows
        if self.arrays is None or self.arrays.geo.rows != rows:
            bits = min(MAX_TT_BITS, max(MIN_TT_BITS, (2 * self.max_nodes).bit_length()))
            self.arrays = Search(board(rows), bits)
            self.keys = {}
        geo, arrays = self.arrays.geo, self.arrays
        mover = state.to_move
        red, white = state.dice
        row, col = coordinates(geo, red, white, mover)
        rules = state.rules
        game = np.array([mover, state.ply, rules.max_plies, rules.repetition], dtype=np.int64)
        past = np.sort(np.array([self._past_key(geo, k) for k in state.history], dtype=np.int64))
        deadline = math.inf if self.time_limit is None else time.perf_counter() + self.time_limit
        code, value, depth, nodes = arrays.run(row, col, game, past, self.max_nodes,
                                               self.max_depth, deadline, self.rng.getrandbits(63))
        line = [_action(geo, c, mover ^ (i & 1))
                for i, c in enumerate(arrays.principal_line(row, col, code))]
        return SearchResult(line[0], value, line, depth, nodes, abs(value) > CAP)

    def _past_key(self, geo: Board, key: int) -> int:
        """The search's key of a turn in the game's history (an engine key, laid out as
        :func:`..state.pack_key` lays it out: six 8-bit slots, then the colour to move)."""
        found = self.keys.get(key)
        if found is None:
            red = (key & 255, key >> 8 & 255, key >> 16 & 255)
            white = (key >> 24 & 255, key >> 32 & 255, key >> 40 & 255)
            side = key >> 48 & 1
            row, col = coordinates(geo, red, white, side)
            found = self.keys[key] = turn_key(geo, row, col, side)
        return found


def _action(geo: Board, code: int, mover: int) -> int:
    """The engine's action id of a search move code played by ``mover``."""
    if code == PASS:
        return PASS_ACTION
    frm, to = divmod(code, CELL_CODES)
    if mover == 1:  # white's moves were searched on the board turned round
        frm, to = geo.rotate_cell(frm), geo.rotate_cell(to)
    return move_action(frm, geo.grid.direction_between(frm, to))
