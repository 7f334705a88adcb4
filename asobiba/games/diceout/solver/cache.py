"""Keeping numba's on-disk cache of the compiled search in step with the code it calls.

Numba checks only the file that holds a compiled function, while the search of :mod:`.search` is
compiled together with the move generator of :mod:`.kernels`, the evaluation of :mod:`.evaluate`
and the shared pieces of :mod:`asobiba.kernel_support`, and freezes their constants. So the digest
of those sources is kept next to the cache files, and the search's cached functions are removed
when it changes (:func:`asobiba.kernel_support.clear_stale_cache`; the solver's own kernels are
left alone: numba checks their file itself).
"""

from __future__ import annotations

from pathlib import Path

from ....kernel_support import KERNEL_SUPPORT, clear_stale_cache

HERE = Path(__file__).parent
SOURCES = (HERE / "kernels.py", HERE / "evaluate.py", HERE / "search.py", KERNEL_SUPPORT)
"""The files whose contents the compiled search depends on."""
CACHE = HERE / "__pycache__"
COMPILED = "search.*.nb[ic]"
"""The cache files of the search's compiled functions."""


def clear_stale_search_cache() -> None:
    """Remove the search's compiled functions cached from older sources (numba compiles them
    again)."""
    clear_stale_cache(CACHE, SOURCES, "search-sources.sha256", COMPILED)
