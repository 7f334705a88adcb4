"""The crossing puzzle at the web table (docs/play.md, "The crossing puzzle"): the target of each rule
set a person can choose for one player, found beforehand and never searched while a person plays;
the best line known as a record the replay opens; the table's page module."""

from __future__ import annotations

import itertools
import re

from asobiba.core.errors import OptionError
from asobiba.core.record import Record
from asobiba.core.registry import descriptor, make_game
from asobiba.games.star.crossing.known import KNOWN, PUBLISHED, crossing_record, known_crossing
from asobiba.games.star.crossing.puzzle import puzzle_of
from asobiba.games.star.crossing.search import entry_bound
from asobiba.web.lobby import entry

TARGET = "/api/services/chinese_checkers/crossing"
LINE = "/api/services/chinese_checkers/crossing_record"


def test_every_rule_set_the_lobby_offers_one_player_has_a_target_or_is_not_the_puzzle() -> None:
    """Every combination of the lobby's choices for one player: refused by the game, refused by
    the puzzle (it is played with hop_own=true and without long jumps), or one of the puzzles
    found beforehand — never a puzzle the server would have to search."""
    specs = {s["name"]: s for s in entry(descriptor("chinese_checkers"))["options"]}
    names = [n for n in specs if n not in ("players", "max_plies")]
    values = [(specs[n]["choices"] or [False, True]) + ([None] if specs[n]["default"] is None else [])
              for n in names]
    known = refused = 0
    for combination in itertools.product(*values):
        options = {"players": 1, **dict(zip(names, combination, strict=True))}
        try:
            game = make_game("chinese_checkers", options)
            puzzle_of(game)
        except OptionError:
            refused += 1
            continue
        assert known_crossing(game) is not None, options
        known += 1
    assert known > 0 and refused > 0


def test_each_known_line_crosses_in_its_length_above_its_proven_bound() -> None:
    for found in KNOWN:  # one entry per puzzle: each is the one its own options find
        game = make_game(found.game, {**found.options, "players": 1})
        assert known_crossing(game) is found
        record = crossing_record(game, found)  # replayed move by move, home at the end
        final = record.final_state()
        assert final.is_terminal and final.ranks() == [1] and len(record.actions) == found.moves
        assert entry_bound(puzzle_of(game)) < found.lower_bound == 22 <= found.moves
    shortest = [k for k in KNOWN if k.shortest == PUBLISHED]
    assert [(dict(k.options), k.moves) for k in shortest] == [
        ({"other_points": "closed", "king": False}, 27)]


def test_the_target_of_the_lobby_s_puzzle_and_what_is_known_of_it(client) -> None:
    answer = client.post(TARGET, json={"options": {"players": 1}}).json()
    assert answer["known"] is True
    assert (answer["moves"], answer["lower_bound"], answer["pieces"], answer["king"]) == (27, 22, 10, False)
    assert answer["shortest"] == "found"  # the other points open: the published proof is not for this board
    assert "22" in answer["about"]["en"] and "not known" in answer["about"]["en"]
    assert "証明済み" in answer["about"]["ja"]
    assert len(answer["goal"]) == 10 and answer["goal_apex"] is None  # where the page checks "home"
    closed = client.post(TARGET, json={"options": {"players": 1, "other_points": "closed"}}).json()
    assert (closed["moves"], closed["shortest"]) == (27, "published")
    assert "known shortest" in closed["about"]["en"] and "最短" in closed["about"]["ja"]


def test_options_that_do_not_change_the_puzzle_give_the_same_target(client) -> None:
    plain = client.post(TARGET, json={"options": {"players": 1}}).json()
    for options in ({"players": 1, "max_plies": 40}, {"players": 1, "goal_block": "swap"},
                    {"players": 6}, {}):  # the puzzle is always one player's
        assert client.post(TARGET, json={"options": options}).json() == plain, options
    king = client.post(TARGET, json={"options": {"players": 1, "king": True}}).json()
    assert king["king"] is True and king["known"] is True and king["goal_apex"] in king["goal"]


def test_rules_the_puzzle_does_not_play_have_no_target_and_bad_bodies_are_refused(client) -> None:
    for options in ({"players": 1, "hop_own": False}, {"players": 1, "long_jump": True}):
        answer = client.post(TARGET, json={"options": options}).json()
        assert answer["known"] is False and answer["about"]["ja"] and answer["about"]["en"]
        assert len(answer["goal"]) == 10  # a crossing still counts when made
        assert not re.search("[A-Za-z]", answer["about"]["ja"])  # no English on the Japanese page
        r = client.post(LINE, json={"options": options})
        assert r.status_code == 400 and "hop_own=true" in r.json()["error"]
    for body in ([], {"options": []}, {"options": {}, "extra": 1}, {"options": {"king": "maybe"}},
                 {"options": {"nope": 1}}):
        r = client.post(TARGET, json=body)
        assert r.status_code == 400 and "\n" not in r.json()["error"], body


def test_the_best_line_opens_as_a_replay_of_a_finished_game_of_one(client) -> None:
    record = client.post(LINE, json={"options": {"players": 1, "other_points": "closed"}}).json()
    assert record["format"] == "asobiba-record/1" and record["options"]["players"] == 1
    assert record["meta"]["crossing"]["moves"] == len(record["moves"]) == 27
    created = client.post("/api/records", json=record)
    assert created.status_code == 201
    game = client.get(f"/api/games/{created.json()['id']}").json()
    assert (game["status"], game["plies"], game["result"]["ranks"]) == ("finished", 27, [1])
    assert game["options"]["other_points"] == "closed"
    last = client.get(f"/api/games/{game['id']}/frames/27").json()
    assert last["last"]["notation"] == record["moves"][-1]["notation"]


def test_a_short_move_limit_is_raised_to_the_line_s_length(client) -> None:
    record = client.post(LINE, json={"options": {"players": 1, "max_plies": 5}}).json()
    assert record["options"]["max_plies"] == 27 and Record.from_json(record).final_state().is_terminal


def test_the_catalog_names_the_puzzle_s_page_module(client) -> None:
    """One module for every Chinese Checkers game; it shows itself only for one player."""
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    url = games["chinese_checkers"]["client"]
    assert url == "/static/games/chinese_checkers/client.js"
    module = client.get(url)
    assert module.status_code == 200
    assert "export function tablePart" in module.text and "export function lobbyPanel" in module.text
    assert client.get("/static/games/chinese_checkers/crossing.css").status_code == 200
