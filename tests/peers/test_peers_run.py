"""The match runner (bench/peers/run.py): the Wilson interval, the tally, and a tiny match from the
command line with seats rotated, a JSON file and the closing lines."""

from __future__ import annotations

import json

import pytest

from bench.peers.common import wilson
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
    assert lines[1].startswith("[1/2] game 1 (asobiba red, first): draw, 16 plies")
    assert lines[2].startswith("[2/2] game 2 (asobiba blue, second): draw, 16 plies")
    assert "0 wins, 2 draws, 0 losses in 2 games" in lines[3]
    data = json.loads(out.read_text())
    assert [g["our_seat"] for g in data["games"]] == [0, 1]
    assert data["games"][0]["moves"][:4] == data["games"][1]["moves"][:4]  # a shared opening
    assert data["summary"]["draw"] == 2 and data["simulations"] == 3
