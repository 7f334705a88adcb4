"""Differential test: the compiled move generator of the solver against the readable engine.

Random placements (any six distinct slots are a legal stack structure, since stacks only need strictly
increasing values) on 4- and 5-row boards, both sides to move. For every position the two must agree on
the set of moves, on each move's immediate result (docs/rules/diceout.md, "Dice Out and the result", rules
1–3) and on the table coordinates of the position reached.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from asobiba.core.registry import make_game
from asobiba.games.diceout.solver import kernels
from asobiba.games.diceout.solver.geometry import board
from asobiba.games.diceout.solver.positions import coordinates, state_coordinates
from asobiba.games.diceout.state import DiceOutState


def random_dice(rng: random.Random, rows: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    slots = rng.sample(range(15 * rows), 6)
    return tuple(sorted(slots[:3])), tuple(sorted(slots[3:]))


def engine_moves(state: DiceOutState, geo) -> dict[tuple[int, int], object]:
    """``{(from, to): "win" | "loss" | child coordinates}`` from the engine."""
    out: dict[tuple[int, int], object] = {}
    for action in state.legal_actions():
        if action >= 360:
            continue  # pass
        frm = action >> 3
        to = state.board.neighbours[frm][action & 7]
        child = state.apply(action)
        if child.is_terminal:
            out[frm, to] = "win" if child.winner == state.to_move else "loss"
        else:
            out[frm, to] = state_coordinates(geo, child)
    return out


def kernel_moves(geo, dice, to_move: int) -> dict[tuple[int, int], object]:
    row, col = coordinates(geo, dice[0], dice[1], to_move)
    buf = np.zeros((kernels.MAX_CANDIDATES, 5), dtype=np.int64)
    t0, t1 = geo.red_targets()
    n = kernels.position_moves(row, col, geo.sets, geo.rank_of_colex, geo.rotated, geo.neighbours, t0, t1,
                               geo.cells, buf)
    out: dict[tuple[int, int], object] = {}
    for frm, to, outcome, child_row, child_col in buf[:n].tolist():
        if to_move == 1:  # the kernel saw the board turned round
            frm, to = geo.rotate_cell(frm), geo.rotate_cell(to)
        if outcome == kernels.OUT_WIN:
            out[frm, to] = "win"
        elif outcome == kernels.OUT_SUICIDE:
            out[frm, to] = "loss"
        else:
            out[frm, to] = (child_row, child_col)
    return out


@pytest.mark.parametrize("rows", [4, 5])
def test_move_generator_matches_engine(rows: int) -> None:
    game = make_game("diceout", {"rows": rows})
    geo = board(rows)
    rng = random.Random(rows)
    results = set()
    for _ in range(250):
        dice = random_dice(rng, rows)
        to_move = rng.randrange(2)
        state = DiceOutState.make(game, dice, to_move)
        expected = engine_moves(state, geo)
        assert kernel_moves(geo, dice, to_move) == expected, state.render_text()
        results.update(v if isinstance(v, str) else "child" for v in expected.values())
    assert results == {"win", "loss", "child"}


@pytest.mark.parametrize("rows", [4, 5])
def test_rare_rules_match_engine(rows: int) -> None:
    """Positions built around Dice Out: equal values, covered dice, dice next to EXIT squares."""
    game = make_game("diceout", {"rows": rows})
    geo = board(rows)
    rng = random.Random(100 + rows)
    checked = 0
    while checked < 300:
        dice = random_dice(rng, rows)
        red, white = list(dice[0]), list(dice[1])
        # push both sides towards all-equal values (keeping cells), then keep only legal structures
        value = rng.randrange(3)
        side = red if rng.random() < 0.5 else white
        for i in range(rng.randrange(1, 3)):
            side[i] = side[i] // 3 * 3 + value
        if len(set(red) | set(white)) < 6:
            continue
        dice = (tuple(sorted(red)), tuple(sorted(white)))
        to_move = rng.randrange(2)
        state = DiceOutState.make(game, dice, to_move)
        assert kernel_moves(geo, dice, to_move) == engine_moves(state, geo), state.render_text()
        checked += 1
