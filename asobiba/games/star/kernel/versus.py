"""The compiled engine as ``asobiba bench diamond --vs ENGINE`` times it (the generic side is
:mod:`asobiba.bench.versus`).

* **Random games**: whole games from the start, every move drawn uniformly among the legal ones,
  played entirely inside the kernel (:func:`.play.random_games`) until the game ends by the
  engine's rules (usually ``max_plies``). An action is one move, a whole jump chain included.
* **Legal-move calls**: :func:`.movegen.legal_moves` called from Python, one call per position,
  cycling over positions taken every 10 plies along two random games; each call writes the
  action ids into the work array (no Python list is made). The calls go straight to the compiled
  code for the arrays' types (:func:`direct`), as a program calling it in a loop would, without
  numba's dispatcher matching the argument types again on every call.

Making the object compiles every function it uses, or loads it from numba's disk cache.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from ..game import StarGame
from .arrays import TO_MOVE, WORK_SIZE
from .convert import board_of
from .movegen import legal_moves
from .play import random_games, random_playout, seed
from .tables import rules_of

SAMPLE_EVERY = 10
"""Plies between two positions kept for the legal-move calls."""
SAMPLE_GAMES = 2


def direct(function: Any, *args: np.ndarray) -> Callable[..., Any]:
    """The compiled code of the numba function ``function`` for the types of ``args`` (compiled,
    or loaded from the disk cache, now), callable from Python without numba's dispatcher. Numba
    then checks each argument's dtype and number of dimensions, not its layout: every array
    passed must be C-contiguous, as these are."""
    assert all(a.flags.c_contiguous for a in args)
    function(*args)
    return function.overloads[tuple(numba.typeof(a) for a in args)].entry_point


class KernelBench:
    """Timings of the compiled engine for one game (its options fixed)."""

    def __init__(self, game: StarGame, rng_seed: int = 0) -> None:
        self.rules = rules_of(game)
        self.start = board_of(game.new_state())
        self.work = np.zeros(WORK_SIZE, dtype=np.int32)
        self.legal_moves = direct(legal_moves, self.start, self.rules, self.work)
        seed(rng_seed)
        random_games(self.start, self.rules, 1)
        self.positions = []
        for _ in range(SAMPLE_GAMES):
            board = self.start.copy()
            while board[TO_MOVE] >= 0:
                self.positions.append(board.copy())
                random_playout(board, self.rules, self.work, SAMPLE_EVERY)

    def random_actions(self, seconds: float) -> tuple[int, float]:
        actions = 0
        began = time.perf_counter()
        while True:
            actions += random_games(self.start, self.rules, 1)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return actions, elapsed

    def legal_calls(self, seconds: float) -> tuple[int, float]:
        moves, rules, work, positions = self.legal_moves, self.rules, self.work, self.positions
        calls = 0
        began = time.perf_counter()
        while True:
            for board in positions:
                moves(board, rules, work)
            calls += len(positions)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return calls, elapsed
