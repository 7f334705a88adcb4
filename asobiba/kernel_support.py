"""Pieces every compiled (numba) kernel shares: the seeded shuffle of the root moves, the rules of
the iterative-deepening root loop, and keeping numba's disk cache in step with the sources.

The compiled searches of the star engine (:mod:`asobiba.games.star.kernel.search`) and of Dice Out's
solver (:mod:`asobiba.games.diceout.solver.search`) are both :mod:`asobiba.ai.alphabeta` run inside
numba, and what they do alike is stated here once. This module sits beside ``cli_support.py``, in
the layer just above the core (docs/architecture.md, "Layers"): it knows no game and imports
nothing of asobiba, so a shared engine and a game package may both import it, while neither could
import the other's package. It imports numba, so only kernels import it.

The root loop of both searches, depth by depth::

    shuffle(root, seed)                  # the seed decides between equally good moves
    (order root by the priors, if any)
    for depth in 1, 2, ...:
        search the root moves in order; stop part way when the budget or the clock runs out
        if stopped: best, value, depth = interrupted(...); break
        best, value, depth = this iteration's
        if settled(value, cap, cut): break
        root, scores = best_first(root, scores)

Numba checks only the file that holds a compiled function, while a kernel's functions call each
other across modules (this one included) and freeze into their code the constants of other modules.
A change to one of those files could leave stale compiled code behind, so each kernel keeps a
digest of the sources it depends on next to its cache files and clears those files when the digest
changes (:func:`clear_stale_cache`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""2^64 divided by the golden ratio: spreads a seed (and Dice Out's table keys) over 64 bits."""


@njit(cache=True)
def shuffle(items, seed):
    """Shuffle ``items`` in place: Fisher-Yates driven by xorshift64 from ``seed`` (the same
    seed, the same order)."""
    state = np.uint64(seed) * GOLDEN + np.uint64(1)
    for i in range(items.shape[0] - 1, 0, -1):
        state ^= state << np.uint64(13)
        state ^= state >> np.uint64(7)
        state ^= state << np.uint64(17)
        j = int(state % np.uint64(i + 1))
        items[i], items[j] = items[j], items[i]


@njit(cache=True)
def interrupted(done, it_best, it_value, depth, best, best_value, best_depth):
    """The answer when iteration ``depth`` stops part way, ``done`` root moves finished: as the
    readable search (:class:`asobiba.ai.alphabeta.AlphaBetaAgent`), the best of those moves,
    ``it_best`` worth ``it_value``, answers when no iteration finished or when it differs from the
    last finished iteration's ``best``, and then with the ``depth`` it was searched to; otherwise
    the last finished iteration stands, its move, value and depth together. (The root moves are
    searched in the order of the last iteration, its best first, so a move found better part way
    is better at a greater depth.)"""
    if done > 0 and (best_depth == 0 or it_best != best):
        return it_best, it_value, depth
    return best, best_value, best_depth


@njit(cache=True)
def settled(value, cap, cut):
    """Whether deepening can stop after a finished iteration: its value is proven (beyond the
    heuristic's ±``cap``), or no leaf was cut off (``cut`` false: the whole game fits inside this
    depth)."""
    return abs(value) > cap or not cut


@njit(cache=True)
def best_first(root, scores):
    """``root`` and its ``scores`` ordered by falling score, ties kept in their order (the order
    the next iteration searches the root moves in)."""
    order = np.argsort(-scores, kind="mergesort")
    return root[order], scores[order]


def sources_digest(sources: Sequence[Path]) -> str:
    """The SHA-256 of the files' names and contents, in the order given."""
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(cache: Path, sources: Sequence[Path], digest_name: str, compiled: str) -> None:
    """Remove the cache files of ``cache`` matching ``compiled`` (a glob) when the digest of
    ``sources`` differs from the one kept in ``cache / digest_name`` (numba compiles them again),
    and keep the new digest. Where the folder cannot be written (an installed copy), numba keeps its
    cache elsewhere and the sources do not change: nothing is done."""
    kept = cache / digest_name
    digest = sources_digest(sources)
    try:
        if kept.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for path in cache.glob(compiled):
            path.unlink(missing_ok=True)
        kept.write_text(digest)
    except OSError:
        return


KERNEL_SUPPORT = Path(__file__)
"""This file, which every kernel's compiled code depends on (a source of each kernel's digest)."""
