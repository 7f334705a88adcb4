"""Fixed mid-game positions for ``asobiba bench`` and the AI tests.

Each position is reached from the start under the game's own options by a fixed, seeded "racing"
sequence: at every turn the mover picks, among the legal moves, one that advances a piece furthest
toward its goal (ties and one move in five chosen by ``random.Random(seed)``; candidate lists are
sorted by notation first, so the positions do not depend on generation order). The positions are
taken after 30, 50 and 70 plies — with the default options two armies with kings meeting in the
middle of the star — skipping any that is already over.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.game import State
from .geometry import CELLS, STAR_COLOURS, advance
from .movegen import PASS, decode

if TYPE_CHECKING:
    from .game import StarGame, StarState

BENCH_PLIES = (30, 50, 70)
SEED = 2024


def _gain(state: StarState, action: int) -> int:
    if action == PASS:
        return 0
    f, t = decode(action)
    start = STAR_COLOURS[state.game.rules.colours[state.to_move]]
    return advance(start, CELLS[t]) - advance(start, CELLS[f])


def racing_game(game: StarGame, plies: int, seed: int = SEED) -> list[StarState]:
    """The states of the fixed racing sequence, from the start up to ``plies`` plies."""
    rng = random.Random(seed)
    state = game.new_state()
    states = [state]
    while len(states) <= plies and not state.is_terminal:
        actions = sorted(state.legal_actions(), key=state.action_to_notation)
        if rng.random() < 0.2:
            action = rng.choice(actions)
        else:
            best = max(_gain(state, a) for a in actions)
            action = rng.choice([a for a in actions if _gain(state, a) == best])
        state = state.apply(action)
        states.append(state)
    return states


def bench_positions(game: StarGame) -> list[State]:
    states = racing_game(game, max(BENCH_PLIES))
    return [states[p] for p in BENCH_PLIES if p < len(states) and not states[p].is_terminal]
