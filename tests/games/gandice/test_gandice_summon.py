"""Summon roll, 全召喚, 全開召喚, who starts, and the re-summon challenge (docs/rules/gandice.md,
"Summoning" and "A turn")."""

from __future__ import annotations

import pytest
from gandice_helpers import game, play, summon_all, where

from asobiba.core.record import Record
from asobiba.core.registry import make_game
from asobiba.games.gandice import callout
from asobiba.games.gandice.dice import OUTCOME_INDEX, summon_state
from asobiba.games.gandice.phases import FIRST, OVER, ROLL, SUMMON, TURN

DARK = ("ギダン", "爪牙", "美雅羅")
LIGHT = ("イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ")


@pytest.mark.parametrize(
    ("outcome", "state"),
    [("special", 2), ("stand", 2), ("inverted", 2), ("face:1", 1), ("face:5", 1), ("face:6", 1),
     ("face:0", 0), ("side", 0)],
)
def test_summon_table(outcome, state):
    assert summon_state(OUTCOME_INDEX[outcome]) == state


def test_summon_roll_is_one_chance_node_per_character_die():
    s = game().new_state()
    assert s.is_chance and s.phase == ROLL and s.purpose == SUMMON
    names = [s.lineup.dice[u].name for u in s.pending]
    assert names == list(DARK + LIGHT)  # item dice are not rolled
    assert callout(s, s.legal_actions()[0]).ja == "眼魔召喚！"


def test_one_upright_die_summons_all_of_its_players_dice():
    s = summon_all(game(), "face:0", ギダン="inverted")
    assert {where(s, 0, n) for n in DARK} == {"summoned"}
    assert {where(s, 1, n) for n in LIGHT} == {"unsummoned"}


def test_mixed_roll_gives_each_die_its_state():
    s = summon_all(game(), "face:3", ギダン="special", 爪牙="side", 美雅羅="face:0")
    assert [where(s, 0, n) for n in DARK] == ["summoned", "unsummoned", "unsummoned"]
    assert {where(s, 1, n) for n in LIGHT} == {"half"}
    assert s.phase == TURN and s.current_player == 0


def test_full_open_summon_wins_at_once():
    g = game()
    s = g.new_state()
    for name in DARK:
        s = play(s, f"roll {name}:stand")
    s = play(s, "roll イスルギ:face:1", "roll 紅蓮のイスルギ:face:2")
    last = s.notation_to_action("roll 青嵐のイスルギ:face:3")
    assert callout(s, last).ja == "全開召喚！"
    s = s.apply(last)
    assert s.phase == OVER and s.ranks() == [1, 2]


def test_two_full_open_summons_roll_again():
    s = game().new_state()
    for name in DARK + LIGHT:
        s = play(s, f"roll {name}:{'inverted' if name in LIGHT else 'stand'}")
    assert s.phase == ROLL and s.purpose == SUMMON and s.rolls == ()
    assert len(s.pending) == 6


def test_random_first_player_is_a_fair_chance_node():
    s = summon_all(game(first="random"))
    assert s.phase == FIRST and s.is_chance
    assert s.chance_outcomes() == [(30000, 0.5), (30001, 0.5)]
    s = play(s, "first p2")
    assert s.phase == TURN and s.current_player == 1


def test_first_by_seat_number():
    s = summon_all(game(first="2"))
    assert s.game.options.first == "p2" and s.current_player == 1


def test_resummon_rerolls_every_remaining_character_die():
    s = summon_all(game(), "special", 爪牙="side", 美雅羅="face:2")
    assert callout(s, s.notation_to_action("resummon")).ja == "眼魔召喚！"
    s = play(s, "resummon")
    assert [s.lineup.dice[u].name for u in s.pending] == list(DARK)  # summoned ギダン too
    s = play(s, "roll ギダン:face:0", "roll 爪牙:special", "roll 美雅羅:face:4")
    assert [where(s, 0, n) for n in DARK] == ["unsummoned", "summoned", "half"]
    assert s.current_player == 1 and s.turn == 1


def test_resummon_all_upright_summons_all_but_wins_nothing_by_default():
    s = summon_all(game(), "face:2")
    assert s.game.options.resummon_full_open is False
    s = play(s, "resummon", "roll ギダン:stand", "roll 爪牙:inverted")
    last = s.notation_to_action("roll 美雅羅:stand")
    assert callout(s, last) is None
    s = s.apply(last)
    assert s.phase == TURN and s.current_player == 1
    assert {where(s, 0, n) for n in DARK} == {"summoned"}


def test_resummon_full_open_wins_with_the_option():
    s = summon_all(game(resummon_full_open=True), "face:2")
    s = play(s, "resummon", "roll ギダン:stand", "roll 爪牙:inverted")
    last = s.notation_to_action("roll 美雅羅:stand")
    assert callout(s, last).ja == "全開召喚！"
    s = s.apply(last)
    assert s.phase == OVER and s.ranks() == [1, 2]
    not_all = play(summon_all(game(resummon_full_open=True), "face:2"), "resummon",
                   "roll ギダン:stand", "roll 爪牙:stand")
    assert callout(not_all, not_all.notation_to_action("roll 美雅羅:face:3")) is None


@pytest.mark.parametrize("option", [False, True])
def test_a_resummon_ending_the_battle_at_the_turn_limit_is_no_full_open(option):
    s = summon_all(game(max_turns=1, resummon_full_open=option), "face:2")
    s = play(s, "resummon", "roll ギダン:face:1", "roll 爪牙:stand")
    last = s.notation_to_action("roll 美雅羅:face:3")
    assert callout(s, last) is None
    s = s.apply(last)
    assert s.phase == OVER and s.ranks() == [1, 1]


def test_the_summon_roll_that_leads_to_rolling_again_is_no_full_open():
    s = game().new_state()
    s = play(s, *(f"roll {name}:stand" for name in DARK + LIGHT[:2]))
    assert callout(s, s.notation_to_action("roll 青嵐のイスルギ:inverted")) is None
    assert callout(s, s.notation_to_action("roll 青嵐のイスルギ:face:1")).ja == "全開召喚！"


def test_a_record_lacking_the_option_replays_as_it_was_played():
    """Records from before the default changed won a re-summon by 全開召喚."""
    record = Record.new(game(resummon_full_open=True))
    state = record.start
    moves = [f"roll {n}:face:2" for n in DARK + LIGHT]
    moves += ["resummon"] + [f"roll {n}:stand" for n in DARK]
    for text in moves:
        record.actions.append(state.notation_to_action(text))
        state = state.apply(record.actions[-1])
    data = record.to_json()
    del data["options"]["resummon_full_open"]
    old = Record.from_json(data)
    assert old.game.options.resummon_full_open is True
    assert old.final_state().ranks() == [1, 2]
    assert make_game("gandice").options.resummon_full_open is False
