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

from .bench_versus import OpenSpiel
from .core.errors import AsobibaError
from .core.registry import descriptor, make_game_from_pairs

ENGINE = "openspiel"


class Batched:
    name = "batch"

    def __init__(self, game_id: str, options: dict[str, Any], num_envs: int) -> None:
        from .adapters.batch import BatchEnv

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
            from .adapters.pettingzoo import env
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
    """Print the rounds and the ratio line; return the figures."""
    desc = descriptor(game_id)
    counterpart = desc.counterparts.get(ENGINE)
    if counterpart is None:
        raise AsobibaError(f"--batch: {game_id} declares no {ENGINE} counterpart to measure against")
    game = make_game_from_pairs(game_id, option_pairs, counterpart.options)
    options = game.options.to_dict()
    began = time.perf_counter()
    ours = Batched(game_id, options, num_envs)
    ready = time.perf_counter() - began
    theirs = OpenSpiel(counterpart)
    zoo = PettingZoo(game_id, options)
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    parameters = ",".join(f"{k}={v}" for k, v in counterpart.parameters.items())
    print(f"asobiba {game_id} ({shown}), {num_envs} games a batch, vs {ENGINE} "
          f"{counterpart.game}({parameters}) one game at a time, and vs asobiba's PettingZoo env")
    print(f"  differences: {counterpart.differences}")
    print(f"  batched engine ready in {ready:.2f} s (compiled, or loaded from the disk cache; "
          "not in the figures)")
    print(f"  one process, one core for the batch ({os.cpu_count()} cores on this machine); "
          f"load average {load_average()} at the start")
    print(f"  {rounds} rounds of {seconds:g} s per engine, engines taking turns")
    print(f"{'round':>5}  {'batch':>13} {ENGINE:>13} {'pettingzoo':>13}  {'vs ' + ENGINE:>13} "
          f"{'vs pettingzoo':>13}   (steps/s)")
    engines = [("batch", ours.steps), ("openspiel", theirs.random_actions), ("pettingzoo", zoo.steps)]
    rows = []
    for r in range(rounds):
        order = engines[r % 3:] + engines[: r % 3]
        rates = {}
        for name, measure in order:
            done, elapsed = measure(seconds)
            rates[name] = done / elapsed
        row = {**rates, "vs_openspiel": rates["batch"] / rates["openspiel"],
               "vs_pettingzoo": rates["batch"] / rates["pettingzoo"]}
        rows.append(row)
        print(f"{r + 1:>5}  {row['batch']:>13,.0f} {row['openspiel']:>13,.0f} "
              f"{row['pettingzoo']:>13,.0f}  {row['vs_openspiel']:>12.1f}x "
              f"{row['vs_pettingzoo']:>12.1f}x")
    versus = statistics.median(r["vs_openspiel"] for r in rows)
    versus_zoo = statistics.median(r["vs_pettingzoo"] for r in rows)
    print(f"  load average {load_average()} at the end")
    print(f"vs pettingzoo: batch steps {versus_zoo:.1f}x")
    print(f"vs {ENGINE}: batch steps {versus:.1f}x")
    return {"rounds": rows, "ready_seconds": ready, "vs_openspiel": versus,
            "vs_pettingzoo": versus_zoo}
