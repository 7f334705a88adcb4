"""The engine still gives the counts of the Gandice perft files (:mod:`games.gandice.perft_files`)."""

from __future__ import annotations

import pytest
from games.gandice.perft_files import KINDS, read_cases

from asobiba.core.perft import perft
from asobiba.core.registry import make_game

CASES = read_cases()


def test_the_file_holds_one_position_of_each_kind() -> None:
    assert [case.id for case in CASES] == list(KINDS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_engine_gives_the_counts(case) -> None:
    state = make_game("gandice", case.position["options"]).state_from_json(case.position)
    assert state.to_json() == case.position and not state.is_chance
    _, _, holds = KINDS[case.id]
    assert holds(case.position), case.id
    assert {depth: perft(state, depth) for depth in case.counts} == case.counts
