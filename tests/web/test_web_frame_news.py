"""What a state frame tells the page as soon as it happens: a move the table plays for a person
because it is their only one (a forced pass) is marked (``last.forced``), a move a person chose is
not; a seat that is home before the end has its place (``placed``)."""

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


def test_a_seat_home_before_the_end_has_its_place_in_the_frame() -> None:
    """Chinese Checkers with three: once Red is home, the frame's ``placed`` gives Red its place
    at once, while the others play on (the players panel shows it); a game whose seats do not
    finish one by one has none."""
    from asobiba.core.registry import make_game
    from asobiba.games.star.game import StarState
    from asobiba.web.view import _placed

    game = make_game("chinese_checkers", {"players": 3})
    start = game.new_state()
    assert _placed(start) == [0, 0, 0]
    home = StarState(game, start.men, start.kings, 1, 30, (10, 10, 10), (1, 0, 0), 0)
    assert _placed(home) == [1, 0, 0]
    assert _placed(make_game("diceout", {}).new_state()) is None
