"""The compiled engine as ``asobiba bench diamond --vs ENGINE`` times it (the generic side is
:mod:`asobiba.bench_versus`).

* **Random games**: whole games from the start, every move drawn uniformly among the legal ones,
  played entirely inside the kernel (:func:`.play.random_games`) until the game ends by the
  engine's rules (usually ``max_plies``). An action is one move, a whole jump chain included.
* **Legal-move calls**: :func:`.movegen.legal_moves` called from Python, one call per position,
  cycling over positions taken every 10 plies along two random games; each call writes the
  action ids into the work array (no Python list is made).

Making the object compiles every function it uses, or loads it from numba's disk cache.
"""

from __future__ import annotations

import time

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


class KernelBench:
    """Timings of the compiled engine for one game (its options fixed)."""

    def __init__(self, game: StarGame, rng_seed: int = 0) -> None:
        self.rules = rules_of(game)
        self.start = board_of(game.new_state())
        self.work = np.zeros(WORK_SIZE, dtype=np.int32)
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
        rules, work, positions = self.rules, self.work, self.positions
        calls = 0
        began = time.perf_counter()
        while True:
            for board in positions:
                legal_moves(board, rules, work)
            calls += len(positions)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return calls, elapsed
