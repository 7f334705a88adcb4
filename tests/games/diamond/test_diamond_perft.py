"""Perft from the start position for every option combination that changes the opening.

Depth 1 by hand (15 pieces, red, start camp q >= 4, front row q = 4 with five men):
  * steps: each of the five front-row men steps to the two cells ahead of it in row q = 3
    (sideways cells are other colours' points, every other neighbour is occupied): 5 x 2 = 10;
  * jumps of men: each of the four men of row q = 5 jumps one front-row man straight ahead in both
    forward directions, landing in row q = 3: 4 x 2 = 8; no second hop exists (row q = 3 is empty
    and the cells behind are full);
  * the king on the apex (8, -4) line-jumps the four pieces of each camp edge, landing on (3, -4)
    or (3, 1): 2 (a move is its (from, to) pair, so these differ from the steps to those cells).
  So 20 with a king, 18 without (no king moves; the apex man is shut in).
  10 pieces (the point only, front row q = 5 with four men): steps 4 x 2 = 8, jumps of the three
  men of row q = 6: 3 x 2 = 6, king line jumps over three pieces: 2 -> 16 with a king, 14 without.
  Long jumps add nothing at depth 1 (every line from the camp is blocked or ends off the board),
  and ``king_chain_after_line`` neither (no hop follows the king's landing).
Depth 2 is the square of depth 1 (the two armies cannot touch in one move each); three players
stay independent for three plies, so depth 3 is the cube. Two players interact at depth 3 (red's
second move uses its first), counted by the engine and checked against the independent reference
generator in ``test_diamond_reference.py``. There the king's second move can chain after its line
jump, so ``king_chain_after_line`` counts: ``single`` (the default) 12444, ``any`` 12567, ``none``
12203 with 15 pieces.
"""

from __future__ import annotations

import pytest

from asobiba.core.perft import perft
from asobiba.games.diamond.game import DiamondGame

# (players, pieces, king, king_chain_after_line, long_jump): perft depths 1, 2, 3
PERFT = {
    (2, 15, True, "single", False): (20, 400, 12444),
    (2, 15, True, "single", True): (20, 400, 13177),
    (2, 15, True, "any", False): (20, 400, 12567),
    (2, 15, True, "any", True): (20, 400, 13340),
    (2, 15, True, "none", False): (20, 400, 12203),
    (2, 15, True, "none", True): (20, 400, 12736),
    (2, 15, False, "single", False): (18, 324, 9471),
    (2, 15, False, "single", True): (18, 324, 9953),
    (2, 10, True, "single", False): (16, 256, 6528),
    (2, 10, True, "single", True): (16, 256, 6752),
    (2, 10, True, "any", False): (16, 256, 6560),
    (2, 10, True, "any", True): (16, 256, 6784),
    (2, 10, True, "none", False): (16, 256, 6400),
    (2, 10, True, "none", True): (16, 256, 6624),
    (2, 10, False, "single", False): (14, 196, 4648),
    (2, 10, False, "single", True): (14, 196, 4872),
    (3, 15, True, "single", False): (20, 400, 8000),
    (3, 15, True, "single", True): (20, 400, 8000),
    (3, 15, True, "any", False): (20, 400, 8000),
    (3, 15, True, "any", True): (20, 400, 8000),
    (3, 15, True, "none", False): (20, 400, 8000),
    (3, 15, True, "none", True): (20, 400, 8000),
    (3, 15, False, "single", False): (18, 324, 5832),
    (3, 15, False, "single", True): (18, 324, 5832),
    (3, 10, True, "single", False): (16, 256, 4096),
    (3, 10, True, "single", True): (16, 256, 4096),
    (3, 10, True, "any", False): (16, 256, 4096),
    (3, 10, True, "any", True): (16, 256, 4096),
    (3, 10, True, "none", False): (16, 256, 4096),
    (3, 10, True, "none", True): (16, 256, 4096),
    (3, 10, False, "single", False): (14, 196, 2744),
    (3, 10, False, "single", True): (14, 196, 2744),
}

GOAL_RULES = {True: ("full_with_king", "full_with_one", "swap", "no_camping"),
              False: ("full_with_one", "swap", "no_camping")}


@pytest.mark.parametrize("combo", sorted(PERFT), ids=str)
def test_perft_from_start(combo):
    players, pieces, king, chain, long_jump = combo
    options = dict(players=players, pieces=pieces, king=king, king_chain_after_line=chain,
                   long_jump=long_jump)
    state = DiamondGame(options).new_state()
    assert tuple(perft(state, d) for d in (1, 2, 3)) == PERFT[combo]


@pytest.mark.parametrize("king", [True, False])
def test_goal_rules_do_not_change_the_opening(king):
    """The goal_block rules only matter near the goals: same counts up to depth 2 for each."""
    key = (2, 15, king, "single", False)
    for rule in GOAL_RULES[king]:
        state = DiamondGame(dict(king=king, goal_block=rule)).new_state()
        assert (perft(state, 1), perft(state, 2)) == PERFT[key][:2]


@pytest.mark.parametrize(
    "options", [{"colors": "red,green"}, {"colors": "yellow,green"}, {"first": "yellow"},
                {"players": 3, "first": "green"}], ids=str)
def test_colour_choices_are_symmetric(options):
    state = DiamondGame(options).new_state()
    players = options.get("players", 2)
    expected = PERFT[(players, 15, True, "single", False)]
    assert tuple(perft(state, d) for d in (1, 2, 3)) == expected


@pytest.mark.parametrize(
    "value,expected",
    [(None, 12444), ("single", 12444), ("any", 12567), (True, 12567), ("true", 12567),
     ("none", 12203), (False, 12203), ("false", 12203)], ids=str)
def test_line_chain_values_and_their_old_yes_no_spellings(value, expected):
    """``true``/``false``, from before the option had three values, mean ``any``/``none``."""
    options = {} if value is None else {"king_chain_after_line": value}
    assert perft(DiamondGame(options).new_state(), 3) == expected
