"""Options, position JSON, notation, errors, pictures, records and the CLI for Diamond Game."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from games.star.star_support import position
from typer.testing import CliRunner

from asobiba.cli import app
from asobiba.core.errors import (
    AsobibaError,
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
)
from asobiba.core.record import Record
from asobiba.core.registry import make_game
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.diamond.options import DiamondOptions
from asobiba.games.star.geometry import CELLS, INDEX
from asobiba.games.star.notation import cell_name, parse_cell
from asobiba.games.star.svg import render_svg


def one_line(exc: AsobibaError) -> str:
    text = str(exc)
    assert text and "\n" not in text
    return text


# -- options ---------------------------------------------------------------------------------------

def test_defaults_resolve_from_other_options():
    o = DiamondOptions()
    assert (o.players, o.colors, o.first, o.pieces, o.king) == (2, ("red", "yellow"), None, 15, True)
    assert (o.king_chain_after_line, o.long_jump, o.goal_block, o.max_plies) == (
        "single", False, "full_with_king", 1000)
    assert DiamondOptions(king=False).goal_block == "full_with_one"
    assert DiamondOptions(players=3).colors == ("red", "yellow", "green")
    assert DiamondOptions.from_pairs(["colors=green,red"]).colors == ("red", "green")
    assert DiamondOptions.from_dict(DiamondOptions(players=3).to_dict()) == DiamondOptions(players=3)


@pytest.mark.parametrize("pairs,needle", [
    (["speed=3"], "unknown option"),
    (["players=4"], "players"),
    (["pieces=12"], "pieces"),
    (["king=maybe"], "king"),
    (["colors=red,red"], "twice"),
    (["colors=red"], "2 players need 2"),
    (["players=3", "colors=red,yellow"], "3 players need 3"),
    (["colors=purple,red"], "colors"),
    (["first=green"], "first"),
    (["king=false", "goal_block=full_with_king"], "king=true"),
    (["goal_block=anything"], "goal_block"),
    (["king_chain_after_line=maybe"], "single, any, none"),
    (["max_plies=0"], "max_plies"),
])
def test_bad_options_raise_one_line_option_errors(pairs, needle):
    with pytest.raises(OptionError) as info:
        DiamondOptions.from_pairs(pairs)
    assert needle in one_line(info.value)


@pytest.mark.parametrize("value,meaning", [
    ("single", "single"), ("any", "any"), ("none", "none"), (True, "any"), (False, "none"),
    ("true", "any"), ("false", "none"), (" TRUE ", "any")])
def test_king_chain_after_line_takes_its_old_yes_no_values(value, meaning):
    assert DiamondOptions.from_dict({"king_chain_after_line": value}).king_chain_after_line == meaning
    assert DiamondOptions(king_chain_after_line=value).king_chain_after_line == meaning
    if isinstance(value, str):
        pairs = [f"king_chain_after_line={value}"]
        assert DiamondOptions.from_pairs(pairs).king_chain_after_line == meaning


# -- position JSON ---------------------------------------------------------------------------------

def test_start_position_json_follows_the_contract():
    data = DiamondGame().new_state().to_json()
    assert data["game"] == "diamond" and data["to_move"] == "red"
    assert data["pieces"]["red"]["king"] == [8, -4]
    assert len(data["pieces"]["red"]["men"]) == 14
    assert set(data["pieces"]) == {"red", "yellow"}
    assert data["ply"] == 0 and data["ranks"] == {} and data["lost"] == []
    assert DiamondGame({"king": False}).new_state().to_json()["pieces"]["red"]["king"] is None
    json.dumps(data)


def test_optional_keys_default_when_absent():
    data = DiamondGame().new_state().to_json()
    for key in ("ply", "moves_made", "ranks", "lost"):
        del data[key]
    assert DiamondGame().state_from_json(data) == DiamondGame().new_state()


def test_json_round_trip_of_bench_positions():
    for options in ({}, {"players": 3}, {"goal_block": "no_camping"}):
        game = DiamondGame(options)
        for state in game.bench_positions():
            again = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again == state and again.legal_actions() == state.legal_actions()


def start_json():
    return DiamondGame().new_state().to_json()


def edited(path, value):
    data = start_json()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("data,needle", [
    ([1, 2], "JSON object"),
    ({"game": "diceout"}, "not 'diamond'"),
    (edited(["pieces"], KeyError), "pieces"),
    (edited(["pieces", "green"], {"king": None, "men": []}), "colours in play"),
    (edited(["pieces", "red", "men"], [[0, 0]]), "expected 14"),
    (edited(["pieces", "red", "men", 0], [9, 9]), "not a cell of the star"),
    (edited(["pieces", "red", "men", 0], "e3"), "not a cell"),
    (edited(["pieces", "red", "men", 0], [8, -4]), "two pieces"),
    (edited(["pieces", "red", "men", 0], [-4, 8]), "another colour's point"),
    (edited(["pieces", "red", "king"], None), "king is missing"),
    (edited(["pieces", "red", "men"], "none"), "list"),
    (edited(["to_move"], "green"), "to_move"),
    (edited(["ply"], -1), "ply"),
    (edited(["ranks"], {"red": 7}), "beyond"),
    (edited(["lost"], ["red"]), "no rank"),
    (edited(["moves_made"], {"blue": 1}), "moves_made"),
])
def test_impossible_positions_raise_one_line_position_errors(data, needle):
    with pytest.raises(PositionError) as info:
        DiamondGame().state_from_json(data)
    assert needle in one_line(info.value)


def test_a_king_given_without_kings_is_refused():
    data = DiamondGame({"king": False}).new_state().to_json()
    data["pieces"]["red"]["king"] = [0, 0]
    with pytest.raises(PositionError, match="must be null"):
        DiamondGame({"king": False}).state_from_json(data)


def test_a_finished_player_cannot_be_to_move():
    s = position(options={"players": 3}, to_move="yellow")
    data = s.to_json()
    data["ranks"] = {"yellow": 1}
    with pytest.raises(PositionError, match="already finished"):
        s.game.state_from_json(data)


# -- notation --------------------------------------------------------------------------------------

def test_cell_names():
    assert cell_name(8, -4) == "a1" and cell_name(-8, 4) == "q1" and cell_name(0, 0) == "i5"
    assert cell_name(4, 4) == "e1" and cell_name(4, -8) == "e13"
    names = {cell_name(*c) for c in CELLS}
    assert len(names) == 121
    for c in CELLS:
        assert parse_cell(cell_name(*c)) == c
        assert parse_cell(f"{c[0]},{c[1]}") == c
    assert [INDEX[c] for c in CELLS] == list(range(121)) and CELLS[0] == (8, -4)


@pytest.mark.parametrize("text", ["z1", "e14", "9,9", "", "e"])
def test_bad_cells(text):
    with pytest.raises(NotationError):
        parse_cell(text)


def test_move_notation_forms():
    s = DiamondGame().new_state()
    a = s.notation_to_action("e5-f5")
    assert s.action_to_notation(a) == "e5-f5"
    assert s.notation_to_action("4,0-3,0") == a == s.notation_to_action(" (4,0) - (3,0) ")
    assert s.describe_action(a) == {"from": [4, 0], "to": [3, 0], "notation": "e5-f5"}
    assert s.action_origin(a) == "e5"
    assert a == INDEX[(4, 0)] * 121 + INDEX[(3, 0)]


@pytest.mark.parametrize("text,error", [
    ("e5-e6", IllegalMoveError), ("a1-q1", IllegalMoveError), ("hello", NotationError),
    ("e5 f5", NotationError), ("e5-zz", NotationError),
])
def test_bad_moves(text, error):
    with pytest.raises(error) as info:
        DiamondGame().new_state().notation_to_action(text)
    one_line(info.value)


def test_illegal_actions_and_moves_after_the_end():
    s = DiamondGame({"max_plies": 1}).new_state()
    with pytest.raises(IllegalMoveError):
        s.play(5)
    over = s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalMoveError):
        over.notation_to_action("e5-f5")
    assert over.legal_actions() == []


def test_move_path_follows_hops():
    s = position(pieces={"red": {"men": [(0, 0)]},
                         "yellow": {"men": [(-1, 0), (-2, -1), (-1, -2)]}})
    a = s.notation_to_action("0,0-0,-2")
    path = s.move_path(a)
    assert path[0] == (0, 0) and path[-1] == (0, -2) and len(path) == 4
    assert s.move_path(s.notation_to_action("0,0-0,1")) == [(0, 0), (0, 1)]
    king = position(pieces={"red": {"king": (0, 0)}, "yellow": {"men": [(-1, 0), (-2, 0)]}})
    assert king.move_path(king.notation_to_action("0,0--3,0")) == [(0, 0), (-3, 0)]


# -- pictures --------------------------------------------------------------------------------------

def test_text_picture():
    s = DiamondGame({"players": 3}).new_state()
    text = s.render_text()
    board = "\n".join(line[1:-1] for line in text.splitlines()[:17])
    assert board.count("R") == 1 and board.count("y") == 14 and "red to move" in text
    assert "\x1b[" in s.render_text(color=True)


def test_svg_contract():
    s = DiamondGame().new_state()
    a = s.legal_actions()[0]
    after = s.apply(a)
    svg = render_svg(after, highlights=["0,0", "1,0"], last_move=a, selected="3,-4")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cells = [e for e in root.iter(f"{ns}circle") if e.get("data-cell")]
    assert len(cells) == 121 and root.get("viewBox")
    by_name = {e.get("data-cell"): e.get("class").split() for e in cells}
    assert "legal" in by_name["0,0"] and "legal" in by_name["1,0"]
    assert "selected" in by_name["3,-4"]
    d = s.describe_action(a)
    assert "last" in by_name["{},{}".format(*d["from"])] and "last" in by_name["{},{}".format(*d["to"])]
    pieces = [e for e in root.iter() if e.get("data-piece")]
    assert len(pieces) == 30
    assert sum(1 for e in pieces if e.get("data-king")) == 2


# -- records, registry, CLI ------------------------------------------------------------------------

def test_record_round_trip():
    game = make_game("diamond", {"players": 3, "long_jump": True})
    record = Record.new(game)
    state = game.new_state()
    for _ in range(20):
        action = state.legal_actions()[len(record.actions) % len(state.legal_actions())]
        record.actions.append(action)
        state = state.apply(action)
    again = Record.loads(record.dumps())
    assert again.final_state() == state


TWO_LINE_JUMPS = {"red": {"king": (0, -3)},
                  "yellow": {"men": [(0, -2), (0, -1), (-1, 0), (-2, 0)]}}
"""The king on (0,-3) reaches (-3,0) by two line jumps in a row, which only ``any`` allows."""


def old_record(chain_option):
    """A record of that move, written with ``chain_option`` (a value, or ``...`` to leave the key
    out as records did before the option had three values)."""
    start = position(options={"king_chain_after_line": "any"}, pieces=TWO_LINE_JUMPS)
    record = Record.new(start.game, start)
    record.actions.append(start.notation_to_action("0,-3--3,0"))
    data = record.to_json()
    del data["options"]["king_chain_after_line"]
    if chain_option is not ...:
        data["options"]["king_chain_after_line"] = chain_option
    return data


@pytest.mark.parametrize("chain_option", [True, "true", "any", ...], ids=str)
def test_old_records_replay_under_any(chain_option):
    record = Record.from_json(old_record(chain_option))
    assert record.game.options.king_chain_after_line == "any"
    assert record.final_state().pieces_of(0)[1] == (-3, 0)
    assert Record.loads(record.dumps()).final_state() == record.final_state()


@pytest.mark.parametrize("chain_option", ["single", "none", False])
def test_records_under_other_rules_refuse_two_line_jumps(chain_option):
    with pytest.raises(RecordError, match="move 1"):
        Record.from_json(old_record(chain_option))


def test_new_games_take_single():
    assert make_game("diamond").options.king_chain_after_line == "single"
    start = position(pieces={"red": {"king": (0, -3)},
                             "yellow": {"men": [(0, -2), (0, -1), (-1, 0), (-2, 1), (-2, 2)]}})
    assert start.move_path(start.notation_to_action("0,-3--2,0")) == [(0, -3), (0, 0), (-2, 0)]
    with pytest.raises(IllegalMoveError):  # a second line jump, over (-2,1),(-2,2)
        start.notation_to_action("0,-3--2,3")


def test_bench_positions_are_mid_game_with_kings():
    for options in ({}, {"players": 3}):
        states = DiamondGame(options).bench_positions()
        assert len(states) >= 2
        for s in states:
            assert not s.is_terminal and s.ply >= 30
            assert all(s.kings)


def test_cli_perft_and_moves(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["perft", "diamond", "--depth", "2"])
    assert result.exit_code == 0 and result.stdout.split() == ["1", "20", "2", "400"]
    result = runner.invoke(app, ["perft", "diamond", "-o", "players=3", "-o", "king=false",
                                 "--depth", "2"])
    assert result.stdout.split() == ["1", "18", "2", "324"]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(DiamondGame().new_state().to_json()))
    result = runner.invoke(app, ["moves", "diamond", "--position", str(path)])
    moves = json.loads(result.stdout)
    assert len(moves) == 20 and {"from", "to", "notation"} <= set(moves[0])
    path.write_text("{")
    result = runner.invoke(app, ["moves", "diamond", "--position", str(path)])
    assert result.exit_code == 2


@pytest.mark.parametrize(("game_id", "options", "turns"), [
    ("diamond", {"players": 3}, {"red": 0, "yellow": 240, "green": 120}),
    ("diamond", {"players": 2}, {"red": 0, "yellow": 240}),
    ("chinese_checkers", {"players": 6},
     {"red": 0, "white": 300, "yellow": 240, "blue": 180, "green": 120, "black": 60}),
])
def test_the_picture_names_its_cells_as_players_read_them_and_says_how_to_turn(game_id, options, turns):
    """Each hole carries its notation name (``data-name``, docs/rules/diamond.md, "Cell names")
    beside the web's ``q,r``; the root says the turn that brings each colour's start apex to the
    bottom (``data-seat-turns``), and the turn puts that colour's start pieces at the bottom."""
    from asobiba.core.registry import descriptor
    from asobiba.games.star.notation import names
    from asobiba.games.star.svg import cell_xy

    state = make_game(game_id, options).new_state()
    root = ET.fromstring(descriptor(game_id).render_svg(state, highlights=(), last_move=None))
    said = dict(pair.split(":") for pair in root.get("data-seat-turns").split())
    assert {seat: int(d) for seat, d in said.items()} == turns
    named = names(state.game.star)[0]
    cells = root.findall(".//{http://www.w3.org/2000/svg}circle[@data-cell]")
    assert cells and all(c.get("data-name") == named[tuple(map(int, c.get("data-cell").split(",")))]
                         for c in cells)
    import math
    for seat, colour in enumerate(state.game.rules.colours):
        men, _ = state.pieces_of(seat)
        x, y = map(lambda v: sum(v) / len(men), zip(*(cell_xy(q, r) for q, r in men), strict=True))
        turn = math.radians(turns[colour])
        assert y * math.cos(turn) + x * math.sin(turn) > 0  # below the centre once turned
