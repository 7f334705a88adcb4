"""Perft: counting action sequences, the standard check of a move generator.

``perft(state, n)`` is the number of distinct action sequences of length ``n`` from ``state``
(docs/formats.md, "CLI contracts"). Terminal states have no moves; a forced pass is one move;
at chance nodes each outcome counts as one action.
"""

from __future__ import annotations

from .game import State


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal:
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.apply(a), depth - 1) for a in actions)


def perft_table(state: State, max_depth: int) -> list[tuple[int, int]]:
    """``[(depth, count)]`` for depths 1..max_depth."""
    return [(d, perft(state, d)) for d in range(1, max_depth + 1)]
