"""The board in words (the descriptors' ``board_words``; docs/play.md, "Keyboard and screen readers"):
on positions of random games of every game that says its board in words, every cell its picture
draws has words, in both languages, naming no internal id; the position names every seat and whose
turn it is; every move played says what it did. Then each game's own facts: a Dice Out stack from
the top with the values under it and the EXIT corners, a star hole's king, closed points and jumps,
a Gandice die's texts first."""

from __future__ import annotations

import random
import re

import pytest

from asobiba.core.names import Names
from asobiba.core.registry import descriptor, game_ids, make_game

INTERNAL = re.compile(r"-?\d+,-?\d+")  # a cell as the engine names it, never said
WORDED = [g for g in game_ids() if descriptor(g).board_words is not None]


def _random_states(game_id: str, options: dict, seed: int, plies: int = 60):
    state = make_game(game_id, options).new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)
    yield state, None


def _said(names: Names) -> None:
    assert names.ja and names.en and not INTERNAL.search(names.ja) and not INTERNAL.search(names.en), names


def test_every_game_of_asobiba_says_its_board_in_words() -> None:
    assert {"diamond", "chinese_checkers", "diceout", "gandice"} <= set(WORDED)


@pytest.mark.parametrize("game_id", WORDED)
def test_every_cell_the_picture_draws_has_words_and_every_move_says_what_it_did(game_id: str) -> None:
    game = descriptor(game_id)
    words = game.board_words
    assert words is not None and game.render_svg is not None
    seats = [game.seat_name(s) for s in make_game(game_id, {}).player_names]
    for seed in range(3):
        for state, action in _random_states(game_id, {}, seed):
            cells = words.cells(state)
            drawn = set(re.findall(r'data-cell="([^"]+)"', game.render_svg(state)))
            assert drawn == set(cells), sorted(drawn ^ set(cells))
            for said in cells.values():
                _said(said)
            position = words.position(state)
            _said(position)
            for seat in seats:
                assert seat.ja in position.ja and seat.en in position.en, (seat, position)
            if action is not None:
                _said(words.played(state, action))


def test_a_dice_out_stack_reads_from_the_top_with_the_values_under_it() -> None:
    game = make_game("diceout", {"setup": "fixed", "first": "red"})
    state = game.new_state()
    while state.phase != 0:
        state = state.apply(state.legal_actions()[0])
    words = descriptor("diceout").board_words
    assert words is not None
    cells = words.cells(state)
    assert cells["b1"] == Names("b1：赤の1", "b1: Red's 1")
    assert cells["a5"] == Names("a5：空き、EXIT（赤のゴール）", "a5: empty, EXIT (Red's goal)")
    move = state.notation_to_action("b1-b2")
    said = words.played(state, move)
    assert said == Names("赤がb1の1をb2へ動かしました。2を見せています。",
                         "Red moved the 1 on b1 to b2; it shows 2.")
    after = state.apply(move)
    after = after.apply(after.notation_to_action("b5-b4"))  # white's 2 → 3
    after = after.apply(after.notation_to_action("c1-c2"))  # red's 2 → 3
    climb = after.notation_to_action("b4-b3")  # white's 3 → 1: may not climb; step aside instead
    assert climb in after.legal_actions()
    state = after.apply(climb)
    up = state.notation_to_action("b2-b3")  # red's 2 → 3 onto white's 1
    said = words.played(state, up)
    assert said.en == "Red moved the 2 on b2 to b3, onto White's 1; it shows 3."
    assert said.ja == "赤がb2の2をb3へ動かし、白の1に乗せました。3を見せています。"
    state = state.apply(up)
    assert words.cells(state)["b3"] == Names("b3：赤の3、下に白の1", "b3: Red's 3, on White's 1")
    assert "3 on b3 (on White's 1)" in words.position(state).en
    assert "1 on b3 (covered by 1)" in words.position(state).en
    # all three of red's dice show 3: red's own Dice Out, and white wins (the rules' first check)
    assert words.position(state).en.endswith(
        "Red shows Dice Out. White: 1 on b3 (covered by 1); 3 on c5; 1 on d5. White won.")
    assert words.position(state).ja.endswith("白の勝ちで終わりました。")


def test_a_star_hole_says_its_king_its_camps_and_the_points_closed_to_the_mover() -> None:
    words = descriptor("diamond").board_words
    assert words is not None
    state = make_game("diamond", {"players": 2}).new_state()
    cells = words.cells(state)
    assert cells["8,-4"].ja.startswith("a1：赤の王、赤の出発点")
    assert any("空き" in s.ja and "赤は入れません" in s.ja for s in cells.values())
    assert any(s.en.endswith("closed point (no piece may enter)") for s in cells.values())
    said = [words.played(state, a) for a in state.legal_actions()]
    assert any(re.fullmatch(r"赤が[a-q]\d+から[a-q]\d+へ進みました。", s.ja) for s in said)
    assert any(re.fullmatch(r"赤が[a-q]\d+から[a-q]\d+へ跳びました。", s.ja) for s in said)
    chains = (words.played(st, a).en for st, _ in _random_states("diamond", {"players": 2}, 1)
              for a in st.legal_actions())
    assert any(re.fullmatch(r"(Red|Green)( king)? jumped from [a-q]\d+ to [a-q]\d+ \(\d hops\)\.", s)
               for s in chains)
    assert "Red (15 pieces, 0 home): " in words.position(state).en


def test_a_gandice_die_reads_the_texts_drawn_on_it_first() -> None:
    words = descriptor("gandice").board_words
    assert words is not None
    state = make_game("gandice", {}).new_state()
    cells = words.cells(state)
    assert not any(re.search(r"\bd\d+\b", f"{s.ja} {s.en}") for s in cells.values())  # no die ids
    said = cells["d0"]
    assert re.fullmatch(r"\S+ 未召喚（プレイヤー1）", said.ja), said
    assert re.fullmatch(r".+ unsummoned \(Player 1\)", said.en), said
