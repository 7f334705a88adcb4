"""The engine gives the counts of the Dice Out perft files, which the independent reference made
(:mod:`games.diceout.perft_files`)."""

from __future__ import annotations

import pytest
from games.diceout.perft_files import KINDS, read_cases

from asobiba.core.perft import perft
from asobiba.games.diceout.game import DiceOutGame

CASES = read_cases()


def test_the_file_holds_one_position_of_each_kind() -> None:
    assert [case.id for case in CASES] == list(KINDS)
    assert {4, 9} <= {case.rows for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_engine_gives_the_reference_counts(case) -> None:
    state = DiceOutGame(case.position["options"]).state_from_json(case.position)
    assert state.board.rows == case.rows and not state.is_terminal
    assert {depth: perft(state, depth) for depth in case.counts} == case.counts
