"""The computer players place the rolled Dice Out dice (docs/rules/diceout.md, "Set-up"): every level
decides a placing, the evaluation judges a placing position by the placer's best arrangement, the
strongest level with a solved table places perfectly, and hints explain the choice in words.

Budgets are cut down (tests assert behaviour, never strength or time)."""

from __future__ import annotations

import pytest
from solver.pattern_table import PatternTable

from asobiba.ai.hints import analyse
from asobiba.ai.levels import LEVELS, build_agent, level_specs, make_agent
from asobiba.core import make_game
from asobiba.games.diceout import heuristic
from asobiba.games.diceout.solver.positions import state_coordinates
from asobiba.games.diceout.solver.table import Table, decode, preference
from asobiba.games.diceout.state import PLACE, TURN

ROWS = 5


def placing_states(roll: str = "roll red:1,2,3 white:1,3,3", first: str = "place 3,1,3"):
    """The first placing after ``roll`` and the second one after the starter's ``first``."""
    one = make_game("diceout").new_state().play_notation(roll)
    return one, one.play_notation(first)


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> PatternTable:
    table = PatternTable(ROWS)
    monkeypatch.setitem(heuristic._found_tables, ROWS, heuristic._SolvedView(table))
    return table


def opening_value(table: Table, opening) -> tuple[str, int]:
    """The value of an opening position for its side to move (the starter)."""
    assert opening.phase == TURN
    return decode(table.code(*state_coordinates(table.board, opening)))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_decides_both_placings(level: str) -> None:
    spec = dict(level_specs(make_game("diceout"))[level])
    if spec["agent"] == "alphabeta":
        spec["max_nodes"] = 300
    for state in placing_states():
        assert state.phase == PLACE
        agent = build_agent(state.game, spec, name=level, seed=1)
        assert agent.choose(state) in state.legal_actions()


def test_a_placing_position_is_worth_the_placers_best_arrangement() -> None:
    first, second = placing_states()
    for state in (first, second):
        placer = state.to_move
        values = heuristic.evaluate(state)
        children = [heuristic.evaluate(state.apply(a)) for a in state.legal_actions()]
        assert values == max(children, key=lambda v: v[placer])
        assert values[0] == pytest.approx(-values[1]) and all(-0.95 <= v <= 0.95 for v in values)


def test_the_strongest_level_places_the_starter_best_against_the_best_reply(solved: PatternTable) -> None:
    for roll in ("roll red:1,2,3 white:1,3,3", "roll red:1,2,2 white:1,1,2", "roll red:1,1,3 white:2,3,3"):
        first = make_game("diceout").new_state().play_notation(roll)
        starter = first.to_move
        after_reply = {}
        for a in first.legal_actions():
            second = first.apply(a)
            replies = [opening_value(solved, second.apply(b)) for b in second.legal_actions()]
            after_reply[a] = max(replies, key=lambda v: preference(*v))  # the reply worst for the starter
        best = min(after_reply.values(), key=lambda v: preference(*v))
        choice = make_agent(first.game, "strongest", seed=0).choose(first)
        assert first.current_player == starter and after_reply[choice] == best


def test_the_strongest_level_answers_with_the_best_opening(solved: PatternTable) -> None:
    first, _ = placing_states()
    for a in first.legal_actions():
        second = first.apply(a)
        for_second = {b: opening_value(solved, second.apply(b)) for b in second.legal_actions()}
        worst_for_starter = max(for_second.values(), key=lambda v: preference(*v))
        choice = make_agent(second.game, "strongest", seed=0).choose(second)
        assert for_second[choice] == worst_for_starter


def test_hints_explain_placings_from_the_table(solved: PatternTable) -> None:
    first, second = placing_states()
    hint = analyse(first)  # white (two 3s) starts and places on b5 c5 d5
    assert hint.notation.startswith("place ") and hint.line[0] == hint.notation
    assert hint.line[1].startswith("place ") and "-" in hint.line[2]  # both placings, then moves
    assert hint.verdict is not None and hint.verdict["en"]
    assert "b5に" in hint.reason_ja and "on b5" in hint.reason_en
    assert "赤" in hint.reason_ja and "Red's best reply" in hint.reason_en
    answer = analyse(second)
    assert "白の並び 3・1・3" in answer.reason_ja and "against White's 3, 1, 3" in answer.reason_en
    assert not [r for r in (hint.reason_en, answer.reason_en, answer.reason_ja) if "place " in r]  # words
    assert "b1に" in answer.reason_ja


def test_hints_explain_placings_from_the_search() -> None:
    first, _ = placing_states()
    hint = analyse(first)
    assert hint.action in first.legal_actions() and hint.notation.startswith("place ")
    ja, en = heuristic.explain(first, hint.action)
    assert (hint.reason_ja, hint.reason_en) == (ja, en)
    assert "d5に" in ja and "on d5" in en
