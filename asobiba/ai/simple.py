"""The simplest agents: uniform random, and one-ply greedy on a heuristic.

The greedy agent doubles as the human-like beginner: with ``spread`` > 0 it does not always play
the best-looking move but picks the move ranked ``k`` (0 = best; equal values share a rank) with
weight ``exp(-k / spread)`` — a choice by rank, so it behaves the same whatever the scale of the
game's evaluation — and with ``miss`` > 0 it overlooks each non-winning move with that probability
(a player who does not see every move); with ``blunder`` > 0 it plays, with that probability, the
move it rates lowest (a beginner's blunder: the knob that spreads the levels of a game where dice
decide most of the result). It never passes up a move that wins at once.
"""

from __future__ import annotations

import math

from ..core.game import State
from .agent import Evaluate, expected_values, is_sole_win, make_rng

CHANCE_DEPTH = 2
"""Rolls the greedy agent looks through after a move (an attack roll and the defence roll): deeper
costs time and, measured in Gandice, gains nothing (docs/ai.md)."""


class RandomAgent:
    """Plays a uniformly random legal move."""

    def __init__(self, *, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = make_rng(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyAgent:
    """One ply: the move whose resulting position the heuristic likes best for the mover.

    Moves that trigger dice are valued by the exact expectation over the outcomes of the next
    :data:`CHANCE_DEPTH` rolls.
    """

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        seed: int | None = None,
        spread: float = 0.0,
        miss: float = 0.0,
        blunder: float = 0.0,
        name: str = "greedy",
    ) -> None:
        self.name = name
        self.evaluate = evaluate
        self.spread = spread
        self.miss = miss
        self.blunder = blunder
        self.rng = make_rng(seed)

    def choose(self, state: State) -> int:
        me = state.current_player
        scored = []
        for action in state.legal_actions():
            child = state.apply(action)
            if is_sole_win(child, me):
                return action
            scored.append((action, expected_values(child, self.evaluate, CHANCE_DEPTH)[me]))
        if self.blunder > 0 and len(scored) > 1 and self.rng.random() < self.blunder:
            worst = min(v for _, v in scored)
            return self.rng.choice([a for a, v in scored if v == worst])
        if self.miss > 0 and len(scored) > 1:
            seen = [m for m in scored if self.rng.random() >= self.miss]
            scored = seen or [self.rng.choice(scored)]
        if self.spread <= 0:
            best = max(v for _, v in scored)
            return self.rng.choice([a for a, v in scored if v == best])
        rank = {v: k for k, v in enumerate(sorted({v for _, v in scored}, reverse=True))}
        weights = [math.exp(-rank[v] / self.spread) for _, v in scored]
        return self.rng.choices([a for a, _ in scored], weights=weights)[0]
