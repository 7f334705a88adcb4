"""The crossing puzzle (docs/rules/chinese_checkers.md, "Crossing the star alone"): the compiled
moves against the readable engine, the entry bound, and crossings found and replayed — 27 moves
for ten pieces on the standard board, the known shortest."""

from __future__ import annotations

import random

import numpy as np
import pytest
from typer.testing import CliRunner

from asobiba.core.errors import OptionError
from asobiba.core.record import Record
from asobiba.core.registry import descriptor
from asobiba.games.chinese_checkers.game import ChineseCheckersGame
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.crossing import kernel
from asobiba.games.star.crossing.puzzle import puzzle_of
from asobiba.games.star.crossing.search import entry_bound, find_crossing
from asobiba.games.star.geometry import BIT, NUM_CELLS

PUZZLES = {
    "checkers": ChineseCheckersGame({}),
    "checkers, pass": ChineseCheckersGame({"other_points": "pass"}),
    "checkers, closed": ChineseCheckersGame({"other_points": "closed"}),
    "diamond": DiamondGame({}),
    "diamond, any": DiamondGame({"king_chain_after_line": "any"}),
    "small": DiamondGame({"board": "small"}),
    "small, none": DiamondGame({"board": "small", "king_chain_after_line": "none"}),
}


@pytest.mark.parametrize("name", PUZZLES)
def test_compiled_moves_are_the_readable_engines(name):
    game = PUZZLES[name]
    puzzle, seat = puzzle_of(game), game.seats[0]
    occ = np.zeros(NUM_CELLS, np.uint8)
    marks = np.zeros((3, NUM_CELLS + 1), np.int32)
    stack = np.zeros(4 * NUM_CELLS, np.int32)
    out_piece, out_to = np.zeros(4096, np.int32), np.zeros(4096, np.int32)
    cells_ok = [c for c in range(NUM_CELLS) if puzzle.stop[c]]
    rng = random.Random(name)
    for _ in range(60):
        cells = np.array(rng.sample(cells_ok, puzzle.pieces), np.int16)
        kernel.place(cells, occ, puzzle.king)
        n = kernel.moves(cells, occ, puzzle.king, puzzle.after_line, puzzle.row, puzzle.stop,
                         puzzle.land, puzzle.ray, out_piece, out_to, marks, stack)
        found = {(int(cells[out_piece[k]]), int(out_to[k])) for k in range(n)}
        king = BIT[cells[0]] if puzzle.king else 0
        men = sum(BIT[c] for c in cells) - king
        expected = {divmod(a, NUM_CELLS) for a in game.generator.moves(men, king, men | king,
                                                                        king, seat)}
        assert found == expected


@pytest.mark.parametrize("name,bound", [("checkers", 19), ("diamond", 22), ("small", 15)])
def test_the_entry_bound(name, bound):
    assert entry_bound(puzzle_of(PUZZLES[name])) == bound


def test_a_lone_colour_must_be_able_to_hop():
    with pytest.raises(OptionError):
        puzzle_of(ChineseCheckersGame({"hop_own": False}))


def test_a_narrow_beam_finds_a_crossing_of_the_small_board_that_the_engine_replays():
    crossing = find_crossing(PUZZLES["small"], width=500)
    assert crossing.lower_bound == 15 <= crossing.moves <= 24  # replayed inside find_crossing


def test_the_line_is_saved_as_the_record_of_a_game_of_one(tmp_path):
    app = descriptor("chinese_checkers").commands()
    path = tmp_path / "line.json"
    result = CliRunner().invoke(app, ["cross", "--width", "300", "--record", str(path)])
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    final = record.final_state()
    assert record.game.options.players == 1 and final.is_terminal
    assert len(record.actions) == int(result.output.splitlines()[0])


def test_diamond_has_no_game_of_one_to_record_the_line_in(tmp_path):
    app = descriptor("diamond").commands()
    result = CliRunner().invoke(app, ["cross", "--width", "10", "--record", str(tmp_path / "x")])
    assert result.exit_code == 2 and "players" in result.output


@pytest.mark.slow
def test_ten_pieces_cross_the_standard_board_in_27_moves():
    app = descriptor("chinese_checkers").commands()
    result = CliRunner().invoke(app, ["cross"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "27"
