"""Diamond Game's rules as data (docs/rules/diamond.md, "The rules, one by one"): one entry per
rule of the game's rule document, in its order, each naming the lessons of :mod:`.lessons` that
teach it."""

from __future__ import annotations

from ...core.names import Names
from ...core.rulebook import Rule


def rule(rule_id: str, ja: str, en: str, *lessons: str) -> Rule:
    return Rule(rule_id, Names(ja, en), lessons)


RULES: tuple[Rule, ...] = (
    rule("aim", "星形の盤で、自分の駒を向かいの陣地へ運ぶゲームです。2人か3人で遊び、ほかの駒を飛び越して"
         "一気に進めます。", "A game on a star-shaped board: carry your pieces to the camp across. Two "
         "or three play, and pieces race ahead by jumping others.", "board", "jump"),
    rule("winner", "先に自分の駒を全部向かいの陣地へ入れた人の勝ちです。",
         "The first to bring all their pieces into the camp across wins.", "goal"),
    rule("king_kind", "並んだ駒をまとめて飛び越せる特別な駒「王駒」があります。",
         "A special piece, the king, can jump a whole line of pieces at once.", "king_line"),
    rule("board_121", "盤は星形で、穴は121あります。", "The star-shaped board has 121 holes.", "board"),
    rule("colours_15", "駒は赤・黄・緑の3色、1色15個です。", "The pieces are red, yellow and green, 15 "
                                                          "of each colour.", "setup"),
    rule("king_and_men", "1色15個のうち1個が王駒、残りの14個が子駒です。",
         "Of each colour's 15 pieces one is the king and 14 are men.", "setup"),
    rule("six_points", "盤には6つの先（三角）があり、向かい合う2つの先は同じ色です。",
         "The board has six points (triangles); two facing points have the same colour.", "board"),
    rule("camp", "自分の色の三角の15の穴が陣地です。", "A colour's triangle of 15 holes is its camp.",
         "board"),
    rule("camp_parts", "陣地は、星の先の10の穴と、真ん中の六角形の辺の5つの穴（境界線）でできています。",
         "A camp is the 10 holes of a point and the 5 holes on the edge of the middle hexagon (the "
         "border).", "board", "forbidden_points"),
    rule("apex", "陣地の一番先の穴には◎の印があります。", "The hole at a camp's tip is marked ◎.", "board",
         "setup"),
    rule("set_all", "自分の色の陣地の15の穴に駒を全部並べます。", "Set all your pieces on the 15 holes of a "
                                                                "camp of your colour.", "setup"),
    rule("start_goal", "同じ色の陣地は2つ。並べた方が出発の陣地、向かいがゴールの陣地です。",
         "Each colour has two camps: the one you set up on is your start, the one across your goal.",
         "setup", "goal"),
    rule("king_on_apex", "王駒は陣地の一番先の◎に置きます。", "The king starts on the camp's ◎.", "setup"),
    rule("three_alternate", "3人のときは、出発の陣地が1つおきになるように並べます。",
         "With three players the start camps are every other point.", "three_players"),
    rule("all_15_in", "先に15個全部をゴールの陣地へ入れた人の勝ちです。",
         "The first to bring all 15 pieces into the goal camp wins.", "goal", "quiz_finish"),
    rule("king_goal_apex", "ただし王駒は、ゴールの陣地の◎に入れなければなりません。",
         "But the king must end on the goal camp's ◎.", "goal", "quiz_finish"),
    rule("places", "3人のときは、全部入れた順に1位・2位・3位が決まります。",
         "With three players, places 1, 2 and 3 go by the order of finishing.", "three_players"),
    rule("one_piece", "自分の番に動かせる駒は1個だけです。", "You move one piece on your turn.", "step"),
    rule("step_or_jump", "動かし方は、隣へ1マス進むか、ほかの駒を飛び越すかのどちらかです。",
         "A piece either steps to a neighbouring hole or jumps over another piece.", "step", "jump"),
    rule("clockwise", "3人のときは、時計回りに番が回ります。", "With three players turns go clockwise.",
         "three_players"),
    rule("who_starts", "先手はじゃんけんなどで決め、何回か遊ぶときは交代で先手になります。",
         "Decide who starts by rock, paper, scissors or the like, and take turns to start over "
         "several games.", "who_starts"),
    rule("step_any", "駒は線でつながった隣の空いた穴へ1マス進めます。6方向のどれでも、後ろへも進めます。",
         "A step goes to a neighbouring empty hole along a line, in any of the six directions, "
         "backwards too.", "step", "quiz_far"),
    rule("jump_one", "隣に駒が1つあり、その向こうが空いていれば、飛び越して進めます。",
         "A piece next to yours with an empty hole beyond it can be jumped.", "jump", "quiz_far"),
    rule("jump_any_colour", "飛び越す駒は、自分の駒でも相手の駒でも、何色でもかまいません。",
         "The piece jumped may be of any colour, yours or another's.", "jump", "tip_ladder"),
    rule("jumped_stays", "飛び越された駒は取られず、そのまま盤に残ります。",
         "A jumped piece is not taken: it stays on the board.", "jump"),
    rule("no_two", "2個以上くっついて並んだ駒は、飛び越せません。",
         "Two or more pieces side by side in a line cannot be jumped.", "no_double_jump"),
    rule("chain", "飛んだ先でまた飛べるなら、続けて何回でも飛べます。飛ぶ駒は何色でもかまいません。",
         "If you can jump again from where you land, you may jump on, as often as you like, over "
         "pieces of any colour.", "chain", "tip_ladder", "quiz_far"),
    rule("chain_turn_stop", "向きは1回ごとに変えてよく、途中で止めることもできます。何回飛ぶかは自分で決めま"
                            "す。",
         "Each hop may change direction, and you may stop whenever you like: how far to go is "
         "yours to choose.", "chain", "stop"),
    rule("no_return", "同じ番のうちに、一度着いた穴や出発した穴へは戻れません。",
         "Within one turn a piece may not land again on a hole it already landed on, nor on the "
         "hole it left.", "stop"),
    rule("no_mix", "1マス進む動きと飛び越しは同じ番に混ぜられません。1マス進んだら、その番は終わりです。",
         "A step and jumps never mix in one turn: after a step the turn is over.",
         "no_step_then_jump"),
    rule("king_line", "王駒だけは、一直線にくっついて並んだ駒を何個でも、何色でもまとめて飛び越せ、"
         "並びのすぐ向こうの空いた穴に着きます。",
         "The king alone may jump a straight line of touching pieces, any number of any colour, "
         "landing on the empty hole right after them.", "king_line", "tip_king_crowd"),
    rule("king_single", "王駒も、子駒と同じように1個だけを飛び越したり、1つおきなら続けて飛んだりできます。",
         "A king may also jump single pieces and chain its jumps, as a man does.", "king_after_line"),
    rule("after_line", "まとめて飛んだあとに1個の駒を続けて飛べるかは、遊ぶ前に決めます（このサイトでは飛べ"
                       "ます）。",
         "Whether a single jump may follow a line jump is agreed before play (here it may).",
         "king_after_line", "tip_king_crowd"),
    rule("king_not_jumped", "王駒の上は、どの駒も飛び越せません。子駒が王駒を、王駒が別の王駒を飛ぶのも、"
         "自分の王駒でも同じくだめです。",
         "No piece may ever jump a king: not a man over a king, not a king over another king, "
         "yours or anyone's.", "king_not_jumped"),
    rule("king_wall", "並んだ駒に王駒が混じっていると、まとめて飛ぶこともできません。王駒は道をふさぐ壁にも"
                      "なります。",
         "A line with a king in it cannot be line-jumped either, so a king also serves as a wall.",
         "king_not_jumped"),
    rule("closed_points", "ほかの色の陣地のうち、星の先の10の穴には入れません。止まるのも、続けて飛ぶ途中で"
         "着くのもだめですが、境界線の穴は通っても止まってもかまいません。",
         "The 10 point holes of another colour's camp are closed to you, to stop on or to land "
         "on mid-chain; its border holes are open to pass and to stop.", "forbidden_points"),
    rule("own_camps", "自分の色の陣地は出発とゴールの2つで、どちらにも自由に出入りできます。",
         "Your colour's two camps, start and goal, are both open to you.", "forbidden_points",
         "goal_no_camping"),
    rule("finish", "15個が全部ゴールの陣地に入り、王駒が◎にあれば上がりです。",
         "You finish when all 15 pieces are in the goal camp and the king is on its ◎.", "goal",
         "quiz_finish"),
    rule("man_on_apex", "◎に子駒を入れてしまうと、王駒を入れるためにその子駒をもう一度動かすことになります。",
         "A man left on ◎ has to move again to let the king in.", "goal", "tip_fill_from_back"),
    rule("three_colours", "3人のときは、赤・黄・緑の3色を全部使います。",
         "Three players use all three colours: red, yellow and green.", "three_players"),
    rule("three_cross", "3人の出発の陣地は1つおきに並び、通り道は盤の真ん中で交わります。",
         "The three start camps are every other point, and the paths cross in the middle.",
         "three_players"),
    rule("corner_block", "出発の陣地の両端の角の穴は、隣の人のゴールにも入っています。そこに駒を残すと、"
         "隣の人が上がれなくなります。",
         "A start camp's two corner holes are also in the neighbours' goals: a piece left there "
         "keeps that neighbour from finishing.", "corner_block"),
    rule("two_colours", "2人のときは、3色のうち2色だけを使います。", "Two players use two of the three "
                                                                    "colours.", "two_players"),
    rule("two_15", "2人でも、駒は1人15個です。", "With two players each still has 15 pieces.",
         "two_players"),
    rule("two_diagonal", "どの2色でも相手の出発の陣地を目指す形にはならず、通り道は斜めに交わります。",
         "Whichever two colours play, neither heads for the other's start: the paths cross on a "
         "slant, not head on.", "two_players"),
    rule("unused_closed", "使わない色の陣地も、星の先の10の穴には入れません。",
         "The 10 point holes of the unused colour are closed too.", "forbidden_points",
         "two_players"),
    rule("six_colour_board", "向かい合って遊ぶなら、6色の盤（チャイニーズチェッカーの盤）を使います。",
         "To play face to face, use the six-colour board of Chinese Checkers.", "two_players"),
    rule("variant_no_king", "ローカルルール「王駒なし」：15個全部が子駒で、15個全部をゴールに入れれば上がり"
                            "です。",
         "Local rule 'no king': all 15 pieces are men, and all 15 in the goal finishes.",
         "variant_no_king"),
    rule("variant_ten", "ローカルルール「駒10個」：1人10個（王駒を使うなら王駒1個と子駒9個）。小さい盤（73の"
                        "穴）"
         "で遊ぶか、同じ盤の星の先の10の穴だけに並べます。",
         "Local rule 'ten pieces': 10 each (with a king, one king and 9 men), on the small board "
         "of 73 holes or on the 10 point holes of the usual board.", "variant_ten"),
    rule("long_jump", "ローカルルール「長い飛び越し」：離れた駒1個も、間と向こうが空いていれば同じ距離だけ"
         "向こうへ飛べます。王駒は飛べません。",
         "Local rule 'long jump': a distant single piece may be jumped, landing as far beyond it "
         "when the holes between are empty; a king still cannot be jumped.", "long_jump"),
    rule("blocked_goal", "他の色が入れるのはゴールの境界線の穴だけですが、角の穴は重なっていて、相手の駒が"
         "最初から並んでいることもあります。公式の決まりはなく、遊ぶ前に決めます。",
         "Other colours may enter only the border holes of your goal, but its corners overlap "
         "their camps and may hold their pieces from the start; there is no official rule, so one "
         "is agreed before play.", "goal_full_with_king", "goal_swap"),
    rule("block_full_king", "決まり1：ゴールの15の穴が全部埋まり、自分の王駒が◎にあれば上がり（王駒ありの既"
                            "定）。",
         "Rule 1: the goal's 15 holes all filled and your king on ◎ finishes (the default with "
         "kings).", "goal_full_with_king"),
    rule("block_full_one", "決まり2：ゴールの15の穴が全部埋まり、自分の駒が1つでも入っていれば上がり"
         "（王駒なしの既定）。",
         "Rule 2: the goal's 15 holes all filled with at least one piece of yours finishes (the "
         "default without kings).", "goal_full_with_one"),
    rule("block_swap", "決まり3：じゃまをしている相手の駒と、自分の駒を入れ替えてもかまいません。",
         "Rule 3: you may swap your piece with the other player's piece in the way.", "goal_swap"),
    rule("block_no_camping", "決まり4：出発の陣地に駒を残し続けてはいけません。",
         "Rule 4: pieces may not be kept in the start camp for ever.", "goal_no_camping"),
    rule("tips", "コツ：1つおきに並べてはしごを作る、後ろの駒を残さない、王駒は混んだ所で飛ばす、"
         "ゴールは奥から埋める。",
         "Tips: build ladders of pieces one hole apart, leave no piece behind, use the king where "
         "it is crowded, fill the goal from the back.", "tip_ladder", "tip_no_straggler",
         "tip_king_crowd", "tip_fill_from_back"),
)
