"""A hand-made position for every rule of Chinese Checkers that the star engine plays differently
from Diamond Game (docs/rules/chinese_checkers.md): seats, goals, the points that are neither a
colour's start nor its goal (``other_points``), hopping one's own pieces (``hop_own``), blocked goals,
kings, and whole games of 6 players."""

from __future__ import annotations

import random

import pytest
from games.star.star_support import position, targets

from asobiba.core.errors import OptionError
from asobiba.games.chinese_checkers.game import ChineseCheckersGame
from asobiba.games.star.geometry import STANDARD, cells_of


def game(**options) -> ChineseCheckersGame:
    return ChineseCheckersGame(options)


@pytest.mark.parametrize("players,colours", [
    (1, ("red",)),
    (2, ("red", "blue")),
    (3, ("red", "yellow", "green")),
    (4, ("red", "yellow", "blue", "black")),
    (6, ("red", "white", "yellow", "blue", "green", "black")),
])
def test_seats_go_round_the_star_from_the_bottom_point(players, colours):
    g = game(players=players)
    assert tuple(g.player_names) == colours
    assert g.new_state().current_player == 0


def test_each_colour_starts_on_its_point_and_heads_for_the_one_opposite():
    g = game(players=6)
    state = g.new_state()
    for seat, layout in enumerate(g.seats):
        men, king = state.pieces_of(seat)
        assert king is None and len(men) == 10
        start = next(k for k, mask in STANDARD.point.items() if mask == layout.start_area)
        goal = next(k for k, mask in STANDARD.point.items() if mask == layout.goal_area)
        assert start[0] == goal[0] and start[1] != goal[1]
        assert set(men) == set(cells_of(layout.start_area))


def test_a_king_stands_on_the_apex_of_its_start_point():
    state = game(king=True).new_state()
    men, king = state.pieces_of(0)
    assert king == (8, -4) and len(men) == 9


def test_blocked_goals_default_from_the_king_option():
    assert game().options.goal_block == "full_with_one"
    assert game(king=True).options.goal_block == "full_with_king"
    with pytest.raises(OptionError):
        game(goal_block="full_with_king")


# -- points that are neither start nor goal ----------------------------------------------------
# Red's man on e6 (4,-1): e5 (4,0) holds a man, e4 (4,1) is a cell of white's point (unused with
# two players), f4 (3,1) holds a man and g4 (2,1) is in the hexagon. The hop e6 -> e4 lands in the
# point, the second hop e4 -> g4 leaves it.
THROUGH = {"red": {"men": [(4, -1), (4, 0), (3, 1)]}}


@pytest.mark.parametrize("rule,stop_in_point,through", [
    ("open", True, True), ("pass", False, True), ("closed", False, False)])
def test_other_points_open_pass_closed(rule, stop_in_point, through):
    state = position(game=game(other_points=rule), pieces=THROUGH)
    reach = targets(state, (4, -1))
    assert ((4, 1) in reach) is stop_in_point
    assert ((2, 1) in reach) is through
    assert ((3, 0) in reach)  # an ordinary step is never affected


AWAY = [(2, -4), (2, -3), (2, -2), (2, -1), (1, -4), (1, -3), (1, -2), (1, -1), (3, -4), (3, -3)]
"""Ten hexagon cells out of the way, for blue's men when its start point must stay free."""


def test_own_start_and_goal_points_are_always_open():
    state = position(game=game(other_points="closed"),
                     pieces={"red": {"men": [(-4, 1), (-4, 0)]}, "blue": {"men": AWAY}})
    assert (-5, 1) in targets(state, (-4, 1))  # blue's start is red's goal


# -- hopping one's own pieces ----------------------------------------------------------------------
@pytest.mark.parametrize("hop_own", [True, False])
def test_hop_own_decides_whether_a_man_may_hop_his_own_side(hop_own):
    pieces = {"red": {"men": [(0, 0), (-1, 0)]}, "blue": {"men": [(0, 1)]}}
    state = position(game=game(hop_own=hop_own), pieces=pieces)
    reach = targets(state, (0, 0))
    assert ((-2, 0) in reach) is hop_own  # over red's own j6
    assert (0, 2) in reach  # over blue's man: always


def test_without_hop_own_a_king_line_jumps_only_other_colours():
    pieces = {"red": {"king": (0, 0), "men": [(-1, 0)]}, "blue": {"men": [(-2, 0), (1, 0)]}}
    state = position(game=game(king=True, hop_own=False), pieces=pieces)
    reach = targets(state, (0, 0))
    assert (-3, 0) not in reach  # the line j6, k7 holds a red man
    assert (2, 0) in reach  # over blue's h5


# -- blocked goals ---------------------------------------------------------------------------------
RED_GOAL = cells_of(STANDARD.point["q-"])


def test_swap_takes_a_goal_cell_from_a_camper_and_sends_it_back():
    camper = (-5, 1)
    red_home = [c for c in RED_GOAL if c != camper]
    g = game(goal_block="swap")
    state = position(game=g, pieces={"red": {"men": red_home[:8] + [(-4, 1), (0, 0)]},
                                     "blue": {"men": [camper]}}, to_move="red")
    assert (-5, 1) in targets(state, (-4, 1))
    action = state.notation_to_action("m8-n4")
    after = state.apply(action)
    assert (-5, 1) in after.pieces_of(0)[0]
    assert (-4, 1) in after.pieces_of(1)[0]


def test_no_swap_without_the_rule():
    camper = (-5, 1)
    state = position(game=game(), pieces={"red": {"men": [(-4, 1)]},
                                          "blue": {"men": [camper] + AWAY[:9]}})
    assert (-5, 1) not in targets(state, (-4, 1))


def test_a_full_goal_with_one_own_piece_finishes():
    """Blue's man stays on its start apex q1, in red's goal; when red fills the other nine goal
    cells, red has finished (full_with_one, the default without kings)."""
    camper, last = (-8, 4), (-5, 1)
    red = [c for c in RED_GOAL if c not in (camper, last)]
    pieces = {"red": {"men": red + [(-4, 1), (0, 0)]}, "blue": {"men": [camper] + AWAY[:9]}}
    state = position(game=game(), pieces=pieces, to_move="red")
    assert not state.is_terminal
    state = state.apply(_move(state, (-4, 1), last))
    assert state.is_terminal and state.ranks() == [1, 2]


def _move(state, origin, target):
    for action in state.legal_actions():
        d = state.describe_action(action)
        if d["from"] == list(origin) and d["to"] == list(target):
            return action
    raise AssertionError(f"no move {origin} -> {target}")


# -- whole games -----------------------------------------------------------------------------------
def racing(state, rng):
    """The move that gains the most rows (ties at random), or any move one time in five."""
    actions = state.legal_actions()
    if rng.random() < 0.2 or len(actions) == 1:
        return rng.choice(actions)
    colour = state.game.player_names[state.to_move]
    goal = state.game.star.apex[{"red": "q-", "white": "s+", "yellow": "r-", "blue": "q+",
                                 "green": "s-", "black": "r+"}[colour]]

    def distance(cell):
        dq, dr = cell[0] - goal[0], cell[1] - goal[1]
        return max(abs(dq), abs(dr), abs(dq + dr))

    def gain(action):
        d = state.describe_action(action)
        return distance(tuple(d["from"])) - distance(tuple(d["to"]))

    best = max(map(gain, actions))
    return rng.choice([a for a in actions if gain(a) == best])


@pytest.mark.parametrize("options", [{"players": 6}, {"players": 4, "other_points": "pass"},
                                     {"players": 3, "goal_block": "swap"}], ids=str)
def test_racing_games_of_many_players_end_with_ranks(options):
    g = game(**options)
    rng = random.Random(str(options))
    state = g.new_state()
    while not state.is_terminal:
        state = state.apply(racing(state, rng))
    ranks = state.ranks()
    assert sorted(set(ranks))[0] == 1 and len(ranks) == g.num_players
    assert state.ply < g.options.max_plies


def test_a_player_alone_plays_until_home():
    """players=1, the crossing puzzle: no one else to wait for; the game ends when red is home."""
    g = game(players=1)
    rng = random.Random(1)
    state = g.new_state()
    while not state.is_terminal:
        state = state.apply(racing(state, rng))
        assert state.is_terminal or state.current_player == 0
    assert state.ranks() == [1] and state.returns() == [0.0]
    assert set(state.pieces_of(0)[0]) == set(RED_GOAL)
