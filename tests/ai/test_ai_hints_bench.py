"""Hints and think-time measurement on toy games."""

from __future__ import annotations

import json

import pytest

from asobiba.ai.hints import analyse
from asobiba.ai.levels import LEVEL_BUDGETS, LEVEL_NAMES_JA, LEVELS
from asobiba.ai.think_time import think_times
from asobiba.core import make_game
from asobiba.core.errors import AsobibaError


def test_level_names() -> None:
    assert LEVELS == ("intro", "weak", "normal", "strong", "strongest")
    assert LEVEL_NAMES_JA["strongest"] == "最強" and set(LEVEL_BUDGETS) == set(LEVELS)


def test_hint_finds_the_forced_win_and_says_so() -> None:
    state = make_game("toynim2", {"pile": 7}).new_state()
    hint = analyse(state)
    assert hint.action == 3 and hint.notation == "3"
    assert hint.value == 1.0
    assert hint.verdict is not None and hint.verdict["en"].startswith("First wins in")
    assert hint.line[0] == "3"
    assert hint.reason_ja and hint.reason_en
    data = json.loads(json.dumps(hint.to_json(), ensure_ascii=False))
    assert set(data) == {"action", "notation", "value", "verdict", "line", "reason_ja", "reason_en"}


def test_hint_value_is_a_probability_in_open_positions() -> None:
    state = make_game("toyrace", {"target": 10}).new_state()
    hint = analyse(state)
    assert 0.0 <= hint.value <= 1.0
    assert hint.verdict is None


def test_hint_refuses_finished_games() -> None:
    state = make_game("toynim2", {"pile": 1}).new_state().apply(1)
    with pytest.raises(AsobibaError):
        analyse(state)


def test_think_times_reports_every_level() -> None:
    game = make_game("toyttt")
    times = think_times(game, [game.new_state().apply(4)], levels=("intro", "normal"))
    assert set(times) == {"intro", "normal"} and all(t >= 0 for t in times.values())
