"""Each playthrough file is what its game plays and prints today (see :mod:`.regenerate`)."""

from __future__ import annotations

import difflib

import pytest

from playthroughs.regenerate import MAX_PLIES, cases, path_of, playthrough

MAX_BYTES = 100_000


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
    assert stored.count("\nchosen: ") <= MAX_PLIES
