"""How to play Toy Slide: one lesson, the goal (the rule in the module docstring of ``game``), and a
self-test of two positions."""

from __future__ import annotations

from asobiba.core import State
from asobiba.core.descriptor import Lesson, Names

from .game import SlideGame


def start(stone: int = 2) -> State:
    return SlideGame({"max_step": 2}).state_from_json({"to_move": "first", "stone": stone})


def question(number: int, stone: int) -> Lesson:
    return Lesson(
        id=f"quiz_{number}", title=Names(f"確認{number}", f"Check {number}"),
        text=Names("勝つ手を探しましょう。", "Find the winning move."), start=lambda: start(stone),
        solved=first_won, wrong=Names("勝てません。", "That does not win."),
        illegal=Names("石は1手に1〜2マスです。", "The stone slides 1 or 2 cells a move."), quiz=True)


def first_won(state: State) -> bool:
    return state.is_terminal and state.ranks() == [1, 2]


def lessons() -> list[Lesson]:
    return [Lesson(
        id="goal",
        title=Names("ゴールへすべらせる", "Slide onto the goal"),
        text=Names("石を1〜2マス、左のゴールへすべらせます。ゴールに入れた人の勝ちです。石をゴール（c0）へ。",
                   "Slide the stone 1 or 2 cells towards the goal on the left; whoever slides it "
                   "onto the goal wins. Slide it onto the goal (c0)."),
        start=start,
        solved=first_won,
        wrong=Names("ゴールに届いていません。2マスすべらせましょう。",
                    "It did not reach the goal: slide it two cells."),
        illegal=Names("石は1手に1〜2マス、ゴールの方へだけすべります。",
                      "The stone slides 1 or 2 cells a move, towards the goal only."),
        marks=("c2", "c0"),
    ), question(1, 1), question(2, 2)]
