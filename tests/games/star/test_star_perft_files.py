"""Mid-game perft files of the games on the star (``tests/games/star/perft/*.perft``): positions of
Diamond Game (two and three players, kings or none, 15 or 10 pieces, the small board) and Chinese
Checkers (two, three and six players), each with its counts of move sequences per depth, counted by
the independent reference (:mod:`games.star.star_reference`; recounted by
:mod:`games.star.regenerate_perft`), never by a generator the files check. The readable generator
(``MoveGenerator.walk``), the fast one that
``legal_actions`` uses under these rules (:mod:`asobiba.games.star.fast_moves`) and the compiled
one (:mod:`asobiba.games.star.kernel`) must all give those counts: the compiled one at every depth,
the two in Python up to :data:`PYTHON_LEAVES` sequences, so that the test stays quick.

A file holds blocks separated by blank lines; ``#`` starts a comment line. A block::

    id <name>
    game <game id>
    options <the options it was set up with, JSON>
    position <the position, JSON (docs/formats.md)>
    perft <depth> <count>      (one line per depth)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from games.star.star_reference import reference_perft
from perft_blocks import read_blocks

from asobiba.core.perft import perft
from asobiba.core.registry import make_game
from asobiba.games.star.game import StarState
from asobiba.games.star.kernel.convert import board_of
from asobiba.games.star.kernel.play import perft as compiled_perft
from asobiba.games.star.kernel.tables import rules_of
from asobiba.games.star.movegen import PASS

FILES = sorted((Path(__file__).parent / "perft").glob("*.perft"))
PYTHON_LEAVES = 100_000
"""The Python generators count a depth only up to this many sequences."""


@dataclass(frozen=True)
class PerftCase:
    id: str
    game: str
    options: dict[str, Any]
    position: dict[str, Any]
    counts: dict[int, int]


def read_cases(path: Path) -> list[PerftCase]:
    return [PerftCase(fields["id"], fields["game"], json.loads(fields["options"]),
                      json.loads(fields["position"]), counts) for fields, counts in read_blocks(path)]


CASES = [case for path in FILES for case in read_cases(path)]


def readable_perft(state: StarState, depth: int) -> int:
    """Perft by the readable generator alone (:meth:`~asobiba.games.star.movegen.MoveGenerator.walk`)."""
    if depth == 0:
        return 1
    if state.is_terminal:
        return 0
    seat = state.to_move
    actions = state.game.generator.walk(state.men[seat], state.kings[seat], state.occ,
                                        state._unhoppable(seat), state.game.seats[seat]) or [PASS]
    if depth == 1:
        return len(actions)
    return sum(readable_perft(state.apply(a), depth - 1) for a in actions)


def state_of(case: PerftCase) -> StarState:
    game = make_game(case.game, case.options)
    state = game.state_from_json(case.position)
    assert isinstance(state, StarState)
    return state


def test_the_files_hold_the_positions_asked_for() -> None:
    """Diamond Game for two and three players, with kings and without, 15 and 10 pieces, the small
    board; Chinese Checkers for two, three and six players; each mid-game, depths 1 to 3."""
    diamond = {(o.players, o.board, o.pieces, o.king)
               for o in (state_of(c).game.options for c in CASES if c.game == "diamond")}
    assert {(2, "standard", 15, True), (3, "standard", 15, True), (2, "standard", 10, True),
            (3, "standard", 10, False), (2, "small", 10, True), (3, "small", 10, True)} <= diamond
    assert {2, 3, 6} <= {c.options["players"] for c in CASES if c.game == "chinese_checkers"}
    for case in CASES:
        assert sorted(case.counts) == [1, 2, 3], case.id
        assert case.position["ply"] >= 20 and not state_of(case).is_terminal, case.id


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_position_is_the_one_its_options_set_up(case: PerftCase) -> None:
    state = state_of(case)
    assert state.to_json() == case.position
    assert state.game.options == make_game(case.game, case.options).options
    assert not state.game.rules.long_jump and state.game.rules.goal_block != "swap"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_compiled_generator_gives_the_counts(case: PerftCase) -> None:
    state = state_of(case)
    board, rules = board_of(state), rules_of(state.game)
    assert {d: compiled_perft(board, rules, d) for d in case.counts} == case.counts


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_readable_and_fast_generators_give_the_counts(case: PerftCase) -> None:
    state = state_of(case)
    for depth, count in case.counts.items():
        if count <= PYTHON_LEAVES:
            assert readable_perft(state, depth) == count, (case.id, depth)
            assert perft(state, depth) == count, (case.id, depth)  # legal_actions: the fast generator


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_counts_are_the_reference_s(case: PerftCase) -> None:
    """The files' counts are the independent reference's (depths 1 and 2 here; the recount
    script checks depth 3 as well)."""
    colours = list(case.position["pieces"])
    assert {d: reference_perft(case.position, d, colours) for d in (1, 2)} == {
        d: case.counts[d] for d in (1, 2)}
