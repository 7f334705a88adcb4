"""Review games between よわい and 最強 (the weak seat alternating) and print each seat's accuracy and
judgements, one JSON line a game (docs/measurements/2026-12-02-review.md). The review reads at
ふつう (Gandice: 最強, the first of its levels that analyses).

Run: ``PYTHONPATH=. python3 bench/review_ladder.py`` (it also writes ``review_ladder.json`` with the
load average).
"""

from __future__ import annotations

import json
import os
import random
import time

from asobiba.ai.levels import make_agent
from asobiba.ai.review import review
from asobiba.core import Record, make_game
from asobiba.core.game import sample_chance

CASES = (("diceout", {"rows": 5}, "normal", 4), ("diamond", {"players": 2, "board": "small"}, "normal", 2),
         ("chinese_checkers", {"players": 2}, "normal", 1), ("gandice", {}, "strongest", 3))
MAX_ACTIONS = 400


def main() -> None:
    rows = []
    for game_id, options, level, games in CASES:
        game = make_game(game_id, options)
        for n in range(games):
            weak = n % 2
            agents = [make_agent(game, "weak" if s == weak else "strongest", seed=100 + n * 2 + s)
                      for s in range(2)]
            record = Record.new(game)
            state, rng = game.new_state(), random.Random(n)
            while not state.is_terminal and len(record.actions) < MAX_ACTIONS:
                mover = state.current_player
                action = sample_chance(state, rng) if mover < 0 else agents[mover].choose(state)
                record.actions.append(action)
                state = state.apply(action)
            started = time.process_time()
            done = review(record, level=level)
            row = {"game": game_id, "options": options, "level": done.level, "weak_seat": weak,
                   "decisions": len(done.moves), "cpu_s": round(time.process_time() - started, 1),
                   "seats": [{"role": "weak" if s.seat == weak else "strongest",
                              "accuracy": None if s.accuracy is None else round(s.accuracy, 1),
                              "counts": s.counts} for s in done.summary]}
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), flush=True)
    with open("review_ladder.json", "w", encoding="utf-8") as out:
        json.dump({"load": os.getloadavg(), "rows": rows}, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
