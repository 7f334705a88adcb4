"""The rules' example battle (対戦例) replays step by step with forced chance outcomes
(docs/rules/gandice.md, "The example battle")."""

from __future__ import annotations

import pytest
from gandice_helpers import uid, where

from asobiba.core.errors import IllegalMoveError, NotationError
from asobiba.core.game import TERMINAL
from asobiba.games.gandice.example import EXCHANGES, opening, play_script
from asobiba.games.gandice.phases import GRAVE, TURN

YAMI, ISURUGI = 0, 1


def _run(state, lines):
    states = play_script(state, lines)
    return states


def test_opening_summon_matches_the_narrative():
    s = opening()
    assert s.phase == TURN and s.current_player == YAMI
    assert [where(s, YAMI, n) for n in ("ギダン", "美雅羅", "爪牙")] == ["summoned", "half", "unsummoned"]
    assert {where(s, ISURUGI, n) for n in ("イスルギ", "紅蓮のイスルギ", "青嵐のイスルギ")} == {"summoned"}


def test_first_exchange_four_against_eight_with_both_weapons_spent():
    states = _run(opening(), EXCHANGES[0])
    after_weapon = states[4]  # ギダン special 3 + 武具・黒鉄 1
    assert after_weapon.x.total(0) == 4
    assert after_weapon.current_player == ISURUGI  # the defender chooses after seeing 4
    end = states[-1]
    s = opening()
    assert end.last == (uid(s, YAMI, "ギダン"), uid(s, ISURUGI, "紅蓮のイスルギ"), 4, 8, "hold")
    assert end.phase == TURN and end.current_player == ISURUGI
    assert where(end, YAMI, "武具・黒鉄") == "graveyard"
    assert where(end, ISURUGI, "武具・羅") == "graveyard"
    assert where(end, ISURUGI, "紅蓮のイスルギ") == "summoned"
    assert where(end, YAMI, "ギダン") == "summoned"


def test_unsummoned_soga_falls_to_a_five_without_defending():
    s = _run(opening(), EXCHANGES[0])[-1]
    states = _run(s, EXCHANGES[1])
    assert len(states) == 2  # no defender roll at all
    end = states[-1]
    assert end.last[2:] == (5, -1, "win")
    assert where(end, YAMI, "爪牙") == "graveyard"
    assert where(end, ISURUGI, "紅蓮のイスルギ") == "summoned"
    assert end.current_player == YAMI


def test_three_against_six_and_bigara_changes_sides():
    s = opening()
    for ex in EXCHANGES[:2]:
        s = _run(s, ex)[-1]
    states = _run(s, EXCHANGES[2])
    betray = states[-2]
    assert betray.x.total(0) == 3 and betray.x.total(1) == 6
    assert betray.current_player == ISURUGI
    end = states[-1]
    assert end.last[2:] == (3, 6, "hold")
    bigara = uid(s, YAMI, "美雅羅")
    assert end.owner[bigara] == ISURUGI and where(end, ISURUGI, "美雅羅") == "half"
    assert end.fighters(YAMI) == [uid(s, YAMI, "ギダン")]
    assert [end.lineup.dice[u].name for u in range(len(end.loc))
            if end.owner[u] == YAMI and end.loc[u] == 0 and end.lineup.dice[u].is_item] == ["武具・羅"]
    assert len(end.fighters(ISURUGI)) == 4
    assert not any(end.lineup.dice[u].is_item and end.loc[u] == 0 and end.owner[u] == ISURUGI
                   for u in range(len(end.loc)))


def test_side_roll_fails_eight_beats_five_and_four_beats_three():
    s = opening()
    for ex in EXCHANGES[:3]:
        s = _run(s, ex)[-1]
    before = s
    s = _run(s, EXCHANGES[3])[-1]
    assert s.current_player == YAMI and s.last[2:] == (-1, -1, "fail")
    assert (s.owner, s.loc, s.summon) == (before.owner, before.loc, before.summon)
    states = _run(s, EXCHANGES[4])
    s = states[-1]
    assert s.last[2:] == (8, 5, "win")
    assert where(s, ISURUGI, "紅蓮のイスルギ") == "graveyard"
    assert where(s, YAMI, "武具・羅") == "graveyard"
    states = _run(s, EXCHANGES[5])
    end = states[-1]
    assert end.last[2:] == (4, 3, "win")
    assert end.current_player == TERMINAL
    assert end.loc[uid(end, YAMI, "ギダン")] == GRAVE
    assert end.ranks() == [2, 1] and end.returns() == [-1.0, 1.0]


def test_notation_with_catalog_ids_and_errors():
    s = opening()
    a = s.notation_to_action("attack gidan>guren-isurugi")
    assert s.action_to_notation(a) == "attack ギダン>紅蓮のイスルギ"
    assert s.notation_to_action("  attack   ギダン>紅蓮のイスルギ ") == a
    with pytest.raises(NotationError):
        s.notation_to_action("attack 美雅羅>イスルギ")  # half-summoned dice do not attack
    end = s
    for ex in EXCHANGES:
        end = play_script(end, ex)[-1]
    with pytest.raises(IllegalMoveError):
        end.notation_to_action("resummon")
