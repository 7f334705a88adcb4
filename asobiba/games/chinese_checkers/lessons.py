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
    everyone_moved,
    farthest_quiz,
    fill_goal_lesson,
    goal_lessons,
    lands,
    last_piece_lesson,
    lesson,
    long_jump_lesson,
    moving_lessons,
    new_game,
    position,
    tip_lessons,
)

GAME = "chinese_checkers"
OPTIONS = {"players": 2}


STEP_ONLY = Names("1マス進むのは線でつながった隣の空いた穴まで、飛び越すのは隣の駒1個だけです。",
                  "A step reaches a neighbouring empty hole along a line; a jump goes over one "
                  "piece right next to yours.")


def board_lessons() -> list[Lesson]:
    """The board, the pieces and who faces whom (docs/rules/chinese_checkers.md, "Board and
    seats")."""
    return [
        lesson("board", Texts(
            Names("盤と駒（王駒なし）", "The board and the pieces (no kings)"),
            Names("盤はダイヤモンドゲームと同じ121の穴の星ですが、6つの先が6色に分かれています。"
                  "1人10個の駒を自分の先の10の穴に並べ、向かいの先（ゴール）を目指します。王駒はなく、"
                  "どの駒も同じ動きです。印の駒を、先から1マス進めましょう。",
                  "The board is Diamond Game's star of 121 holes, but its six points have six "
                  "colours. Each player sets 10 pieces on the 10 holes of a point and makes for the "
                  "point across (the goal). There are no kings: every piece moves alike. Step the "
                  "marked piece out of its point."),
            Names("そこではありません。印の穴へ1マス。", "Not there: one step, to the marked hole."),
            STEP_ONLY,
        ), new_game(GAME, OPTIONS), lands((5, -1), (4, -1)), marks=((5, -1), (4, -1))),
        lesson("seats", Texts(
            Names("誰と向かい合うか", "Who faces whom"),
            Names("人数で使う先が決まります。2人は向かい合った先どうしで、相手の出発の先がゴールです。"
                  "3人は1つおきの先、4人は向かい合う2組、6人は全部の先を使います。番は星を回る順です。"
                  "ここは3人です。3色とも1手ずつ動かしましょう。",
                  "The number of players sets the points in use. Two play from facing points, each "
                  "making for the other's start; three use every other point; four, two facing "
                  "pairs; six, every point. Turns go round the star. Here three play: make one move "
                  "for each colour."),
            Names("まだ3色とも動かしていません。", "Not every colour has moved yet."),
            STEP_ONLY,
        ), new_game(GAME, {"players": 3}), everyone_moved, moves=3),
    ]


def quiz() -> list[Lesson]:
    """The self-test: positions without marks."""
    return [
        farthest_quiz("quiz_far", Names("確認1: 一番遠くへ", "Check 1: the farthest move"), GAME, OPTIONS,
                      (Side(men=((1, 2), (3, -1))), Side(men=((0, 2), (-2, 2), (2, -1), (-4, 4))))),
        last_piece_lesson("quiz_finish", Texts(
            Names("確認2: 上がる手", "Check 2: the finishing move"),
            Names("赤の番です。1手で上がる手を探しましょう。", "Red to move: find the move that finishes."),
            Names("まだ上がっていません。ゴールの外にいる駒はどれですか。",
                  "Not finished: which piece is still outside the goal?"),
            STEP_ONLY,
        ), GAME, OPTIONS, quiz=True),
    ]


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
    """Chinese Checkers' lessons, in the order of its rules page, then the tips and the
    self-test."""
    return [
        *board_lessons(),
        *moving_lessons(GAME, OPTIONS),
        own_pieces_lesson(),
        other_points_lesson(),
        *goal_lessons(GAME, OPTIONS, king=False),
        long_jump_lesson(GAME, OPTIONS),
        *tip_lessons(GAME, OPTIONS),
        fill_goal_lesson(GAME, OPTIONS, king=False),
        *quiz(),
    ]
