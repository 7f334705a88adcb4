"""What each die shows: the outcome it landed on when last rolled, kept for display (the battle
mat draws it) and out of the position's identity (docs/rules/gandice.md, "Position JSON")."""

from __future__ import annotations

import json

import pytest
from gandice_helpers import game, play, summon_all, uid

from asobiba.core.errors import PositionError
from asobiba.core.position import state_from_position
from asobiba.games.gandice.dice import OUTCOME_INDEX
from asobiba.games.gandice.example import opening


def test_every_roll_leaves_its_die_showing_the_outcome():
    g = game()
    s = summon_all(g, "special", ギダン="face:4", イスルギ="side")
    assert s.shown[uid(s, 0, "ギダン")] == OUTCOME_INDEX["face:4"]
    assert s.shown[uid(s, 1, "イスルギ")] == OUTCOME_INDEX["side"]
    assert s.shown[uid(s, 0, "武具・羅")] == -1  # never rolled
    s = play(s, "attack 美雅羅>紅蓮のイスルギ", "roll 美雅羅:special", "roll 紅蓮のイスルギ:face:2",
             "item 武具・羅")
    s = play(s, "roll 武具・羅:face:5")
    assert s.shown[uid(s, 0, "武具・羅")] == OUTCOME_INDEX["face:5"]
    assert s.shown[uid(s, 0, "美雅羅")] == OUTCOME_INDEX["special"]


def test_what_dice_show_is_not_part_of_the_position_identity():
    a = summon_all(game(), "special")
    b = summon_all(game(), "special", ギダン="stand")  # all summoned either way, ギダン shows stand
    assert a.shown != b.shown and a.key() == b.key() and a == b


def test_position_json_keeps_what_dice_show():
    s = play(opening(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:special")
    data = json.loads(json.dumps(s.to_json()))
    assert [uid(s, 0, "ギダン"), "special"] in data["shown"]
    back = state_from_position("gandice", data)
    assert back.shown == s.shown
    del data["shown"]  # optional: a position without it shows nothing yet
    assert state_from_position("gandice", data).shown == (-1,) * len(s.shown)


@pytest.mark.parametrize("bad", [{}, [[0]], [[0, "fly"]], [[99, "side"]], [[0, ["side"]]]])
def test_a_bad_shown_list_is_refused_in_one_line(bad):
    data = opening().to_json()
    data["shown"] = bad
    with pytest.raises(PositionError) as info:
        state_from_position("gandice", data)
    assert "shown" in str(info.value) and "\n" not in str(info.value)
