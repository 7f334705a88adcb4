"""Gandice's rules as data (docs/rules/gandice.md, "The rules, one by one"): one entry per rule of
the game's rule document (the Reiwa rules), in its order, each naming the lessons of
:mod:`.lessons` and the glossary words that teach it."""

from __future__ import annotations

from ...core.names import Names
from ...core.rulebook import Rule


def rule(rule_id: str, ja: str, en: str, lessons: tuple[str, ...], terms: tuple[str, ...] = ()) -> Rule:
    return Rule(rule_id, Names(ja, en), lessons, terms)


RULES: tuple[Rule, ...] = (
    rule("deck_five", "デッキはダイス5個でつくります。", "A deck is made of five dice.", ("deck",)),
    rule("deck_mix", "キャラダイス・呪術ダイス・武具ダイスの組み合わせは自由です。",
         "Character, curse and weapon dice may be mixed freely.", ("deck",), ("item",)),
    rule("evolution_aside", "デッキのダイスと同じ系統の進化ダイスは、デッキとは別に用意します。数に限りはあ"
                            "りません。",
         "Evolution dice of the same family as a deck's dice are kept aside, outside the deck, "
         "with no limit on their number.", ("deck", "evolution"), ("evolve",)),
    rule("card_match", "小札絵は、デッキのキャラダイスと同じものがあれば使えます。",
         "A card may be used when the deck holds the character die it shows.", ("deck", "card"),
         ("card",)),
    rule("card_three", "使える小札絵は3枚までです。", "At most three cards may be used.", ("deck",),
         ("card",)),
    rule("base", "基本は「ファイブダイスバトル」で、武具・呪術ダイスの特殊能力、進化ダイス、小札絵も使えます"
                 "。",
         "The base is the five-dice battle, with the item dice's powers, evolution dice and cards "
         "allowed.", ("items", "evolution", "card")),
    rule("players", "原則は1対1ですが、3人や4人で戦ってもかまいません。",
         "A battle is one against one in principle, but three or four may play.", ("players",)),
    rule("summon_roll", "対戦のはじめに、全員が自分のデッキのキャラダイスを全部振ります（「眼魔召喚！」）。",
         "At the start everyone rolls all the character dice of their deck (\u201cGanma, "
         "summon!\u201d).", ("summon",), ("summon",)),
    rule("summon_states", "振ったダイスの状態で、召喚・半召喚・未召喚が決まります。",
         "How each die lands decides whether it is summoned, half-summoned or unsummoned.",
         ("summon",), ("summon", "half", "unsummoned", "closed")),
    rule("full_summon", "1個でも立てば、その人のダイスは全部召喚されます。",
         "One die standing summons all of its owner's dice.", ("summon",), ("full_summon",)),
    rule("full_open", "キャラダイスが全部「立ち」か「逆立ち」になれば、その対戦はそこで勝ちです（全開召喚）"
                      "。",
         "If every character die of a deck stands or lands upside down, that battle is won there "
         "and then (the full-open summon).", ("summon",), ("full_open",)),
    rule("turn_choice", "攻撃の番が来たら、「再召喚チャレンジ」か「眼魔攻撃」を選びます。",
         "On your attacking turn choose the re-summon challenge or an attack.",
         ("resummon", "attack_values"), ("resummon",)),
    rule("resummon", "再召喚チャレンジは番を使って、残っているキャラダイスを、召喚済みのものも含めて全部振り"
                     "直します。",
         "The re-summon challenge spends the turn rolling again every character die you have "
         "left, summoned ones included.", ("resummon",), ("resummon",)),
    rule("targets", "攻撃では相手のダイスを指名します。狙えるのはキャラダイスだけで、呪術・武具ダイスは狙え"
                    "ません。",
         "An attack names a die of the opponent: only character dice, never curse or weapon dice.",
         ("targets", "quiz_sure")),
    rule("attacker_rolls", "まず攻撃側が振ります（「開眼！」）。", "First the attacker rolls (\u201cEyes "
                                                                 "open!\u201d).", ("attack_values",)),
    rule("attack_side", "攻撃側が横倒しなら攻撃失敗で、番は終わります。", "An attacker on its side fails, "
                                                                     "and the turn ends.",
         ("example_4",), ("side",)),
    rule("attack_stand", "攻撃側が立ち・逆立ちなら攻撃成功。防御側は振らずに墓場へ行きます。",
         "An attacker standing or upside down wins at once: the defender goes to the graveyard "
         "without rolling.", ("stand",), ("stand", "graveyard")),
    rule("defender_rolls", "次に防御側が振ります。", "Then the defender rolls.", ("attack_values",)),
    rule("defence_side", "防御側が横倒しなら防御失敗で、負けです。", "A defender on its side fails, and "
                                                                 "loses.", ("side",), ("side",)),
    rule("defence_stand", "防御側が立ち・逆立ちならカウンター成功で、攻撃側のダイスが墓場へ行きます。",
         "A defender standing or upside down counters: the attacking die goes to the graveyard.",
         ("counter",), ("stand", "graveyard")),
    rule("attacker_items", "攻撃側は特殊目なら、武具ダイス・呪術ダイス・小札絵・何も使わない、の4つから選べ"
                           "ます。",
         "An attacker showing the special eye chooses one of four: a weapon die, a curse die, a "
         "card, or nothing.", ("items", "betrayal"), ("special", "item")),
    rule("item_roll", "アイテムダイスは振って、通常目ならその数を特殊目の3に足し、特殊目ならダイスの底の"
         "能力も足します（「武具・召喚！」「呪術・召喚！」）。",
         "An item die is rolled: a face adds its number to the special eye's 3, its own special "
         "eye adds the power on its bottom too (\u201cArms, summon!\u201d, \u201cCurse, "
         "summon!\u201d).", ("items", "example_1"), ("item",)),
    rule("card_effect", "小札絵は使うと言ったときに効き、使った札はその対戦ではもう使えません（「特殊能力発"
                        "動！」）。",
         "A card works as soon as it is played, and a played card is spent for that battle "
         "(\u201cSpecial power, go!\u201d).", ("card",), ("card",)),
    rule("defender_items", "防御側も特殊目なら、同じ4つから選べます。アイテムダイスの特殊目の能力も使えます"
                           "。",
         "A defender showing the special eye chooses among the same four, item powers included.",
         ("defender_item", "example_1", "quiz_save"), ("special", "item")),
    rule("defender_sees", "防御側は後から選ぶ代わりに、攻撃側の数を見てからアイテムを使えます。",
         "Choosing second, the defender sees the attacker's total before picking an item.",
         ("defender_item", "quiz_save")),
    rule("judge", "出た目とアイテムのボーナスの合計で比べ、高い方の勝ちです。",
         "The totals of roll and item bonuses are compared: the higher wins.",
         ("attack_values", "items")),
    rule("attacker_wins", "攻撃側が勝てば防御側のキャラダイスは墓場へ。勝ったダイスは召喚のまま戻ります。",
         "If the attacker wins, the defender's character die goes to the graveyard and the winner "
         "stays summoned.", ("attack_values", "example_5"), ("graveyard",)),
    rule("evolution", "勝ったダイスに進化ダイスが用意されていれば、進化チャレンジができます。そのキャラダイ"
                      "スを"
         "振って特殊目なら進化ダイスと交換し、元には戻せません（「開眼！進化チャレンジ」）。",
         "A winning die with an evolution die ready may take the evolution challenge: roll that "
         "character die, and on the special eye it is exchanged for the evolution die, for good "
         "(\u201cEyes open! Evolution challenge\u201d).", ("evolution",), ("evolve",)),
    rule("evolution_when", "進化チャレンジは勝った直後だけで、ほかのときにはできません。",
         "The evolution challenge comes only right after a win, never at another time.",
         ("evolution", "evolution_fail"), ("evolve",)),
    rule("evolution_free", "チャレンジに失敗しても、罰はありません。", "A failed challenge costs "
                                                                    "nothing.",
         ("evolution_fail",), ("evolve",)),
    rule("defender_wins", "防御側が勝てば防御成功で、どちらのダイスも元の状態のまま戻ります。",
         "If the defender wins, the defence holds and both dice go back as they were.",
         ("defender_item", "example_1")),
    rule("tie", "同点なら、攻撃側は召喚のまま、防御側は召喚なら半召喚へ、半召喚なら未召喚へ下がります。",
         "On a tie the attacker stays summoned and the defender drops a step: summoned to "
         "half-summoned, half-summoned to unsummoned.", ("tie",), ("half", "unsummoned")),
    rule("alternate", "攻撃と防御を交代しながら繰り返します。", "Attack and defence change sides, turn "
                                                            "after turn.",
         ("example_2", "example_4")),
    rule("winning", "相手のキャラダイスを全部墓場へ送れば勝ちです。",
         "Sending all the opponent's character dice to the graveyard wins the battle.",
         ("example_6",), ("graveyard",)),
    rule("unsummoned_no_defence", "未召喚のダイスは防御のロールができません（対戦例）。",
         "An unsummoned die cannot roll to defend (the example battle).",
         ("example_2", "quiz_sure"), ("unsummoned",)),
    rule("betrayal", "呪術・笑童児の「裏切り」で、相手のダイスを1つ自分のデッキに入れられます（対戦例）。",
         "Curse: Laughing Child's betrayal takes one of the opponent's dice into your deck (the "
         "example battle).", ("betrayal", "example_3"), ("betrayal",)),
    rule("super_fuse", "超眼ダイスは、デッキに合体できるダイスがあれば、特殊目のときアイテムや小札絵の代わり"
                       "に"
         "「合身」できます（「超眼・合身！」）。",
         "A super-eye die with a partner in its deck may, on its special eye, fuse instead of "
         "using an item or a card (\u201cSuper eyes, fuse!\u201d).", ("super_eye",), ("super_eye",)),
    rule("super_partner", "合身の相手は「召喚」状態のダイスだけで、半召喚・未召喚とは合身できません。",
         "Only a summoned partner can fuse; half-summoned and unsummoned ones cannot.",
         ("super_eye",), ("super_eye", "summon")),
    rule("super_roll", "合身できたら、合体したまま振って判定を受けます。",
         "Once fused, the unit rolls as one and is judged.", ("super_eye",)),
    rule("fused_items", "合身ダイスで特殊目が出れば、アイテムダイスや小札絵が使えます。",
         "A fused die's special eye opens item dice and cards.", ("fused_items",),
         ("special", "card")),
    rule("super_defence", "防御で攻撃側を上回れば合身のまま次へ。同点なら合身を解いて両方とも召喚で戻し、"
         "負ければ合身を解いて好きな片方を墓場へ、もう一方は召喚で戻します。",
         "Defending, a fused unit that beats the attacker stays fused; on a tie it parts and both "
         "return summoned; beaten, it parts, one die of its owner's choice goes to the graveyard "
         "and the other returns summoned.", ("super_hold", "super_defence", "super_loss")),
    rule("core_fuse", "核ダイスは、デッキに合体できるダイスがあれば、特殊目のときアイテムや小札絵の代わりに"
         "「心眼・合身！」を宣言できます。",
         "A core die with partners in its deck may, on its special eye, call \u201cMind's eyes, "
         "fuse!\u201d instead of using an item or a card.", ("core",), ("core",)),
    rule("core_call", "デッキから合体できる核ダイス2体を出します。未召喚・半召喚でもかまいません。",
         "It brings out two partner core dice from the deck, even unsummoned or half-summoned "
         "ones.", ("core",), ("core",)),
    rule("core_reroll", "最初の核ダイスをもう一度振り、特殊目なら合身成功、ほかの目ならその目で判定、"
         "立ちなら合身成功のうえ無条件で勝ちです。",
         "The first core die is rolled again: the special eye fuses, any other number is judged "
         "as it is, standing fuses and wins outright.", ("core",), ("stand",)),
    rule("core_pair", "合身できたら、残りの核ダイス2個を振って攻撃や防御をします。",
         "Once fused, the other two core dice are rolled to attack or defend.", ("core_pair",)),
    rule("core_defence", "防御で上回れば合身のまま次へ。同点なら合身を解いてそれぞれ召喚で戻し、負ければ"
         "合身を解いて3体のうち好きな1体を墓場へ、ほかは召喚で戻します。",
         "Defending, a fused core that beats the attacker stays fused; on a tie it parts and all "
         "return summoned; beaten, it parts, one of the three of its owner's choice goes to the "
         "graveyard and the others return summoned.", ("core_hold", "core_defence", "core_loss")),
    rule("super_no_side", "合身した超眼は4つの面に目がある強いダイスになり、横倒しによる失敗がなくなります。",
         "A fused super eye becomes a strong die with eyes on four faces: no more failures from "
         "falling on its side.", ("super_eye", "fused_items")),
    rule("core_no_blow", "合身した核はそれからずっと2個の合計で戦えますが、核ダイスはほとんど立たないので、"
         "一撃必殺はほぼなくなります（ダイスが立てば、今も一撃です）。",
         "A fused core fights from then on with the sum of two dice, but core dice hardly ever "
         "stand, so the one-blow win is all but gone (a die that does stand still strikes "
         "in one blow).", ("core_pair",)),
)
