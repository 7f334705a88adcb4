"""The engine against the independent reference generator (diamond_reference.py), on random
positions under every option combination on both boards (each value of ``king_chain_after_line``
among them): scattered pieces (dense, with kings anywhere, blocked goals, swaps) and positions from
seeded random games; and perft from the start."""

from __future__ import annotations

import random

import pytest
from games.star.star_reference import reference_after, reference_moves, reference_perft
from games.star.star_support import COMBOS, SMALL_COMBOS, move_set, scattered

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.movegen import PASS


def check(state):
    data = state.to_json()
    expected = reference_moves(data)
    assert move_set(state) == expected, data
    actions = state.legal_actions()
    assert len(actions) == len(set(actions))
    if not expected:
        assert actions == [PASS]
    for action in actions[:: max(1, len(actions) // 6)]:
        if action == PASS:
            continue
        d = state.describe_action(action)
        board = reference_after(data, (tuple(d["from"]), tuple(d["to"])))
        after = state.apply(action).to_json()["pieces"]
        got = {}
        for colour, entry in after.items():
            for m in entry["men"]:
                got[tuple(m)] = (colour, False)
            if entry["king"]:
                got[tuple(entry["king"])] = (colour, True)
        assert got == board


@pytest.mark.parametrize("options", COMBOS + SMALL_COMBOS,
                         ids=lambda o: ",".join(f"{v}" for v in o.values()))
def test_scattered_positions_match_the_reference(options):
    game = DiamondGame(options)
    rng = random.Random(str(options))
    checked = 0
    while checked < 3:
        state = scattered(game, rng)
        if not state.is_terminal:
            check(state)
            checked += 1


@pytest.mark.parametrize("board", ["standard", "small"])
def test_scattered_positions_exercise_swaps(board):
    game = DiamondGame({"goal_block": "swap", "players": 3, "board": board})
    rng = random.Random(11)
    swaps = 0
    for _ in range(40):
        state = scattered(game, rng)
        if state.is_terminal:
            continue
        check(state)
        occupied = _occupied(state)
        swaps += sum(1 for a in state.legal_actions()
                     if a != PASS and state.describe_action(a)["to"] in occupied)
    assert swaps > 0


def _occupied(state):
    out = []
    for entry in state.to_json()["pieces"].values():
        out.extend(entry["men"])
        if entry["king"]:
            out.append(entry["king"])
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"king_chain_after_line": "any"}, {"king_chain_after_line": "none"}, {"long_jump": True},
     {"king_chain_after_line": "any", "long_jump": True}, {"king": False},
     {"players": 3, "goal_block": "swap"}, {"players": 3, "pieces": 10, "long_jump": True},
     {"board": "small"}, {"board": "small", "players": 3, "king_chain_after_line": "any"},
     {"board": "small", "king": False, "long_jump": True}],
    ids=str,
)
def test_random_games_match_the_reference(options):
    game = DiamondGame(options)
    rng = random.Random(3)
    state = game.new_state()
    for ply in range(90):
        if state.is_terminal:
            break
        if ply % 3 == 0:
            check(state)
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("options,expected", [
    ({}, 12444), ({"king_chain_after_line": "any"}, 12567),
    ({"king_chain_after_line": "none", "long_jump": True}, 12736),
    ({"board": "small"}, 6588), ({"board": "small", "king": False}, 4684),
    ({"board": "small", "players": 3}, 4192)], ids=str)
def test_reference_perft_three_from_the_start(options, expected):
    game = DiamondGame(options)
    colours = list(game.player_names)
    assert reference_perft(game.new_state().to_json(), 3, colours) == expected
