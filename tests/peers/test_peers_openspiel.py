"""OpenSpiel's Chinese checkers beside asobiba's, as the matches play them (bench/peers/vs_openspiel.py;
docs/benchmarks.md, "Matches against other engines"): one number per hole, the same whole moves in
both engines along random games, asobiba's moves played as OpenSpiel action sequences and back,
the same end, and one short match game end to end."""

from __future__ import annotations

import random

from asobiba.core.game import TERMINAL
from asobiba.games.star.geometry import BIT, CELLS, GRID, NEIGHBOURS, STANDARD, STAR_COLOURS
from bench.peers import vs_openspiel as vs
from bench.peers.common import PASS, AllOwnGame, default_rules_game
from bench.peers.match import play_game


def _masks(state):
    return tuple(state.men[s] | state.kings[s] for s in (0, 1))


def _hex_distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def _random_game(seed, plies):
    """Yield ``(asobiba state, OpenSpiel state)`` along a random game played in both."""
    rng = random.Random(seed)
    ours = vs.asobiba_game().new_state()
    theirs = vs.openspiel_game().new_initial_state()
    for _ in range(plies):
        if theirs.is_terminal():
            return
        yield ours, theirs
        action = rng.choice(sorted(ours.legal_actions()))
        for a in vs.whole_moves(theirs)[action]:
            theirs.apply_action(a)
        ours = ours.apply(action)


def test_start_points_are_red_and_blue():
    """OpenSpiel's player 0 stands on asobiba's red point, player 1 on blue's."""
    masks = vs.masks_of(vs.openspiel_game().new_initial_state())
    assert masks == (STANDARD.point[STAR_COLOURS["red"]], STANDARD.point[STAR_COLOURS["blue"]])
    assert masks == _masks(vs.asobiba_game().new_state())


def test_every_step_and_hop_joins_the_same_holes():
    """A step OpenSpiel lists (``a->b``) joins neighbours of asobiba's star, a hop (``a=>b``)
    holes two apart on a line with a piece between, in positions along random games."""
    steps = set()
    for _, theirs in _random_game(1, 120):
        occupied = sum(vs.masks_of(theirs))
        for action in theirs.legal_actions():
            if action == vs.OS_PASS:
                continue
            text = theirs.action_to_string(theirs.current_player(), action)
            a, b = vs.ends_of(theirs, action)
            if "=>" in text:
                assert _hex_distance(CELLS[a], CELLS[b]) == 2
                middle = next(c for c in range(121)
                              if _hex_distance(CELLS[a], CELLS[c]) == 1
                              and _hex_distance(CELLS[c], CELLS[b]) == 1
                              and 2 * CELLS[c][0] == CELLS[a][0] + CELLS[b][0]
                              and 2 * CELLS[c][1] == CELLS[a][1] + CELLS[b][1])
                assert occupied & BIT[middle]
            else:
                assert NEIGHBOURS[GRID[a]] & BIT[b]
                steps.add((a, b))
    assert len(steps) > 300


def test_the_same_whole_moves_and_boards_along_random_games():
    """Each of asobiba's legal moves is a sequence of OpenSpiel actions that ends the turn with the
    board asobiba's move gives, and OpenSpiel has no other whole move."""
    positions = 0
    for seed in (2, 3):
        for ours, theirs in _random_game(seed, 150):
            table = vs.whole_moves(theirs)
            assert set(table) == set(ours.legal_actions())
            if ours.ply % 5:
                continue
            positions += 1
            for action, sequence in table.items():
                after = theirs.clone()
                for a in sequence:
                    assert a in after.legal_actions()
                    after.apply_action(a)
                assert after.current_player() != theirs.current_player() or after.is_terminal()
                assert vs.masks_of(after) == _masks(ours.apply(action))
    assert positions >= 50


def test_openspiel_action_sequences_read_back_as_asobiba_moves():
    """Random OpenSpiel actions one at a time (hops, hopping on, stopping) make a whole move that
    asobiba lists, and both boards agree after it."""
    rng = random.Random(4)
    ours = vs.asobiba_game().new_state()
    theirs = vs.openspiel_game().new_initial_state()
    chains = 0
    for _ in range(300):
        mover = theirs.current_player()
        start = end = None
        while theirs.current_player() == mover and not theirs.is_terminal():
            action = rng.choice(theirs.legal_actions())
            if action != vs.OS_PASS:
                a, end = vs.ends_of(theirs, action)
                start = a if start is None else start
                chains += start != a
            theirs.apply_action(action)
        move = PASS if start is None else start * 121 + end
        assert move in ours.legal_actions()
        ours = ours.apply(move)
        assert _masks(ours) == vs.masks_of(theirs)
    assert chains > 0


def test_a_blocked_goal_is_not_finished():
    """OpenSpiel's rule, kept by the game played beside it: red's goal full with nine red pieces
    and one blue piece finishes no one; asobiba's default rule would finish red."""
    game = vs.asobiba_game()
    red_goal = [list(CELLS[c]) for c in range(121) if STANDARD.point[STAR_COLOURS["blue"]] & BIT[c]]
    blue_goal = [list(CELLS[c]) for c in range(121) if STANDARD.point[STAR_COLOURS["red"]] & BIT[c]]
    data = game.new_state().to_json()
    data["pieces"]["red"]["men"] = red_goal[:9] + [[0, 0]]
    data["pieces"]["blue"]["men"] = red_goal[9:] + blue_goal[:9]
    data["to_move"] = "blue"
    data["ply"] = 80
    assert game.state_from_json(data).current_player != TERMINAL
    assert default_rules_game(game).state_from_json(data).current_player == TERMINAL


def test_a_short_match_game_runs_to_its_end():
    """One game against the MCTS player with four simulations a decision, OpenSpiel calling a
    draw after 40 turns; asobiba's game ends with it."""
    opponent = vs.OpenSpielOpponent("mcts-distance", seconds=None, simulations=4, max_moves=40)
    record = play_game(opponent, our_seat=1, level="normal", think=0.05, seed=5, opening=2,
                       opening_seed=6)
    assert record["result"] == "draw"
    assert record["plies"] == 40 == len(record["moves"])
    assert record["moves_by"] == {"asobiba": 19, "opponent": 19}
    assert record["opponent_stats"]["decisions"] >= 19
    assert record["opponent_stats"]["simulations"] == 4 * record["opponent_stats"]["decisions"]


def test_the_game_beside_openspiel_is_asobibas_under_openspiels_end_rule():
    game = vs.asobiba_game()
    assert isinstance(game, AllOwnGame)
    assert game.options.to_dict()["other_points"] == "open"
    assert game.options.to_dict()["hop_own"] is True
    assert game.rules.max_plies == vs.MAX_MOVES
