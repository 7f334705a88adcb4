"""The match runner (bench/peers/run.py): the Wilson interval, the tally, and a tiny match from the
command line with seats rotated, a JSON file and the closing lines."""

from __future__ import annotations

import json

import pytest

from asobiba.games.star.geometry import BIT, CELLS, GRID, INDEX, NEIGHBOURS, STANDARD, STAR_COLOURS
from bench.peers.common import AllOwnGame, wilson
from bench.peers.match import play_game
from bench.peers.run import main, summary


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(100, 100)
    assert low == pytest.approx(0.9630, abs=1e-4) and high == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_from_asobibas_side():
    game = {"moves_by": {"asobiba": 10, "opponent": 10},
            "think_mean": {"asobiba": 0.5, "opponent": 1.0},
            "think_max": {"asobiba": 0.9, "opponent": 1.5}}
    records = [{"result": "win", **game}, {"result": "win", **game}, {"result": "draw", **game},
               {"result": "loss", **game}, {"result": "error", "error": "boards differ"}]
    s = summary(records)
    assert (s["win"], s["draw"], s["loss"], s["error"], s["games"]) == (2, 1, 1, 1, 4)
    assert s["win_rate"] == 0.5 and s["score"] == 0.625
    assert s["win_rate_ci95"] == list(wilson(2, 4))
    assert s["think_mean"] == {"asobiba": 0.5, "opponent": 1.0}
    assert s["think_max"] == {"asobiba": 0.9, "opponent": 1.5}


def test_a_tiny_match_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "match.json"
    main(["--opponent", "mcts-distance", "--games", "2", "--simulations", "3", "--think", "0.05",
          "--level", "normal", "--max-plies", "16", "--json", str(out)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("asobiba normal ({") and "(3 simulations per decision)" in lines[0]
    assert lines[1].startswith("[1/2] game 1 (asobiba red, first): draw, 16 plies")
    assert lines[2].startswith("[2/2] game 2 (asobiba blue, second): draw, 16 plies")
    assert "0 wins, 2 draws, 0 losses in 2 games" in lines[3]
    data = json.loads(out.read_text())
    assert [g["our_seat"] for g in data["games"]] == [0, 1]
    assert data["games"][0]["moves"][:4] == data["games"][1]["moves"][:4]  # a shared opening
    assert data["summary"]["draw"] == 2 and data["simulations"] == 3

    # A match cut short goes on from a later game with the same seat and opening.
    later = tmp_path / "later.json"
    main(["--opponent", "mcts-distance", "--games", "1", "--first", "2", "--simulations", "3",
          "--think", "0.05", "--level", "normal", "--max-plies", "16", "--json", str(later)])
    lines = capsys.readouterr().out.splitlines()
    assert "1 games from game 2" in lines[0]
    assert lines[1].startswith("[1/1] game 2 (asobiba blue, second): draw, 16 plies")
    resumed = json.loads(later.read_text())
    assert resumed["first"] == 2 and [g["index"] for g in resumed["games"]] == [1]
    assert resumed["games"][0]["moves"][:4] == data["games"][1]["moves"][:4]


def test_first_must_be_a_game_number(capsys):
    with pytest.raises(SystemExit):
        main(["--opponent", "magmacrunch", "--first", "0"])
    assert "--games, --first and --workers must be at least 1" in capsys.readouterr().err


class _Mirror:
    """An opponent that is asobiba's own engine, from a loaded position, playing its first move."""

    name = "mirror"
    budget = "its first move"
    exact_end = True

    def __init__(self, data, max_plies):
        self.data = data
        self.max_plies = max_plies

    def game(self):
        data = self.data

        class Loaded(AllOwnGame):
            def new_state(self):
                return self.state_from_json(data)

        return Loaded({"players": 2, "max_plies": self.max_plies})

    def start(self, seed):
        self.state = self.game().new_state()

    def moves(self):
        return set(self.state.legal_actions())

    def play(self, action):
        self.state = self.state.apply(action)

    def choose(self):
        action = self.state.legal_actions()[0]
        self.play(action)
        return action

    def over(self):
        return self.state.is_terminal

    def winner(self):
        ranks = self.state.ranks()
        return ranks.index(1) if ranks.count(1) == 1 else None

    def masks(self):
        return tuple(self.state.men[s] | self.state.kings[s] for s in (0, 1))

    def stats(self):
        return {}


def _blocked_goal_position():
    """Red to move, eight red pieces and one blue piece in red's goal, the ninth red piece a
    step from the last free goal hole."""
    red_goal = [CELLS[c] for c in range(121) if STANDARD.point[STAR_COLOURS["blue"]] & BIT[c]]
    blue_goal = [CELLS[c] for c in range(121) if STANDARD.point[STAR_COLOURS["red"]] & BIT[c]]
    free = max(red_goal)  # a hole of the goal's front row
    inside = [c for c in red_goal if c != free]
    outside = next(c for c in CELLS if c not in red_goal and NEIGHBOURS[GRID[INDEX[c]]] & BIT[INDEX[free]])
    data = AllOwnGame({"players": 2}).new_state().to_json()
    data["pieces"]["red"]["men"] = [list(c) for c in inside[:8]] + [list(outside), [0, 0]]
    data["pieces"]["blue"]["men"] = [list(inside[8])] + [list(c) for c in blue_goal[:9]]
    data["ply"] = 200
    return data


def test_a_blocked_goal_ends_the_game_only_when_asked():
    """With ``end=blocked-goal`` red wins once it fills its goal around the blue piece; under the
    other engine's rules alone (here: all ten home) the game goes on to the move cap, red's moves
    after the goal is full coming from its readable search on those rules."""
    data = _blocked_goal_position()
    common = dict(our_seat=0, level="normal", think=0.2, seed=1, opening=0, opening_seed=1)
    ended = play_game(_Mirror(data, 210), end="blocked-goal", **common)
    assert (ended["result"], ended["ended_by"]) == ("win", "blocked-goal")
    assert ended["default_rule_end"] == {"ply": ended["plies"], "seats": [0]} and ended["plies"] < 210
    going_on = play_game(_Mirror(data, 210), end="own", **common)
    assert (going_on["result"], going_on["ended_by"], going_on["plies"]) == ("draw", "draw", 210)
    assert going_on["fallback_moves"] >= 1
