"""How to play Diamond Game: one lesson per rule of docs/rules/diamond.md ("Moves", "The king", "Forbidden
cells", "Long jumps", "Finishing and ranks") and the tips for winning, each a position on the small board
(the rules are the same on both boards, and the small one is easier to take in at a glance); the
board, the set-up, the games of 3 and of 2 and the variants on the 121-hole board they are played on,
and a short self-test at the end."""

from __future__ import annotations

from ...core.descriptor import Lesson
from ...core.names import Names
from ..star.lessons import (
    Side,
    Texts,
    everyone_moved,
    farthest_quiz,
    fill_goal_lesson,
    full_with_one_lesson,
    goal_cells,
    goal_lessons,
    king_home_lesson,
    lands,
    last_piece_lesson,
    left,
    lesson,
    long_jump_lesson,
    moved,
    moving_lessons,
    new_game,
    position,
    tip_lessons,
)

GAME = "diamond"
OPTIONS = {"board": "small", "players": 2}


def at(*sides: Side, **options: object):
    return lambda: position(GAME, {**OPTIONS, **options}, sides)


STANDARD = {"players": 2}
THREE = {"players": 3}
STEP_ONLY = Names("1マス進むのは線でつながった隣の空いた穴まで、飛び越すのは隣の駒1個だけです。",
                  "A step reaches a neighbouring empty hole along a line; a jump goes over one "
                  "piece right next to yours.")


def setup_lessons() -> list[Lesson]:
    """The board, the pieces and the set-up (docs/rules/diamond.md, "Board and camps", "Players
    and set-up") on the 121-hole board."""
    return [
        lesson("board", Texts(
            Names("盤と陣地", "The board and the camps"),
            Names("盤は121の穴がある星の形で、6つの先（三角）があり、向かい合う2つの先は同じ色です。"
                  "自分の色の三角の15の穴が「陣地」で、星の先の10の穴と、真ん中の六角形の辺の5つの穴"
                  "（境界線）でできています。陣地の一番先の穴が◎です。印の駒を、陣地から真ん中へ1マス"
                  "進めましょう。",
                  "The board is a star of 121 holes with six points (triangles); the two points "
                  "facing each other have the same colour. A colour's camp is 15 holes: the 10 of "
                  "its point and the 5 on the edge of the middle hexagon (the border). The hole at "
                  "the camp's tip is ◎. Step the marked piece out of the camp, towards the middle."),
            Names("そこではありません。印の穴へ1マス進めましょう。"
                  "", "Not there: one step, to the marked hole."),
            STEP_ONLY,
        ), new_game(GAME, STANDARD), lands((4, 0), (3, 0)), marks=((4, 0), (3, 0))),
        lesson("setup", Texts(
            Names("駒と並べ方", "The pieces and the set-up"),
            Names("駒は赤・黄・緑の3色で、1色15個。そのうち1個が王駒（大きい駒）、14個が子駒です。"
                  "同じ色の陣地は2つあり、片方（出発の陣地）の15の穴に全部並べて、向かいの陣地（ゴール）"
                  "を目指します。王駒は出発の陣地の◎に置きます。印の子駒で、前の駒を飛び越しましょう。",
                  "The pieces come in three colours, red, yellow and green, 15 of each: one king "
                  "(the big piece) and 14 men. Each colour has two camps: set all 15 on the holes "
                  "of one (the start camp) and make for the camp across (the goal). The king starts "
                  "on the start camp's ◎. Jump the marked man over the piece in front of it."),
            Names("そこではありません。前の駒を飛び越して、印の穴へ。",
                  "Not there: jump the piece in front, to the marked hole."),
            STEP_ONLY,
        ), new_game(GAME, STANDARD), lands((5, -1), (3, 1)), marks=((5, -1), (3, 1))),
        lesson("three_players", Texts(
            Names("3人で遊ぶ", "A game of three"),
            Names("3人のときは3色全部を使います。出発の陣地は1つおきに並び、3人の通り道は盤の真ん中で"
                  "交わります。番は時計回りに赤→黄→緑と回り、全部入れた順に1位・2位・3位が決まります"
                  "（1人が上がっても、残りの2人で続けます）。ここでは3色とも指します。赤、黄、緑の順に"
                  "1手ずつ動かしましょう。",
                  "Three players use all three colours. Their start camps are every other point, "
                  "and their paths cross in the middle of the board. Turns go clockwise, red → "
                  "yellow → green, and places 1, 2 and 3 go by the order of finishing (the other "
                  "two play on when one finishes). Here you play all three: make one move each "
                  "for red, yellow and green."),
            Names("まだ3色とも動かしていません。", "Not every colour has moved yet."),
            STEP_ONLY,
        ), new_game(GAME, THREE), everyone_moved, moves=3),
        corner_lesson(),
        lesson("two_players", Texts(
            Names("2人で遊ぶ", "A game of two"),
            Names("2人のときは3色のうち2色だけを使い、駒は3人のときと同じ1人15個です。どの2色でも、"
                  "相手の出発の陣地を目指す形にはならず、2人の通り道は正面ではなく斜めに交わります。"
                  "使わない色の先にも入れません（向かい合って遊ぶなら、6色の盤のチャイニーズチェッカー"
                  "です）。赤と黄で1手ずつ指しましょう。",
                  "Two players use two of the three colours, still 15 pieces each. Whichever two "
                  "they pick, neither heads for the other's start camp: their paths cross on a "
                  "slant, not head on, and the unused colour's points stay closed (to play face to "
                  "face, use the six-colour board of Chinese Checkers). Make one move for red and "
                  "one for yellow."),
            Names("まだ2色とも動かしていません。", "Not both colours have moved yet."),
            STEP_ONLY,
        ), new_game(GAME, STANDARD), everyone_moved, moves=2),
        lesson("who_starts", Texts(
            Names("先手を決める", "Who starts"),
            Names("先手はじゃんけんなどで決め、何回か遊ぶときは交代で先手になります（ロビーの「先手」で"
                  "選べます）。ここでは黄が先手です。黄の駒を1手動かしましょう。",
                  "Decide who starts by rock, paper, scissors or the like, and over several games "
                  "take turns to start (the lobby's 'first' option). Here yellow starts: make "
                  "yellow's first move."),
            Names("黄が動いていません。", "Yellow has not moved."),
            STEP_ONLY,
        ), new_game(GAME, {**STANDARD, "first": "yellow"}), moved("yellow"),
            marks=((0, 4), (0, 3))),
    ]


def corner_lesson() -> Lesson:
    """A start camp's corner holes lie in the neighbours' goals: a piece left there blocks them."""
    goal = goal_cells(GAME, THREE)
    red = Side(men=(*goal[1:14], (4, -4)), king=goal[0])
    return lesson("corner_block", Texts(
        Names("角に残すと、隣がふさがる", "A corner left behind blocks a neighbour"),
        Names("出発の陣地の両端の角の穴は、隣の人のゴールの陣地にも入っています。そこに駒を残したままだと、"
              "隣の人が上がれなくなります。赤の印の駒は黄のゴールの角にいます。外へ出しましょう。",
              "The two corner holes of a start camp are also in the neighbours' goals: a piece left "
              "there keeps that neighbour from finishing. Red's marked piece sits on a corner of "
              "yellow's goal: move it out."),
        Names("印の駒がまだ角にいます。", "The marked piece is still on the corner."),
        STEP_ONLY,
    ), lambda: position(GAME, THREE, (red,), away=True), left((4, -4)), marks=((4, -4),))


def variant_lessons() -> list[Lesson]:
    """The variants as the rules page lists them: no king, ten pieces."""
    return [
        last_piece_lesson("variant_no_king", Texts(
            Names("王駒なし（オプション）", "No king (an option)"),
            Names("「王駒なし」では15個が全部子駒で、どの駒も同じ動きです。15個を全部ゴールに入れれば"
                  "上がりです（海外のチャイニーズチェッカーにも王駒はありません）。最後の駒を入れましょう。",
                  "With 'no king' all 15 pieces are men and move alike; all 15 in the goal "
                  "finishes (Chinese Checkers has no king either). Bring the last piece in."),
            Names("まだ上がっていません。最後の駒をゴールへ。", "Not finished yet: bring the last piece in."),
            STEP_ONLY,
        ), GAME, {**STANDARD, "king": False}),
        lesson("variant_ten", Texts(
            Names("駒10個（オプション）", "Ten pieces (an option)"),
            Names("「駒10個」では1人10個（王駒を使うなら王駒1個と子駒9個）で、早く終わります。小さい盤"
                  "（73の穴）で遊ぶか、この盤の星の先の10の穴だけに並べます（ロビーの「駒の数」は後者）。"
                  "印の駒を境界線の印の穴へ進めましょう。",
                  "With 'ten pieces' each player has 10 (with kings: one king and 9 men), and the "
                  "game is quicker. Play it on the small board of 73 holes, or set the pieces on "
                  "the 10 holes of a point of this board (the lobby's 'pieces' option does the "
                  "latter). Step the marked piece onto the marked border hole."),
            Names("そこではありません。印の穴へ1マス。", "Not there: one step, to the marked hole."),
            STEP_ONLY,
        ), new_game(GAME, {**STANDARD, "pieces": 10}), lands((5, -1), (4, -1)),
            marks=((5, -1), (4, -1))),
    ]


def quiz() -> list[Lesson]:
    """The self-test: positions without marks."""
    return [
        farthest_quiz("quiz_far", Names("確認1: 一番遠くへ", "Check 1: the farthest move"), GAME, OPTIONS,
                      (Side(men=((3, 0), (1, 1))), Side(men=((2, 0), (0, 1), (-2, 1))))),
        king_home_lesson("quiz_finish", Texts(
            Names("確認2: 上がる手", "Check 2: the finishing move"),
            Names("赤の番です。1手で上がる手を探しましょう。", "Red to move: find the move that finishes."),
            Names("まだ上がっていません。王駒はどこにいますか。", "Not finished: where is your king?"),
            Names("王駒は一直線に並んだ駒をまとめて飛べます。", "A king may jump a whole line of pieces."),
        ), GAME, OPTIONS, quiz=True),
    ]


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
    """Diamond Game's lessons, in the order of its rules page, then the tips and the self-test."""
    goals = goal_lessons(GAME, OPTIONS, king=True)
    goals.insert(2, full_with_one_lesson(GAME, {**OPTIONS, "king": False}))  # the blocked goals together
    return [
        *setup_lessons(),
        *moving_lessons(GAME, OPTIONS),
        *king_lessons(),
        forbidden_lesson(),
        *goals,
        *variant_lessons(),
        long_jump_lesson(GAME, OPTIONS),
        *tip_lessons(GAME, OPTIONS),
        crowd_tip(),
        fill_goal_lesson(GAME, OPTIONS, king=True),
        *quiz(),
    ]
