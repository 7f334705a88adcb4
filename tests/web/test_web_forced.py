"""A move the table plays for a person because it is their only one (a forced pass) is marked in
the state frame (``last.forced``), so the page can say so; a move a person chose is not."""

from __future__ import annotations

import random

from web.test_web_frames import table_of

from asobiba.web.view import full


def test_a_forced_pass_is_marked_and_a_chosen_move_is_not() -> None:
    rng = random.Random(0)
    table = table_of("gandice", {})
    chosen = 0
    for _ in range(300):
        assert not table.finished
        if table.chance_to_move():
            table.play_stored(table.chance_action())
            continue
        forced = table.forced_pass()
        if forced is not None:
            break
        table.play_stored(rng.choice(table.state.legal_actions()))
        chosen += 1
        assert "forced" not in full(table)["last"]
    assert chosen and forced is not None
    table.play_stored(forced)
    last = full(table)["last"]
    assert last["forced"] is True and last["player"] in table.game.player_names
