"""Each playthrough file is what its game plays and prints today (see :mod:`.regenerate`)."""

from __future__ import annotations

import difflib

import pytest

from playthroughs.regenerate import cases, path_of, playthrough

MAX_BYTES = 1_000_000


@pytest.mark.parametrize(("game_id", "name"), cases(), ids=[f"{g}-{n}" for g, n in cases()])
def test_playthrough_is_unchanged(game_id: str, name: str) -> None:
    path = path_of(game_id, name)
    stored = path.read_text(encoding="utf-8")
    played = playthrough(game_id, name)
    if played != stored:
        diff = difflib.unified_diff(stored.splitlines(), played.splitlines(), str(path), "played",
                                    lineterm="", n=2)
        pytest.fail("the game no longer plays or prints as its playthrough says (if that is meant, "
                    "run `python -m tests.playthroughs.regenerate` and read the diff):\n"
                    + "\n".join(list(diff)[:60]))
    assert len(stored.encode()) < MAX_BYTES


@pytest.mark.parametrize(("game_id", "name"), cases(), ids=[f"{g}-{n}" for g, n in cases()])
def test_playthrough_is_a_whole_game(game_id: str, name: str) -> None:
    """Each file plays its game to the end: its ply count is the number of actions chosen, and it
    closes with the ranks and the returns."""
    lines = path_of(game_id, name).read_text(encoding="utf-8").splitlines()
    plies = int(next(line for line in lines if line.startswith("plies: ")).split()[1])
    assert sum(line.startswith("chosen: ") for line in lines) == plies > 0
    assert lines[-2].startswith("ranks: [") and lines[-1].startswith("returns: [")
