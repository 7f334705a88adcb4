"""``asobiba bench GAME --batch``: the batched engine (:mod:`asobiba.adapters.batch`) next to
OpenSpiel's nearest game stepped one game at a time from Python, and next to the game's PettingZoo
environment (docs/research.md, "Figures").

Each round measures the three side by side for the same time, taking turns (the order rotates
from round to round), so that all meet the same phases of a host whose speed changes: steps per
second of uniformly random play, a new game started whenever one ends. A batched step is one
action in each of the N games (choosing the actions included); OpenSpiel's is one
``legal_actions()``, a choice and one ``apply_action()``; PettingZoo's one ``last()``, a choice
from the action mask and one ``step()``. The batch runs in this one process on one core (numba
compiles it without threads). The last line gives the median over the rounds of the batch's
figure over OpenSpiel's: ``vs openspiel: batch steps 12.3x``.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

import numpy as np

from ..core.errors import AsobibaError
from ..core.registry import descriptor, make_game_from_pairs
from .versus import OpenSpiel

ENGINE = "openspiel"


class Batched:
    name = "batch"

    def __init__(self, game_id: str, options: dict[str, Any], num_envs: int) -> None:
        from ..adapters.batch import BatchEnv

        self.env = BatchEnv(game_id, num_envs, **options)
        self.env.reset(seed=0)
        self.rng = np.random.default_rng(0)
        self.env.step(self.env.random_actions(self.rng))  # compiled, or loaded from the cache

    def steps(self, seconds: float) -> tuple[int, float]:
        env, rng = self.env, self.rng
        done = 0
        began = time.perf_counter()
        while True:
            for _ in range(16):
                env.step(env.random_actions(rng))
            done += 16 * env.num_envs
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return done, elapsed


class PettingZoo:
    name = "pettingzoo"

    def __init__(self, game_id: str, options: dict[str, Any]) -> None:
        try:
            from ..adapters.pettingzoo import env
        except ImportError:
            raise AsobibaError("--batch needs pettingzoo: pip install 'asobiba[rl]'") from None
        self.env = env(game_id, **options)
        self.env.reset(seed=0)
        self.rng = random.Random(0)

    def steps(self, seconds: float) -> tuple[int, float]:
        env, choice = self.env, self.rng.choice
        done = 0
        began = time.perf_counter()
        while True:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
            else:
                env.step(choice(np.flatnonzero(observation["action_mask"])))
                done += 1
            if done % 64 == 0:
                elapsed = time.perf_counter() - began
                if elapsed >= seconds:
                    return done, elapsed


def load_average() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def run_batch(game_id: str, option_pairs: list[str], *, rounds: int, seconds: float,
              num_envs: int) -> dict[str, Any]:
    """Print the rounds and the ratio lines; return the figures. A game without an OpenSpiel
    counterpart is measured against its PettingZoo environment only."""
    desc = descriptor(game_id)
    counterpart = desc.counterparts.get(ENGINE)
    base = counterpart.options if counterpart is not None else None
    game = make_game_from_pairs(game_id, option_pairs, base)
    options = game.options.to_dict()
    began = time.perf_counter()
    ours = Batched(game_id, options, num_envs)
    ready = time.perf_counter() - began
    engines: list[tuple[str, Any]] = [("batch", ours.steps)]
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"asobiba {game_id} ({shown}), {num_envs} games a batch")
    if counterpart is not None:
        theirs = OpenSpiel(counterpart)
        engines.append((ENGINE, theirs.random_actions))
        parameters = ",".join(f"{k}={v}" for k, v in counterpart.parameters.items())
        print(f"  vs {ENGINE} {counterpart.game}({parameters}) stepped one game at a time from Python")
        print(f"  differences: {counterpart.differences}")
    else:
        print(f"  {game_id} declares no {ENGINE} counterpart: measured against PettingZoo only")
    engines.append(("pettingzoo", PettingZoo(game_id, options).steps))
    print(f"  batched engine ready in {ready:.2f} s (compiled, or loaded from the disk cache; "
          "not in the figures)")
    print(f"  one process, one core for the batch ({os.cpu_count()} cores on this machine); "
          f"load average {load_average()} at the start")
    print(f"  {rounds} rounds of {seconds:g} s per engine, engines taking turns")
    others = [name for name, _ in engines[1:]]
    print(f"{'round':>5}  " + " ".join(f"{name:>13}" for name, _ in engines) + "  "
          + " ".join(f"{'vs ' + name:>14}" for name in others) + "   (steps/s)")
    rows = []
    for r in range(rounds):
        shift = r % len(engines)
        rates = {}
        for name, measure in engines[shift:] + engines[:shift]:
            done, elapsed = measure(seconds)
            rates[name] = done / elapsed
        row = {**rates, **{f"vs_{name}": rates["batch"] / rates[name] for name in others}}
        rows.append(row)
        print(f"{r + 1:>5}  " + " ".join(f"{row[name]:>13,.0f}" for name, _ in engines) + "  "
              + " ".join(f"{row['vs_' + name]:>13.1f}x" for name in others))
    print(f"  load average {load_average()} at the end")
    ratios = {name: statistics.median(r[f"vs_{name}"] for r in rows) for name in others}
    for name in reversed(others):
        print(f"vs {name}: batch steps {ratios[name]:.1f}x")
    return {"rounds": rows, "ready_seconds": ready, "ratios": ratios}
