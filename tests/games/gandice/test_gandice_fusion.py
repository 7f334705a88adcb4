"""Super-eye fusion (超眼・合身) and core fusion (心眼・合身) (docs/rules/gandice.md, "Super-eye fusion"
and "Core fusion")."""

from __future__ import annotations

from gandice_helpers import game, play, summon_all, uid, where

from asobiba.games.gandice import callout
from asobiba.games.gandice.dice import OUTCOME_INDEX
from asobiba.games.gandice.phases import BURY, FALLS, NUMBER, ONE_BLOW, TURN
from asobiba.games.gandice.state import classify

SUPER, DARK = 0, 1


def super_eye(**overrides):
    s = summon_all(game(decks=("chogan", "yami")), **overrides)
    return play(s, "attack 武王>ギダン", "roll 武王:special", "roll ギダン:face:2")


def fused_buo():
    """武王 and 鰐蛇 fused after winning 5 vs 2; 闇 to move."""
    return play(super_eye(), "fuse 鰐蛇", "roll 武王:face:5")


def test_super_eye_fuses_only_with_a_summoned_partner():
    s = super_eye()
    notes = {s.action_to_notation(a) for a in s.legal_actions()}
    assert {"fuse 鰐蛇", "fuse 雷爪", "card 小札絵・武王", "no-item"} <= notes
    assert callout(s, s.notation_to_action("fuse 鰐蛇")).ja == "超眼・合身！"
    half = super_eye(鰐蛇="face:1")
    assert "fuse 鰐蛇" not in {half.action_to_notation(a) for a in half.legal_actions()}


def test_fused_roll_uses_the_fused_table_without_side():
    s = play(super_eye(), "fuse 鰐蛇")
    buo = uid(s, SUPER, "武王")
    assert s.is_chance and s.pending == (buo,)
    assert OUTCOME_INDEX["side"] not in [a - 20000 for a in s.legal_actions()]
    probs = dict(s.chance_outcomes())
    assert abs(probs[20000 + OUTCOME_INDEX["special"]] - 0.28) < 1e-12


def test_fused_special_opens_the_item_step_again_without_a_second_fusion():
    s = play(super_eye(), "fuse 鰐蛇", "roll 武王:special")
    notes = {s.action_to_notation(a) for a in s.legal_actions()}
    assert "card 小札絵・武王" in notes and not any(n.startswith("fuse") for n in notes)


def test_fused_unit_stays_fused_after_winning_and_after_holding():
    s = fused_buo()
    buo, wanija = uid(s, SUPER, "武王"), uid(s, SUPER, "鰐蛇")
    assert s.fusion[buo] == buo and s.fusion[wanija] == buo
    assert where(s, DARK, "ギダン") == "graveyard"
    held = play(s, "attack 爪牙>武王", "roll 爪牙:face:1", "roll 武王:face:4")
    assert held.last[4] == "hold" and held.fusion[wanija] == buo
    assert "attack 武王+鰐蛇>爪牙" not in {held.action_to_notation(a) for a in held.legal_actions()}
    assert "attack 武王>爪牙" in {held.action_to_notation(a) for a in held.legal_actions()}
    assert "武王+鰐蛇" in held.render_text()


def test_tie_against_a_fused_defender_parts_it_both_summoned():
    s = play(fused_buo(), "attack 爪牙>武王", "roll 爪牙:face:4", "roll 武王:face:4")
    assert s.fusion == (-1,) * len(s.fusion)
    assert where(s, SUPER, "武王") == where(s, SUPER, "鰐蛇") == "summoned"


def test_beaten_fusion_buries_one_member_of_its_owners_choice():
    s = play(fused_buo(), "attack 爪牙>武王", "roll 爪牙:face:5", "roll 武王:face:1")
    assert s.phase == BURY and s.current_player == SUPER
    assert sorted(s.action_to_notation(a) for a in s.legal_actions()) == ["bury 武王", "bury 鰐蛇"]
    t = play(s, "bury 鰐蛇")
    assert where(t, SUPER, "鰐蛇") == "graveyard" and where(t, SUPER, "武王") == "summoned"
    assert t.fusion == (-1,) * len(t.fusion) and t.phase == TURN


def core(**overrides):
    s = summon_all(game(decks=("shingan", "yami")), **overrides)
    return play(s, "attack 獣幽士>ギダン", "roll 獣幽士:special", "roll ギダン:face:5")


def test_core_fusion_calls_two_cores_in_any_state():
    s = core(闘奇子="side", 機改人="face:2")
    action = s.notation_to_action("fuse 闘奇子+機改人")
    assert callout(s, action).ja == "心眼・合身！"
    s = s.apply(action)
    assert s.is_chance and s.lineup.dice[s.pending[0]].name == "獣幽士"


def test_core_fusion_success_rolls_the_two_called_dice_and_adds_them():
    s = play(core(), "fuse 闘奇子+機改人", "roll 獣幽士:special")
    lead = uid(s, 0, "獣幽士")
    assert sorted(s.members(lead)) == sorted(uid(s, 0, n) for n in ("獣幽士", "闘奇子", "機改人"))
    s = play(s, "roll 闘奇子:face:6", "roll 機改人:face:2")
    assert s.last[2:] == (8, 5, "win") and s.fusion[lead] == lead


def test_core_fusion_upright_wins_outright_and_a_number_is_judged_unfused():
    won = play(core(), "fuse 闘奇子+機改人", "roll 獣幽士:stand")
    lead = uid(won, 0, "獣幽士")
    assert won.fusion[lead] == lead and where(won, DARK, "ギダン") == "graveyard"
    plain = play(core(), "fuse 闘奇子+機改人", "roll 獣幽士:face:6")
    assert plain.last[2:] == (6, 5, "win") and plain.fusion[lead] == -1
    fell = play(core(), "fuse 闘奇子+機改人", "roll 獣幽士:side")
    assert fell.last[4] == "fail" and fell.fusion[lead] == -1


def test_fused_core_pair_reading():
    o = OUTCOME_INDEX
    assert classify((o["side"], o["side"])) == (FALLS, 0, False)
    assert classify((o["side"], o["face:4"])) == (NUMBER, 4, False)
    assert classify((o["special"], o["face:6"])) == (NUMBER, 9, True)
    assert classify((o["face:1"], o["inverted"]))[0] == ONE_BLOW


def test_beaten_core_fusion_buries_one_of_three():
    s = play(core(), "fuse 闘奇子+機改人", "roll 獣幽士:special", "roll 闘奇子:face:6",
             "roll 機改人:face:2")
    s = play(s, "attack 爪牙>獣幽士", "roll 爪牙:face:5", "roll 闘奇子:face:1", "roll 機改人:face:2")
    assert s.phase == BURY and len(s.legal_actions()) == 3
    t = play(s, "bury 機改人")
    assert [where(t, 0, n) for n in ("獣幽士", "闘奇子", "機改人")] == [
        "summoned", "summoned", "graveyard"]
