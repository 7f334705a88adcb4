"""The proof that a crossing is shortest (docs/rules/chinese_checkers.md, "Crossing the star
alone"): the sets it keeps, its shortest lengths against a plain breadth-first search with the
readable engine on small puzzles, its lines replayed, and the small board's real puzzle."""

from __future__ import annotations

import random

import numpy as np
import pytest
from typer.testing import CliRunner

from asobiba.core.errors import OptionError
from asobiba.core.registry import descriptor
from asobiba.games.chinese_checkers.game import ChineseCheckersGame
from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.crossing import sets
from asobiba.games.star.crossing.prove import prove
from asobiba.games.star.crossing.puzzle import puzzle_of
from asobiba.games.star.crossing.search import find_crossing, verify
from asobiba.games.star.geometry import BIT, NUM_CELLS

SMALL = DiamondGame({"board": "small"})
SMALL_ANY = DiamondGame({"board": "small", "king_chain_after_line": "any"})
SMALL_NO_KING = DiamondGame({"board": "small", "king": False})
CHECKERS_PASS = ChineseCheckersGame({"other_points": "pass"})
CHECKERS_PASS_KING = ChineseCheckersGame({"other_points": "pass", "king": True})


def _bfs(game, start):
    """The fewest moves from ``start`` (the king's cell first when there is one) to its half-turn
    image, by a breadth-first search over every position, with the readable engine's moves."""
    puzzle, seat = puzzle_of(game), game.seats[0]

    def position(cells):
        king = BIT[cells[0]] if puzzle.king else 0
        return sum(BIT[c] for c in cells) - king, king

    goal = position(puzzle.image(start))
    layer, seen, depth = [position(start)], {position(start)}, 0
    while layer:
        if goal in seen:
            return depth
        after = []
        for men, king in layer:
            for action in game.generator.moves(men, king, men | king, king, seat):
                origin, target = divmod(action, NUM_CELLS)
                moved = BIT[origin] | BIT[target]
                child = (men, BIT[target]) if king == BIT[origin] else (men ^ moved, king)
                if child not in seen:
                    seen.add(child)
                    after.append(child)
        layer, depth = after, depth + 1
    return None


def _small_puzzles():
    """Three pieces on the small board (two on the big one): some of the camp, and anywhere the
    colour may stand (with a king, the king on the start apex). Chinese Checkers with the other
    points ``pass``: chains may land where a move may not end."""
    cases = []
    for game, pieces in ((SMALL_NO_KING, 3), (SMALL, 3), (SMALL_ANY, 3), (CHECKERS_PASS, 2),
                         (CHECKERS_PASS_KING, 2)):
        puzzle = puzzle_of(game)
        rng = random.Random(len(cases))
        cells = [c for c in range(NUM_CELLS) if puzzle.stop[c] and c != puzzle.start[0]]
        for pool in ([int(c) for c in puzzle.start[1:]], cells):
            chosen = rng.sample(pool, pieces - puzzle.king)
            cases.append((game, [int(puzzle.start[0])] * puzzle.king + chosen))
    return cases


@pytest.mark.parametrize("game,start", _small_puzzles())
def test_the_proof_finds_the_shortest_crossing_of_a_plain_search(game, start):
    shortest = _bfs(game, start)
    loose, tight, below = (prove(game, limit, start=start) for limit in (40, shortest,
                                                                         shortest - 1))
    assert loose.shortest == tight.shortest == len(tight.line) == shortest
    verify(game, puzzle_of(game), tight.line, start)  # every move legal, home at the end
    assert below.shortest is None and below.complete and not below.line
    assert all(a <= b for a, b in zip(below.layers, loose.layers, strict=False))  # the cut


@pytest.mark.parametrize("game,pieces", [(SMALL, 3), (SMALL_NO_KING, 6)])
def test_the_proof_is_never_longer_than_the_beam(game, pieces):
    """The back rows of the camp (the king first), whose image is the front of the goal: the
    beam, which pushes pieces forward, finds a crossing; the proof one as short or shorter."""
    puzzle = puzzle_of(game)
    start = sorted((int(c) for c in puzzle.start), key=lambda c: puzzle.row[c])[:pieces]
    beam = find_crossing(game, width=200, start=start)
    proof = prove(game, beam.moves, start=start)
    assert beam.lower_bound <= proof.shortest <= beam.moves
    assert prove(game, proof.shortest - 1, start=start).shortest is None


def test_no_crossing_of_the_small_board_takes_sixteen_moves():
    proof = prove(SMALL, 16)
    assert proof.complete and proof.shortest is None
    assert proof.layers[0] == 1 and len(proof.layers) == 9


def test_a_search_that_would_not_fit_stops_undecided():
    proof = prove(SMALL, 19, memory=1)
    assert not proof.complete and proof.shortest is None and proof.layers == (1,)


def test_a_line_jump_that_ends_the_move_cannot_be_run_backwards():
    with pytest.raises(OptionError):
        prove(DiamondGame({"board": "small", "king_chain_after_line": "none"}), 20)
    app = descriptor("diamond").commands()
    result = CliRunner().invoke(app, ["cross", "-o", "board=small", "-o",
                                      "king_chain_after_line=none", "--prove"])
    assert result.exit_code == 2 and "made back" in result.output


def test_sets_are_sorted_unsigned_without_duplicates():
    rng = np.random.default_rng(3)
    words = rng.integers(-(2**63), 2**63 - 1, size=(300, 2), dtype=np.int64)
    words[::3, 0] = words[0, 0]  # equal high words, low words decide
    keys = np.concatenate([words, words[:50]])  # duplicates
    hi, lo = keys[:, 0].copy(), keys[:, 1].copy()
    n = sets.sort_unique(hi, lo, len(hi), np.empty_like(hi), np.empty_like(lo))
    unsigned = sorted({(int(h) % 2**64, int(low) % 2**64) for h, low in words})
    assert [(int(h) % 2**64, int(low) % 2**64) for h, low in zip(hi[:n], lo[:n], strict=True)] == unsigned
    a, b = (hi[:n:2].copy(), lo[:n:2].copy()), (hi[1:n:3].copy(), lo[1:n:3].copy())
    u_hi, u_lo = sets.union(*a, *b)
    assert len(u_hi) == len(set(range(0, n, 2)) | set(range(1, n, 3)))
    assert sets.first_common(*a, *b) == 2  # key 4: the first in both
    assert sets.holds(u_hi, u_lo, hi[4], lo[4]) and not sets.holds(*b, hi[0], lo[0])
    left = sets.minus(u_hi, u_lo, len(u_hi), *b)
    only_a = [i for i in range(0, n, 2) if i % 3 != 1]
    assert np.array_equal(u_hi[:left], hi[only_a]) and np.array_equal(u_lo[:left], lo[only_a])


def test_the_command_proves_a_limit():
    app = descriptor("diamond").commands()
    result = CliRunner().invoke(app, ["cross", "-o", "board=small", "--prove", "--limit", "16"])
    assert result.exit_code == 0, result.output
    assert "no crossing takes 16 moves or fewer" in result.output
