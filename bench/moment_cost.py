"""The server's CPU for one moment of a game, in process (docs/benchmarks.md, "Web table under load").

A moment is what the web table computes after each move of a watched game: the game as clients see
it (:func:`asobiba.web.view.full`: summary, board picture, legal moves, last move, history), the
delta from the moment before (:class:`asobiba.web.view.StateFrame`), the text each seat's client is
sent, and the table's move that leads to the next moment. This times those alone (no store, no
sockets, no event loop) over seeded games of Dice Out between two people played as
``bench/load.py`` plays them (random legal moves, goal corners left out, so a game ends by a
declaration, a repetition or the move limit), and prints the CPU microseconds per moment: the
median of ``--rounds`` rounds, each ``--moments`` moments, with the load average.

    python bench/moment_cost.py --moments 2000 --rounds 5
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from asobiba.core.registry import make_game
from asobiba.web.seats import Seat
from asobiba.web.store import PLAYING, StoredGame
from asobiba.web.table import Table
from asobiba.web.view import StateFrame, full

GAME = "diceout"
OPTIONS = {"declare": "manual"}
CORNERS = ("a", "e")


def new_table(seed: int) -> Table:
    game = make_game(GAME, OPTIONS)
    stored = StoredGame(id=f"{seed:08x}", game=game.id, options=game.options.to_dict(),
                        seats=[Seat.person(), Seat.person()], seed=seed, status=PLAYING, result=None,
                        start=None, source="play", meta={}, created=0.0, updated=0.0)
    return Table(stored, game, game.new_state())


def choose(game: dict[str, Any], rng: random.Random) -> int:
    """A random legal move as the load bench's players choose it: no verb and no step onto a goal
    corner while there is another move (a declaration window offers only verbs: either is chosen)."""
    rows = game["options"]["rows"]
    goals = {f"{c}{r}" for c in CORNERS for r in (1, rows)}
    moves = [m for m in game["legal"] if m["verb"] is None and m["to"] not in goals]
    return int(rng.choice(moves or game["legal"])["action"])


def round_cost(moments: int, seed: int) -> float:
    """CPU µs per moment over ``moments`` moments, the move that makes each included (one clock
    reading a round: reading the CPU clock costs more than a moment's parts)."""
    rng = random.Random(seed)
    table, frame = new_table(seed), None
    start = time.process_time()
    for v in range(1, moments + 1):
        game = full(table, present={0, 1})
        frame = StateFrame(game, v, frame)
        for seat in (0, 1):
            frame.text((seat,), since=v - 1)
        if table.finished:
            table, frame = new_table(seed + v), None
            continue
        action = table.automatic_action()
        table.play_stored(choose(game, rng) if action is None else action)
        table.version += 1
    return (time.process_time() - start) / moments * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moments", type=int, default=2000, help="moments per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    costs = [round_cost(args.moments, args.seed + r) for r in range(args.rounds)]
    load = " ".join(os.getloadavg().__repr__().strip("()").split(", "))
    print(f"{GAME}: {statistics.median(costs):.0f} µs CPU per moment (median of {args.rounds} rounds "
          f"of {args.moments}; rounds {', '.join(f'{c:.0f}' for c in costs)}); load average {load}")


if __name__ == "__main__":
    main()
