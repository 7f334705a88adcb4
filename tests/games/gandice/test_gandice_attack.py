"""The attack sequence: rolls, items, judging, evolution, cards (docs/rules/gandice.md, "The attack"
and "Cards")."""

from __future__ import annotations

from gandice_helpers import game, play, summon_all, uid, where

from asobiba.games.gandice import callout
from asobiba.games.gandice.phases import EVOLVE, ITEM, ROLL, TURN

DARK, LIGHT = 0, 1


def opening(**overrides):
    return summon_all(game(), "special", **overrides)


def test_only_summoned_dice_attack_and_only_character_dice_are_targets():
    s = opening(爪牙="face:3", 美雅羅="side")
    notes = [s.action_to_notation(a) for a in s.legal_actions()]
    assert notes[0] == "resummon"
    attackers = {n.split()[1].split(">")[0] for n in notes[1:]}
    targets = {n.split(">")[1] for n in notes[1:]}
    assert attackers == {"ギダン"}
    assert targets == {"イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ"}


def test_attacker_on_its_side_fails_and_the_turn_passes():
    s = opening()
    t = play(s, "attack ギダン>イスルギ", "roll ギダン:side")
    assert t.current_player == LIGHT and t.phase == TURN
    assert (t.loc, t.summon) == (s.loc, s.summon)


def test_upright_attacker_wins_without_a_defence_roll():
    s = play(opening(), "attack ギダン>イスルギ")
    assert callout(s, s.legal_actions()[0]).ja == "開眼！"
    t = play(s, "roll ギダン:inverted")
    assert where(t, LIGHT, "イスルギ") == "graveyard" and t.current_player == LIGHT


def test_defender_side_loses_and_defender_upright_counters():
    s = play(opening(), "attack ギダン>イスルギ", "roll ギダン:face:2")
    assert where(play(s, "roll イスルギ:side"), LIGHT, "イスルギ") == "graveyard"
    t = play(s, "roll イスルギ:stand")
    assert where(t, DARK, "ギダン") == "graveyard"
    assert where(t, LIGHT, "イスルギ") == "summoned" and t.last[4] == "counter"


def test_judging_higher_lower_and_tie():
    s = play(opening(), "attack ギダン>イスルギ", "roll ギダン:face:4")
    assert where(play(s, "roll イスルギ:face:3"), LIGHT, "イスルギ") == "graveyard"
    held = play(s, "roll イスルギ:face:5")
    assert (held.loc, held.summon) == (s.loc, s.summon) and held.last[4] == "hold"
    tie = play(s, "roll イスルギ:face:4")
    assert where(tie, LIGHT, "イスルギ") == "half" and where(tie, DARK, "ギダン") == "summoned"
    again = play(tie, "attack 紅蓮のイスルギ>美雅羅", "roll 紅蓮のイスルギ:side",
                 "attack ギダン>イスルギ", "roll ギダン:face:1", "roll イスルギ:face:1")
    assert where(again, LIGHT, "イスルギ") == "unsummoned"


def test_items_attacker_first_then_defender_seeing_the_total():
    s = play(opening(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
             "roll 紅蓮のイスルギ:special")
    assert s.phase == ITEM and s.current_player == DARK
    options = {s.action_to_notation(a) for a in s.legal_actions()}
    assert options == {"no-item", "item 武具・黒鉄", "item 武具・羅"}
    assert callout(s, s.notation_to_action("item 武具・黒鉄")).ja == "武具・召喚！"
    s = play(s, "item 武具・黒鉄", "roll 武具・黒鉄:face:4")
    assert s.x.total(0) == 7 and s.current_player == LIGHT
    assert where(s, DARK, "武具・黒鉄") == "graveyard"
    curse = s.notation_to_action("item 呪術・笑童児")
    assert callout(s, curse).ja == "呪術・召喚！"
    s = play(s, "no-item")
    assert where(s, LIGHT, "紅蓮のイスルギ") == "graveyard" and s.last[2:] == (7, 3, "win")


def test_item_special_adds_three_and_bonus_and_item_roll_outcomes_are_exact():
    s = play(opening(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
             "roll 紅蓮のイスルギ:face:5", "item 武具・羅")
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-12
    t = play(s, "roll 武具・羅:special")
    assert t.last[2:] == (8, 5, "win")
    assert play(s, "roll 武具・羅:side").last[2:] == (3, 5, "hold")


def test_no_item_step_without_a_special_eye_or_for_a_half_summoned_defender():
    s = play(opening(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:face:3",
             "roll 紅蓮のイスルギ:special")
    assert s.phase == ITEM and s.current_player == LIGHT  # only the defender may use items
    half = summon_all(game(), "special", 紅蓮のイスルギ="face:1")
    t = play(half, "attack ギダン>紅蓮のイスルギ", "roll ギダン:face:3", "roll 紅蓮のイスルギ:special")
    assert t.phase == TURN and where(t, LIGHT, "紅蓮のイスルギ") == "unsummoned"  # a tie


def test_unsummoned_defender_cannot_roll():
    s = opening(紅蓮のイスルギ="side")
    s = play(s, "attack ギダン>紅蓮のイスルギ", "roll ギダン:face:0")
    assert where(s, LIGHT, "紅蓮のイスルギ") == "graveyard"


def test_evolution_challenge_after_a_win():
    s = summon_all(game(decks=("shingan", "yami")))
    s = play(s, "attack イスルギ>爪牙", "roll イスルギ:stand")
    assert s.phase == EVOLVE and s.current_player == 0
    assert [s.action_to_notation(a) for a in s.legal_actions()] == ["no-evolve", "evolve 真・イスルギ"]
    s = play(s, "evolve 真・イスルギ")
    assert s.phase == ROLL
    failed = play(s, "roll イスルギ:face:3")
    assert where(failed, 0, "イスルギ") == "summoned" and failed.current_player == 1
    done = play(s, "roll イスルギ:special")
    assert where(done, 0, "イスルギ") == "retired" and where(done, 0, "真・イスルギ") == "summoned"
    assert where(play(s, "roll イスルギ:special"), 0, "真・イスルギ") == "summoned"
    skipped = play(summon_all(game(decks=("shingan", "yami"))),
                   "attack イスルギ>爪牙", "roll イスルギ:stand", "no-evolve")
    assert skipped.current_player == 1 and where(skipped, 0, "真・イスルギ") == "aside"


def test_cards_bonus_and_single_use():
    s = summon_all(game(decks=("chogan", "yami")))
    s = play(s, "attack 武王>ギダン", "roll 武王:special", "roll ギダン:face:4")
    card = s.notation_to_action("card 小札絵・武王")
    assert callout(s, card).ja == "特殊能力発動！"
    t = play(s, "card 小札絵・武王")
    assert t.last[2:] == (5, 4, "win") and t.cards_used == (True,)
    t = play(t, "attack 爪牙>鰐蛇", "roll 爪牙:side", "attack 武王>美雅羅",
             "roll 武王:special", "roll 美雅羅:face:1")
    assert "card 小札絵・武王" not in {t.action_to_notation(a) for a in t.legal_actions()}


def test_reroll_cards():
    s = summon_all(game(decks=("shingan", "yami")))
    s = play(s, "attack イスルギ>ギダン", "roll イスルギ:special", "roll ギダン:face:5",
             "card 小札絵・イスルギ")
    assert s.is_chance and s.lineup.dice[s.pending[0]].name == "ギダン"
    assert play(s, "roll ギダン:face:1").last[2:] == (3, 1, "win")
    assert where(play(s, "roll ギダン:stand"), 0, "イスルギ") == "graveyard"  # counter
    s = summon_all(game(decks=("shingan", "yami")))
    s = play(s, "attack 獣幽士>ギダン", "roll 獣幽士:special", "roll ギダン:face:5",
             "card 小札絵・獣幽士")
    assert s.lineup.dice[s.pending[0]].name == "獣幽士"
    assert play(s, "roll 獣幽士:face:6").last[2:] == (6, 5, "win")
    assert play(s, "roll 獣幽士:side").last[4] == "fail"


def test_max_turns_draws_among_the_players_left():
    s = summon_all(game(max_turns=1))
    s = play(s, "attack ギダン>イスルギ", "roll ギダン:side")
    assert s.is_terminal and s.ranks() == [1, 1] and s.returns() == [0.0, 0.0]
    text = s.render_text()
    assert text.startswith("眼魔伝ガンダイス  turn ターン 1/1 ") and "turn limit was reached" in text


def test_uid_helper_names_dice():
    s = opening()
    assert s.lineup.dice[uid(s, DARK, "美雅羅")].id == "bigara"


def test_evolution_after_a_counter_only_with_the_option():
    for option, phase in ((False, TURN), (True, EVOLVE)):
        s = summon_all(game(decks=("yami", "shingan"), evolve_after_counter=option))
        s = play(s, "attack ギダン>イスルギ", "roll ギダン:face:2", "roll イスルギ:stand")
        assert where(s, DARK, "ギダン") == "graveyard" and s.phase == phase
