"""The options in ``/api/openapi.json`` are the games' own rules (docs/protocol.md, "OpenAPI"): a
body of listed option values fits the schema exactly when the game takes it, seats are sized to
the number of players, and a refusal is 400 for a body that does not fit, 409 for one that does."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from asobiba.core.errors import AsobibaError
from asobiba.core.registry import descriptors, game_class
from asobiba.web.bodies import NewGameBody, SetupBody
from asobiba.web.contract import fits
from asobiba.web.lobby import setup
from asobiba.web.option_rules import values_of

GAMES = [game.id for game in descriptors() if game.at_web_table]


def taken(game_id: str, options: dict) -> bool:
    try:
        setup(game_id, options)
    except AsobibaError:
        return False
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_listed_options_fit_the_schema_exactly_when_the_game_takes_them(game_id: str) -> None:
    specs = game_class(game_id).options_class.specs()
    listed = {name: vs for name, spec in specs.items() if not spec.local and (vs := values_of(spec))}
    pick = random.Random(26)
    tried = [{}] + [{name: pick.choice(listed[name])
                     for name in pick.sample(sorted(listed), pick.randint(1, 4))} for _ in range(300)]
    outcomes = set()
    for options in tried:
        fit = fits(SetupBody, {"game": game_id, "options": options})
        assert fit == taken(game_id, options), options
        outcomes.add(fit)
    assert outcomes == {True, False}  # both sides met


def test_seats_are_sized_to_the_players() -> None:
    three = {"game": "chinese_checkers", "options": {"players": 3}}
    assert fits(NewGameBody, {**three, "seats": [{"type": "human"}, {"type": "invite"},
                                                 {"type": "computer", "level": "weak"}]})
    assert not fits(NewGameBody, {**three, "seats": [{"type": "human"}] * 2})
    assert not fits(NewGameBody, {**three, "seats": [{"type": "human"}] * 2 + [{"type": "robot"}]})
    assert fits(NewGameBody, {**three, "seats": None})


def test_refusals_are_400_off_the_schema_and_409_on_it(client: TestClient) -> None:
    off = client.post("/api/setup", json={"game": "diceout", "options": {"red": [1, 1, 1]}})
    assert off.status_code == 400 and "red" in off.json()["error"]
    record = {"format": "asobiba-record/1", "game": "diceout", "moves": [{"notation": "z9-z9"}] * 20_000}
    on = client.post("/api/records", json=record)  # the longest record: its moves are not checked twice
    assert on.status_code == 409 and "move 1" in on.json()["error"]
