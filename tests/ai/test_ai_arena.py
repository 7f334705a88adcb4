"""Arena bookkeeping: schedules, pair scores, JSON shape, records, determinism; Elo math."""

from __future__ import annotations

import json
import math

import pytest

from asobiba.ai.arena import pair_scores, run_arena, schedule, tally
from asobiba.ai.elo import expected_score, fit_elo
from asobiba.core.errors import AsobibaError
from asobiba.core.record import Record


def test_two_player_schedule_rotates_seats() -> None:
    assert schedule(["a", "b"], 2, 4) == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]
    three = schedule(["a", "b", "c"], 2, 2)
    assert three == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]


def test_three_player_schedule_uses_every_seating() -> None:
    lineups = schedule(["a", "b", "c"], 3, 6)
    assert len(set(lineups)) == 6
    two = schedule(["a", "b"], 3, 3)
    assert sorted(two) == sorted([("a", "b", "a"), ("a", "a", "b"), ("b", "a", "a")])


def test_pair_scores_compare_ranks() -> None:
    assert pair_scores(("a", "b"), [1, 2]) == [("a", "b", 1.0)]
    assert pair_scores(("a", "b"), [1, 1]) == [("a", "b", 0.5)]
    assert pair_scores(("a", "b", "c"), [2, 1, 3]) == [
        ("a", "b", 0.0), ("a", "c", 1.0), ("b", "c", 1.0)
    ]
    # two seats of the same agent are not compared with each other
    assert pair_scores(("a", "b", "a"), [1, 2, 3]) == [("a", "b", 1.0), ("b", "a", 1.0)]


def test_tally_counts_wins_and_half_draws_from_the_first_named_agent() -> None:
    results = [(("a", "b"), [1, 2]), (("b", "a"), [1, 2]), (("b", "a"), [1, 1]), (("a", "b"), [1, 2])]
    assert tally(["a", "b"], results) == [{"a": "a", "b": "b", "games": 4, "a_score": 2.5}]


def test_elo_of_an_even_match_is_zero_and_matches_the_score() -> None:
    ratings, half = fit_elo(["x", "y"], [("x", "y", 10, 5.0)])
    assert ratings["x"] == pytest.approx(0.0, abs=1e-6)
    ratings, half = fit_elo(["x", "y"], [("x", "y", 99, 74.5)])
    # maximum likelihood with one virtual draw: expected score equals (74.5 + 0.5) / 100
    assert expected_score(ratings["x"] - ratings["y"]) == pytest.approx(0.75, abs=1e-6)
    assert ratings["x"] == pytest.approx(-ratings["y"])
    assert half["x"] > 0


def test_elo_stays_finite_for_a_clean_sweep_and_intervals_shrink_with_games() -> None:
    ratings, few = fit_elo(["x", "y"], [("x", "y", 10, 10.0)])
    assert math.isfinite(ratings["x"]) and ratings["x"] > 100
    _, many = fit_elo(["x", "y"], [("x", "y", 1000, 600.0)])
    _, fewer = fit_elo(["x", "y"], [("x", "y", 100, 60.0)])
    assert many["x"] < fewer["x"]


def test_elo_orders_a_chain_of_players() -> None:
    ratings, _ = fit_elo(
        ["a", "b", "c"], [("a", "b", 40, 30.0), ("b", "c", 40, 30.0), ("a", "c", 40, 36.0)]
    )
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) == pytest.approx(0.0, abs=1e-6)


def test_run_arena_json_shape_records_and_determinism(tmp_path, capsys) -> None:
    result = run_arena("toyttt", ["strong", "random"], 6, 3, [], 1, True, tmp_path / "r1")
    printed = json.loads(capsys.readouterr().out)
    assert printed["pairs"] == result["pairs"]
    [pair] = result["pairs"]
    assert set(pair) == {"a", "b", "games", "a_score"}
    assert (pair["a"], pair["b"], pair["games"]) == ("strong", "random", 6)
    assert pair["a_score"] >= 4.5  # perfect play never loses tic-tac-toe
    assert set(result["elo"]) == {"strong", "random"}
    files = sorted((tmp_path / "r1").glob("*.json"))
    assert len(files) == 6
    record = Record.load(files[1])
    assert record.final_state().is_terminal
    assert record.meta["agents"] == {"first": "random", "second": "strong"}
    again = run_arena("toyttt", ["strong", "random"], 6, 3, [], 2, True, tmp_path / "r2")
    assert again["pairs"] == result["pairs"]
    assert [f.read_text() for f in sorted((tmp_path / "r2").glob("*.json"))] == [
        f.read_text() for f in files
    ]


def test_run_arena_three_players_and_chance(tmp_path) -> None:
    three = run_arena("toynim3", ["weak", "random", "greedy"], 6, 0, ["pile=7"], 1, True, tmp_path)
    assert [(p["a"], p["b"], p["games"]) for p in three["pairs"]] == [
        ("weak", "random", 6), ("weak", "greedy", 6), ("random", "greedy", 6)
    ]
    race = run_arena("toyrace", ["normal", "random"], 4, 1, [], 1, True, tmp_path / "race")
    assert race["pairs"][0]["games"] == 4


def test_run_arena_prints_tables(tmp_path, capsys) -> None:
    run_arena("toynim2", ["strong", "random"], 2, 0, [], 1, False, tmp_path)
    out = capsys.readouterr().out
    assert "Elo" in out and "strong" in out


@pytest.mark.parametrize(
    "agents", [["strong", "nobody"], ["strong"], ["strong", "strong"]]
)
def test_run_arena_rejects_bad_agent_lists(tmp_path, agents) -> None:
    with pytest.raises(AsobibaError):
        run_arena("toyttt", agents, 2, 0, [], 1, True, tmp_path)
