"""Fixed mid-game positions with stacks for ``asobiba bench`` (default 5-row board).

Each is a legal, unfinished position (no Dice Out showing, no die on its target EXIT) reached by
ordinary play or constructed by hand to exercise stacking:

1. opening skirmish: one red die on a white 1; both sides still near home.
2. a three-high stack in the centre (white 1, red 2, white 3), the rest spread out.
3. white blocks a5 (a corner of its own home row, one of red's targets) with a 2.
4. both colours stacked twice: two two-high stacks and two singles.
5. crowded centre: a three-high stack plus a two-high stack, white to move.
6. endgame race: dice near the targets, a red die covering two white dice.

Positions on rank 5 are skipped on boards with fewer rows.
"""

from __future__ import annotations

from typing import Any

BENCH_POSITIONS: list[dict[str, Any]] = [
    {"to_move": "red", "stacks": {
        "b1": [["red", 1]], "c3": [["white", 1], ["red", 3]], "d2": [["red", 2]],
        "b4": [["white", 2]], "d5": [["white", 3]]}},
    {"to_move": "white", "stacks": {
        "c3": [["white", 1], ["red", 2], ["white", 3]], "b2": [["red", 1]], "d2": [["red", 3]],
        "c4": [["white", 2]]}},
    {"to_move": "red", "stacks": {
        "a5": [["white", 2]], "b4": [["red", 3]], "c3": [["red", 1], ["white", 3]],
        "d3": [["red", 2]], "e4": [["white", 1]]}},
    {"to_move": "white", "stacks": {
        "b2": [["white", 1], ["red", 2]], "d4": [["red", 1], ["white", 3]], "c3": [["red", 3]],
        "c4": [["white", 2]]}},
    {"to_move": "white", "stacks": {
        "c2": [["red", 1], ["white", 2], ["red", 3]], "c3": [["white", 1], ["white", 3]],
        "b3": [["red", 2]]}},
    {"to_move": "red", "stacks": {
        "d4": [["white", 1], ["white", 2], ["red", 3]], "b4": [["red", 1]], "b2": [["white", 3]],
        "e3": [["red", 2]]}},
]
