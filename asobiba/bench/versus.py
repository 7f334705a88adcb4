"""``asobiba bench GAME --vs ENGINE``: a game's compiled engine next to another engine's nearest
game (the game's descriptor declares both: ``compiled`` and ``counterparts``).

Two figures, each measured on both engines in the same round, the engines taking turns (which one
goes first alternates), so that both meet the same phases of a host whose speed changes from
second to second:

* **random games** — actions per second of uniformly random games from the start, whole games;
* **legal moves** — legal-move calls per second from Python, cycling over positions taken every
  10 actions along random games.

A round's ratio is asobiba's figure over the other engine's; the last line gives the median of
the rounds' ratios: ``vs ENGINE: random games 1.23x, legal moves 1.05x``. The compiled engine's
start-up (numba compiling, or loading its disk cache) is timed once, before the rounds.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from ..core.descriptor import Counterpart
from ..core.errors import AsobibaError
from ..core.registry import descriptor, make_game_from_pairs

SAMPLE_EVERY = 10
SAMPLE_GAMES = 2


class OpenSpiel:
    """An OpenSpiel game driven through ``pyspiel``, the way a Python program plays it: one
    ``legal_actions()`` and one ``apply_action()`` call per action."""

    name = "openspiel"

    def __init__(self, counterpart: Counterpart, seed: int = 0) -> None:
        try:
            import pyspiel  # an optional extra, loaded only when asked for
        except ImportError:
            raise AsobibaError(
                "--vs openspiel needs open_spiel: pip install 'asobiba[openspiel]'"
            ) from None
        self.game = pyspiel.load_game(counterpart.game, dict(counterpart.parameters))
        self.rng = random.Random(seed)
        self.positions = []
        for _ in range(SAMPLE_GAMES):
            state = self.game.new_initial_state()
            played = 0
            while not state.is_terminal():
                if played % SAMPLE_EVERY == 0:
                    self.positions.append(state.clone())
                state.apply_action(self.rng.choice(state.legal_actions()))
                played += 1

    def random_actions(self, seconds: float) -> tuple[int, float]:
        choice = self.rng.choice
        actions = 0
        began = time.perf_counter()
        while True:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                actions += 1
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return actions, elapsed

    def legal_calls(self, seconds: float) -> tuple[int, float]:
        positions = self.positions
        calls = 0
        began = time.perf_counter()
        while True:
            for state in positions:
                state.legal_actions()
            calls += len(positions)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return calls, elapsed


ENGINES = {"openspiel": OpenSpiel}


def _rate(measure: Any, seconds: float) -> float:
    done, elapsed = measure(seconds)
    return done / elapsed


def run_versus(game_id: str, option_pairs: list[str], engine: str, *, rounds: int,
               seconds: float) -> dict[str, Any]:
    """Print the rounds and the ratio line; return the figures."""
    if engine not in ENGINES:
        raise AsobibaError(f"--vs: unknown engine {engine!r} (known: {', '.join(ENGINES)})")
    desc = descriptor(game_id)
    counterpart = desc.counterparts.get(engine)
    if counterpart is None or desc.compiled is None:
        raise AsobibaError(f"--vs {engine}: {game_id} declares no compiled engine and counterpart")
    theirs = ENGINES[engine](counterpart)
    game = make_game_from_pairs(game_id, option_pairs, counterpart.options)
    began = time.perf_counter()
    ours = desc.compiled(game)
    ready = time.perf_counter() - began
    options = " ".join(f"{k}={v}" for k, v in game.options.to_dict().items())
    parameters = ",".join(f"{k}={v}" for k, v in counterpart.parameters.items())
    print(f"asobiba {game_id} ({options}) vs {engine} {counterpart.game}({parameters})")
    print(f"  differences: {counterpart.differences}")
    print(f"  compiled engine ready in {ready:.2f} s (compiled, or loaded from the disk cache;"
          " paid once, not in the figures)")
    print(f"  {rounds} rounds of {seconds:g} s per figure and engine, engines taking turns")
    print(f"{'round':>5}  {'random actions/s':>27}  {'ratio':>6}  {'legal-move calls/s':>27}"
          f"  {'ratio':>6}")
    print(f"{'':>5}  {'asobiba':>13} {engine:>13}  {'':>6}  {'asobiba':>13} {engine:>13}")
    rows = []
    for r in range(rounds):
        pair = [("ours", ours), ("theirs", theirs)]
        if r % 2:
            pair.reverse()
        rates: dict[str, list[float]] = {}
        for measure in ("random_actions", "legal_calls"):
            for who, engine_obj in pair:
                rates.setdefault(who, []).append(_rate(getattr(engine_obj, measure), seconds))
        row = {"asobiba_random": rates["ours"][0], "other_random": rates["theirs"][0],
               "asobiba_legal": rates["ours"][1], "other_legal": rates["theirs"][1]}
        row["random_ratio"] = row["asobiba_random"] / row["other_random"]
        row["legal_ratio"] = row["asobiba_legal"] / row["other_legal"]
        rows.append(row)
        print(f"{r + 1:>5}  {row['asobiba_random']:>13,.0f} {row['other_random']:>13,.0f}  "
              f"{row['random_ratio']:>5.2f}x  {row['asobiba_legal']:>13,.0f} "
              f"{row['other_legal']:>13,.0f}  {row['legal_ratio']:>5.2f}x")
    random_ratio = statistics.median(r["random_ratio"] for r in rows)
    legal_ratio = statistics.median(r["legal_ratio"] for r in rows)
    print(f"vs {engine}: random games {random_ratio:.2f}x, legal moves {legal_ratio:.2f}x")
    return {"rounds": rows, "ready_seconds": ready, "random_ratio": random_ratio,
            "legal_ratio": legal_ratio}
