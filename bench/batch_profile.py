"""Where the batched star engine's step goes (docs/research.md, "Figures"): the parts of a step
measured side by side, in interleaved rounds whose order rotates, against OpenSpiel's
``chinese_checkers`` stepped one game at a time from Python, as ``asobiba bench diamond --batch``
does.

* ``engine`` — in one compiled loop over the N games: a random legal action played and the legal
  moves of the position after it listed (the compiled engine of asobiba/games/star/kernel/);
* ``+ mask`` — the same, also clearing the mask entries set the step before and setting the new
  ones;
* ``+ observation`` — the same, also clearing and writing the observation cells that change: a
  whole batched step, without Python;
* ``batch`` — ``BatchEnv.step`` with the actions drawn in Python (``random_actions``), what the
  bench measures.

Figures are steps per second; a line per round gives each as a multiple of OpenSpiel's.

    python bench/batch_profile.py --envs 1024 --rounds 5 --seconds 1
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
from numba import njit

from asobiba.adapters.batch import BatchEnv
from asobiba.bench.batch import Batched, load_average
from asobiba.bench.versus import OpenSpiel
from asobiba.core.registry import descriptor
from asobiba.games.star.batch import _pieces
from asobiba.games.star.kernel.arrays import PASS, TO_MOVE
from asobiba.games.star.kernel.movegen import legal_moves
from asobiba.games.star.kernel.play import play


@njit
def _steps(boards, start, rules, work, players, goals, goal_counts, places, obs, mask, legal,
           counts, steps, with_mask, with_observation):
    for _ in range(steps):
        for i in range(boards.shape[0]):
            board = boards[i]
            action = legal[i, int(np.random.random() * counts[i])]
            if with_observation:
                _pieces(board, rules, players, goals, goal_counts, places, obs, i, 0.0)
            play(board, rules, action)
            if board[TO_MOVE] < 0:
                board[:] = start
            if with_mask:
                for k in range(counts[i]):
                    mask[i, legal[i, k]] = False
            n = legal_moves(board, rules, work)
            if n == 0:
                legal[i, 0] = PASS
                n = 1
            else:
                for k in range(n):
                    legal[i, k] = work[k]
            counts[i] = n
            if with_mask:
                for k in range(n):
                    mask[i, legal[i, k]] = True
            if with_observation:
                _pieces(board, rules, players, goals, goal_counts, places, obs, i, 1.0)


class Part:
    """One part of the step, on a batch of its own."""

    def __init__(self, options: dict[str, Any], num_envs: int, mask: bool,
                 observation: bool) -> None:
        self.env = BatchEnv("diamond", num_envs, **options)
        self.env.reset(seed=0)
        self.flags = (mask, observation)
        self.run(1)

    def run(self, steps: int) -> None:
        k = self.env.kernel
        flat = k.observations.reshape(k.num_envs, -1)
        _steps(k.boards, k.start, k.rules, k.work, k.players, k.goals, k.goal_counts, k.places,
               flat, k.masks, k.legal, k.counts, steps, *self.flags)

    def steps(self, seconds: float) -> tuple[int, float]:
        done = 0
        began = time.perf_counter()
        while True:
            self.run(16)
            done += 16 * self.env.num_envs
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return done, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    counterpart = descriptor("diamond").counterparts["openspiel"]
    options = dict(counterpart.options)
    engines = [
        ("engine", Part(options, args.envs, False, False).steps),
        ("+ mask", Part(options, args.envs, True, False).steps),
        ("+ observation", Part(options, args.envs, True, True).steps),
        ("batch", Batched("diamond", options, args.envs).steps),
        ("openspiel", OpenSpiel(counterpart).random_actions),
    ]
    print(f"diamond {' '.join(f'{k}={v}' for k, v in options.items())}, {args.envs} games a batch, "
          f"one process, one core; load average {load_average()} at the start")
    rows = []
    for r in range(args.rounds):
        shift = r % len(engines)
        rates = {}
        for name, measure in engines[shift:] + engines[:shift]:
            done, elapsed = measure(args.seconds)
            rates[name] = done / elapsed
        rows.append(rates)
        print(f"round {r + 1}: " + ", ".join(
            f"{name} {rates[name]:,.0f} ({rates[name] / rates['openspiel']:.2f}x)"
            for name, _ in engines))
    print(f"load average {load_average()} at the end")
    print("medians over the rounds, as multiples of OpenSpiel's steps/s: " + ", ".join(
        f"{name} {statistics.median(r[name] / r['openspiel'] for r in rows):.2f}x"
        for name, _ in engines[:-1]))


if __name__ == "__main__":
    main()
