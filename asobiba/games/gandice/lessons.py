"""How to play Gandice: one lesson per rule of docs/rules/gandice.md ("Summoning", "A turn",
"The attack", "Super-eye fusion", "Core fusion"), then the
rules' example battle ("The example battle", :mod:`.example`) replayed exchange by exchange.

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


def summon_lessons() -> list[Lesson]:
    return [
        scripted("summon", Names("召喚と3つの状態", "The summon and its three states"),
                 Names("対戦のはじめに、全員が自分のキャラダイスを全部振ります（眼魔召喚）。"
                       "特殊目なら「召喚」、"
                       "通常目（1〜6）なら「半召喚」、閉じ目（0）か横倒しなら「未召喚」です。"
                       "立ち・逆立ちが1個でも"
                       "出れば、その人のキャラは全部召喚（全召喚）。"
                       "イスルギ組は紅蓮のイスルギが立ったので全召喚です。"
                       "攻撃できるのは召喚されたダイスだけ。召喚されたギダンで、"
                       "紅蓮のイスルギを攻撃しましょう。",
                       "At the start everyone rolls all their character dice (the summon). The "
                       "special eye summons a die; a face of 1 to 6 half-summons it; the closed eye "
                       "(0) or a die on its side leaves it unsummoned. One die standing or upside "
                       "down summons all of its owner's characters: the イスルギ side's 紅蓮のイスルギ "
                       "stood, so all three are summoned. Only summoned dice attack: attack 紅蓮のイスルギ "
                       "with your summoned ギダン."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>紅蓮のイスルギ",)),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED,
                 hint=Names("ギダンを押してから、紅蓮のイスルギを押します。",
                            "Press ギダン, then 紅蓮のイスルギ.")),
        scripted("resummon", Names("再召喚チャレンジ", "The re-summon challenge"),
                 Names("攻撃の代わりに「再召喚チャレンジ」もできます。"
                       "残っている自分のキャラダイスを全部振り直し、"
                       "召喚の表をもう一度当てはめます（召喚済みのダイスも振り直すので、"
                       "下がることもあります）。"
                       "再召喚チャレンジを選びましょう。",
                       "Instead of attacking you may take the re-summon challenge: roll all your "
                       "remaining character dice again, summoned ones too, and read the summon table "
                       "afresh (a summoned die may come out lower). Choose the re-summon challenge."),
                 Script(EXAMPLE, OPENING, ("resummon", "roll ギダン:special", "roll 爪牙:special",
                                           "roll 美雅羅:face:3")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
    ]


def attack_lessons() -> list[Lesson]:
    return [
        scripted("attack_values", Names("攻撃と防御のロール", "The attack and the defence roll"),
                 Names("攻撃すると（開眼！）、攻撃側が振り、次に防御側が振ります。通常目はその数、"
                       "特殊目は3として"
                       "比べ、大きい方の勝ち。攻撃側が上なら防御側のダイスは墓場へ、"
                       "防御側が上なら何も変わりません。"
                       "ギダンでイスルギを攻撃しましょう（ギダンは4、イスルギは2を出します）。",
                       "In an attack (開眼!) the attacker rolls, then the defender. A face counts its "
                       "number, the special eye 3; the higher total wins. If the attacker's is "
                       "higher the defender's die goes to the graveyard; if the defender's, nothing "
                       "changes. Attack イスルギ with ギダン (ギダン will show 4, イスルギ 2)."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:4", "roll イスルギ:fac"
                                                                                           "e:2")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("stand", Names("立ち・逆立ちは一撃", "Standing or upside down: one blow"),
                 Names("ダイスが立つ（逆立ちも同じ）のは一撃の目です。攻撃側が立てば、"
                       "防御側は振らずに墓場へ。"
                       "防御側が立てばカウンター成功で、攻撃側のダイスが墓場へ行きます。"
                       "ギダンで青嵐のイスルギを"
                       "攻撃しましょう（ギダンが立ちます）。",
                       "A die standing on end (or upside down) is a one-blow result. If the attacker "
                       "stands, the defender goes to the graveyard without rolling; if the defender "
                       "stands, its counter sends the attacker to the graveyard. Attack 青嵐のイスルギ "
                       "with ギダン (ギダン will stand)."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>青嵐のイスルギ", "roll ギダン:stand")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("counter", Names("カウンター", "The counter"),
                 Names("防御側のダイスが立つ（逆立ちも同じ）と、カウンター成功です。"
                       "攻撃したダイスのほうが墓場へ"
                       "行きます。ギダンでイスルギを攻撃しましょう（イスルギが立ちます）。",
                       "When the defender's die stands on end (or upside down), its counter "
                       "succeeds: the attacking die goes to the graveyard instead. Attack イスルギ "
                       "with ギダン (イスルギ will stand)."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>イスル"
                                           "ギ", "roll ギダン:face:2", "roll イスルギ:stand")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("side", Names("横倒しは失敗", "On its side: a failure"),
                 Names("横に倒れたダイスは失敗です。攻撃側なら攻撃はそこで失敗して手番が終わり、"
                       "防御側なら防御に"
                       "失敗して負けます。ギダンでイスルギを攻撃しましょう（イスルギが横倒しになります）。",
                       "A die falling on its side fails: an attacker's attack fails and the turn "
                       "ends; a defender's defence fails and it loses. Attack イスルギ with ギダン "
                       "(イスルギ will fall on its side)."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>イスル"
                                           "ギ", "roll ギダン:face:1", "roll イスルギ:side")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("items", Names("特殊目とアイテム", "The special eye and items"),
                 Names("特殊目を出した側は、"
                       "アイテムを1つ使えます（武具ダイス・呪術ダイス・小札絵・合身のどれか、"
                       "または使わない）。アイテムダイスは振った目を足し、特殊目なら3とボーナスを足します。"
                       "使ったアイテム"
                       "ダイスは墓場へ。半召喚のダイスはアイテムを使えません。"
                       "ギダンで紅蓮のイスルギを攻撃し、"
                       "武具・羅を使いましょう。",
                       "A side whose die showed the special eye may use one item — a weapon die, a "
                       "curse die, a card or a fusion — or none. An item die adds the face it rolls; "
                       "its special eye adds 3 plus its bonus. A used item die goes to the graveyard, "
                       "and half-summoned dice use no items. Attack 紅蓮のイスルギ with ギダン and use "
                       "武具・羅."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
                                           "roll 紅蓮のイスルギ:face:"
                                           "4", "item 武具・羅", "roll 武具・羅:special")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("tie", Names("同点", "A tie"),
                 Names("合計が同じなら、攻撃側はそのまま、防御側が1段下がります（召喚→半召喚→未召喚）。"
                       "ギダンでイスルギを攻撃しましょう（どちらも3を出します）。",
                       "On equal totals the attacker stays as it is and the defender drops one step "
                       "(summoned → half-summoned → unsummoned). Attack イスルギ with ギダン (both will "
                       "show 3)."),
                 Script(EXAMPLE, OPENING, ("attack ギダン>イスルギ", "roll ギダン:face:3", "roll イスルギ:fac"
                                                                                           "e:3")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("betrayal", Names("裏切り", "Betrayal"),
                 Names("呪術・笑童児のように「裏切り」の力を持つアイテムダイスが特殊目を出すと、"
                       "この勝負の相手の"
                       "キャラダイスを1つ、今の状態のまま自分のデッキへ移せます。"
                       "戦っているダイスは選べません。"
                       "ここでは両方を指します。ギダンで青嵐のイスルギを攻撃し、攻撃側はアイテムなし、"
                       "防御側は"
                       "呪術・笑童児を使って、美雅羅を寝返らせましょう。",
                       "When an item die with the betrayal power, such as 呪術・笑童児, shows its "
                       "special eye, its owner takes one character die of this exchange's opponent "
                       "into their own deck, as it stands; the die fighting cannot be taken. Here you "
                       "play both sides: attack 青嵐のイスルギ with ギダン, use no item for the "
                       "attacker, use 呪術・笑童児 for the defender, and take 美雅羅."),
                 Script(EXAMPLE, (*OPENING, *example.EXCHANGES[0], *example.EXCHANGES[1]),
                        example.EXCHANGES[2]),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
    ]


CORE = {"decks": ["shingan", "yami"], "first": "p1"}
"""心眼組 (core dice, an evolution die aside, cards) against 闇ダイス組."""
CORE_OPENING = ("roll 獣幽士:special", "roll 闘奇子:special", "roll 機改人:face:2", "roll イスルギ:special",
                "roll ギダン:face:3", "roll 爪牙:face:2", "roll 美雅羅:face:1")
SUPER = {"decks": ["chogan", "isurugi"], "first": "p1"}
"""超眼組 (a super-eye die and its partners) against イスルギ組."""
SUPER_OPENING = ("roll 武王:special", "roll 鰐蛇:special", "roll 雷爪:special", "roll イスルギ:face:2",
                 "roll 紅蓮のイスルギ:face:3", "roll 青嵐のイスルギ:face:4")


def growth_lessons() -> list[Lesson]:
    """Evolution and the two fusions."""
    return [
        scripted("evolution", Names("進化チャレンジ", "The evolution challenge"),
                 Names("攻撃に勝ったダイスは、同じ系統の進化ダイスを脇に持っていれば進化チャレンジができます"
                       "（開眼！進化チャレンジ）。進化ダイスを振って特殊目なら、"
                       "そのダイスは進化ダイスと入れ替わります"
                       "（召喚状態で、元には戻りません）。イスルギでギダンを攻撃して勝ち、"
                       "真・イスルギへの進化に"
                       "挑みましょう。",
                       "A die that wins its attack may try the evolution challenge when its owner "
                       "keeps an evolution die of its family aside. Roll the evolution die: on the "
                       "special eye it takes the winner's place for good, summoned. Attack ギダン with "
                       "イスルギ, win, and try to evolve into 真・イスルギ."),
                 Script(CORE, CORE_OPENING, ("attack イスルギ>ギダン", "roll イスルギ:stand",
                                             "evolve 真・イスルギ", "roll イスルギ:special")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("super_eye", Names("超眼の合身", "Super-eye fusion"),
                 Names("超眼ダイスが特殊目を出したら、アイテムの代わりに、"
                       "召喚されている相棒のダイス1つと合身できます"
                       "（超眼・合身！）。合身したユニットはすぐに合身用の表（横倒しなし）で振り直します。"
                       "武王で"
                       "イスルギを攻撃し、特殊目のあとで鰐蛇と合身しましょう。",
                       "When a super-eye die shows its special eye it may, instead of an item, fuse "
                       "with one summoned partner (超眼・合身!). The fused unit rolls again at once on "
                       "its fused table, which has no side. Attack イスルギ with 武王 and, after the "
                       "special eye, fuse with 鰐蛇."),
                 Script(SUPER, SUPER_OPENING, ("attack 武王>イスルギ", "roll 武王:special", "roll イスルギ:fa"
                                                                                            "ce:2",
                                               "fuse 鰐蛇", "roll 武王:stand")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("card", Names("小札絵", "Cards"),
                 Names("小札絵は、特殊目を出したときにアイテムの代わりに1回だけ使える札です。"
                       "効果は札ごとに決まっていて、"
                       "小札絵・武王は合計に2を足します。武王でイスルギを攻撃し、3対4で負けそうなところを"
                       "小札絵で逆転しましょう。",
                       "A card is played once, instead of an item, after a special eye; each card "
                       "has its own effect, and 小札絵・武王 adds 2 to the total. Attack イスルギ with "
                       "武王 and, 3 against 4 behind, turn it round with the card."),
                 Script(SUPER, SUPER_OPENING, ("attack 武王>イスルギ", "roll 武王:special", "roll イスルギ:fa"
                                                                                            "ce:4",
                                               "card 小札絵・武王")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
        scripted("core", Names("核の合身", "Core fusion"),
                 Names("核ダイスが特殊目を出したら、アイテムの代わりに相棒の核ダイス2個を呼んで振り直せます"
                       "（心眼・合身！）。特殊目なら合身して、呼んだ2個の合計がこの勝負の目になります。"
                       "立ち・逆立ちなら"
                       "合身してこの勝負に勝ちます。獣幽士でギダンを攻撃し、闘奇子と機改人を呼びましょう。",
                       "When a core die shows its special eye it may, instead of an item, call two "
                       "partner core dice and roll again (心眼・合身!): the special eye fuses them and "
                       "the two called dice are rolled for this side's total; standing or upside "
                       "down fuses them and wins the exchange outright. Attack ギダン with 獣幽士 and "
                       "call 闘奇子 and 機改人."),
                 Script(CORE, CORE_OPENING, ("attack 獣幽士>ギダン", "roll 獣幽士:specia"
                                                                     "l", "roll ギダン:face:2",
                                             "fuse 闘奇子+機改人", "roll 獣幽士:stand")),
                 wrong=PICK_AGAIN, illegal=ONLY_SUMMONED),
    ]


NARRATION: tuple[Names, ...] = (
    Names("第1戦。ギダンが紅蓮のイスルギを攻撃し、どちらも特殊目。攻撃側は武具・黒鉄を使って1。"
          "防御側は武具・羅で"
          "特殊目を出し、3＋3＋2で8。防御が勝ちます。文のとおりに選びましょう：攻撃、武具・黒鉄、武具・羅。",
          "Exchange 1. ギダン attacks 紅蓮のイスルギ and both show the special eye. The attacker "
          "adds 武具・黒鉄, which rolls 1; the defender adds 武具・羅, whose special eye makes "
          "3 + 3 + 2 = 8. The defence holds. Choose as told: the attack, 武具・黒鉄, 武具・羅."),
    Names("第2戦。紅蓮のイスルギが未召喚の爪牙を攻撃します。未召喚のダイスは振れないので、攻撃側の勝ちです。",
          "Exchange 2. 紅蓮のイスルギ attacks the unsummoned 爪牙, which cannot roll to defend: "
          "the attacker wins."),
    Names("第3戦。ギダンが青嵐のイスルギを攻撃し、どちらも特殊目。攻撃側はアイテムなし、"
          "防御側は呪術・笑童児を使い、"
          "特殊目の裏切りで美雅羅を自分の組に寝返らせます。",
          "Exchange 3. ギダン attacks 青嵐のイスルギ and both show the special eye. The attacker "
          "uses no item; the defender uses 呪術・笑童児, whose special eye betrays 美雅羅 over to "
          "the イスルギ side."),
    Names("第4戦。イスルギがギダンを攻撃しますが、横倒しで攻撃は失敗です。",
          "Exchange 4. イスルギ attacks ギダン but falls on its side: the attack fails."),
    Names("第5戦。ギダンが特殊目で紅蓮のイスルギを攻撃し、武具・羅の特殊目で3＋3＋2＝8。"
          "紅蓮のイスルギの5を上回り、"
          "墓場へ送ります。",
          "Exchange 5. ギダン attacks 紅蓮のイスルギ with the special eye and adds 武具・羅's special "
          "eye: 3 + 3 + 2 = 8 beats 紅蓮のイスルギ's 5, which goes to the graveyard."),
    Names("第6戦。イスルギの4がギダンの3を上回ります。闇ダイス組にキャラダイスがなくなり、"
          "イスルギ組の勝ちです。",
          "Exchange 6. イスルギ's 4 beats ギダン's 3. The dark side has no character die left: the "
          "イスルギ side wins."),
)


def example_lessons() -> list[Lesson]:
    """The rules' example battle, one lesson per exchange, each from the position the exchanges
    before it reached."""
    out = []
    played: tuple[str, ...] = OPENING
    for number, (exchange, words) in enumerate(zip(example.EXCHANGES, NARRATION, strict=True), 1):
        out.append(scripted(f"example_{number}", Names(f"対戦例 {number}", f"Example battle {number}"),
                            words, Script(EXAMPLE, played, exchange),
                            wrong=PICK_AGAIN, illegal=ONLY_SUMMONED))
        played = (*played, *exchange)
    return out


def lessons() -> list[Lesson]:
    """Gandice's lessons, in the order of its rules page, then the example battle."""
    return [*summon_lessons(), *attack_lessons(), *growth_lessons(), *example_lessons()]


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
    term("evolve", "進化チャレンジ", "evolution challenge", "勝ったダイスが同じ系統の進化ダイスを振り、"
                                                            "特殊目なら進化します。",
         "A winning die rolls an evolution die of its family and evolves on the special eye."),
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
