"""Dice Out's lessons say what the engine does (docs/rules/diceout.md, "Dice Out and the result",
"Declaring (option `declare`)"): a move that makes the mover's own dice match loses at once with
the referee declaring, and only once the other player declares when declaring is by hand."""

from __future__ import annotations

from asobiba.core.descriptor import Lesson
from asobiba.core.lessons import begin
from asobiba.core.registry import make_game
from asobiba.games.diceout.lessons import lessons
from asobiba.games.diceout.options import DiceOutOptions

OWN_MATCH = {"b4": [["red", 1]], "d4": [["red", 2]], "c1": [["red", 2]],
             "b5": [["white", 2]], "c5": [["white", 3]], "d5": [["white", 1]]}
"""Lesson 7's position: red's b4-a5 reaches an EXIT and makes red show 2, 2, 2."""


def lesson(lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons() if lesson.id == lesson_id)


def after_exit(declare: str):
    game = make_game("diceout", {"declare": declare})
    state = game.state_from_json({"to_move": "red", "stacks": OWN_MATCH})
    return state.play_notation("b4-a5")


def test_own_dice_out_loses_at_once_when_the_referee_declares() -> None:
    state = after_exit("auto")
    assert state.is_terminal and state.ranks() == [2, 1]
    text = lesson("own_dice_out").text
    assert "at once" in text.en and "その場で負け" in text.ja
    labels = DiceOutOptions.specs()["declare"].value_labels  # the lobby's own names of the settings
    for value in ("auto", "manual"):
        assert f"「{labels[value].ja}」" in text.ja and f"'{labels[value].en}'" in text.en, value


def test_own_dice_out_declared_by_hand_loses_only_once_the_other_player_declares() -> None:
    state = after_exit("manual")
    assert not state.is_terminal  # the EXIT has not won, nor has the Dice Out lost
    assert {state.action_to_notation(a) for a in state.legal_actions()} == {"declare", "pass"}
    declared = state.play_notation("declare")
    assert declared.is_terminal and declared.ranks() == [2, 1]  # white declared: red loses
    let_go = state.play_notation("pass")
    assert let_go.is_terminal and let_go.ranks() == [1, 2]  # not declared: the EXIT wins
    text = lesson("own_dice_out").text
    assert "once the other player declares" in text.en and "相手が宣言したら" in text.ja
    taught = lesson("own_dice_out_declared")
    assert taught.start().to_json()["options"]["declare"] == "manual"
    assert begin(taught).verdict == "playing"
