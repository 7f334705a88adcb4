"""The readings the rules leave open, one hand-made position each (docs/rules/gandice.md,
"Readings the rules leave open")."""

from __future__ import annotations

from gandice_helpers import bury, game, play, summon_all, where

from asobiba.games.gandice.phases import BETRAY, BURY, TURN

SUPER, LIGHT = 0, 1


def _notes(state):
    return {state.action_to_notation(a) for a in state.legal_actions()}


def test_a_card_stays_usable_after_its_character_is_gone():
    s = bury(summon_all(game(decks=("chogan", "yami"))), SUPER, {"武王"})
    s = play(s, "attack 鰐蛇>ギダン", "roll 鰐蛇:special", "roll ギダン:face:4")
    assert "card 小札絵・武王" in _notes(s)
    assert play(s, "card 小札絵・武王").last[2:] == (5, 4, "win")


def fused_against_isurugi():
    """超眼組 (p1) has fused 武王+鰐蛇 by beating イスルギ; イスルギ組 (p2) to move."""
    s = summon_all(game(decks=("chogan", "isurugi")))
    s = play(s, "attack 武王>イスルギ", "roll 武王:special", "roll イスルギ:face:2", "fuse 鰐蛇",
             "roll 武王:face:5")
    assert s.phase == TURN and s.current_player == LIGHT and where(s, LIGHT, "イスルギ") == "graveyard"
    return s


def _curse_special(s, target):
    return play(s, f"attack 紅蓮のイスルギ>{target}", "roll 紅蓮のイスルギ:special",
                f"roll {target}:face:1", "item 呪術・笑童児", "roll 呪術・笑童児:special")


def test_betrayal_takes_neither_the_die_in_the_exchange_nor_a_fused_die():
    s = _curse_special(fused_against_isurugi(), "武王")
    assert s.phase == BETRAY and _notes(s) == {"betray 雷爪"}
    s = play(s, "betray 雷爪")
    assert where(s, LIGHT, "雷爪") == "summoned" and s.phase == BURY  # 6 beats the fusion's 1


def test_betrayal_with_no_die_to_take_does_nothing():
    s = _curse_special(fused_against_isurugi(), "雷爪")  # the others are fused
    assert s.phase == TURN and s.last[2:] == (6, 1, "win")
    assert [where(s, SUPER, n) for n in ("武王", "鰐蛇")] == ["summoned", "summoned"]


def test_a_resummon_leaves_fused_dice_alone_and_is_then_no_full_open():
    s = summon_all(game(decks=("chogan", "isurugi"), resummon_full_open=True))
    s = play(s, "attack 武王>イスルギ", "roll 武王:special", "roll イスルギ:face:2", "fuse 鰐蛇",
             "roll 武王:face:5", "attack 紅蓮のイスルギ>雷爪", "roll 紅蓮のイスルギ:side", "resummon")
    assert [s.lineup.dice[u].name for u in s.pending] == ["雷爪"]
    s = play(s, "roll 雷爪:stand")
    assert s.phase == TURN and s.current_player == LIGHT
    lead = s.fusion.index(next(f for f in s.fusion if f >= 0))
    assert sorted(s.lineup.dice[u].name for u in s.members(lead)) == ["武王", "鰐蛇"]


def test_turns_go_round_the_seats_skipping_players_who_are_out():
    s = summon_all(game(players=4, first="p3"))
    seats = []
    for _ in range(5):
        seats.append(s.current_player)
        s = play(s, "resummon", *(f"roll {s.lineup.dice[u].name}:special"
                                  for u in s.fighters(s.current_player)))
    assert seats == [2, 3, 0, 1, 2] and s.current_player == 3
    s = bury(s, 0, {"ギダン", "爪牙", "美雅羅"})  # p1 (next after p4) has lost its characters
    s = play(s, "resummon", *(f"roll {n}:special" for n in ("イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ")))
    assert s.out == (0,) and s.current_player == 1


def test_face_six_half_summons():
    s = summon_all(game(decks=("shingan", "yami")), 獣幽士="face:6")
    assert where(s, 0, "獣幽士") == "half"


def test_a_fused_core_pair_wins_in_one_blow_when_one_die_lands_upright():
    s = summon_all(game(decks=("shingan", "yami")))
    s = play(s, "attack 獣幽士>ギダン", "roll 獣幽士:special", "roll ギダン:face:5",
             "fuse 闘奇子+機改人", "roll 獣幽士:special", "roll 闘奇子:face:6", "roll 機改人:face:2",
             "attack 爪牙>イスルギ", "roll 爪牙:side")
    s = play(s, "attack 獣幽士>美雅羅", "roll 闘奇子:stand", "roll 機改人:face:1")
    assert where(s, LIGHT, "美雅羅") == "graveyard" and s.last[2:] == (-1, -1, "win")
