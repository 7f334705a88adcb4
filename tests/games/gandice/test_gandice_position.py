"""Position JSON: the contract's shape, exact continuation, and refusal of impossible positions."""

from __future__ import annotations

import copy
import json

import pytest
from gandice_helpers import game, play, summon_all

from asobiba.core.errors import PositionError
from asobiba.core.position import state_from_position
from asobiba.games.gandice.example import opening


def test_shape_of_the_contract():
    data = opening().to_json()
    assert data["game"] == "gandice" and data["to_move"] == "p1" and data["phase"] == "turn"
    assert data["options"]["decks"] == ["yami", "isurugi"]
    dark = data["players"][0]
    assert dark["deck"] == "yami"
    assert [(d["id"], d.get("state")) for d in dark["dice"]] == [
        ("gidan", "summoned"), ("soga", "unsummoned"), ("bigara", "half"),
        ("bugu-kurogane", None), ("bugu-ra", None)]
    assert dark["graveyard"] == [] and dark["cards"] == []


def test_mid_exchange_position_continues_exactly():
    s = play(opening(), "attack ギダン>紅蓮のイスルギ", "roll ギダン:special",
             "roll 紅蓮のイスルギ:special", "item 武具・黒鉄")
    data = json.loads(json.dumps(s.to_json()))
    assert data["to_move"] == "chance" and data["roll"]["purpose"] == "item"
    back = state_from_position("gandice", data)
    assert back == s
    assert play(back, "roll 武具・黒鉄:face:1").key() == play(s, "roll 武具・黒鉄:face:1").key()


def _broken(mutate):
    data = copy.deepcopy(opening().to_json())
    mutate(data)
    with pytest.raises(PositionError) as info:
        state_from_position("gandice", data)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_impossible_positions_are_refused():
    assert "appears twice" in _broken(lambda d: d["players"][1]["dice"].append(d["players"][0]["dice"][0]))
    assert "missing" in _broken(lambda d: d["players"][0]["dice"].pop())
    assert "not 'soga'" in _broken(lambda d: d["players"][0]["dice"][0].update(id="soga"))
    assert "state" in _broken(lambda d: d["players"][0]["dice"][0].update(state="asleep"))
    assert "phase" in _broken(lambda d: d.update(phase="dance"))
    assert "to move" in _broken(lambda d: d.update(to_move="p2"))
    assert "to_move" in _broken(lambda d: d.update(to_move="chance"))
    assert "deck" in _broken(lambda d: d["players"][0].update(deck="isurugi"))
    assert "players" in _broken(lambda d: d["players"].pop())
    assert "exchange" in _broken(lambda d: d.update(phase="item"))
    assert "fusion" in _broken(lambda d: d["players"][0]["dice"][0].update(fusion=0))
    assert "evolution" in _broken(
        lambda d: d["players"][0]["aside"].append(d["players"][0]["dice"].pop(3)))


def test_options_on_the_command_line_override_the_file():
    data = summon_all(game()).to_json()
    s = state_from_position("gandice", data, ["max_turns=5"])
    assert s.game.options.max_turns == 5
