"""How to play Chinese Checkers: one lesson per rule of docs/rules/chinese_checkers.md ("Moves",
"The rules people argue about, and the defaults", "Finishing and ranks") and the tips
for winning that apply without kings (the default), each a position on the 121-hole star with two
players."""

from __future__ import annotations

from ...core.descriptor import Lesson
from ...core.names import Names
from ..star.lessons import (
    Side,
    Texts,
    fill_goal_lesson,
    goal_lessons,
    lands,
    lesson,
    long_jump_lesson,
    moving_lessons,
    position,
    tip_lessons,
)

GAME = "chinese_checkers"
OPTIONS = {"players": 2}


def own_pieces_lesson() -> Lesson:
    """``hop_own=true`` (the default): your own pieces may be jumped too."""
    return lesson("hop_own", Texts(
        Names("自分の駒も飛び越せる", "Your own pieces can be jumped"),
        Names("飛び越せるのは相手の駒だけではありません。自分の駒も飛び越せます（ロビーの既定）。"
              "印の駒で、前にいる自分の駒を飛び越しましょう。",
              "Not only the other players' pieces can be jumped: your own can too (the lobby's "
              "default). Jump the marked piece over your own piece in front of it."),
        Names("それは1マス進む手でした。自分の駒を飛び越して、印の穴へ。",
              "That was a step: jump your own piece, to the marked hole."),
        Names("飛び越せるのは隣の駒1個で、着くのはそのすぐ向こうの空いた穴です。",
              "You jump one piece right next to yours, onto the empty hole just beyond it."),
    ), lambda: position(GAME, OPTIONS, (Side(men=((2, 0), (1, 0))),)),
        lands((2, 0), (0, 0)), marks=((2, 0), (0, 0)))


def other_points_lesson() -> Lesson:
    """``other_points=open`` (the default): the points of no one's start or goal are ordinary
    holes."""
    return lesson("other_points", Texts(
        Names("ほかの先にも入れる", "Other points are open"),
        Names("自分の出発でもゴールでもない先（ほかの人の三角や、使っていない三角）にも、ふつうの穴と同じように"
              "入って止まれます（ロビーの既定。通り抜けだけ・入れない、も選べます）。印の駒を、隣の先の印の穴へ"
              "進めましょう。",
              "The points that are neither your start nor your goal (other players' triangles, "
              "or unused ones) are holes like any other: you may go in and stop there (the "
              "lobby's default; 'pass through only' and 'closed' can be chosen too). Move the "
              "marked piece into the marked hole of the point beside it."),
        Names("そこではありません。先の中の印の穴へ進めましょう。",
              "Not there: move into the marked hole inside the point."),
        Names("1マス進むのは隣の空いた穴までです。", "A step only reaches a neighbouring empty hole."),
    ), lambda: position(GAME, OPTIONS, (Side(men=((-2, -2),)),)),
        lands((-2, -2), (-3, -2)), marks=((-2, -2), (-3, -2)))


def lessons() -> list[Lesson]:
    """Chinese Checkers' lessons, in the order of its rules page, then the tips."""
    return [
        *moving_lessons(GAME, OPTIONS),
        own_pieces_lesson(),
        other_points_lesson(),
        *goal_lessons(GAME, OPTIONS, king=False),
        long_jump_lesson(GAME, OPTIONS),
        *tip_lessons(GAME, OPTIONS),
        fill_goal_lesson(GAME, OPTIONS, king=False),
    ]
