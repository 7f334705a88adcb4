"""The small board, board=small (docs/rules/diamond.md, "The small board"): its cells, camps and
apexes, the set-up of 10 pieces, cell names, a hand-made position for its forbidden cells and swaps,
and the compiled engine, which plays it except under goal_block=swap."""

from __future__ import annotations

import random

import numpy as np
import pytest
from games.star.star_support import SMALL_COMBOS, position, scattered, targets
from games.star.test_star_kernel import check_position, racing_choice

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star import heuristic
from asobiba.games.star.geometry import STARS, cells_of
from asobiba.games.star.notation import cell_name, parse_cell

SMALL = STARS["small"]


def test_the_small_star_has_73_holes_and_camps_of_10():
    assert len(SMALL.cells) == 73
    assert all(SMALL.on_board(q, r) == (min(q, r, -q - r) >= -3 or max(q, r, -q - r) <= 3)
               for q in range(-7, 8) for r in range(-7, 8))
    for key, camp in SMALL.camp.items():
        assert camp.bit_count() == 10 and SMALL.point[key].bit_count() == 6
    assert SMALL.apex["q+"] == (6, -3) and SMALL.apex["r-"] == (3, -6)
    assert set(cells_of(SMALL.camp["q+"])) == {
        (q, r) for q, r in SMALL.cells if q >= 3 and r >= -3 and -q - r >= -3}


def test_every_colour_fills_its_camp_with_ten_pieces_whatever_pieces_says():
    for pieces in (15, 10):
        game = DiamondGame({"board": "small", "players": 3, "pieces": pieces})
        assert game.options.pieces == 10
        state = game.new_state()
        for seat in range(3):
            men, king = state.pieces_of(seat)
            assert len(men) == 9 and king == SMALL.apex[("q+", "r+", "s+")[seat]]


def test_cell_names_run_a_to_m():
    assert cell_name(6, -3, SMALL) == "a1" and cell_name(0, 0, SMALL) == "g4"
    assert cell_name(-6, 3, SMALL) == "m1" and cell_name(3, -6, SMALL) == "d10"
    for cell in SMALL.cells:
        assert parse_cell(cell_name(*cell, SMALL), SMALL) == cell
    state = DiamondGame({"board": "small"}).new_state()
    assert state.action_to_notation(state.notation_to_action("d4-e3")) == "d4-e3"


def test_other_colours_points_are_closed_and_borders_open():
    # red and green play; red's man on h2 (-1,3), on the border of yellow's unused camp r+
    state = position({"board": "small", "colors": "red,green"},
                     pieces={"red": {"men": [(-1, 3)]}})
    reach = targets(state, (-1, 3))
    assert (-1, 4) not in reach and (-2, 4) not in reach  # yellow's point (r >= 4)
    assert {(0, 3), (-2, 3), (0, 2), (-1, 2)} <= reach


def test_swaps_go_into_the_goal_border_from_the_hexagon():
    game = {"board": "small", "goal_block": "swap"}
    # yellow's man on red's goal border j5 (-3,2); red's man next to it on i5 (-2,2), in the hexagon
    state = position(game, pieces={"red": {"men": [(-2, 2)]}, "yellow": {"men": [(-3, 2)]}})
    assert (-3, 2) in targets(state, (-2, 2))


@pytest.mark.parametrize("options", SMALL_COMBOS,
                         ids=lambda o: ",".join(f"{v}" for v in o.values()))
def test_the_compiled_engine_plays_the_small_board(options):
    """Same moves, same positions after them and the same evaluation as the readable engine, on
    a racing game and scattered positions (the strong levels search the compiled engine)."""
    from asobiba.games.star.kernel.arrays import WORK_SIZE
    from asobiba.games.star.kernel.convert import board_of
    from asobiba.games.star.kernel.evaluate import eval_tables, evaluate
    from asobiba.games.star.kernel.tables import rules_of

    game = DiamondGame(options)
    rules = rules_of(game)
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    tables = eval_tables(game)
    values = np.zeros(3)
    rng = random.Random(str(options))
    state = game.new_state()
    while not state.is_terminal and state.ply < 200:
        check_position(state, rules, work)
        evaluate(board_of(state), rules, *tables, values)
        assert np.allclose(values[: game.num_players], heuristic.evaluate(state), atol=1e-9)
        state = state.apply(racing_choice(state, rng))
    for _ in range(2):
        check_position(scattered(game, rng), rules, work)
