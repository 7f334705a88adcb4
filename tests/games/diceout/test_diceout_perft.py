"""Perft counts and the differential test against the independent reference rules.

Depth-1 counts by hand (5 × ``rows`` board; a die moves one step, its value advancing, onto an
empty cell or a strictly smaller top; the three dice start side by side on b, c, d of rank 1):

* ``setup=fixed`` defaults, red (1, 2, 3) to move (the fixed values tie, so red starts):
  b1 1→2: a1, a2, b2, c2 (c1 shows 2, not smaller) = 4; c1 2→3: b1 (1 < 3), b2, c2, d2
  (d1 shows 3) = 4; d1 3→1: c2, d2, e2, e1 (a 1 needs an empty cell, c1 is taken) = 4 → **12**.
* red (3, 3, 1) against white (3, 2, 1), red starts (two 3s): b1 3→1: a1, a2, b2, c2 = 4;
  c1 3→1: b2, c2, d2 = 3; d1 1→2: c2, d2, e2, e1 (c1 shows 3) = 4 → **11**.
* white (1, 3, 2) on b5 c5 d5 with ``first=white``: b5 1→2: a5, a4, b4, c4 = 4; c5 3→1:
  b4, c4, d4 = 3; d5 2→3: c4, d4, e4, e5 (c5 shows 3) = 4 → **11**.
* 4 rows, fixed defaults: the first move sees the same neighbourhood → **12**.
* 9 rows, red (1, 3, 2) against white (3, 1, 1) (tied, red starts): b1 1→2: a1, a2, b2, c2;
  c1 3→1: b2, c2, d2; d1 2→3: c2, d2, e2, e1 → **11**.

Deeper counts are the engine's, each one checked against the reference's own perft.
"""

from __future__ import annotations

import pytest
from games.diceout import diceout_reference as ref
from games.diceout.diceout_helpers import random_positions

from asobiba.core.perft import perft
from asobiba.games.diceout.actions import DECLARE_ACTION, PASS_ACTION
from asobiba.games.diceout.game import DiceOutGame
from asobiba.games.diceout.state import DRAW

PERFT = [
    ({"setup": "fixed"}, [12, 132, 1848, 25786]),
    ({"setup": "fixed", "red": [3, 3, 1], "white": [3, 2, 1]}, [11, 132, 1824, 17403]),
    ({"setup": "fixed", "red": [2, 1, 3], "white": [1, 3, 2], "first": "white"},
     [11, 132, 1848, 25632]),
    ({"setup": "fixed", "rows": 4}, [12, 132, 1812, 24348]),
    ({"setup": "fixed", "rows": 9, "red": [1, 3, 2], "white": [3, 1, 1]}, [11, 143, 1386, 18172]),
]

BENCH_PERFT = [[18, 256, 4640], [12, 199, 2678], [13, 169, 2568], [12, 181, 2531],
               [6, 75, 1206], [19, 180, 2881]]


@pytest.mark.parametrize("options, counts", PERFT)
def test_perft_from_fixed_set_ups(options: dict, counts: list[int]) -> None:
    game = DiceOutGame(options)
    state = game.new_state()
    assert [perft(state, d) for d in range(1, 5)] == counts
    stacks, to_move = ref.from_json(state.to_json())
    assert [ref.perft(stacks, to_move, game.options.rows, d) for d in range(1, 5)] == counts


def test_perft_from_the_bench_positions() -> None:
    positions = DiceOutGame().bench_positions()
    assert [[perft(s, d) for d in range(1, 4)] for s in positions] == BENCH_PERFT
    for state, counts in zip(positions, BENCH_PERFT, strict=True):
        stacks, to_move = ref.from_json(state.to_json())
        assert [ref.perft(stacks, to_move, 5, d) for d in range(1, 4)] == counts


def test_perft_counts_the_opening_roll_as_one_ply() -> None:
    """With ``placement=rolled`` the 378 ordered roll pairs lead straight to the first move."""
    state = DiceOutGame({"placement": "rolled"}).new_state()
    assert [perft(state, d) for d in range(1, 3)] == [378, 4350]


def test_perft_with_placing_decisions() -> None:
    """With ``placement=choose`` (the default) the roll yields pairs of value sets, then each player
    chooses an arrangement (3 for 1,3,3, 2,3,3, 1,1,3, 2,2,3, 1,2,2, 1,1,2; 6 for 1,2,3).

    By hand: the 7 value sets fall into the classes (3,2): 133, 233; (3,1): 113, 223, 123;
    (2,2): 122; (2,1): 112. Depth 1: 49 pairs less 4 + 9 + 1 + 1 tied = **34**. Depth 2, the
    starter's arrangements, red starting: a (3,2) set against the 5 weaker sets 2 × 5 × 3 = 30,
    a (3,1) set against the 2 weaker ones (3 + 3 + 6) × 2 = 24, 122 against 112 3; twice 57 is
    **114**. Depth 3 gives back the **378** ordered pairs, and depth 4 counts what depth 2 counts
    with ``placement=rolled`` (4350). With ``first=white`` all 49 pairs stand and white places
    first: 7 × (6 × 3 + 6) = 168, then 576 ordered pairs.
    """
    state = DiceOutGame().new_state()
    assert [perft(state, d) for d in range(1, 5)] == [34, 114, 378, 4350]
    named = DiceOutGame({"first": "white"}).new_state()
    assert [perft(named, d) for d in range(1, 4)] == [49, 168, 576]


def _engine_outcome(after) -> str | None:
    if not after.is_terminal:
        return None
    assert after.winner != DRAW
    return ("red", "white")[after.winner]


def test_engine_agrees_with_the_reference_on_random_positions_with_stacks() -> None:
    positions = random_positions(seed=2026, count=1500)
    stacked = sum(1 for s in positions if len(s.stacks()) < 6)
    assert stacked > 1000  # the sample really exercises stacks
    seen_reasons = set()
    for state in positions:
        data = state.to_json()
        stacks, to_move = ref.from_json(data)
        rows = state.board.rows
        expected = ref.legal_moves(stacks, to_move, rows)
        actions = state.legal_actions()
        assert DECLARE_ACTION not in actions
        if not expected:
            assert actions == [PASS_ACTION], data
            continue
        assert {state.action_to_notation(a) for a in actions} == expected, data
        for action in actions:
            move = state.action_to_notation(action)
            after = state.apply(action)
            reference_after = ref.make_move(stacks, move)
            assert ref.from_json(after.to_json())[0] == reference_after, (data, move)
            assert _engine_outcome(after) == ref.result_after(reference_after, to_move, move, rows), (
                data, move)
            seen_reasons.add(after.reason)
    assert seen_reasons == {"", "exit", "dice_out", "own_dice_out"}  # every rule was exercised


def test_engine_perft_agrees_with_the_reference_on_random_positions() -> None:
    for state in random_positions(seed=7, count=60):
        stacks, to_move = ref.from_json(state.to_json())
        rows = state.board.rows
        assert perft(state, 3) == ref.perft(stacks, to_move, rows, 3), state.to_json()
