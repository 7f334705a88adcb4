"""The fast move generator (fast_moves.py, neighbourhood.py) against the general one of movegen.py.

The two are built differently: the fast one from shared single-hop components and local-pattern
tables, the general one by walking the rays of every landing cell. They must give the same moves
on every position without long hops or swaps, including the awkward ones: a man that could hop
over its own start cell, chains that come back next to the start, kings next to kings.
"""

from __future__ import annotations

import random

import pytest

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.fast_moves import append_fast_moves
from asobiba.games.star.geometry import (
    BIT,
    BOARD,
    CELL_OF_GRID,
    CELLS,
    GRID,
    GRID_BITS,
    NEIGHBOURS,
    NUM_CELLS,
    RAYS,
)
from asobiba.games.star.movegen import MoveGenerator, decode
from asobiba.games.star.neighbourhood import (
    BEHIND,
    FIRST_HOPS,
    NEAR_SHIFT,
    PAIR_WINDOW,
    RING_SHIFT,
    STEPS_AND_BEHIND,
    STEPS_BY_WINDOW,
    WINDOW,
    pair_view,
)
from asobiba.games.star.options import LINE_CHAIN_RULES


def general_moves(gen: MoveGenerator, men: int, king: int, occ: int, kings: int,
                  free: int) -> set[int]:
    """Every move by the general generator (steps plus the jump targets of each piece)."""
    out = set()
    for origin, is_king in [(BIT[i], False) for i in range(NUM_CELLS) if men & BIT[i]] + (
            [(king, True)] if king else []):
        f = CELL_OF_GRID[origin.bit_length() - 1]
        targets = gen.jump_targets(origin, is_king, occ, kings, free, 0)
        targets |= NEIGHBOURS[origin.bit_length() - 1] & free
        out |= {f * NUM_CELLS + i for i in range(NUM_CELLS) if targets & BIT[i]}
    return out


def random_board(rng: random.Random, density: float, kings_wanted: int):
    """Random pieces anywhere: the mover's men and king, other pieces, other kings."""
    cells = list(range(NUM_CELLS))
    rng.shuffle(cells)
    taken = cells[: int(density * NUM_CELLS)]
    king = BIT[taken[0]]
    other_kings = sum(BIT[i] for i in taken[1: 1 + kings_wanted])
    rest = taken[1 + kings_wanted:]
    men = sum(BIT[i] for i in rest[: len(rest) // 2])
    occ = sum(BIT[i] for i in taken)
    free = BOARD & ~occ & ~sum(BIT[i] for i in rng.sample(range(NUM_CELLS), 10))  # forbidden cells
    return men, king, occ, king | other_kings, free


@pytest.mark.parametrize("chain", LINE_CHAIN_RULES)
def test_fast_generator_matches_the_general_one_on_random_boards(chain):
    gen = MoveGenerator(chain_after_line=chain, long_jump=False, swap=False)
    rng = random.Random(f"4242 {chain}")
    for trial in range(400):
        men, king, occ, kings, free = random_board(rng, rng.uniform(0.2, 0.75), rng.randrange(3))
        if trial % 5 == 0:
            king = 0  # the mover has no king (the piece there is another colour's king)
        out: list[int] = []
        append_fast_moves(out, men, king, occ, kings, free, chain)
        assert len(out) == len(set(out))
        assert set(out) == general_moves(gen, men, king, occ, kings, free), trial


def test_line_chain_rules_nest_and_differ_on_random_boards():
    """``none`` allows less than ``single``, which allows less than ``any``; the random boards
    above include boards where each step is strict (so the comparisons test every rule)."""
    rng = random.Random(99)
    strict = {"none": 0, "single": 0}
    for _ in range(300):
        men, king, occ, kings, free = random_board(rng, rng.uniform(0.2, 0.75), rng.randrange(3))
        found = {}
        for chain in LINE_CHAIN_RULES:
            out: list[int] = []
            append_fast_moves(out, men, king, occ, kings, free, chain)
            found[chain] = set(out)
        assert found["none"] <= found["single"] <= found["any"]
        strict["none"] += found["none"] < found["single"]
        strict["single"] += found["single"] < found["any"]
    assert min(strict.values()) > 10, strict


def test_fast_generator_matches_in_random_games():
    for options in ({}, {"king_chain_after_line": "any"}, {"king_chain_after_line": "none"},
                    {"players": 3, "pieces": 10}):
        game = DiamondGame(options)
        gen = MoveGenerator(chain_after_line=game.options.king_chain_after_line,
                            long_jump=False, swap=False)
        rng = random.Random(7)
        state = game.new_state()
        for _ in range(600):
            if state.is_terminal:
                state = game.new_state()
            seat = state.to_move
            men, king = state.men[seat], state.kings[seat]
            kings = sum(state.kings)
            free = game.seats[seat].allowed & ~state.occ
            out: list[int] = []
            append_fast_moves(out, men, king, state.occ, kings, free,
                              game.options.king_chain_after_line)
            assert sorted(out) == sorted(general_moves(gen, men, king, state.occ, kings, free))
            state = state.apply(rng.choice(state.legal_actions()))


def test_single_hop_chains_never_end_next_to_their_start():
    """The fact that lets the fast generator ignore hops over the lifted man himself: a chain of
    single hops moves two cells along a line each time, so it never reaches a neighbour."""
    gen = MoveGenerator(chain_after_line="any", long_jump=False, swap=False)
    rng = random.Random(11)
    for _ in range(300):
        men, _, occ, kings, free = random_board(rng, rng.uniform(0.3, 0.7), 0)
        for i in range(NUM_CELLS):
            if men & BIT[i]:
                (q0, r0), reach = CELLS[i], gen.jump_targets(BIT[i], False, occ, kings, free, 0)
                for q, r in (CELLS[t] for t in range(NUM_CELLS) if reach & BIT[t]):
                    assert (q - q0) % 2 == 0 and (r - r0) % 2 == 0
                assert not reach & NEIGHBOURS[GRID[i]]


def test_tables_agree_with_the_geometry():
    rng = random.Random(3)
    for g in range(GRID_BITS):
        if CELL_OF_GRID[g] < 0:
            continue
        g1 = g + 1
        f = CELL_OF_GRID[g]
        for _ in range(20):
            free = sum(BIT[i] for i in range(NUM_CELLS) if rng.random() < 0.5)
            jumpable = BOARD & ~free & sum(BIT[i] for i in range(NUM_CELLS) if rng.random() < 0.6)
            near_free = ((free << NEAR_SHIFT) >> g1) & WINDOW
            steps = STEPS_BY_WINDOW[g1][near_free]
            assert sorted(steps) == sorted(f * NUM_CELLS + CELL_OF_GRID[n] for n in range(GRID_BITS)
                                           if NEIGHBOURS[g] >> n & 1 and free >> n & 1)
            behind = BEHIND[g1][((jumpable << NEAR_SHIFT) >> g1) & WINDOW]
            assert STEPS_AND_BEHIND[g1][(pair_view(free, jumpable) >> g1) & PAIR_WINDOW] == (
                steps, behind)
            landings = ((free << RING_SHIFT) >> g1) & behind
            mask, acts = FIRST_HOPS[g1][landings]
            expected = 0
            for ray in RAYS[g]:
                if len(ray) > 1 and ray[0] & jumpable and ray[1] & free:
                    expected |= ray[1]
            assert mask == expected
            assert sorted(acts) == sorted(f * NUM_CELLS + CELL_OF_GRID[b.bit_length() - 1]
                                          for b in (BIT[i] for i in range(NUM_CELLS)) if b & mask)
            assert all(decode(a)[0] == f for a in acts)
