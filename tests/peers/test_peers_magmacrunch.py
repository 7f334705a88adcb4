"""The PyPI package magmacrunch-chinese-checkers beside asobiba's Chinese Checkers, as the matches
play it (bench/peers/vs_magmacrunch.py; docs/benchmarks.md, "Matches against other engines").

The hole mapping is checked on asobiba's star alone. The package is an optional extra
(``asobiba[peers]``): where it is installed, the same whole moves and boards along random games,
its computer's moves, and a short game end to end; where it is not, the opponent refuses to start
with a one-line message naming the extra."""

from __future__ import annotations

import importlib.util
import random

import pytest

from asobiba.core.errors import AsobibaError
from asobiba.games.star.geometry import BIT, CELLS, GRID, NEIGHBOURS, STANDARD, STAR_COLOURS
from bench.peers import vs_magmacrunch as vm
from bench.peers.match import play_game

INSTALLED = importlib.util.find_spec("chinese_checkers") is not None


def _masks(state):
    return tuple(state.men[s] | state.kings[s] for s in (0, 1))


def test_holes_map_one_to_one_keeping_neighbours():
    cubes = [vm.cube_of(c) for c in range(121)]
    assert len(set(cubes)) == 121
    assert all(sum(cube) == 0 for cube in cubes)
    assert [vm.cell_of(cube) for cube in cubes] == list(range(121))
    for a in range(121):
        for b in range(121):
            near = max(abs(x - y) for x, y in zip(cubes[a], cubes[b], strict=True)) == 1
            assert near == bool(NEIGHBOURS[GRID[a]] & BIT[b])


def test_the_packages_top_point_is_red():
    """The package's player 0 starts on the top point (``b <= -5``, apex ``(4, -8, 4)``), which
    turned upside down is asobiba's red point; its player 1's (``b >= 5``) is blue's."""
    red = {c for c in range(121) if STANDARD.point[STAR_COLOURS["red"]] & BIT[c]}
    blue = {c for c in range(121) if STANDARD.point[STAR_COLOURS["blue"]] & BIT[c]}
    assert {c for c in range(121) if vm.cube_of(c)[1] <= -5} == red
    assert {c for c in range(121) if vm.cube_of(c)[1] >= 5} == blue
    assert vm.cell_of((4, -8, 4)) == 0 and CELLS[0] == (8, -4)


def test_the_game_beside_the_package_hops_only_the_other_colour():
    game = vm.asobiba_game()
    assert game.options.to_dict()["hop_own"] is False
    assert game.options.to_dict()["other_points"] == "open"


def test_the_package_plays_like_asobiba_or_is_named_as_missing():
    if not INSTALLED:
        with pytest.raises(AsobibaError, match=r"pip install 'asobiba\[peers\]'"):
            vm.MagmacrunchOpponent()
        return
    opponent = vm.MagmacrunchOpponent()
    ours = opponent.game().new_state()
    opponent.start(0)
    rng = random.Random(7)
    for ply in range(400):
        if opponent.over():
            break
        assert opponent.moves() == set(ours.legal_actions())
        if ply % 3 == 2:
            action = opponent.choose()
            assert action in ours.legal_actions()
        else:
            action = rng.choice(sorted(ours.legal_actions()))
            opponent.play(action)
        ours = ours.apply(action)
        assert _masks(ours) == opponent.masks()
    assert ply >= 100


def test_a_short_match_game_against_the_package():
    if not INSTALLED:
        with pytest.raises(AsobibaError, match="magmacrunch-chinese-checkers"):
            vm.package_rules()
        return
    record = play_game(vm.MagmacrunchOpponent(max_plies=30), our_seat=0, level="normal",
                       think=0.05, seed=1, opening=2, opening_seed=2)
    assert record["result"] == "draw"
    assert record["plies"] == 30 == len(record["moves"])
