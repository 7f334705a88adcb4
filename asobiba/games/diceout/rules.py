"""Dice Out's rules as data (docs/rules/diceout.md, "The rules, one by one"): one entry per rule
of the game's rule document, in its order, each naming the lessons of :mod:`.lessons` that teach
it."""

from __future__ import annotations

from ...core.names import Names
from ...core.rulebook import Rule


def rule(rule_id: str, ja: str, en: str, *lessons: str) -> Rule:
    return Rule(rule_id, Names(ja, en), lessons)


RULES: tuple[Rule, ...] = (
    rule("players", "2人で遊びます。それぞれ自分の色のダイス3個を駒にして、交互に1個ずつ動かします。",
         "Two players, each with three dice of their colour as pieces, take turns moving one of them.",
         "move", "opening"),
    rule("win_exit", "自分のダイス1個を、相手側の左右どちらかのEXITマスに着ければ勝ちです。",
         "You win when one of your dice reaches either EXIT square on the other player's side.",
         "exit", "quiz_exit"),
    rule("win_dice_out", "相手の3個のダイスが全部同じ目になった瞬間に「ダイスアウト！」と宣言すれば勝ちです"
                         "。",
         "You win by calling \u201cDice Out!\u201d the moment the other player's three dice all "
         "show the same value.", "dice_out", "declare"),
    rule("colours", "道具は赤と白のダイス3個ずつとボード。赤か白を受け持ち、自分の色の3個を使います。",
         "The set is three red dice, three white dice and a board; each player takes one colour and "
         "plays its three dice.", "opening"),
    rule("opening_roll", "はじめに2人とも3個を同時に振り、一番大きい目が大きい人が先攻です。",
         "To begin, both roll their three dice at once; the higher top value starts.", "opening"),
    rule("opening_count", "一番大きい目が同じなら、その目のダイスが多い人が先攻です（3・3・1は3・2・1より先"
                          "）。",
         "With equal top values, the player with more dice showing it starts (3, 3, 1 starts "
         "before 3, 2, 1).", "opening_tie"),
    rule("opening_tie", "それも同じなら、2人とも振り直します。",
         "If that is equal too, both roll again.", "opening_tie"),
    rule("opening_triple", "このとき自分の3個が全部同じ目になった人も、振り直します。",
         "A player whose three dice show the same value at this roll rolls again too.", "opening"),
    rule("placing", "先攻、後攻の順に、振った目のまま3個を自陣手前の中央3マスに横一列に並べます。",
         "The starter, then the other, set their three dice with the values rolled in a row on the "
         "three middle squares of their home rank.", "opening", "opening_tie"),
    rule("exit_squares", "自陣手前の列の左右の端（盤の四隅）がEXITマスです。",
         "The squares at both ends of each home rank, the four corners, are the EXIT squares.",
         "exit"),
    rule("turns", "先攻から始め、交互に手番を行います。", "The starter moves first, then the players "
                                                          "take turns.", "move"),
    rule("move_one", "手番には自分のダイスを1個選び、縦・横・斜めの8方向のどれかへ1マス動かします。",
         "On your turn choose one of your dice and move it one square in any of the eight "
         "directions.", "move"),
    rule("value_up", "動かしたダイスは目を1つ増やします。1→2→3と進み、3の次は1に戻ります。",
         "The moved die goes up by one: 1 → 2 → 3, and after 3 comes 1.", "move", "value_wraps"),
    rule("no_pass", "原則としてパスはできません。", "As a rule there is no passing.", "no_pass"),
    rule("climb_higher", "行き先に相手のダイスがあれば、動いたあとの目がそれより大きいときだけ、その上に乗れ"
                         "ます。"
         "同じ目や小さい目には乗れません。",
         "Onto a square holding the other player's die you may move only if your value after the "
         "move is higher than its value; never onto an equal or higher one.", "climb", "quiz_exit"),
    rule("climb_after", "比べるのは、動かしたあとの目です。", "What is compared is the value after the "
                                                              "move.", "climb", "value_wraps"),
    rule("covered_stuck", "乗られた下のダイスは動けません。上のダイスがどけば、また動けます。",
         "A die with another on top cannot move; once the top die moves away it can move again.",
         "top_only", "no_pass"),
    rule("no_limit", "重ねる数に限りはありませんが、動かせるのは一番上のダイスだけです。",
         "Stacks may grow without limit, but only the top die of a stack moves.", "top_only"),
    rule("climb_own", "目の条件を満たせば、自分のダイスの上にも乗れます。",
         "Meeting the same condition, a die may climb onto your own dice too.", "climb",
         "climb_own"),
    rule("declare", "相手の3個が全部同じ目になった瞬間に「ダイスアウト！」と宣言すると、宣言された側の負けで"
                    "す。",
         "Declaring \u201cDice Out!\u201d the moment the other player's three dice match makes "
         "that player lose.", "declare", "dice_out"),
    rule("declare_any_turn", "宣言は自分の手番に限らず、相手の手番でも、目がそろった瞬間ならできます。",
         "You may declare not only on your turn but on the other player's too, the moment their "
         "dice match.", "declare_their_turn", "own_dice_out_declared"),
    rule("declare_after_move", "ダイスが動いて目が変わった直後は、宣言の機会です。",
         "Right after a die has moved and changed its value is a moment to declare.", "declare"),
    rule("declare_uncovered", "上のダイスがどいて下の目が見えたときも、宣言の機会です。",
         "So is the moment a top die moves away and shows the face below it.", "dice_out",
         "quiz_uncover"),
    rule("undeclared", "目がそろっていても、宣言されなければ負けにはなりません。",
         "Matching dice that nobody declares lose nothing.", "declare", "declare_their_turn"),
    rule("guard_exit", "自分側のEXITマスにダイスを置いて、相手が着くのをふさげます。",
         "A die of yours on an EXIT square of your own side blocks the other player from it.",
         "exit", "exit_climb"),
    rule("climb_exit", "ただし相手は、動いたあとの目が大きければ、そのダイスに乗って勝てます。",
         "But the other player may climb onto that die with a higher value after the move, and "
         "win.", "exit_climb", "quiz_exit"),
    rule("dice_out_first", "EXITへの手で自分の3個がそろい、相手に宣言されたら、ダイスアウトが先で負けです。",
         "If the move onto an EXIT makes your own three dice match and the other player declares "
         "it, the Dice Out comes first and you lose.", "own_dice_out", "own_dice_out_declared",
         "quiz_own"),
)
