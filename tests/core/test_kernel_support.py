"""The pieces every compiled kernel shares (asobiba/kernel_support.py): the seeded shuffle, the
rules of the iterative-deepening root loop, and the cache digest that clears stale compiled code.
That the two compiled searches answer as the readable one is checked with each engine
(tests/games/star/test_star_kernel_search.py, tests/games/diceout/test_diceout_search.py)."""

from __future__ import annotations

import numpy as np

from asobiba.kernel_support import (
    best_first,
    clear_stale_cache,
    interrupted,
    settled,
    shuffle,
    sources_digest,
)


def shuffled(n: int, seed: int) -> list[int]:
    items = np.arange(n, dtype=np.int32)
    shuffle(items, seed)
    return items.tolist()


def test_the_shuffle_is_a_permutation_fixed_by_its_seed() -> None:
    assert sorted(shuffled(50, 3)) == list(range(50))
    assert shuffled(50, 3) == shuffled(50, 3)
    assert len({tuple(shuffled(20, seed)) for seed in range(20)}) == 20
    assert shuffled(1, 9) == [0] and shuffled(0, 9) == []


def test_the_shuffle_keeps_the_order_the_kernels_always_drew() -> None:
    """Fisher-Yates from the last item down, xorshift64 (13, 7, 17) seeded by seed * 2^64/phi + 1:
    the orders the searches drew before the shuffle was shared, so a seed still gives the same
    move."""
    state = (7 * 0x9E3779B97F4A7C15 + 1) % 2**64
    items = list(range(10))
    for i in range(9, 0, -1):
        state ^= (state << 13) % 2**64
        state ^= state >> 7
        state ^= (state << 17) % 2**64
        j = state % (i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffled(10, 7) == items


def test_an_interrupted_iteration_answers_only_with_a_different_move() -> None:
    """As the readable alpha-beta: a move the unfinished iteration found better answers, with that
    iteration's depth; the same move found again leaves the last finished iteration's move, value
    and depth together; nothing finished leaves them too."""
    last = (11, 0.25, 3)  # best, value, depth of the last finished iteration
    assert interrupted(2, 12, 0.5, 4, *last) == (12, 0.5, 4)
    assert interrupted(2, 11, 0.5, 4, *last) == last
    assert interrupted(0, 12, 0.5, 4, *last) == last
    assert interrupted(1, 11, 0.5, 1, 11, 0.0, 0) == (11, 0.5, 1)  # no iteration had finished
    assert interrupted(0, 11, 0.5, 1, 11, 0.0, 0) == (11, 0.0, 0)


def test_deepening_stops_once_proven_or_when_the_whole_game_fits() -> None:
    assert settled(0.97, 0.95, 1) and settled(-0.97, 0.95, 1)
    assert settled(0.5, 0.95, 0)
    assert not settled(0.5, 0.95, 1)


def test_the_next_iteration_searches_the_best_moves_first_ties_kept_in_order() -> None:
    root, scores = best_first(np.array([5, 6, 7, 8], dtype=np.int32),
                              np.array([0.1, 0.3, 0.1, 0.3]))
    assert root.tolist() == [6, 8, 5, 7] and scores.tolist() == [0.3, 0.3, 0.1, 0.1]


def test_the_cache_is_cleared_when_a_source_changes_and_only_then(tmp_path) -> None:
    source, cache = tmp_path / "search.py", tmp_path / "__pycache__"
    source.write_text("A = 1\n")
    cache.mkdir()
    stale, other = cache / "search.f-1.py311.nbi", cache / "kernels.g-2.py311.nbi"

    def fill() -> None:
        stale.write_text("compiled")
        other.write_text("compiled")

    fill()
    clear_stale_cache(cache, [source], "digest", "search.*.nb[ic]")
    assert not stale.exists() and other.exists()  # no digest yet: cleared
    assert (cache / "digest").read_text() == sources_digest([source])
    fill()
    clear_stale_cache(cache, [source], "digest", "search.*.nb[ic]")
    assert stale.exists()  # the same sources: kept
    source.write_text("A = 2\n")
    clear_stale_cache(cache, [source], "digest", "search.*.nb[ic]")
    assert not stale.exists() and other.exists()


def test_a_cache_folder_that_cannot_be_made_is_left_alone(tmp_path) -> None:
    source = tmp_path / "search.py"
    source.write_text("A = 1\n")
    cache = tmp_path / "absent" / "__pycache__"
    clear_stale_cache(cache, [source], "digest", "search.*.nb[ic]")
    assert not cache.parent.exists()
