"""Local processes against Ray tasks for the same study (docs/study/findings.md, "Ray against local
processes").

Plays one small study again and again, alternating the engines round by round (local, Ray, local,
Ray, …) so that both see the same machine load, and reports each engine's games per second (median of
the rounds), the time Ray takes to start, and the load average before and after. Every round's JSON
must be the same bytes, whatever the engine.

    python bench/study_engines.py --rounds 3 --level strongest --games 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from rich.console import Console

from asobiba.study.engines import LocalEngine, RayEngine
from asobiba.study.plan import make_study
from asobiba.study.report import study_json
from asobiba.study.run import run_study


def load() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--level", default="strongest")
    parser.add_argument("--games", type=int, default=20, help="games per cell")
    parser.add_argument("--decks", default="yami,isurugi")
    parser.add_argument("--workers", type=int, default=2, help="local processes (Ray gets 2 CPUs)")
    args = parser.parse_args()
    study = make_study("gandice", "decks", [args.decks], level=args.level, levels=[""], players=[""],
                       options=[], games=args.games, width=0.001, confidence=0.95, seed=1)
    quiet = Console(quiet=True)
    before = load()
    begun = time.monotonic()
    ray_engine = RayEngine(None)
    ray_start = time.monotonic() - begun
    local_engine = LocalEngine(args.workers)
    rates: dict[str, list[float]] = {"local": [], "ray": []}
    outputs = set()
    try:
        for _ in range(args.rounds):
            for engine in (local_engine, ray_engine):
                tallies, timing = run_study(study, engine, quiet)
                rates[engine.name].append(timing.rate)
                outputs.add(json.dumps(study_json(study, tallies)))
    finally:
        local_engine.close()
        ray_engine.close()
    result = {
        "study": study.command(),
        "games_per_round": study.games * len(study.cells),
        "rounds": args.rounds,
        "local_workers": args.workers,
        "ray_cpus": 2,
        "ray_start_seconds": round(ray_start, 1),
        "games_per_second": {k: round(statistics.median(v), 2) for k, v in rates.items()},
        "every_round": {k: [round(x, 2) for x in v] for k, v in rates.items()},
        "same_json_every_round": len(outputs) == 1,
        "load_before": before,
        "load_after": load(),
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
