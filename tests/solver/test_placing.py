"""What lining up the rolled dice is worth: max-min placement, exact chances, the stored study."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.games.diceout.setup import ROLLS
from asobiba.games.diceout.solver.cli import study_main
from asobiba.games.diceout.solver.placing import (
    SCENARIOS,
    VALUE_SETS,
    arrangements,
    best_arrangements,
    best_replies,
    chances,
    parse_openings,
    placed_value,
    placing_json,
    reply_value,
    scenario_values,
    start_weights,
)
from asobiba.games.diceout.solver.study import StudyFileError, load_study, restudy
from asobiba.games.diceout.solver.table import DRAW, LOSS, WIN, preference

STUDY = Path(__file__).resolve().parents[2] / "docs" / "study" / "diceout-study.json"

LOW, HIGH = (1, 1, 2), (2, 3, 3)


def hand_built() -> dict:
    """Openings where only the pair (2·3·3 first, 1·1·2 second) depends on the arrangements.

    Everything else is a win in 9. For that pair: the first player's 233 loses in 12 unless the second
    lines up 121 (win in 7); 323 wins in 11 against everything but 211 (draw); 332 loses in 20
    against 112 and wins in 5 otherwise.
    """
    openings = {(a, b): (WIN, 9) for a in ROLLS for b in ROLLS}
    for second in arrangements(LOW):
        openings[(2, 3, 3), second] = (WIN, 7) if second == (1, 2, 1) else (LOSS, 12)
        openings[(3, 2, 3), second] = (DRAW, 0) if second == (2, 1, 1) else (WIN, 11)
        openings[(3, 3, 2), second] = (LOSS, 20) if second == (1, 1, 2) else (WIN, 5)
    return openings


def test_replies_and_max_min_placement() -> None:
    openings = hand_built()
    assert reply_value(openings, (2, 3, 3), LOW) == (LOSS, 12)
    assert best_replies(openings, (2, 3, 3), LOW) == [(1, 1, 2), (2, 1, 1)]
    assert reply_value(openings, (3, 2, 3), LOW) == (DRAW, 0)
    assert best_replies(openings, (3, 2, 3), LOW) == [(2, 1, 1)]
    assert reply_value(openings, (3, 3, 2), LOW) == (LOSS, 20)
    # a draw beats the slower loss, which beats the faster one
    assert placed_value(openings, HIGH, LOW) == (DRAW, 0)
    assert best_arrangements(openings, HIGH, LOW) == [(3, 2, 3)]
    assert best_arrangements(openings, LOW, HIGH) == list(arrangements(LOW))


def test_slowest_loss_is_preferred_when_every_arrangement_loses() -> None:
    openings = hand_built()
    openings[(3, 2, 3), (2, 1, 1)] = (LOSS, 30)
    assert placed_value(openings, HIGH, LOW) == (LOSS, 30)
    assert best_arrangements(openings, HIGH, LOW) == [(3, 2, 3)]


def test_scenario_values_of_the_hand_built_pair() -> None:
    openings = hand_built()
    assert sorted(scenario_values(openings, "rolled", HIGH, LOW)) == sorted(
        [(WIN, 7), (LOSS, 12), (LOSS, 12), (WIN, 11), (WIN, 11), (DRAW, 0), (LOSS, 20), (WIN, 5), (WIN, 5)])
    # the first player answers each rolled order: 112 → 323, 121 → 332, 211 → 332
    assert scenario_values(openings, "first_chooses", HIGH, LOW) == [(WIN, 11), (WIN, 5), (WIN, 5)]
    assert scenario_values(openings, "second_chooses", HIGH, LOW) == [(LOSS, 12), (DRAW, 0), (LOSS, 20)]
    assert scenario_values(openings, "both_choose", HIGH, LOW) == [(DRAW, 0)]


def test_exact_chances_of_the_hand_built_openings() -> None:
    openings = hand_built()
    weight = start_weights()[HIGH, LOW]
    assert weight == Fraction(1, 21)
    expected = {
        "rolled": {WIN: 1 - weight * Fraction(4, 9), DRAW: weight / 9, LOSS: weight / 3},
        "first_chooses": {WIN: Fraction(1), DRAW: Fraction(0), LOSS: Fraction(0)},
        "second_chooses": {WIN: 1 - weight, DRAW: weight / 3, LOSS: weight * Fraction(2, 3)},
        "both_choose": {WIN: 1 - weight, DRAW: weight, LOSS: Fraction(0)},
    }
    for scenario in SCENARIOS:
        assert chances(openings, scenario) == expected[scenario]


def test_start_weights_are_the_roll_rule() -> None:
    weights = start_weights()
    assert sum(weights.values()) == 1
    assert len(weights) == 17  # pairs of the 7 unordered rolls where the first is the stronger
    # 6 × 3 ordered pairs with red starting and as many with white starting, of 378
    assert weights[(1, 2, 3), (1, 1, 2)] == Fraction(2, 21)
    for first, second in weights:
        assert (max(first), first.count(max(first))) > (max(second), second.count(max(second)))
    assert len(VALUE_SETS) == 7
    assert sorted(r for v in VALUE_SETS for r in arrangements(v)) == sorted(ROLLS)


@pytest.fixture(scope="module")
def stored() -> list[dict]:
    return load_study(STUDY)


def test_rolled_chances_reproduce_the_stored_roll_rule(stored: list[dict]) -> None:
    for board in stored:
        rolled = chances(parse_openings(board["openings"]), "rolled")
        assert {k: str(v) for k, v in rolled.items()} == board["first_player_roll_rule_exact"]


def rank(value: tuple[str, int]) -> tuple[int, int]:
    """Smaller is better for the first player."""
    return preference(*value)


def test_choosing_is_never_worse_for_the_chooser(stored: list[dict]) -> None:
    """Per pair of rolls, in the first player's eyes (a smaller rank is better)."""
    for board in stored:
        openings = parse_openings(board["openings"])
        for first in VALUE_SETS:
            for second in VALUE_SETS:
                rolled, first_only, second_only, (both,) = (
                    scenario_values(openings, s, first, second) for s in SCENARIOS)
                n = len(arrangements(second))
                for j, chosen in enumerate(first_only):  # against the second player's j-th order
                    assert all(rank(chosen) <= rank(v) for v in rolled[j::n])
                    assert rank(chosen) <= rank(both)  # max-min never beats the best answer
                for i, replied in enumerate(second_only):  # to the first player's i-th order
                    assert all(rank(replied) >= rank(v) for v in rolled[i * n:(i + 1) * n])
                assert rank(both) == min(rank(v) for v in second_only)


def test_choosing_never_lowers_the_chooser_chances(stored: list[dict]) -> None:
    for board in stored:
        c = {s: chances(parse_openings(board["openings"]), s) for s in SCENARIOS}
        for s in SCENARIOS:
            assert sum(c[s].values()) == 1
        # the first player's choice helps the first player, the second player's choice the second
        for better, worse in (("first_chooses", "rolled"), ("both_choose", "second_chooses"),
                              ("rolled", "second_chooses"), ("first_chooses", "both_choose")):
            assert c[better][WIN] >= c[worse][WIN]
            assert c[better][LOSS] <= c[worse][LOSS]


def test_stored_placing_facts_are_current(stored: list[dict]) -> None:
    for board in stored:
        assert board["placing"] == json.loads(json.dumps(placing_json(parse_openings(board["openings"]))))


def test_restudy_rewrites_page_and_json(tmp_path: Path) -> None:
    report = restudy(STUDY, tmp_path)
    boards = json.loads((tmp_path / "diceout-study.json").read_text())
    old = json.loads(STUDY.read_text())
    assert [{k: b[k] for k in o} for b, o in zip(boards, old, strict=True)] == old
    assert (tmp_path / "diceout-placing.png").stat().st_size > 0
    text = report.read_text()
    assert "## Lining the dice up / ダイスの並べ方" in text
    assert "16/21" in text  # 5×4, both choose


def test_from_json_through_the_cli(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["study", "diceout", "--from-json", str(STUDY), "--docs", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "study" / "diceout.md").exists()


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("{", "malformed JSON"),
    ("{}", "not a study JSON"),
    ('[{"rows": 4}]', "lacks placements"),
])
def test_bad_study_json_is_one_line_error(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "study.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(StudyFileError, match=message) as error:
        study_main([], None, tmp_path / "study", path)
    assert "\n" not in str(error.value)


def test_broken_openings_are_refused(tmp_path: Path, stored: list[dict]) -> None:
    board = dict(stored[0])
    board["openings"] = dict(board["openings"], **{"123-123": ["won", 3]})
    path = tmp_path / "study.json"
    path.write_text(json.dumps([board]))
    with pytest.raises(StudyFileError, match="576 values"):
        load_study(path)
