"""One hand-made position per rule sentence of the rules page, docs/rules/diamond.md.

Positions list only the pieces that matter; :func:`diamond_support.position` fills every colour up
with men on its own start area, far from the action. Cells are axial ``(q, r)``.
"""

from __future__ import annotations

import pytest
from games.star.star_support import position, targets

from asobiba.core.game import TERMINAL
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.geometry import (
    APEX_CELL,
    CAMP,
    CELLS,
    DIRECTIONS,
    POINT,
    cells_of,
    forbidden_mask,
    grid_of,
    on_board,
)
from asobiba.games.star.movegen import PASS

RED_GOAL_CAMP = cells_of(CAMP["q-"])
YELLOW_GOAL_CAMP = cells_of(CAMP["r-"])


def neighbours(c):
    return {(c[0] + dq, c[1] + dr) for dq, dr in DIRECTIONS if on_board(c[0] + dq, c[1] + dr)}


def play(state, src, dst):
    action = state.notation_to_action(f"{src[0]},{src[1]}-{dst[0]},{dst[1]}")
    return state.play(action)


# -- steps -----------------------------------------------------------------------------------------

def test_a_man_steps_to_any_of_six_empty_neighbours_backwards_too():
    s = position(pieces={"red": {"men": [(0, 0)]}})
    assert targets(s, (0, 0)) == neighbours((0, 0))


def test_steps_avoid_occupied_cells_and_other_colours_points():
    # (2, 2) borders green's point s- (unused in a red/yellow game): (2, 3) and (3, 2) are
    # forbidden; (1, 2) is occupied (and jumped, to (0, 2))
    s = position(pieces={"red": {"men": [(2, 2)]}, "yellow": {"men": [(1, 2)]}})
    assert targets(s, (2, 2)) == {(1, 3), (3, 1), (2, 1), (0, 2)}


def test_own_points_are_open_start_and_goal():
    s = position(pieces={"red": {"men": [(-4, 1)]}})
    assert (-5, 1) in targets(s, (-4, 1))  # red's goal point
    s = position(pieces={"red": {"men": [(3, -1)]}}, options={"pieces": 10})
    assert (4, -1) in targets(s, (3, -1))  # a border cell, open to all


# -- jumps of men ----------------------------------------------------------------------------------

def test_a_man_jumps_one_adjacent_piece_of_any_colour_which_stays():
    s = position(pieces={"red": {"men": [(0, 0), (0, 1)]}, "yellow": {"men": [(-1, 0)]}})
    assert {(-2, 0), (0, 2)} <= targets(s, (0, 0))
    after = play(s, (0, 0), (-2, 0))
    assert [-1, 0] in after.to_json()["pieces"]["yellow"]["men"]


def test_a_man_cannot_jump_two_adjacent_pieces():
    s = position(pieces={"red": {"men": [(0, 0)]}, "yellow": {"men": [(-1, 0), (-2, 0)]}})
    assert (-3, 0) not in targets(s, (0, 0))


@pytest.mark.parametrize("king_colour", ["red", "yellow"])
def test_a_man_cannot_jump_a_king_own_or_other(king_colour):
    s = position(pieces={"red": {"men": [(0, 0)]}, king_colour: {"king": (-1, 0)}})
    assert (-2, 0) not in targets(s, (0, 0))


def test_chains_change_direction_and_may_stop_after_any_hop():
    # (0,0) over (-1,0) to (-2,0), over (-2,-1) to (-2,-2), over (-1,-2) to (0,-4)... zig-zag
    s = position(pieces={"red": {"men": [(0, 0)]},
                         "yellow": {"men": [(-1, 0), (-2, -1), (-1, -2)]}})
    assert {(-2, 0), (-2, -2), (0, -2)} <= targets(s, (0, 0))


def test_jump_paths_of_any_colour_mix():
    # (1,1) over yellow (0,1) to (-1,1), over red (-1,0) to (-1,-1), over green (0,-1) to (1,-1)
    s = position(pieces={"red": {"men": [(1, 1), (-1, 0)]},
                         "yellow": {"men": [(0, 1)]}, "green": {"men": [(0, -1)]}},
                 options={"players": 3})
    assert {(-1, 1), (-1, -1), (1, -1)} <= targets(s, (1, 1))


def test_no_landing_on_the_start_cell_or_twice():
    # a closed loop of hops around (0,0) returns to the start: never a move from a cell to itself
    s = position(pieces={"red": {"men": [(0, 0)]},
                         "yellow": {"men": [(-1, 0), (-1, -1), (0, -1)]}})
    assert (-2, 0) in targets(s, (0, 0))
    assert all(a // 121 != a % 121 for a in s.legal_actions())


def test_steps_and_jumps_never_mix():
    # step to (-1,0) then jump (-2,0) to (-3,0) is not one move
    s = position(pieces={"red": {"men": [(0, 0)]}, "yellow": {"men": [(-2, 0)]}})
    assert (-3, 0) not in targets(s, (0, 0))


def test_no_landing_on_a_forbidden_point_even_mid_chain():
    # (2,1) over (2,2) would land on (2,3), a cell of the unused green point, and from there
    # could go over (1,3) to (0,3): neither is a move
    s = position(pieces={"red": {"men": [(2, 1)]}, "yellow": {"men": [(2, 2), (1, 3)]}})
    assert targets(s, (2, 1)) == neighbours((2, 1)) - {(2, 2)}


def test_hops_over_a_piece_on_a_foreign_point_always_land_inside_it():
    """Jumping over a piece on a forbidden cell is allowed (docs/rules/diamond.md, "Forbidden
    cells"), but on this board a straight line never leaves a point back into the hexagon, so every
    such hop (single, long or a king's line) would land on a forbidden cell or off the star: the
    rule never opens a move."""
    for colour in ("red", "yellow", "green"):
        forbidden = forbidden_mask(colour)
        for q, r in CELLS:
            if forbidden >> grid_of(q, r) & 1:
                continue  # the mover stands on a cell of its own
            for dq, dr in DIRECTIONS:
                line = [(q + k * dq, r + k * dr) for k in range(1, 17)]
                line = line[: next((i for i, c in enumerate(line) if not on_board(*c)), 16)]
                for i, (x, y) in enumerate(line[:-1]):
                    if forbidden >> grid_of(x, y) & 1:
                        assert all(forbidden >> grid_of(*c) & 1 for c in line[i:])
                        break


# -- kings -----------------------------------------------------------------------------------------

def test_a_king_jumps_three_in_a_row_of_any_colours():
    s = position(pieces={"red": {"king": (0, 0), "men": [(-2, 0)]},
                         "yellow": {"men": [(-1, 0), (-3, 0)]}})
    assert (-4, 0) in targets(s, (0, 0))
    assert not {(-2, 0), (-3, 0)} & targets(s, (0, 0))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_a_king_jumps_a_run_of_any_length(n):
    run = [(0, -3 + k) for k in range(1, n + 1)]  # along the line q = 0, from (0,-3) to (0,4)
    s = position(pieces={"red": {"king": (0, -3)}, "yellow": {"men": run}})
    landing = (0, -3 + n + 1)
    assert landing in targets(s, (0, -3))


def test_a_run_containing_a_king_cannot_be_jumped():
    s = position(pieces={"red": {"king": (0, 0), "men": [(-1, 0)]}, "yellow": {"king": (-2, 0)}})
    assert (-3, 0) not in targets(s, (0, 0))
    s = position(pieces={"red": {"king": (0, 0)}, "yellow": {"king": (-1, 0)}})
    assert (-2, 0) not in targets(s, (0, 0))  # a king never jumps a king either


def test_a_king_makes_single_jumps_and_chains_them():
    s = position(pieces={"red": {"king": (0, 0)}, "yellow": {"men": [(-1, 0), (-2, -1)]}})
    assert {(-2, 0), (-2, -2)} <= targets(s, (0, 0))


@pytest.mark.parametrize("chain", ["single", "any", "none"])
def test_a_single_hop_after_a_line_jump_unless_none(chain):
    # line jump over (-1,0),(-2,0) to (-3,0); then a single hop over (-3,1) to (-3,2)
    s = position(options={"king_chain_after_line": chain},
                 pieces={"red": {"king": (0, 0)}, "yellow": {"men": [(-1, 0), (-2, 0), (-3, 1)]}})
    t = targets(s, (0, 0))
    assert (-3, 0) in t
    assert ((-3, 2) in t) is (chain != "none")


@pytest.mark.parametrize("chain", ["single", "any", "none"])
def test_a_second_line_jump_only_with_any(chain):
    # line over (0,-2),(0,-1) to (0,0); single hop over (-1,0) to (-2,0); a second line jump over
    # (-2,1),(-2,2) to (-2,3), which only `any` allows; `none` stops at (0,0)
    s = position(options={"king_chain_after_line": chain},
                 pieces={"red": {"king": (0, -3)},
                         "yellow": {"men": [(0, -2), (0, -1), (-1, 0), (-2, 1), (-2, 2)]}})
    t = targets(s, (0, -3))
    assert (0, 0) in t
    assert ((-2, 0) in t) is (chain != "none")
    assert ((-2, 3) in t) is (chain == "any")


@pytest.mark.parametrize("chain", ["single", "any", "none"])
def test_two_line_jumps_in_a_row_only_with_any(chain):
    # line over (0,-2),(0,-1) to (0,0), then line over (-1,0),(-2,0) to (-3,0)
    s = position(options={"king_chain_after_line": chain},
                 pieces={"red": {"king": (0, -3)},
                         "yellow": {"men": [(0, -2), (0, -1), (-1, 0), (-2, 0)]}})
    t = targets(s, (0, -3))
    assert (0, 0) in t
    assert ((-3, 0) in t) is (chain == "any")


@pytest.mark.parametrize("chain", ["single", "any", "none"])
def test_single_hops_then_a_line_hop(chain):
    # single hops may come before the line jump: over (-1,0) to (-2,0), then the line over
    # (-2,1),(-2,2) to (-2,3), then a single hop over (-1,3) to (0,3) unless `none`
    s = position(options={"king_chain_after_line": chain},
                 pieces={"red": {"king": (0, 0)},
                         "yellow": {"men": [(-1, 0), (-2, 1), (-2, 2), (-1, 3)]}})
    t = targets(s, (0, 0))
    assert {(-2, 0), (-2, 3)} <= t
    assert ((0, 3) in t) is (chain != "none")


@pytest.mark.parametrize("chain", ["single", "any", "none"])
def test_a_long_jump_counts_as_a_single_hop_after_a_line_jump(chain):
    # line over (0,-2),(0,-1) to (0,0); then a long jump over (-2,0) at distance 2 to (-4,0)
    s = position(options={"king_chain_after_line": chain, "long_jump": True},
                 pieces={"red": {"king": (0, -3)}, "yellow": {"men": [(0, -2), (0, -1), (-2, 0)]}})
    t = targets(s, (0, -3))
    assert (0, 0) in t
    assert ((-4, 0) in t) is (chain != "none")


# -- long jumps ------------------------------------------------------------------------------------

@pytest.mark.parametrize("long_jump", [True, False])
def test_long_jump_distance_two_lands_at_four(long_jump):
    s = position(options={"long_jump": long_jump},
                 pieces={"red": {"men": [(0, 0)]}, "yellow": {"men": [(-2, 0)]}})
    assert ((-4, 0) in targets(s, (0, 0))) is long_jump


def test_long_jump_distance_three_and_chaining():
    s = position(options={"long_jump": True},
                 pieces={"red": {"men": [(0, -3)]}, "yellow": {"men": [(0, 0), (1, 2)]}})
    t = targets(s, (0, -3))
    assert (0, 3) in t
    assert (2, 1) in t  # then an ordinary hop over (1, 2)


@pytest.mark.parametrize("blocker", [(-1, 0), (-3, 0), (-4, 0)])
def test_long_jump_needs_empty_cells_both_sides(blocker):
    s = position(options={"long_jump": True},
                 pieces={"red": {"men": [(0, 0)]}, "yellow": {"men": [(-2, 0), blocker]}})
    assert (-4, 0) not in targets(s, (0, 0))


def test_long_jump_never_over_a_king():
    s = position(options={"long_jump": True},
                 pieces={"red": {"men": [(0, 0)]}, "yellow": {"king": (-2, 0)}})
    assert (-4, 0) not in targets(s, (0, 0))


def test_a_king_long_jumps_too():
    s = position(options={"long_jump": True},
                 pieces={"red": {"king": (0, 0)}, "yellow": {"men": [(-2, 0)]}})
    assert (-4, 0) in targets(s, (0, 0))


# -- moves are (from, to); pass ---------------------------------------------------------------------

def test_two_paths_to_one_cell_are_one_move():
    # (0,0) reaches (-2,2) over (-1,1) directly, and via (-2,0) over (-1,0) then (-2,1)
    s = position(pieces={"red": {"men": [(0, 0)]},
                         "yellow": {"men": [(-1, 1), (-1, 0), (-2, 1)]}})
    actions = s.legal_actions()
    assert len(actions) == len(set(actions))
    assert (-2, 2) in targets(s, (0, 0))


def blocked_red():
    """Red's ten men on its start point behind two full rows of yellow and green (3 players)."""
    row4 = [(4, r) for r in range(-4, 1)]
    row3 = [(3, r) for r in range(-4, 2)]
    return position(options={"players": 3, "pieces": 10, "king": False},
                    pieces={"yellow": {"men": row4 + row3[:5]},
                            "green": {"men": row3[5:]}})


def test_a_player_without_a_move_passes():
    s = blocked_red()
    assert s.legal_actions() == [PASS]
    assert s.action_to_notation(PASS) == "pass"
    after = s.play_notation("pass")
    assert after.current_player == 1 and after.ply == 1


def test_pass_is_not_allowed_when_a_move_exists():
    from asobiba.core.errors import IllegalMoveError

    with pytest.raises(IllegalMoveError):
        DiamondGame().new_state().notation_to_action("pass")


# -- set-up ----------------------------------------------------------------------------------------

def test_ten_piece_set_up_fills_the_point_with_the_king_on_the_apex():
    s = DiamondGame({"pieces": 10}).new_state()
    red = s.to_json()["pieces"]["red"]
    assert red["king"] == [8, -4]
    assert sorted(map(tuple, red["men"] + [red["king"]])) == sorted(cells_of(POINT["q+"]))


def test_fifteen_piece_set_up_without_kings():
    s = DiamondGame({"king": False, "players": 3}).new_state()
    for colour, key in (("red", "q+"), ("yellow", "r+"), ("green", "s+")):
        entry = s.to_json()["pieces"][colour]
        assert entry["king"] is None
        assert sorted(map(tuple, entry["men"])) == sorted(cells_of(CAMP[key]))


def test_first_player_option():
    assert DiamondGame({"first": "yellow"}).new_state().current_player == 1
    assert DiamondGame({"colors": "yellow,green"}).new_state().to_json()["to_move"] == "yellow"


# -- finishing -------------------------------------------------------------------------------------

RED_APEX = (-8, 4)
CAMP_BUT_APEX = [c for c in RED_GOAL_CAMP if c != RED_APEX]
KING_RUN_START = (-3, 4)  # the king line-jumps (-4,4),(-5,4),(-6,4),(-7,4) onto the apex


def red_about_to_finish(**kw):
    """Red's 14 men fill its goal camp but the apex; the king can line-jump onto the apex."""
    return position(pieces={"red": {"king": KING_RUN_START, "men": CAMP_BUT_APEX}}, **kw)


def test_all_pieces_in_the_goal_with_the_king_on_the_apex_finishes():
    s = red_about_to_finish()
    assert not s.is_terminal
    after = play(s, KING_RUN_START, RED_APEX)
    assert after.is_terminal and after.current_player == TERMINAL
    assert after.ranks() == [1, 2] and after.returns() == [1.0, -1.0]


def test_a_man_still_outside_the_goal_is_not_finished():
    men = [c for c in CAMP_BUT_APEX if c != (-4, 0)] + [(-3, 0)]
    s = position(pieces={"red": {"king": KING_RUN_START, "men": men}})
    after = play(s, KING_RUN_START, RED_APEX)
    assert not after.is_terminal


def test_a_man_on_the_apex_is_not_finished():
    # all fifteen pieces in the goal camp, the goal is full, but a man holds the apex
    men = [c for c in RED_GOAL_CAMP if c != (-6, 3)]
    s = position(pieces={"red": {"king": (-6, 3), "men": men}})
    assert not s.is_terminal and s.current_player == 0


# -- blocked goals ---------------------------------------------------------------------------------

YELLOW_APEX = APEX_CELL["r-"]  # (4, -8)
CORNER = (4, -4)  # red's start corner, also a corner of yellow's goal camp


def yellow_blocked(options, king_on_apex=True):
    """Yellow has 14 pieces on its goal camp; red keeps a man on the shared corner (4, -4)."""
    goal = [c for c in YELLOW_GOAL_CAMP if c != CORNER]
    king = YELLOW_APEX if king_on_apex else (3, -7)
    if not DiamondGame(options).options.king:
        return position(options=options, to_move="red",
                        pieces={"yellow": {"men": goal}, "red": {"men": [CORNER]}})
    men = [c for c in goal if c != king]
    if not king_on_apex:
        men = [c for c in goal if c not in (YELLOW_APEX, king)] + [(0, 0)]
    return position(options=options, to_move="red",
                    pieces={"yellow": {"king": king, "men": men}, "red": {"men": [CORNER]}})


def test_the_corner_cell_belongs_to_two_camps():
    assert CORNER in cells_of(CAMP["q+"]) and CORNER in YELLOW_GOAL_CAMP


def test_full_with_king_finishes_a_blocked_goal():
    s = yellow_blocked({})
    assert s.is_terminal and s.ranks() == [2, 1]


def test_full_with_king_needs_the_king_on_the_apex():
    s = yellow_blocked({}, king_on_apex=False)
    assert not s.is_terminal


def test_without_a_goal_rule_a_blocked_goal_does_not_finish():
    for rule in ("swap", "no_camping"):
        assert not yellow_blocked({"goal_block": rule}).is_terminal


def test_full_with_one_needs_only_a_full_goal_with_an_own_piece():
    s = yellow_blocked({"king": False})
    assert s.game.options.goal_block == "full_with_one"
    assert s.is_terminal and s.ranks() == [2, 1]


def test_full_with_one_with_kings_ignores_the_apex():
    s = yellow_blocked({"goal_block": "full_with_one"}, king_on_apex=False)
    assert not s.is_terminal  # (0, 0) is outside: the goal is not full
    s = yellow_blocked({"goal_block": "full_with_one"})
    assert s.is_terminal


GOAL_BUT_CORNER_AND_APEX = [c for c in YELLOW_GOAL_CAMP if c not in (CORNER, YELLOW_APEX)]


def test_swap_lets_a_move_end_on_a_blocking_piece_and_exchanges_them():
    s = position(options={"goal_block": "swap"}, to_move="yellow",
                 pieces={"yellow": {"king": YELLOW_APEX, "men": GOAL_BUT_CORNER_AND_APEX + [(3, -3)]},
                         "red": {"men": [CORNER]}})
    assert CORNER in targets(s, (3, -3))
    after = play(s, (3, -3), CORNER)
    pieces = after.to_json()["pieces"]
    assert [3, -3] in pieces["red"]["men"] and [4, -4] in pieces["yellow"]["men"]
    assert after.is_terminal and after.ranks() == [2, 1]


def test_swap_is_not_possible_from_the_movers_point():
    # from (4,-5), yellow's goal point, the red man could not go to the start cell
    s = position(options={"goal_block": "swap"}, to_move="yellow",
                 pieces={"yellow": {"king": YELLOW_APEX, "men": GOAL_BUT_CORNER_AND_APEX + [(0, 0)]},
                         "red": {"men": [CORNER]}})
    assert (4, -5) in GOAL_BUT_CORNER_AND_APEX
    assert CORNER not in targets(s, (4, -5))


def test_swap_also_ends_a_jump():
    # yellow (2,-4) jumps the red man on (3,-4) and ends on the red man on the corner (4,-4)
    men = [c for c in GOAL_BUT_CORNER_AND_APEX if c != (3, -4)] + [(0, 0), (0, 1)]
    s = position(options={"goal_block": "swap"}, to_move="yellow",
                 pieces={"yellow": {"king": YELLOW_APEX, "men": men},
                         "red": {"men": [CORNER, (3, -4)]}})
    assert {CORNER, (3, -4)} <= targets(s, (2, -4))
    after = play(s, (2, -4), CORNER)
    pieces = after.to_json()["pieces"]
    assert [2, -4] in pieces["red"]["men"] and [3, -4] in pieces["red"]["men"]
    assert s.move_path(s.notation_to_action("2,-4-4,-4")) == [(2, -4), (4, -4)]


def test_swap_cells_are_only_the_movers_goal_border():
    s = position(options={"goal_block": "swap"},
                 pieces={"red": {"men": [(0, 0)]}, "yellow": {"men": [(-1, 0)]}})
    assert (-1, 0) not in targets(s, (0, 0))


def test_no_camping_loses_after_the_thirtieth_turn_with_a_piece_at_home():
    s = position(options={"goal_block": "no_camping"}, to_move="red",
                 moves_made={"red": 29, "yellow": 29}, ply=58,
                 pieces={"red": {"men": [(0, 0)]}})
    after = play(s, (0, 0), (-1, 0))
    assert after.is_terminal and after.ranks() == [2, 1]


def test_no_camping_leaving_in_time_is_fine():
    red = {"king": (1, 0), "men": [(0, c) for c in range(-4, 5)] + [(-1, c) for c in range(-3, 2)]}
    red["men"].remove((0, 0))
    red["men"].append((4, 0))  # the last piece at home: the border corner of red's camp
    s = position(options={"goal_block": "no_camping"}, to_move="red",
                 moves_made={"red": 29, "yellow": 29}, ply=58, pieces={"red": red})
    after = play(s, (4, 0), (3, 0))
    assert not after.is_terminal and after.current_player == 1
    s29 = position(options={"goal_block": "no_camping"}, to_move="red",
                   moves_made={"red": 28, "yellow": 28}, ply=56, pieces={"red": red})
    assert not play(s29, (1, 0), (1, -1)).is_terminal  # only the 29th turn


def test_no_camping_counts_the_shared_corner_as_home():
    red = {"king": (1, 0), "men": [(0, c) for c in range(-4, 5)] + [(-1, c) for c in range(-3, 2)]}
    red["men"].remove((0, 0))
    red["men"].append(CORNER)
    s = position(options={"goal_block": "no_camping"}, to_move="red",
                 moves_made={"red": 30, "yellow": 30}, ply=60, pieces={"red": red})
    assert play(s, (1, 0), (1, -1)).is_terminal


# -- three players, max_plies ----------------------------------------------------------------------

def test_three_players_rank_in_finishing_order_and_skip_finished_players():
    s = red_about_to_finish(options={"players": 3})
    s = play(s, KING_RUN_START, RED_APEX)
    assert not s.is_terminal
    assert s.to_json()["ranks"] == {"red": 1}
    assert s.current_player == 1  # yellow
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == 2  # green
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == 1  # yellow again: red is skipped, its pieces stay


def test_three_players_last_two_ranks():
    # red has finished; yellow's king line-jumps (4,-4)..(4,-7) onto its apex: yellow 2, green 3
    s = position(options={"players": 3}, to_move="yellow", ranks={"red": 1},
                 pieces={"red": {"king": RED_APEX, "men": CAMP_BUT_APEX},
                         "yellow": {"king": (4, -3),
                                    "men": [c for c in YELLOW_GOAL_CAMP if c != YELLOW_APEX]}})
    after = play(s, (4, -3), YELLOW_APEX)
    assert after.is_terminal and after.ranks() == [1, 2, 3]


def test_max_plies_ends_the_game_as_a_draw_among_the_unfinished():
    s = DiamondGame({"max_plies": 2}).new_state()
    s = s.apply(s.legal_actions()[0])
    assert not s.is_terminal
    s = s.apply(s.legal_actions()[0])
    assert s.is_terminal and s.ranks() == [1, 1] and s.returns() == [0.0, 0.0]


def test_max_plies_with_three_players_after_a_finish():
    s = position(options={"players": 3, "max_plies": 11}, to_move="yellow", ply=10,
                 ranks={"red": 1}, pieces={"red": {"king": RED_APEX, "men": CAMP_BUT_APEX}})
    after = s.apply(s.legal_actions()[0])
    assert after.is_terminal and after.ranks() == [1, 2, 2]
