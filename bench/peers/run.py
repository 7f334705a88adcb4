"""``python -m bench.peers``: a match of asobiba's Chinese Checkers player against another engine's
(docs/benchmarks.md, "Matches against other engines / 他のエンジンとの対戦").

Game ``i`` gives asobiba seat ``i % 2`` (red moves first), so the seats alternate; games ``2k`` and
``2k + 1`` share their random opening. Every seed is derived from ``--seed`` and the game's
number, so a run is the same whatever ``--workers`` (up to the timing of searches stopped by the
clock). ``--first N`` starts at game ``N`` (numbered from 1), so a match cut short goes on where it
stopped with the same seats, openings and seeds. A line is printed after every game, and the
JSON file (``--json``) is rewritten after every game, so a run cut short keeps what it played.
The last lines give wins, draws and losses, the win rate with its Wilson 95 % interval, and the
mean think time per move of both sides.

    python -m bench.peers --opponent mcts-distance --end blocked-goal --games 100 --think 1
    python -m bench.peers --opponent magmacrunch --games 100 --think 0.1
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from asobiba.ai.levels import LEVELS, level_specs
from asobiba.core.errors import AsobibaError

from .common import Opponent, wilson
from .match import ENDS, Diverged, play_game

OPPONENTS = ("mcts-random", "mcts-distance", "magmacrunch")


def make_opponent(name: str, think: float | None, simulations: int | None,
                  max_plies: int) -> Opponent:
    """An opponent by name (its engine imported only now: each is an optional extra)."""
    if name == "magmacrunch":
        from .vs_magmacrunch import MagmacrunchOpponent

        return MagmacrunchOpponent(max_plies=max_plies)
    from .vs_openspiel import OpenSpielOpponent

    return OpenSpielOpponent(name, seconds=None if simulations else think,
                             simulations=simulations, max_moves=max_plies)


def derived_seed(seed: int, *parts: object) -> int:
    return random.Random(":".join(map(str, ("asobiba-peers", seed, *parts)))).getrandbits(31)


def _job(args: tuple[argparse.Namespace, int]) -> tuple[int, dict[str, Any]]:
    options, index = args
    opponent = make_opponent(options.opponent, options.think, options.simulations,
                             options.max_plies)
    began = time.perf_counter()
    try:
        record = play_game(
            opponent,
            our_seat=index % 2,
            level=options.level,
            think=options.our_think if options.our_think is not None else options.think,
            seed=derived_seed(options.seed, "game", index),
            opening=options.opening_plies,
            opening_seed=derived_seed(options.seed, "opening", index // 2),
            end=options.end,
        )
    except Diverged as error:
        record = {"our_seat": index % 2, "result": "error", "error": str(error)}
    record["index"] = index
    record["seconds"] = time.perf_counter() - began
    return index, record


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins, draws, losses and errors from asobiba's side, the win rate and its interval, the
    score (a draw counting half), and the mean think time per move of each side."""
    count = {key: sum(1 for r in records if r["result"] == key)
             for key in ("win", "draw", "loss", "error")}
    played = count["win"] + count["draw"] + count["loss"]
    low, high = wilson(count["win"], played)
    think = {}
    for side in ("asobiba", "opponent"):
        moves = sum(r["moves_by"][side] for r in records if "moves_by" in r)
        total = sum(r["think_mean"][side] * r["moves_by"][side] for r in records if "moves_by" in r)
        think[side] = total / moves if moves else 0.0
    return {
        **count,
        "games": played,
        "win_rate": count["win"] / played if played else 0.0,
        "win_rate_ci95": [low, high],
        "score": (count["win"] + count["draw"] / 2) / played if played else 0.0,
        "think_mean": think,
        "think_max": {side: max((r["think_max"][side] for r in records if "think_max" in r),
                                default=0.0) for side in ("asobiba", "opponent")},
    }


def _loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


def _write(path: Path, data: dict[str, Any]) -> None:
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1))
    partial.replace(path)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.peers", description=__doc__.split("\n")[0])
    parser.add_argument("--opponent", choices=OPPONENTS, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=1,
                        help="number of the first game to play (default 1); a match cut short "
                             "goes on from the game after its last with the same seeds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds per decision of the opponent's search, and the longest "
                             "asobiba's player may think per move (default 1)")
    parser.add_argument("--our-think", type=float, default=None,
                        help="asobiba's longest think per move, if not --think")
    parser.add_argument("--simulations", type=int, default=None,
                        help="MCTS simulations per decision instead of --think for the opponent")
    parser.add_argument("--level", choices=LEVELS, default="strongest")
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--end", choices=ENDS, default="own",
                        help="own: the other engine's rules alone end a game; blocked-goal: "
                             "asobiba's rule for a blocked goal (full_with_one) ends it too")
    parser.add_argument("--max-plies", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None,
                        help="results file (default: peers-OPPONENT-seedSEED.json in the temp folder)")
    options = parser.parse_args(argv)
    if options.games < 1 or options.workers < 1 or options.first < 1:
        parser.error("--games, --first and --workers must be at least 1")
    if options.json is None:
        options.json = Path(tempfile.gettempdir()) / f"peers-{options.opponent}-seed{options.seed}.json"
    return options


def run(options: argparse.Namespace) -> dict[str, Any]:
    """Play the match, printing a line per game; return (and write) the results."""
    opponent = make_opponent(options.opponent, options.think, options.simulations,
                             options.max_plies)
    our_think = options.our_think if options.our_think is not None else options.think
    spec = dict(level_specs(opponent.game())[options.level], time_limit=our_think)
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    data: dict[str, Any] = {
        "opponent": options.opponent,
        "level": options.level,
        "think": options.think,
        "our_think": our_think,
        "level_spec": spec,
        "simulations": options.simulations,
        "opponent_budget": opponent.budget,
        "opening_plies": options.opening_plies,
        "end": options.end,
        "max_plies": options.max_plies,
        "seed": options.seed,
        "first": options.first,
        "workers": options.workers,
        "started": started,
        "loadavg_start": _loadavg(),
        "games": [],
    }
    print(f"asobiba {options.level} ({spec}) vs {options.opponent} ({opponent.budget}): "
          f"{options.games} games from game {options.first}, end {options.end}, seed {options.seed}, "
          f"{options.workers} worker(s); results: {options.json}", flush=True)
    jobs = [(options, i) for i in range(options.first - 1, options.first - 1 + options.games)]
    pool = (multiprocessing.get_context("fork").Pool(options.workers)
            if options.workers > 1 else None)
    began = time.perf_counter()
    records: list[dict[str, Any]] = []
    try:
        stream = pool.imap_unordered(_job, jobs) if pool else map(_job, jobs)
        for index, record in stream:
            records.append(record)
            data["games"] = sorted(records, key=lambda r: r["index"])
            data["summary"] = summary(records)
            data["loadavg_end"] = _loadavg()
            _write(options.json, data)
            s = data["summary"]
            seat = "red, first" if record["our_seat"] == 0 else "blue, second"
            detail = (record.get("error") or
                      f"{record['plies']} plies, think {record['think_mean']['asobiba']:.2f} / "
                      f"{record['think_mean']['opponent']:.2f} s per move")
            print(f"[{len(records)}/{options.games}] game {index + 1} (asobiba {seat}): "
                  f"{record['result']}, {detail}; W-D-L {s['win']}-{s['draw']}-{s['loss']}"
                  f"{' errors ' + str(s['error']) if s['error'] else ''}; "
                  f"{time.perf_counter() - began:.0f} s; load {_loadavg().split()[0]}", flush=True)
    finally:
        if pool:
            pool.terminate()
            pool.join()
    s = data["summary"]
    low, high = s["win_rate_ci95"]
    stopped = f" ({s['error']} stopped by a divergence)" if s["error"] else ""
    print(f"asobiba {options.level} vs {options.opponent}: {s['win']} wins, {s['draw']} draws, "
          f"{s['loss']} losses in {s['games']} games{stopped}; win rate {100 * s['win_rate']:.1f} % "
          f"(Wilson 95 % {100 * low:.1f}-{100 * high:.1f} %), "
          f"score {100 * s['score']:.1f} %", flush=True)
    print(f"think per move: asobiba {s['think_mean']['asobiba']:.2f} s (longest "
          f"{s['think_max']['asobiba']:.2f}), {options.opponent} {s['think_mean']['opponent']:.2f} s "
          f"(longest {s['think_max']['opponent']:.2f}); load average {data['loadavg_start']} -> "
          f"{data['loadavg_end']}", flush=True)
    return data


def main(argv: list[str] | None = None) -> None:
    options = parse(argv)
    try:
        run(options)
    except AsobibaError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
