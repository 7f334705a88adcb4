"""How to play Diamond Game: one lesson per rule of docs/rules/diamond.md ("Moves", "The king", "Forbidden
cells", "Long jumps", "Finishing and ranks") and the tips for winning, each a position on the small board
(the rules are the same on both boards, and the small one is easier to take in at a glance)."""

from __future__ import annotations

from ...core.descriptor import Lesson
from ...core.names import Names
from ..star.lessons import (
    Side,
    Texts,
    fill_goal_lesson,
    full_with_one_lesson,
    goal_lessons,
    lands,
    lesson,
    long_jump_lesson,
    moving_lessons,
    position,
    tip_lessons,
)

GAME = "diamond"
OPTIONS = {"board": "small", "players": 2}


def at(*sides: Side, **options: object):
    return lambda: position(GAME, {**OPTIONS, **options}, sides)


def king_lessons() -> list[Lesson]:
    """The king: its line jump, what may follow it (``king_chain_after_line=single``), and that
    nothing jumps a king."""
    return [
        lesson("king_line", Texts(
            Names("王駒のまとめ飛び", "The king's line jump"),
            Names("王駒（大きい駒）は、一直線にくっついて並んだ駒を何個でもまとめて飛び越せます。何色の駒でも"
                  "かまいません。着くのは並びのすぐ向こうの空いた穴です。王駒で、並んだ3個をまとめて飛び越しましょう。",
                  "The king (the big piece) may jump a whole line of pieces standing side by side, "
                  "as many as there are and of any colour, landing on the empty hole right after "
                  "the line. Jump the king over the three in a row."),
            Names("そこではありません。並びのすぐ向こうの印の穴へ飛びましょう。",
                  "Not there: jump to the marked hole right after the line."),
            Names("まとめ飛びで着けるのは、並びのすぐ向こうの空いた穴だけです。並びの途中に空きがあると、"
                  "まとめては飛べません。",
                  "A line jump lands only on the empty hole right after the line, and the line must "
                  "have no gap in it."),
        ), at(Side(king=(3, 0), men=((2, 0),)), Side(men=((1, 0), (0, 0)))),
            lands((3, 0), (-1, 0), king=True), marks=((3, 0), (-1, 0))),
        lesson("king_after_line", Texts(
            Names("まとめ飛びのあと", "After a line jump"),
            Names("まとめ飛びのあとも飛び続けられますが、続けられるのは駒1個ずつの飛び越しだけです"
                  "（ロビーの既定。何でも続けられる・そこで終わる、も選べます）。王駒で2個をまとめて飛び、"
                  "続けて1個を飛んで、印の穴まで行きましょう。",
                  "After a line jump you may jump on, but only over one piece at a time (the "
                  "lobby's default; 'any jumps' and 'the move ends' can be chosen too). Jump the "
                  "king over the two, then over the single piece, to the marked hole."),
            Names("途中で止まりました。まとめ飛びのあと、1個の飛び越しを続けましょう。",
                  "You stopped on the way: after the line jump, jump the single piece too."),
            Names("既定の決まりでは、まとめ飛びのあとに続けられるのは駒1個の飛び越しだけで、2回目のまとめ飛びは"
                  "できません。",
                  "Under the default rule only single-piece jumps may follow a line jump; a second "
                  "line jump may not."),
        ), at(Side(king=(3, 0), men=((2, 0),)), Side(men=((1, 0), (-1, 0)))),
            lands((3, 0), (-2, 0), king=True), marks=((3, 0), (0, 0), (-2, 0))),
        lesson("king_not_jumped", Texts(
            Names("王駒は飛び越せない", "Nothing jumps a king"),
            Names("王駒の上は、誰も飛び越せません。自分の王駒も相手の王駒も同じで、王駒が混じった並びも"
                  "まとめて飛べません。相手の王駒をよけて、横の駒を飛び越しましょう。",
                  "No piece may ever jump a king, yours or anyone's, and a line with a king in it "
                  "cannot be jumped either. Leave the other king be and jump the piece beside it."),
            Names("そこではありません。横の駒を飛び越して、印の穴へ行きましょう。",
                  "Not there: jump the piece beside it, to the marked hole."),
            Names("王駒の上は飛び越せません。子駒も王駒も、どの色でも同じです。",
                  "A king is never jumped, by a man or a king of any colour."),
        ), at(Side(men=((2, 0),)), Side(king=(1, 0), men=((1, 1),))),
            lands((2, 0), (0, 2)), marks=((2, 0), (0, 2))),
    ]


def forbidden_lesson() -> Lesson:
    """The points a colour may not enter, and the border holes it may."""
    return lesson("forbidden_points", Texts(
        Names("入れない先、通れる境界線", "Points you may not enter, borders you may"),
        Names("自分の出発とゴール以外の先（三角の部分）には、止まることも、飛ぶ途中で着くこともできません。"
              "2人のときは使わない色の先も同じです。先との境目の穴（境界線）は誰でも通れて止まれます。"
              "印の駒を、境界線に沿って印の穴へ進めましょう。",
              "You may neither stop on nor land in the middle of a chain on any point (the "
              "triangles) other than your own start and goal; with two players the unused "
              "colour's points too. The holes along a point's edge (the border) are open to "
              "everyone. Move the marked piece along the border to the marked hole."),
        Names("そこではありません。境界線の印の穴へ進めましょう。",
              "Not there: move along the border to the marked hole."),
        Names("ほかの色の先には入れません。止まるのも、続けて飛ぶ途中で着くのもだめです。"
              "境界線の穴なら入れます。",
              "Another colour's point is closed to you, to stop in or to land in on the way; the "
              "border holes are not."),
    ), at(Side(men=((-1, -2),))), lands((-1, -2), (-2, -1)), marks=((-1, -2), (-2, -1)))


def crowd_tip() -> Lesson:
    """The tip: use the king where it is crowded."""
    return lesson("tip_king_crowd", Texts(
        Names("コツ: 混んだ所は王駒で", "Tip: use the king where it is crowded"),
        Names("駒が集まって混んだ所では、子駒は飛べる所がなくなりますが、王駒は並びをまとめて飛び越せます。"
              "王駒で混んだ真ん中を抜けて、印の穴まで行きましょう。",
              "Where pieces crowd together men find nowhere to jump, but the king clears a whole "
              "line at once. Take the king through the crowd in the middle to the marked hole."),
        Names("まだ先へ行けます。まとめ飛びのあと、1個の飛び越しを続けて印の穴へ。",
              "You can go further: after the line jump, jump the single piece to the marked hole."),
        Names("まとめ飛びのあとに続けられるのは、駒1個の飛び越しだけです。",
              "Only single-piece jumps may follow a line jump."),
    ), at(Side(king=(3, -1), men=((2, -1), (1, 0), (0, 1))),
          Side(men=((1, -1), (0, -1), (-2, 0), (0, 0), (1, -2)))),
        lands((3, -1), (-3, 1), king=True), marks=((3, -1), (-3, 1)))


def lessons() -> list[Lesson]:
    """Diamond Game's lessons, in the order of its rules page, then the tips."""
    goals = goal_lessons(GAME, OPTIONS, king=True)
    goals.insert(2, full_with_one_lesson(GAME, {**OPTIONS, "king": False}))  # the blocked goals together
    return [
        *moving_lessons(GAME, OPTIONS),
        *king_lessons(),
        forbidden_lesson(),
        *goals,
        long_jump_lesson(GAME, OPTIONS),
        *tip_lessons(GAME, OPTIONS),
        crowd_tip(),
        fill_goal_lesson(GAME, OPTIONS, king=True),
    ]
