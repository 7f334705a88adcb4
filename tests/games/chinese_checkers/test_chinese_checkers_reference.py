"""Chinese Checkers' moves against the independent reference generator
(tests/games/star/star_reference.py): scattered positions (dense, pieces in every point the
rules allow, blocked goals, swaps) and positions of seeded random games, under every seating and
the rule options that change moves."""

from __future__ import annotations

import itertools
import random

import pytest
from games.diamond.test_diamond_reference import check
from games.star.star_support import scattered

from asobiba.games.chinese_checkers.game import ChineseCheckersGame


def combos():
    out = []
    for players, other, hop_own, king, long_jump, swap in itertools.product(
        (2, 3, 4, 6), ("open", "pass", "closed"), (True, False), (False, True), (False, True),
        (False, True),
    ):
        if long_jump and (players in (3, 4) or not hop_own):
            continue  # long jumps: enough with 2 and 6 players and hopping one's own pieces
        out.append(dict(players=players, other_points=other, hop_own=hop_own, king=king,
                        long_jump=long_jump, **({"goal_block": "swap"} if swap else {})))
    return out


@pytest.mark.parametrize("options", combos(), ids=lambda o: ",".join(f"{v}" for v in o.values()))
def test_scattered_positions_match_the_reference(options):
    game = ChineseCheckersGame(options)
    rng = random.Random(str(options))
    checked = 0
    while checked < 2:
        state = scattered(game, rng)
        if not state.is_terminal:
            check(state)
            checked += 1


@pytest.mark.parametrize("options", [
    {"players": 6}, {"players": 6, "other_points": "pass", "goal_block": "swap"},
    {"players": 4, "hop_own": False}, {"players": 2, "king": True, "long_jump": True},
    {"players": 3, "other_points": "closed", "king": True, "king_chain_after_line": "any"}],
    ids=str)
def test_random_games_match_the_reference(options):
    game = ChineseCheckersGame(options)
    rng = random.Random(5)
    state = game.new_state()
    for ply in range(120):
        if state.is_terminal:
            break
        if ply % 4 == 0:
            check(state)
        state = state.apply(rng.choice(state.legal_actions()))
