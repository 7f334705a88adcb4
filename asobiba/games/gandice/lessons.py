"""How to play Gandice: one lesson per rule of docs/rules/gandice.md ("Summoning", "A turn",
"The attack", "Cards", "Super-eye fusion", "Core fusion"), then the
rules' example battle ("The example battle", :mod:`.example`) replayed exchange by exchange, and
a short self-test. English texts name the dice by the English names the mat shows.

Each lesson is a script in the game's own notation: the lines before the task are played from the
start to make the position (summon rolls included, so every position is one the engine reached),
and the task's lines are what the learner does — its decisions are the learner's moves, its chance
lines become the lesson's fixed rolls. A lesson is done when the learner reaches the position the
script reaches (or the lesson's own test says so)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...core.descriptor import Lesson, Solved, Term
from ...core.game import State
from ...core.lessons import replay
from ...core.names import Names
from ...core.registry import make_game
from . import example

EXAMPLE = {"decks": ["yami", "isurugi"], "first": "p1"}
"""The example battle's decks: 闇ダイス組 (p1, attacks first) against イスルギ組."""


def play(options: Mapping[str, Any], lines: Sequence[str]) -> State:
    state = make_game("gandice", dict(options)).new_state()
    for line in lines:
        state = state.play_notation(line)
    return state


@dataclass(frozen=True)
class Script:
    """A position (``options`` and the ``opening`` lines played from the start) and the task's
    lines from there."""

    options: Mapping[str, Any]
    opening: tuple[str, ...]
    task: tuple[str, ...]

    def start(self) -> State:
        return play(self.options, self.opening)

    def split(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The task's chance outcomes and its decisions (action ids, in order)."""
        state = self.start()
        rolls: list[int] = []
        decisions: list[int] = []
        for line in self.task:
            action = state.notation_to_action(line)
            (rolls if state.is_chance else decisions).append(action)
            state = state.play(action)
        return tuple(rolls), tuple(decisions)


def scripted(lesson_id: str, title: Names, text: Names, script: Script, *, wrong: Names,
             illegal: Names, solved: Solved | None = None, hint: Names | None = None) -> Lesson:
    rolls, decisions = script.split()
    goal: list[object] = []

    def reached(state: State) -> bool:
        """The position the script's decisions lead to, chance settled as the lesson settles it
        (worked out on first use)."""
        if not goal:
            goal.append(replay(replace(built, solved=lambda _: False), decisions).state.key())
        return state.key() == goal[0]

    built = Lesson(id=lesson_id, title=title, text=text, start=script.start,
                   solved=solved or reached, wrong=wrong, illegal=illegal, moves=len(decisions),
                   rolls=rolls, hint=hint)
    return built


OPENING = example.OPENING
"""The example battle's opening summon: ギダン summoned, 爪牙 unsummoned, 美雅羅 half-summoned;
イスルギ組 all summoned by one die standing."""

ONLY_SUMMONED = Names("攻撃できるのは「召喚」状態の自分のダイスだけです。"
                      "半召喚・未召喚のダイスは攻撃できません。"
                      "アイテムダイスは狙えません。",
                      "Only a die of yours that is summoned may attack; half-summoned and unsummoned "
                      "dice cannot. Item dice are never a target.")
PICK_AGAIN = Names("ほかの選び方をしました。もう一度、文のとおりに選びましょう。",
                   "That was another choice: try again as the text says.")


def taught(lesson_id: str, title: Names, text: Names, script: Script, *,
           hint: Names | None = None, solved: Solved | None = None) -> Lesson:
    """A lesson with the answers every Gandice lesson gives."""
    return scripted(lesson_id, title, text, script, wrong=PICK_AGAIN, illegal=ONLY_SUMMONED,
                    hint=hint, solved=solved)


def buried(seat: int, die: str) -> Solved:
    """Solved when the die ``die`` (catalog id) of ``seat`` is in the graveyard."""
    return lambda state: any(d["id"] == die for d in state.to_json()["players"][seat]["graveyard"])


def last_shown(seat: int, die: str, outcome: str) -> Solved:
    """Solved when the die ``die`` (catalog id) of ``seat`` is in play and last showed
    ``outcome``."""
    def solved(state: State) -> bool:
        data = state.to_json()
        uids = {d["uid"] for d in data["players"][seat]["dice"] if d["id"] == die}
        return any(uid in uids and shown == outcome for uid, shown in data["shown"])
    return solved


def set_up_lessons() -> list[Lesson]:
    """Decks, cards and the number of players (docs/rules/gandice.md, "Decks")."""
    three = {"players": 3, "decks": ["yami", "isurugi", "chogan"], "first": "p1"}
    return [
        taught("deck", Names("デッキと小札絵", "The deck and the cards"),
               Names("デッキはダイス5個です。キャラダイス・武具ダイス・呪術ダイスの組み合わせは自由。"
                     "同じ系統の進化ダイスはデッキとは別に、いくつでも用意できます。小札絵はデッキのキャラダイスと"
                     "同じものだけ、3枚まで使えます。心眼組（5個と、脇の進化ダイス真・イスルギ、小札絵2枚）で、"
                     "イスルギを押してからギダンを押し、攻撃しましょう。",
                     "A deck is five dice, any mix of character, weapon and curse dice. Evolution "
                     "dice of the same family are kept aside, outside the five, as many as you like. "
                     "Cards may be used only for characters in the deck, three at most. With the "
                     "Mind's Eye set (five dice, True Isurugi aside, two cards), press Isurugi, then "
                     "Gidan, to attack."),
               Script(CORE, CORE_OPENING, ("attack イスルギ>ギダン",)),
               hint=Names("イスルギを押してから、ギダンを押します。", "Press Isurugi, then Gidan.")),
        taught("players", Names("2人から4人まで", "Two players, or three or four"),
               Names("対戦は1対1が基本ですが、3人や4人でも遊べます。番は席の順に回り、どの相手のキャラダイスも"
                     "狙えます。ここは3人です。ギダンを押してから、3人目の武王を押して攻撃しましょう。",
                     "A battle is one against one in principle, but three or four may play. Turns "
                     "go round the seats, and any opponent's character die may be attacked. Here "
                     "three play: press Gidan, then Player 3's Warrior King, to attack."),
               Script(three, ("roll ギダン:special", "roll 爪牙:side", "roll 美雅羅:face:2",
                              "roll イスルギ:special", "roll 紅蓮のイスルギ:face:3"
                                                   "", "roll 青嵐のイスルギ:face:1",
                              "roll 武王:special", "roll 鰐蛇:face:2", "roll 雷爪:face:4"),
                      ("attack ギダン>武王@p3",)),
               hint=Names("ギダンを押してから、武王を押します。", "Press Gidan, then Warrior King.")),
    ]


def summon_lessons() -> list[Lesson]:
    return [
        taught("summon", Names("召喚と3つの状態", "The summon and its three states"),
               Names("対戦のはじめに、全員が自分のキャラダイスを全部振ります（眼魔召喚）。"
                     "特殊目なら「召喚」、"
                     "通常目（1〜6）なら「半召喚」、閉じ目（0）か横倒しなら「未召喚」です。"
                     "立ち・逆立ちが1個でも"
                     "出れば、その人のキャラは全部召喚（全召喚）。全部が立ち・逆立ちなら、その場で勝ちです（全開召喚）。"
                     "イスルギ組は紅蓮のイスルギが立ったので全召喚です。"
                     "攻撃できるのは召喚されたダイスだけ。召喚されたギダンで、"
                     "紅蓮のイスルギを攻撃しましょう。",
                     "At the start everyone rolls all their character dice (the summon, \u201cGanma, "
                     "summon!\u201d). The special eye summons a die; a face of 1 to 6 half-summons it; "
                     "the closed eye (0) or a die on its side leaves it unsummoned. One die standing "
                     "or upside down summons all of its owner's characters, and all of them "
                     "standing wins the battle at once (the full-open summon). Crimson Isurugi "
                     "stood, so the whole Isurugi set is summoned. Only summoned dice attack: "
                     "press your summoned Gidan, then Crimson Isurugi."),
               Script(EXAMPLE, OPENING, ("attack ギダン>紅蓮のイスルギ",)),
               hint=Names("ギダンを押してから、紅蓮のイスルギを押します。",
                          "Press Gidan, then Crimson Isurugi.")),
        taught("resummon", Names("再召喚チャレンジ", "The re-summon challenge"),
               Names("攻撃の代わりに「再召喚チャレンジ」もできます。"
                     "残っている自分のキャラダイスを全部振り直し、"
                     "召喚の表をもう一度当てはめます（召喚済みのダイスも振り直すので、"
                     "下がることもあります）。"
                     "「再召喚チャレンジ」のボタンを押しましょう。",
                     "Instead of attacking you may take the re-summon challenge: roll all your "
                     "remaining character dice again, summoned ones too, and read the summon table "
                     "afresh (a summoned die may come out lower). Press the re-summon challenge "
                     "button."),
               Script(EXAMPLE, OPENING, ("resummon", "roll ギダン:special", "roll 爪牙:special",
                                         "roll 美雅羅:face:3"))),
    ]


def attack_lessons() -> list[Lesson]:
    after_first = (*OPENING, *example.EXCHANGES[0])
    return [
        taught("targets", Names("狙えるのはキャラダイスだけ", "Only character dice are targets"),
               Names("攻撃では、相手のキャラダイスを1つ指名します。召喚・半召喚・未召喚のどれでも狙えますが、"
                     "武具ダイスや呪術ダイスは狙えません。イスルギ組の番です。イスルギを押してから、"
                     "半召喚の美雅羅を押して攻撃しましょう。",
                     "An attack names one character die of the opponent: summoned, half-summoned "
                     "or unsummoned, any may be the target, but weapon and curse dice never are. "
                     "The Isurugi set is to move: press Isurugi, then the half-summoned Bigara."),
               Script(EXAMPLE, after_first, ("attack イスルギ>美雅羅", "roll イスルギ:face:4",
                                             "roll 美雅羅:face:2")),
               hint=Names("イスルギを押してから、美雅羅を押します。", "Press Isurugi, then Bigara.")),
        taught("attack_values", Names("攻撃と防御のロール", "The attack and the defence roll"),
               Names("攻撃すると（開眼！）、攻撃側が振り、次に防御側が振ります。通常目はその数、"
                     "特殊目は3として"
                     "比べ、大きい方の勝ち。攻撃側が上なら防御側のダイスは墓場へ、"
                     "防御側が上なら何も変わりません。"
                     "ギダンを押してからイスルギを押して攻撃しましょう（ギダンは4、イスルギは2を出します）。",
                     "In an attack (\u201cEyes open!\u201d) the attacker rolls, then the defender. A "
                     "face counts its number, the special eye 3; the higher total wins. If the "
                     "attacker's is higher the defender's die goes to the graveyard; if the "
                     "defender's, nothing changes. Press Gidan, then Isurugi (Gidan will show 4, "
                     "Isurugi 2)."),
               Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:4",
                                         "roll イスルギ:face:2"))),
        taught("stand", Names("立ち・逆立ちは一撃", "Standing or upside down: one blow"),
               Names("ダイスが立つ（逆立ちも同じ）のは一撃の目です。攻撃側が立てば、"
                     "防御側は振らずに墓場へ。"
                     "防御側が立てばカウンター成功で、攻撃側のダイスが墓場へ行きます。"
                     "ギダンを押してから青嵐のイスルギを押して攻撃しましょう（ギダンが立ちます）。",
                     "A die standing on end (or upside down) is a one-blow result. If the attacker "
                     "stands, the defender goes to the graveyard without rolling; if the defender "
                     "stands, its counter sends the attacker to the graveyard. Press Gidan, then "
                     "Storm-blue Isurugi (Gidan will stand)."),
               Script(EXAMPLE, OPENING, ("attack ギダン>青嵐のイスルギ", "roll ギダン:stand"))),
        taught("counter", Names("カウンター", "The counter"),
               Names("防御側のダイスが立つ（逆立ちも同じ）と、カウンター成功です。"
                     "攻撃したダイスのほうが墓場へ"
                     "行きます。ギダンを押してからイスルギを押して攻撃しましょう（イスルギが立ちます）。",
                     "When the defender's die stands on end (or upside down), its counter "
                     "succeeds: the attacking die goes to the graveyard instead. Press Gidan, then "
                     "Isurugi (Isurugi will stand)."),
               Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:2",
                                         "roll イスルギ:stand"))),
        taught("side", Names("横倒しは失敗", "On its side: a failure"),
               Names("横に倒れたダイスは失敗です。攻撃側なら攻撃はそこで失敗して手番が終わり、"
                     "防御側なら防御に"
                     "失敗して負けます。ギダンを押してからイスルギを押して攻撃しましょう"
                     "（イスルギが横倒しになります）。",
                     "A die falling on its side fails: an attacker's attack fails and the turn "
                     "ends; a defender's defence fails and it loses. Press Gidan, then Isurugi "
                     "(Isurugi will fall on its side)."),
               Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:1",
                                         "roll イスルギ:side"))),
        taught("items", Names("特殊目とアイテム", "The special eye and items"),
               Names("特殊目を出した側は、"
                     "アイテムを1つ使えます（武具ダイス・呪術ダイス・小札絵・合身のどれか、"
                     "または使わない）。アイテムダイスは振った目を足し、特殊目なら3とボーナスを足します。"
                     "使ったアイテム"
                     "ダイスは墓場へ。半召喚のダイスはアイテムを使えません。"
                     "ギダンを押してから紅蓮のイスルギを押して攻撃し、"
                     "武具・羅のボタンを押しましょう。",
                     "A side whose die showed the special eye may use one item (a weapon die, a "
                     "curse die, a card or a fusion) or none. An item die adds the face it rolls; "
                     "its special eye adds 3 plus its bonus. A used item die goes to the graveyard, "
                     "and half-summoned dice use no items. Press Gidan, then Crimson Isurugi, and "
                     "then the button for Arms: Ra."),
               Script(EXAMPLE, OPENING, ("attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
                                         "roll 紅蓮のイスルギ:face:4", "item 武具・羅",
                                         "roll 武具・羅:special"))),
        taught("defender_item", Names("防御側は後から選ぶ", "The defender chooses second"),
               Names("アイテムは攻撃側が先に選び、防御側はその合計を見てから選べます。後攻の代わりの"
                     "チャンスです。ギダンは特殊目3と武具・黒鉄の4で7。防御の紅蓮のイスルギ（特殊目3）は、"
                     "このままでは負けます。武具・羅のボタンを押しましょう。",
                     "The attacker chooses an item first; the defender chooses after seeing the "
                     "attacker's total, which makes up for defending. Gidan has 3 from its special "
                     "eye and 4 from Arms: Black Iron: 7. The defending Crimson Isurugi (special "
                     "eye, 3) would lose as it stands: press the button for Arms: Ra."),
               Script(EXAMPLE, (*OPENING, "attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
                                "roll 紅蓮のイスルギ:special", "item 武具・黒鉄", "roll 武具・黒鉄:face:4"),
                      ("item 武具・羅", "roll 武具・羅:special"))),
        taught("tie", Names("同点", "A tie"),
               Names("合計が同じなら、攻撃側はそのまま、防御側が1段下がります（召喚→半召喚→未召喚）。"
                     "ギダンを押してからイスルギを押して攻撃しましょう（どちらも3を出します）。",
                     "On equal totals the attacker stays as it is and the defender drops one step "
                     "(summoned → half-summoned → unsummoned). Press Gidan, then Isurugi (both will "
                     "show 3)."),
               Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:3",
                                         "roll イスルギ:face:3"))),
        taught("betrayal", Names("裏切り", "Betrayal"),
               Names("呪術・笑童児のように「裏切り」の力を持つアイテムダイスが特殊目を出すと、"
                     "この勝負の相手の"
                     "キャラダイスを1つ、今の状態のまま自分のデッキへ移せます。"
                     "戦っているダイスは選べません。"
                     "ここでは両方を指します。ギダンを押してから青嵐のイスルギを押し、攻撃側は"
                     "「アイテムを使わない」、防御側は呪術・笑童児のボタンを押して、"
                     "最後に美雅羅を取るボタンを押しましょう。",
                     "When an item die with the betrayal power, such as Curse: Laughing Child, "
                     "shows its special eye, its owner takes one character die of this exchange's "
                     "opponent into their own deck, as it stands; the die fighting cannot be taken. "
                     "Here you play both sides: press Gidan, then Storm-blue Isurugi; for the "
                     "attacker press \u201cuse no item\u201d, for the defender the button for Curse: "
                     "Laughing Child, and last the button that takes Bigara."),
               Script(EXAMPLE, (*OPENING, *example.EXCHANGES[0], *example.EXCHANGES[1]),
                      example.EXCHANGES[2])),
    ]


CORE = {"decks": ["shingan", "yami"], "first": "p1"}
"""心眼組 (core dice, an evolution die aside, cards) against 闇ダイス組."""
CORE_OPENING = ("roll 獣幽士:special", "roll 闘奇子:special", "roll 機改人:face:2", "roll イスルギ:special",
                "roll ギダン:face:3", "roll 爪牙:face:2", "roll 美雅羅:face:1")
SUPER = {"decks": ["chogan", "isurugi"], "first": "p1"}
"""超眼組 (a super-eye die and its partners) against イスルギ組."""
SUPER_OPENING = ("roll 武王:special", "roll 鰐蛇:special", "roll 雷爪:special", "roll イスルギ:face:2",
                 "roll 紅蓮のイスルギ:face:3", "roll 青嵐のイスルギ:face:4")
SUPER_FUSED = (*SUPER_OPENING, "attack 武王>イスルギ", "roll 武王:special", "roll イスルギ:face:2",
               "fuse 鰐蛇", "roll 武王:face:4", "resummon", "roll 紅蓮のイスルギ:special",
               "roll 青嵐のイスルギ:special", "attack 雷爪>紅蓮のイスルギ", "roll 雷爪:side")
"""武王 and 鰐蛇 fused (they won their attack and stay fused); イスルギ組 to attack."""
CORE_FUSED = (*CORE_OPENING, "attack 獣幽士>爪牙", "roll 獣幽士:special", "roll 爪牙:face:2",
              "fuse 闘奇子+機改人", "roll 獣幽士:special", "roll 闘奇子:face:3", "roll 機改人:face:2",
              "resummon", "roll ギダン:special", "roll 美雅羅:special")
"""獣幽士, 闘奇子 and 機改人 fused (they won their attack); 心眼組 to move."""
CORE_DEFENDS = (*CORE_FUSED, "attack イスルギ>美雅羅", "roll イスルギ:side")
"""The same, 闇ダイス組 to attack the fused core."""


def evolution_lessons() -> list[Lesson]:
    """The evolution challenge, won and failed."""
    return [
        taught("evolution", Names("進化チャレンジ", "The evolution challenge"),
               Names("攻撃に勝ったダイスは、同じ系統の進化ダイスを脇に持っていれば進化チャレンジができます"
                     "（開眼！進化チャレンジ）。勝ったキャラダイスをもう一度振って特殊目なら、"
                     "そのダイスは進化ダイスと入れ替わります"
                     "（召喚状態で、元には戻りません）。イスルギを押してからギダンを押して攻撃して勝ち、"
                     "真・イスルギへ進化するボタンを押しましょう。",
                     "A die that wins its attack may try the evolution challenge (\u201cEyes open! "
                     "Evolution challenge\u201d) when its owner keeps an evolution die of its family "
                     "aside. Roll the winning character die again: on the special eye the evolution "
                     "die takes its place for good, summoned. Press Isurugi, then Gidan, win, and "
                     "press the button to evolve into True Isurugi."),
               Script(CORE, CORE_OPENING, ("attack イスルギ>ギダン", "roll イスルギ:stand",
                                           "evolve 真・イスルギ", "roll イスルギ:special"))),
        taught("evolution_fail", Names("進化の失敗", "A failed evolution"),
               Names("進化チャレンジは、攻撃に勝った直後だけできます。特殊目が出なければ何も起きず、"
                     "失っても損はありません（ダイスはそのまま、進化ダイスも脇に残ります）。"
                     "イスルギを押してからギダンを押して攻撃して勝ち、真・イスルギへ進化するボタンを押しましょう"
                     "（今度は2が出ます）。",
                     "The evolution challenge comes only right after winning an attack. If the "
                     "special eye does not show, nothing happens and nothing is lost: the die stays "
                     "as it was and the evolution die stays aside. Press Isurugi, then Gidan, win, "
                     "and press the button to evolve into True Isurugi (this time it shows 2)."),
               Script(CORE, CORE_OPENING, ("attack イスルギ>ギダン", "roll イスルギ:stand",
                                           "evolve 真・イスルギ", "roll イスルギ:face:2")),
               solved=lambda state: buried(1, "gidan")(state)
               and last_shown(0, "isurugi", "face:2")(state)),
    ]


def card_lesson() -> Lesson:
    return taught("card", Names("小札絵", "Cards"),
                  Names("小札絵は、特殊目を出したときにアイテムの代わりに1回だけ使える札です。"
                        "効果は札ごとに決まっていて、"
                        "小札絵・武王は合計に2を足します。武王を押してからイスルギを押して攻撃し、"
                        "3対4で負けそうなところを小札絵・武王のボタンで逆転しましょう。",
                        "A card is played once, instead of an item, after a special eye (\u201cSpecial "
                        "power, go!\u201d); each card has its own effect, and Card: Warrior King adds 2 "
                        "to the total. Press Warrior King, then Isurugi, and, 3 against 4 behind, "
                        "turn it round with the button for Card: Warrior King."),
                  Script(SUPER, SUPER_OPENING, ("attack 武王>イスルギ", "roll 武王:special",
                                                "roll イスルギ:face:4", "card 小札絵・武王")))


def super_lessons() -> list[Lesson]:
    """Super-eye fusion: fusing, a fused special eye, and the fused unit defending."""
    return [
        taught("super_eye", Names("超眼の合身", "Super-eye fusion"),
               Names("超眼ダイスが特殊目を出したら、アイテムの代わりに、"
                     "召喚されている相棒のダイス1つと合身できます"
                     "（超眼・合身！）。半召喚・未召喚の相棒とは合身できません。"
                     "合身したユニットはすぐに合身用の表（横倒しなし）で振り直します。"
                     "武王を押してからイスルギを押して攻撃し、特殊目のあとで鰐蛇と合身するボタンを押しましょう。",
                     "When a super-eye die shows its special eye it may, instead of an item, fuse "
                     "with one summoned partner (\u201cSuper eyes, fuse!\u201d); a half-summoned or "
                     "unsummoned partner cannot fuse. The fused unit rolls again at once on its "
                     "fused table, which has no side. Press Warrior King, then Isurugi, and after "
                     "the special eye press the button to fuse with Croc Serpent."),
               Script(SUPER, SUPER_OPENING, ("attack 武王>イスルギ", "roll 武王:special",
                                             "roll イスルギ:face:2", "fuse 鰐蛇", "roll 武王:stand"))),
        taught("fused_items", Names("合身ダイスの特殊目", "A fused die's special eye"),
               Names("合身したダイスが特殊目を出すと、アイテムダイスや小札絵がもう一度使えます"
                     "（合身は1回だけ）。武王を押してからイスルギを押して攻撃し、鰐蛇と合身し、"
                     "合身の特殊目のあとで小札絵・武王のボタンを押しましょう。",
                     "When the fused die shows its special eye, item dice and cards open again "
                     "(there is only one fusion). Press Warrior King, then Isurugi, fuse with Croc "
                     "Serpent, and after the fused special eye press the button for Card: Warrior "
                     "King."),
               Script(SUPER, SUPER_OPENING, ("attack 武王>イスルギ", "roll 武王:special",
                                             "roll イスルギ:face:2", "fuse 鰐蛇", "roll 武王:special",
                                             "card 小札絵・武王"))),
        taught("super_hold", Names("合身ユニットの防御成功", "A fused unit holds"),
               Names("防御する合身ユニットが攻撃側を上回れば防御成功で、合身のまま次の番へ進みます。"
                     "イスルギ組の番です。紅蓮のイスルギを押してから武王を押して攻撃しましょう（2対4）。",
                     "A defending fused unit that beats the attacker holds, and stays fused for the "
                     "turns to come. The Isurugi set is to move: press Crimson Isurugi, then Warrior "
                     "King (2 against 4)."),
               Script(SUPER, SUPER_FUSED, ("attack 紅蓮のイスルギ>武王", "roll 紅蓮のイスルギ:face:2",
                                           "roll 武王:face:4"))),
        taught("super_defence", Names("合身ユニットの防御", "A fused unit defending"),
               Names("合身ユニットが防御するとき、相手を上回れば防御成功で合身のまま次の番へ、同点なら合身を"
                     "解いて2つとも召喚状態に戻り、負ければ合身を解いて、持ち主が選んだ片方が墓場へ行きます。"
                     "イスルギ組の番です。紅蓮のイスルギを押してから武王を押して攻撃しましょう（3対3の同点）。",
                     "When a fused unit defends: if it beats the attacker the defence holds and it "
                     "stays fused; on a tie it parts and both dice are summoned again; if it loses "
                     "it parts and its owner sends one of the two to the graveyard. The Isurugi set "
                     "is to move: press Crimson Isurugi, then Warrior King (3 against 3, a tie)."),
               Script(SUPER, SUPER_FUSED, ("attack 紅蓮のイスルギ>武王", "roll 紅蓮のイスルギ:face:3",
                                           "roll 武王:face:3")),
               hint=Names("紅蓮のイスルギを押してから、武王を押します。",
                          "Press Crimson Isurugi, then Warrior King.")),
        taught("super_loss", Names("合身ユニットが負けたら", "When a fused unit loses"),
               Names("合身ユニットが負けると合身が解け、持ち主が2つのうち好きな方を墓場へ送り、"
                     "もう一方は召喚状態で残ります。ここでは両方を指します。紅蓮のイスルギを押してから"
                     "武王を押して攻撃し（5対3）、超眼組として鰐蛇を墓場へ送るボタンを押しましょう。",
                     "A fused unit that loses parts: its owner sends either of the two to the "
                     "graveyard, and the other stays, summoned. Here you play both sides: press "
                     "Crimson Isurugi, then Warrior King (5 against 3), then, for the Super Eye "
                     "set, press the button that sends Croc Serpent to the graveyard."),
               Script(SUPER, SUPER_FUSED, ("attack 紅蓮のイスルギ>武王", "roll 紅蓮のイスルギ:face:5",
                                           "roll 武王:face:3", "bury 鰐蛇"))),
    ]


def core_lessons() -> list[Lesson]:
    """Core fusion: fusing, the fused pair's roll, and the fused core defending."""
    return [
        taught("core", Names("核の合身", "Core fusion"),
               Names("核ダイスが特殊目を出したら、アイテムの代わりに相棒の核ダイス2個を呼んで振り直せます"
                     "（心眼・合身！）。呼ぶ2個は未召喚・半召喚でもかまいません。"
                     "特殊目なら合身して、呼んだ2個の合計がこの勝負の目になります。"
                     "立ち・逆立ちなら"
                     "合身してこの勝負に勝ちます。それ以外の目なら合身せず、その目で判定です。"
                     "獣幽士を押してからギダンを押して攻撃し、闘奇子と機改人を呼ぶボタンを押しましょう。",
                     "When a core die shows its special eye it may, instead of an item, call two "
                     "partner core dice, even unsummoned or half-summoned ones, and roll again "
                     "(\u201cMind's eyes, fuse!\u201d): the special eye fuses them and the two called "
                     "dice are rolled for this side's total; standing or upside down fuses them and "
                     "wins the exchange outright; any other result is judged as it is, unfused. "
                     "Press Beast Phantom, then Gidan, and press the button that calls Battle "
                     "Oddling and Remade Man."),
               Script(CORE, CORE_OPENING, ("attack 獣幽士>ギダン", "roll 獣幽士:special",
                                           "roll ギダン:face:2", "fuse 闘奇子+機改人", "roll 獣幽士:stand"))),
        taught("core_pair", Names("合身した核は2個で振る", "A fused core rolls two dice"),
               Names("合身した核は、それからずっと2個のダイスを振った合計で戦います。攻撃は強くなりますが、"
                     "核ダイスはほとんど立ち・逆立ちが出ないので、一撃必殺はまず望めません。"
                     "獣幽士を押してからギダンを押して攻撃しましょう（4と3で7、ギダンは5）。",
                     "A fused core fights from then on with the sum of two dice. That makes it "
                     "strong, but core dice hardly ever stand or land upside down, so a one-blow "
                     "win is all but gone. Press Beast Phantom, then Gidan (4 and 3 make 7; Gidan "
                     "shows 5)."),
               Script(CORE, CORE_FUSED, ("attack 獣幽士>ギダン", "roll 闘奇子:face:4", "roll 機改人:face:3",
                                         "roll ギダン:face:5"))),
        taught("core_hold", Names("合身した核の防御成功", "A fused core holds"),
               Names("合身した核が防御で上回れば防御成功で、合身のまま次へ進みます。闇ダイス組の番です。"
                     "ギダンを押してから獣幽士を押して攻撃しましょう（2対3と2）。",
                     "A fused core that beats the attacker in defence holds, and stays fused. The "
                     "Dark Dice set is to move: press Gidan, then Beast Phantom (2 against 3 and 2)."),
               Script(CORE, CORE_DEFENDS, ("attack ギダン>獣幽士", "roll ギダン:face:2", "roll 闘奇子:face:3",
                                           "roll 機改人:face:2"))),
        taught("core_defence", Names("合身した核の防御", "A fused core defending"),
               Names("合身した核が防御するときも、上回れば合身のまま、同点なら合身を解いて3個とも召喚状態に"
                     "戻り、負ければ合身を解いて、3個のうち持ち主が選んだ1個が墓場へ行きます。"
                     "闇ダイス組の番です。ギダンを押してから獣幽士を押して攻撃しましょう（5対3と2で同点）。",
                     "A fused core defends the same way: beating the attacker it stays fused; on a "
                     "tie it parts and all three are summoned again; losing it parts and its owner "
                     "sends one of the three to the graveyard. The Dark Dice set is to move: press "
                     "Gidan, then Beast Phantom (5 against 3 and 2, a tie)."),
               Script(CORE, CORE_DEFENDS, ("attack ギダン>獣幽士", "roll ギダン:face:5", "roll 闘奇子:face:3",
                                           "roll 機改人:face:2"))),
        taught("core_loss", Names("合身した核が負けたら", "When a fused core loses"),
               Names("合身した核が負けると合身が解け、持ち主が3個のうち1個を選んで墓場へ送ります。"
                     "ここでは両方を指します。ギダンを押してから獣幽士を押して攻撃し（5対1と2）、"
                     "心眼組として機改人を墓場へ送るボタンを押しましょう。",
                     "A fused core that loses parts, and its owner sends one of the three to the "
                     "graveyard. Here you play both sides: press Gidan, then Beast Phantom (5 "
                     "against 1 and 2), then, for the Mind's Eye set, press the button that sends "
                     "Remade Man to the graveyard."),
               Script(CORE, CORE_DEFENDS, ("attack ギダン>獣幽士", "roll ギダン:face:5", "roll 闘奇子:face:1",
                                           "roll 機改人:face:2", "bury 機改人"))),
    ]


NARRATION: tuple[Names, ...] = (
    Names("第1戦。ギダンが紅蓮のイスルギを攻撃し、どちらも特殊目。攻撃側は武具・黒鉄を使って1。"
          "防御側は武具・羅で特殊目を出し、3＋3＋2で8。防御が勝ちます。"
          "ギダンを押してから紅蓮のイスルギを押し、武具・黒鉄のボタン、次に武具・羅のボタンを押しましょう。",
          "Exchange 1. Gidan attacks Crimson Isurugi and both show the special eye. The attacker "
          "adds Arms: Black Iron, which rolls 1; the defender adds Arms: Ra, whose special eye "
          "makes 3 + 3 + 2 = 8. The defence holds. Press Gidan, then Crimson Isurugi, then the "
          "button for Arms: Black Iron, then the one for Arms: Ra."),
    Names("第2戦。紅蓮のイスルギが未召喚の爪牙を攻撃します。未召喚のダイスは振れないので、攻撃側の勝ちです。"
          "紅蓮のイスルギを押してから爪牙を押しましょう。",
          "Exchange 2. Crimson Isurugi attacks the unsummoned Fang, which cannot roll to defend: "
          "the attacker wins. Press Crimson Isurugi, then Fang."),
    Names("第3戦。ギダンが青嵐のイスルギを攻撃し、どちらも特殊目。攻撃側はアイテムなし、"
          "防御側は呪術・笑童児を使い、特殊目の裏切りで美雅羅を自分の組に寝返らせます。"
          "ギダンを押してから青嵐のイスルギを押し、「アイテムを使わない」、呪術・笑童児のボタン、"
          "美雅羅を取るボタンの順に押しましょう。",
          "Exchange 3. Gidan attacks Storm-blue Isurugi and both show the special eye. The "
          "attacker uses no item; the defender uses Curse: Laughing Child, whose special eye "
          "betrays Bigara over to the Isurugi set. Press Gidan, then Storm-blue Isurugi, then "
          "\u201cuse no item\u201d, the button for Curse: Laughing Child and the one that takes "
          "Bigara."),
    Names("第4戦。イスルギがギダンを攻撃しますが、横倒しで攻撃は失敗です。"
          "イスルギを押してからギダンを押しましょう。",
          "Exchange 4. Isurugi attacks Gidan but falls on its side: the attack fails. Press "
          "Isurugi, then Gidan."),
    Names("第5戦。ギダンが特殊目で紅蓮のイスルギを攻撃し、武具・羅の特殊目で3＋3＋2＝8。"
          "紅蓮のイスルギの5を上回り、墓場へ送ります。"
          "ギダンを押してから紅蓮のイスルギを押し、武具・羅のボタンを押しましょう。",
          "Exchange 5. Gidan attacks Crimson Isurugi with the special eye and adds Arms: Ra's "
          "special eye: 3 + 3 + 2 = 8 beats Crimson Isurugi's 5, which goes to the graveyard. "
          "Press Gidan, then Crimson Isurugi, then the button for Arms: Ra."),
    Names("第6戦。イスルギの4がギダンの3を上回ります。闇ダイス組にキャラダイスがなくなり、"
          "イスルギ組の勝ちです。イスルギを押してからギダンを押しましょう。",
          "Exchange 6. Isurugi's 4 beats Gidan's 3. The Dark Dice set has no character die left, "
          "and the Isurugi set wins. Press Isurugi, then Gidan."),
)


def example_lessons() -> list[Lesson]:
    """The rules' example battle, one lesson per exchange, each from the position the exchanges
    before it reached."""
    out = []
    played: tuple[str, ...] = OPENING
    for number, (exchange, words) in enumerate(zip(example.EXCHANGES, NARRATION, strict=True), 1):
        out.append(taught(f"example_{number}", Names(f"対戦例 {number}", f"Example battle {number}"),
                          words, Script(EXAMPLE, played, exchange)))
        played = (*played, *exchange)
    return out


QUIZ_WRONG = Names("それでは勝てません。もう一度、状態をよく見ましょう。",
                   "That does not do it: look at the dice again.")


def quiz() -> list[Lesson]:
    """The self-test: positions where the learner finds the move alone."""
    opening = ("roll ギダン:face:2", "roll 爪牙:special", "roll 美雅羅:side", "roll イスルギ:special",
               "roll 紅蓮のイスルギ:face:3", "roll 青嵐のイスルギ:face:0")
    behind = (*OPENING, "attack ギダン>イスルギ", "roll ギダン:special", "roll イスルギ:special",
              "item 武具・黒鉄", "roll 武具・黒鉄:face:2")
    save = play(EXAMPLE, behind)
    roll_ra = save.notation_to_action("item 武具・羅")
    ra_special = save.play(roll_ra).notation_to_action("roll 武具・羅:special")
    return [
        Lesson(id="quiz_sure", title=Names("確認1: 必ず勝てる攻撃", "Check 1: the attack that cannot lose"),
               text=Names("闇ダイス組の番です。相手が防御のロールすらできない攻撃を探しましょう。",
                          "The Dark Dice set is to move: find the attack the defender cannot even "
                          "roll against."),
               start=lambda: play(EXAMPLE, opening), solved=buried(1, "seiran-isurugi"),
               wrong=QUIZ_WRONG, illegal=ONLY_SUMMONED, moves=1, quiz=True),
        Lesson(id="quiz_save", title=Names("確認2: 防御を救う手", "Check 2: save the defender"),
               text=Names("ギダンの合計は5、防御のイスルギは特殊目で3です。イスルギ組として、"
                          "イスルギを救える手を探しましょう。",
                          "Gidan's total is 5; the defending Isurugi showed the special eye, 3. "
                          "For the Isurugi set, find the choice that can save Isurugi."),
               start=lambda: play(EXAMPLE, behind),
               solved=lambda state: state.to_json()["exchange"] is None
               and not buried(1, "isurugi")(state),
               wrong=QUIZ_WRONG, illegal=ONLY_SUMMONED, moves=2, rolls=(ra_special,), quiz=True),
    ]


def lessons() -> list[Lesson]:
    """Gandice's lessons, in the order of its rules page, then the example battle and the
    self-test."""
    return [*set_up_lessons(), *summon_lessons(), *attack_lessons(), *evolution_lessons(),
            card_lesson(), *super_lessons(), *core_lessons(), *example_lessons(), *quiz()]


def term(term_id: str, ja: str, en: str, meaning_ja: str, meaning_en: str) -> Term:
    return Term(term_id, Names(ja, en), Names(meaning_ja, meaning_en))


GLOSSARY: tuple[Term, ...] = (
    term("summon", "召喚", "summoned", "特殊目で召喚された状態。攻撃でき、アイテムも使えます。",
         "The state a special eye gives at the summon: the die may attack and use items."),
    term("half", "半召喚", "half-summoned", "通常目で出た状態。防御はできますが、"
                                            "攻撃もアイテムもできません。",
         "The state a face of 1–6 gives: the die defends, but neither attacks nor uses items."),
    term("unsummoned", "未召喚", "unsummoned", "閉じ目か横倒しで出た状態。防御のロールもできません。",
         "The state the closed eye or a side gives: the die cannot even roll to defend."),
    term("full_summon", "全召喚", "all summoned", "召喚のロールで1個でも立つと、"
                                                  "その人のキャラが全部召喚されます。",
         "One die standing at a summon summons all of its owner's characters."),
    term("full_open", "全開召喚", "full-open summon", "最初の召喚で全部のダイスが立つと、その場で勝ちです。",
         "Every die standing at the opening summon wins the battle at once."),
    term("resummon", "再召喚チャレンジ", "re-summon challenge", "攻撃の代わりに、自分のキャラダイスを全部振り"
                                                                "直すこと。",
         "Rolling all your character dice again instead of attacking."),
    term("evolve", "進化チャレンジ", "evolution challenge", "勝ったキャラダイスをもう一度振り、"
                                                            "特殊目なら同じ系統の進化ダイスと入れ替わります。",
         "A winning character die is rolled again and, on the special eye, is replaced by an "
         "evolution die of its family."),
    term("special", "特殊目", "special eye", "3として数える目。"
                                             "アイテム・小札絵・合身が使えるようになります。",
         "A face worth 3 that opens the use of an item, a card or a fusion."),
    term("stand", "立ち・逆立ち", "standing, upside down", "ダイスが立つ一撃の目。攻撃なら相手を倒し、"
                                                           "防御ならカウンター。",
         "A die on end: one blow when attacking, a counter when defending."),
    term("side", "横倒し", "on its side", "ダイスが横に倒れた失敗の目。", "A die fallen on its side: a "
                                                                          "failure."),
    term("closed", "閉じ目", "closed eye", "0の目。召喚では未召喚になります。", "The face worth 0: "
                                                                                "unsummoned at a summon."),
    term("item", "アイテム", "item", "武具ダイス・呪術ダイス。特殊目のあとに振って合計に足します。",
         "Weapon and curse dice, rolled after a special eye to add to the total."),
    term("betrayal", "裏切り", "betrayal", "相手のキャラダイスを1つ自分のデッキへ移す、アイテムの力。",
         "An item's power: one character die of the opponent joins your deck."),
    term("card", "小札絵", "card", "特殊目のあと、アイテムの代わりに1回使える札。", "A card played once "
                                                                                    "after a special eye, "
                                                                                    "instead "
                                                           "of an item."),
    term("super_eye", "超眼", "super eye", "相棒1個と合身できるダイス（超眼・合身）。", "A die that fuses "
                                                                                        "with one partner "
                                                                  "(super-eye fusion)."),
    term("core", "核", "core", "相棒の核ダイス2個を呼んで合身するダイス（心眼・合身）。", "A die that calls "
                                                                                          "two partner core "
                                                                                          "dice to "
                                                              "fuse (core fusion)."),
    term("graveyard", "墓場", "graveyard", "負けたダイスと使ったアイテムダイスが行く所。", "Where beaten "
                                                                                           "dice and used "
                                                                                           "item dice "
                                                                   "go."),
    term("marks", "ダイスの印", "marks on the dice",
         "出た目の札：特（SP）＝特殊目、立（ST）＝立ち、逆（INV）＝逆立ち、横（SD）＝横倒し、数字はその目。"
         "場を離れたダイスの札：墓（RIP）＝墓場、進（EVO）＝進化して脇へ、退（OLD）＝退いた。"
         "印に指を置くか重ねると、言葉で出ます。",
         "The badge of what a die shows: SP the special eye, ST standing, INV upside down, SD on its "
         "side, a number that face. The tag of a die out of play: RIP in the graveyard, EVO set aside "
         "by evolving, OLD retired. Point at a mark to read it in words."),
)
