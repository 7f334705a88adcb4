"""How to play Dice Out: one lesson per rule of docs/rules/diceout.md ("A turn", "Dice Out and the result",
"Declaring (option `declare`)", "Set-up (the opening roll and placing the dice)"), each a position read by
the game's own ``state_from_json`` on the 5-rank board, red to move."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.descriptor import Lesson, Solved
from ...core.game import State
from ...core.names import Names
from ...core.registry import make_game

Stacks = Mapping[str, list[tuple[str, int]]]

WHITE = {"b5": [("white", 2)], "c5": [("white", 3)], "d5": [("white", 1)]}
"""White's dice where they start, for lessons about red's dice only."""


def at(stacks: Stacks, **options: Any) -> Callable[[], State]:
    def start() -> State:
        game = make_game("diceout", options)
        data = {"to_move": "red",
                "stacks": {cell: [list(die) for die in stack] for cell, stack in stacks.items()}}
        return game.state_from_json(data)
    return start


def top(state: State, cell: str) -> tuple[str, int] | None:
    """The die on top of ``cell`` as (colour, value), or None for an empty square."""
    stack = state.to_json()["stacks"].get(cell)
    return (stack[-1][0], stack[-1][1]) if stack else None


def shows(cell: str, colour: str, value: int) -> Solved:
    return lambda state: top(state, cell) == (colour, value)


def red_won(state: State) -> bool:
    return state.is_terminal and state.ranks()[0] == 1 and state.ranks()[1] == 2


def lesson(lesson_id: str, title: Names, text: Names, start: Callable[[], State], solved: Solved,
           wrong: Names, illegal: Names, *, marks: tuple[str, ...] = (), moves: int = 1,
           rolls: tuple[int, ...] = (), quiz: bool = False) -> Lesson:
    return Lesson(id=lesson_id, title=title, text=text, start=start, solved=solved, wrong=wrong,
                  illegal=illegal, moves=moves, marks=marks, rolls=rolls, refusal=refusal, quiz=quiz)


NOT_ON_TOP = Names("動かせるのは、自分のダイスで、山の一番上にあるものだけです。",
                   "Only a die of yours on top of its stack may move.")


def refusal(state: State, origin: str, target: str) -> Names | None:
    """What Dice Out's rules say against a move from ``origin`` to ``target`` when it is plain
    (docs/rules/diceout.md, "A turn"): not the mover's top die, not one square away, onto a
    value that is not lower; None otherwise (the lesson states its rule)."""
    data = state.to_json()
    mover, stacks = data.get("to_move"), data.get("stacks", {})
    here, there = stacks.get(origin), stacks.get(target)
    if mover not in ("red", "white") or not here or here[-1][0] != mover:
        return NOT_ON_TOP if mover in ("red", "white") else None
    (f1, r1), (f2, r2) = ((name[:1], name[1:]) for name in (origin, target))
    if not (r1.isdigit() and r2.isdigit() and f2 in "abcde"):
        return None
    if max(abs(ord(f1) - ord(f2)), abs(int(r1) - int(r2))) != 1:
        return ONE_SQUARE
    if there and there[-1][1] >= here[-1][1] % 3 + 1:
        return CLIMB
    return None


ONE_SQUARE = Names("ダイスは縦・横・斜めの隣のマスへ1マスだけ動きます。",
                   "A die moves one square only, to a neighbour in any of the eight directions.")
CLIMB = Names("ほかのダイスに乗れるのは、動いたあとの目が、そこの一番上の目より大きいときだけです。",
              "A die may climb onto a stack only if its value after the move is higher than the "
              "value on top of that stack.")


def moving() -> list[Lesson]:
    return [
        lesson("move", Names("8方向に1マス", "One square, eight directions"),
               Names("手番には自分のダイスを1個選び、縦・横・斜めの8方向のどれかへ1マス動かします。"
                     "動くたびに目が1つ増えます（1→2→3）。印のダイスを斜め前の印のマスへ動かし、目が1から2に"
                     "なるのを見ましょう。",
                     "On your turn pick one of your dice and move it one square in any of the eight "
                     "directions: along a rank, a file or a diagonal. Every move adds one to its "
                     "value (1→2→3). Move the marked die diagonally forward to the marked square "
                     "and watch its 1 become a 2."),
               at({"b1": [("red", 2)], "c2": [("red", 1)], "d1": [("red", 3)], **WHITE}),
               shows("d3", "red", 2),
               Names("そこではありません。斜め前の印のマスへ。", "Not there: diagonally forward, to the "
                                                                 "marked square."),
               ONE_SQUARE, marks=("c2", "d3")),
        lesson("value_wraps", Names("3の次は1", "After 3 comes 1"),
               Names("目は1→2→3と増え、3の次は1に戻ります。目が3のダイスを印のマスへ動かして、1になるのを"
                     "見ましょう。",
                     "Values go 1→2→3, and after 3 the die comes back to 1. Move the die showing 3 "
                     "to the marked square and see it turn to 1."),
               at({"b1": [("red", 2)], "c1": [("red", 1)], "d2": [("red", 3)], **WHITE}),
               shows("d3", "red", 1),
               Names("そこではありません。目が3のダイスを、前の印のマスへ。",
                     "Not there: move the die showing 3 forward to the marked square."),
               ONE_SQUARE, marks=("d2", "d3")),
        lesson("climb", Names("ダイスに乗る", "Climbing onto a die"),
               Names("動いたあとの目が、行き先の一番上の目より大きければ、そのダイスの上に乗れます"
                     "（自分のダイスにも相手のダイスにも）。同じ目や大きい目の上には乗れません。"
                     "比べるのは動いた"
                     "あとの目です。印の白のダイスに乗りましょう。",
                     "A die may climb onto a stack, yours or the other player's, when its value "
                     "after the move is higher than the value on top there; never onto an equal "
                     "or higher one. What counts is the value after the move. Climb onto the "
                     "marked white die."),
               at({"b1": [("red", 2)], "c2": [("red", 1)], "d1": [("red", 3)],
                   "c3": [("white", 1)], "b5": [("white", 2)], "d5": [("white", 3)]}),
               shows("c3", "red", 2),
               Names("乗っていません。印の白のダイスの上へ動かしましょう。",
                     "You did not climb: move onto the marked white die."),
               CLIMB, marks=("c2", "c3")),
        lesson("climb_own", Names("自分のダイスにも乗れる", "Climbing onto your own die"),
               Names("同じ条件（動いたあとの目が大きい）なら、自分のダイスの上にも乗れます。乗られた自分の"
                     "ダイスは、上がどくまで動けません。印の赤のダイス（動くと2）を、隣の自分の1に乗せましょう。",
                     "On the same condition (a higher value after the move) a die may climb onto "
                     "one of your own, which then cannot move until it is uncovered. Climb the "
                     "marked red die (it becomes a 2) onto your own 1 beside it."),
               at({"b1": [("red", 2)], "c2": [("red", 1)], "c3": [("red", 1)], **WHITE}),
               shows("c3", "red", 2),
               Names("乗っていません。印の自分のダイスの上へ動かしましょう。",
                     "You did not climb: move onto your own marked die."),
               CLIMB, marks=("c2", "c3")),
        lesson("top_only", Names("動かせるのは一番上だけ", "Only the top die moves"),
               Names("上に乗られたダイスは、上のダイスがどくまで動けません。"
                     "ダイスの山は高さに限りがありません。"
                     "白に乗られた赤のダイスは動かせないので、ほかの赤のダイスで、印の白の山に乗りましょう。",
                     "A die with another on top cannot move until that one leaves, and stacks may "
                     "grow as high as you like. Your die under the white one is stuck, so climb "
                     "onto the marked white stack with another of your dice."),
               at({"c2": [("red", 1), ("white", 2)], "b1": [("red", 2)], "d1": [("red", 3)],
                   "b5": [("white", 2)], "d5": [("white", 3)]}),
               shows("c2", "red", 3),
               Names("そこではありません。印の山に乗りましょう（乗れるのは目が3になるダイスです）。",
                     "Not there: climb onto the marked stack (with the die that will show 3)."),
               Names("山の下のダイスは動かせません。動かせるのは一番上のダイスだけです。",
                     "A die under another cannot move: only the top die of a stack moves."),
               marks=("b1", "c2")),
        lesson("no_pass", Names("パスはできない", "No passing"),
               Names("手番では、必ず自分のダイスを1個動かします。パスはできません（動かせるダイスが1個もない"
                     "ときだけ、パスになります）。赤の2個は白に乗られて動けないので、"
                     "動かせるのは印のダイスだけです。どこかへ動かしましょう。",
                     "On your turn you must move one of your dice: there is no passing (only when no "
                     "die of yours can move at all is there a pass). Two red dice are "
                     "covered by white ones, so only the marked die can move: move it anywhere."),
               at({"b1": [("red", 2), ("white", 3)], "c1": [("red", 1), ("white", 2)],
                   "d2": [("red", 1)], "c5": [("white", 1)]}),
               lambda state: top(state, "d2") is None,
               Names("印のダイスを動かしましょう。", "Move the marked die."),
               NOT_ON_TOP, marks=("d2",)),
    ]


def winning() -> list[Lesson]:
    manual = {"declare": "manual"}
    return [
        lesson("exit", Names("EXITへ", "To an EXIT"),
               Names("四隅のマスはEXITです。相手側の2つの隅（ここではa5とe5）のどちらかに自分のダイスが着けば"
                     "勝ちです。自分側の隅（a1とe1）に入っても何も起きませんが、"
                     "相手のゴールをふさぐのに使えます。"
                     "印のダイスで、相手側の隅へ。",
                     "The four corners are EXITs. You win when one of your dice reaches either "
                     "corner on the other player's side (here a5 and e5). Your own corners (a1, e1) "
                     "do nothing for you, though a die there blocks them. Take the marked die into "
                     "a corner on the far side."),
               at({"b4": [("red", 1)], "c1": [("red", 2)], "d1": [("red", 3)], **WHITE}),
               red_won,
               Names("まだ勝っていません。相手側の隅a5へ。", "Not won yet: go into the far corner, a5."),
               ONE_SQUARE, marks=("b4", "a5")),
        lesson("exit_climb", Names("EXITのダイスにも乗れる", "Climbing onto a guarded EXIT"),
               Names("自分側のEXITにダイスを置いてふさぐこともできますが、相手は動いたあとの目が大きければ、"
                     "その上に乗れます。乗ったダイスはEXITに着いたので、乗った側の勝ちです。"
                     "a5をふさぐ白の1に、印の赤のダイス（動くと2）で乗りましょう。",
                     "A player may guard an EXIT of their own side with a die, but a die whose value "
                     "after the move is higher may climb onto it, and having reached the EXIT it "
                     "wins. Climb with the marked red die (it becomes a 2) onto the white 1 guarding "
                     "a5."),
               at({"b4": [("red", 1)], "c1": [("red", 2)], "d1": [("red", 3)],
                   "a5": [("white", 1)], "c5": [("white", 3)], "d5": [("white", 2)]}),
               red_won,
               Names("まだ勝っていません。印のダイスで、a5の白のダイスに乗りましょう。",
                     "Not won yet: climb onto the white die on a5 with the marked die."),
               CLIMB, marks=("b4", "a5")),
        lesson("dice_out", Names("ダイスアウト", "Dice Out"),
               Names("ある色の3個のダイスが全部山の一番上にあって同じ目を見せたら、それがダイスアウトです。"
                     "相手の"
                     "ダイスアウトを作れば勝ちです。上に乗っているダイスがどいて、"
                     "下の目が見えたときも同じです。"
                     "印の赤のダイスをどかして、白の3個の目をそろえましょう。",
                     "When all three dice of one colour are on top of their stacks and show the "
                     "same value, that colour shows a Dice Out. Make the other player show one and "
                     "you win — also when a die moves off a stack and uncovers the one below. Move "
                     "the marked red die off and let white's three dice match."),
               at({"c3": [("white", 2), ("red", 3)], "b1": [("red", 2)], "d1": [("red", 3)],
                   "b5": [("white", 2)], "d5": [("white", 2)]}),
               red_won,
               Names("白の目がそろっていません。白のダイスの上の赤をどかしましょう。",
                     "White's values do not match: move the red die off the white one."),
               ONE_SQUARE, marks=("c3",)),
        lesson("own_dice_out", Names("ダイスアウトはEXITより強い", "Dice Out beats an EXIT"),
               Names("自分の手で自分の3個の目をそろえてしまうと、その手がEXITに着いても負けです"
                     "（ロビーの既定「自動」では、その場で負け。「自分で宣言」では、相手が宣言したら"
                     "負け）。EXITに着いても目がそろわないダイスを選んで勝ちましょう。",
                     "If your own move makes your own three dice match, you lose even though the "
                     "move reached an EXIT (at once under the lobby's default, 'Automatic'; "
                     "with 'Declare yourself', once the other player declares it). Pick the die "
                     "that reaches an EXIT without making your dice match, and win."),
               at({"b4": [("red", 1)], "d4": [("red", 2)], "c1": [("red", 2)], **WHITE}),
               red_won,
               Names("自分の目が3つともそろったので、EXITに着いても負けです。もう一方のダイスで。",
                     "Your own three values matched, so you lost despite the EXIT. Use the other "
                     "die."),
               ONE_SQUARE, marks=("b4", "d4")),
        lesson("own_dice_out_declared",
               Names("自分で宣言するときの、自分のダイスアウト", "Your own Dice Out, declared by hand"),
               Names("「自分で宣言」のときは、自分の目をそろえてEXITに着いても、すぐには負けません。"
                     "相手が「ダイスアウト！」と宣言すれば相手の勝ち（ダイスアウトが先）、見送ればEXITの勝ちです。"
                     "ここでは両方を指します。赤の印のダイスをa5へ動かし（赤の目が2・2・2になります）、"
                     "次に白として「ダイスアウト！」を押しましょう。",
                     "With 'declare yourself', reaching an EXIT while your own dice match does not "
                     "lose at once: if the other player declares \u201cDice Out!\u201d they win (Dice Out "
                     "comes first); if they let it go, the EXIT wins. Here you play both sides: move "
                     "red's marked die to a5 (red then shows 2, 2, 2), then, as white, press "
                     "\u201cDice Out!\u201d."),
               at({"b4": [("red", 1)], "d4": [("red", 2)], "c1": [("red", 2)], **WHITE}, **manual),
               lambda state: state.is_terminal and state.ranks()[1] == 1,
               Names("白が宣言していません。赤をa5へ動かしてから、白で「ダイスアウト！」を押します。",
                     "White has not declared: move red to a5, then press \u201cDice Out!\u201d for "
                     "white."),
               ONE_SQUARE, marks=("b4", "a5"), moves=2),
        lesson("declare", Names("「ダイスアウト！」と宣言する", "Declaring \u201cDice Out!\u201d"),
               Names("ロビーで宣言を「自分で宣言」にすると、ダイスアウトは「ダイスアウト！」"
                     "と言って（ボタンを押して）"
                     "初めて勝ちになります。手を指したあとで相手の目がそろっていれば、宣言の機会が来ます。"
                     "白の目を"
                     "そろえてから、宣言しましょう。",
                     "With declaring set to 'declare yourself' in the lobby, a Dice Out wins only "
                     "when you call it: press \u201cDice Out!\u201d. When the other player's dice match "
                     "after your move, you get the chance to declare. Make white's values match, "
                     "then declare."),
               at({"c3": [("white", 2), ("red", 3)], "b1": [("red", 2)], "d1": [("red", 3)],
                   "b5": [("white", 2)], "d5": [("white", 2)]}, **manual),
               red_won,
               Names("宣言しないと、ダイスアウトは勝ちになりません。", "A Dice Out not declared wins "
                                                                       "nothing."),
               ONE_SQUARE, marks=("c3",), moves=2),
        lesson("declare_their_turn", Names("相手が作ったダイスアウト", "A Dice Out the other player made"),
               Names("相手が自分の手で自分の目をそろえてしまうこともあります。そのダイスアウトは、"
                     "あなたの番に、"
                     "指す代わりに宣言できます。白の目がそろっています。宣言しましょう。",
                     "The other player may make their own dice match with their own move. You may "
                     "declare that Dice Out on your turn, instead of moving. White's dice match now: "
                     "declare."),
               at({"b1": [("red", 2)], "c1": [("red", 1)], "d1": [("red", 3)],
                   "b4": [("white", 2)], "c5": [("white", 2)], "d5": [("white", 2)]}, **manual),
               red_won,
               Names("動かすと白の目が変わって、ダイスアウトが消えることがあります。先に宣言しましょう。",
                     "A move may change white's values and the Dice Out is gone: declare first."),
               Names("宣言できるのは、相手のダイスアウトが見えている間だけです。", "You may declare only "
                                                                                   "while the other player "
                                                                                   "shows a "
                                                      "Dice Out."),
               moves=1),
    ]


def opening_roll(red: str, white: str, first: str) -> tuple[int, ...]:
    """The opening roll's outcome with these values (as the notation writes them)."""
    start = make_game("diceout", {}).new_state()
    wanted = f"roll red:{red} white:{white} first:{first}"
    return (next(a for a, _ in start.chance_outcomes() if start.action_to_notation(a) == wanted),)


def openings() -> list[Lesson]:
    """The opening roll and placing the dice (``setup=roll``, ``placement=choose``): who starts,
    and a tie, which is rolled again."""
    new_game = lambda: make_game("diceout", {}).new_state()  # noqa: E731
    placed = Names("目は振ったまま変えられません。変えられるのは並べる順番だけです。",
                   "The values stay as rolled: only their order is yours to choose.")
    return [
        lesson("opening", Names("最初のダイス振りと並べ方", "The opening roll and placing"),
               Names("赤と白に分かれ、それぞれ自分の色のダイス3個を使います。"
                     "はじめに2人とも3個のダイスを振ります（3個とも同じ目なら振り直し）。"
                     "一番大きい目が大きい人が先攻です。先攻から、"
                     "出た目のダイスを自分の1段目の真ん中の3マス"
                     "（b・c・d）に好きな順で並べます。ここでは赤が1・2・3、白が1・1・2を振り、"
                     "3を出した赤が先攻です。「c1に3」となる並べ方のボタンを押しましょう。",
                     "One player takes the three red dice, the other the three white. First both "
                     "roll their three dice (three equal values are rolled again). The higher top "
                     "value starts. The starter, then the other, sets their rolled values in any "
                     "order on the three middle squares of their home rank (b, c, d). Here red "
                     "rolled 1, 2, 3 and white 1, 1, 2, so red, with the 3, starts: press the "
                     "button of an order that puts red's 3 on c1."),
               new_game, shows("c1", "red", 3),
               Names("3がc1にありません。並べ方を選び直しましょう。",
                     "The 3 is not on c1: choose another order."),
               placed, rolls=opening_roll("1,2,3", "1,1,2", "red")),
        lesson("opening_tie", Names("同じ目なら数、それも同じなら振り直し", "A tie at the opening roll"),
               Names("一番大きい目が同じなら、その目のダイスが多い人が先攻です。それも同じなら"
                     "（たとえば3・2・1と3・2・1）、2人とも振り直すので、同点のまま始まることはありません。"
                     "ここでは赤が1・3・3、白が1・2・3で、3が2個の赤が先攻です。"
                     "「c1に1」となる並べ方のボタンを押しましょう。",
                     "When the top values are equal, the player with more dice showing it starts; "
                     "if that is equal too (say 3, 2, 1 against 3, 2, 1) both roll again, so a game "
                     "never starts from a tie. Here red rolled 1, 3, 3 and white 1, 2, 3: red, "
                     "with two 3s, starts. Press the button of an order that puts red's 1 on c1."),
               new_game, shows("c1", "red", 1),
               Names("1がc1にありません。並べ方を選び直しましょう。",
                     "The 1 is not on c1: choose another order."),
               placed, rolls=opening_roll("1,3,3", "1,2,3", "red")),
    ]


QUIZ_WRONG = Names("その手では勝てません。ほかの手を探しましょう。"
                   "", "That move does not win: look for another.")


def quiz() -> list[Lesson]:
    """The self-test: positions without marks where red has a winning move to find."""
    return [
        lesson("quiz_exit", Names("確認1: 勝つ手はどれ？", "Check 1: find the winning move"),
               Names("赤の番です。1手で勝つ手を探しましょう。", "Red to move: find the move that wins "
                                                            "at once."),
               at({"b4": [("red", 2)], "d4": [("red", 1)], "c1": [("red", 3)],
                   "a5": [("white", 3)], "e5": [("white", 1)], "c5": [("white", 2)]}),
               red_won, QUIZ_WRONG, CLIMB, quiz=True),
        lesson("quiz_uncover", Names("確認2: 勝つ手はどれ？", "Check 2: find the winning move"),
               Names("赤の番です。1手で勝つ手を探しましょう。", "Red to move: find the move that wins "
                                                            "at once."),
               at({"c4": [("white", 1), ("red", 2)], "b2": [("red", 1)], "d1": [("red", 3)],
                   "b5": [("white", 1)], "e4": [("white", 1)]}),
               red_won, QUIZ_WRONG, ONE_SQUARE, quiz=True),
        lesson("quiz_own", Names("確認3: 勝つ手はどれ？", "Check 3: find the winning move"),
               Names("赤の番です。1手で勝つ手を探しましょう。", "Red to move: find the move that wins "
                                                            "at once."),
               at({"b4": [("red", 2)], "d4": [("red", 3)], "c2": [("red", 3)], **WHITE}),
               red_won, QUIZ_WRONG, ONE_SQUARE, quiz=True),
    ]


def lessons() -> list[Lesson]:
    """Dice Out's lessons, in the order of its rules page."""
    return [*moving(), *winning(), *openings(), *quiz()]
