"""Chinese Checkers' rules as data (docs/rules/chinese_checkers.md, "The rules, one by one"): one
entry per rule the rule document gives for it (beside Diamond Game's, whose moves it shares), in
its order, each naming the lessons of :mod:`.lessons` that teach it."""

from __future__ import annotations

from ...core.names import Names
from ...core.rulebook import Rule


def rule(rule_id: str, ja: str, en: str, *lessons: str) -> Rule:
    return Rule(rule_id, Names(ja, en), lessons)


RULES: tuple[Rule, ...] = (
    rule("same_family", "ダイヤモンドゲームと同じ仲間のゲームで、駒の動かし方は同じです。1マス進むか駒を"
         "飛び越して進み、相手の駒は取りません。",
         "A game of Diamond Game's family with the same moves: a piece steps or jumps over "
         "others, and nothing is ever taken.", "step", "jump", "chain", "stop", "no_step_then_jump",
         "no_double_jump", "quiz_far"),
    rule("no_kings", "チャイニーズチェッカーには王駒がありません。どの駒も同じ動きです。",
         "Chinese Checkers has no king: every piece moves alike.", "board"),
    rule("six_colour_board", "6色の盤を使います。121の穴の星で、6つの先がそれぞれ別の色です。",
         "It is played on the six-colour board: the 121-hole star, each of its six points its own "
         "colour.", "board"),
    rule("jump_any", "飛び越す駒は、自分の駒でも相手の駒でも、何色でもかまいません。",
         "The piece jumped may be of any colour, your own included.", "jump", "hop_own"),
    rule("other_points", "自分の出発でもゴールでもない先にも、ふつうの穴と同じように入れます（この遊び場の既"
                         "定）。",
         "Points that are neither your start nor your goal are open like any other holes (asobiba's "
         "default).", "other_points"),
    rule("facing", "2人は向かい合った先から、相手の出発の先を目指します。",
         "Two players start from facing points, each making for the other's start.", "board",
         "goal", "quiz_finish"),
    rule("blocked_goal", "ゴールをふさがれたときの決まりは、ダイヤモンドゲームと同じものから選べます（王駒な"
                         "しの既定は、"
         "ゴールが全部埋まり自分の駒が1つでも入っていれば上がり）。",
         "When the goal is blocked, the same rules as in Diamond Game can be chosen (the default "
         "without kings: a goal filled with at least one piece of yours finishes).",
         "goal_full_with_one", "goal_swap", "goal_no_camping"),
    rule("seats_more", "3人は1つおきの先、4人は向かい合う2組、6人は全部の先を使います。",
         "Three players use every other point, four two facing pairs, six every point.", "seats"),
    rule("long_jump", "長い飛び越しは、海外では「スーパーチャイニーズチェッカー」と呼ばれる遊び方です。",
         "The long jump is the game known abroad as Super Chinese Checkers.", "long_jump"),
    rule("tips", "コツ：はしごを作る、後ろの駒を残さない、ゴールは奥から埋める。",
         "Tips: build ladders, leave no piece behind, fill the goal from the back.", "tip_ladder",
         "tip_no_straggler", "tip_fill_from_back"),
)
