"""Keeping numba's on-disk cache of the compiled search in step with the code it calls.

Numba checks only the file that holds a compiled function, while the search of :mod:`.search` is
compiled together with the move generator of :mod:`.kernels` and the evaluation of
:mod:`.evaluate` and freezes their constants. A change to one of those files could leave stale
compiled search code behind. So a digest of the three sources is kept next to the cache files, and
the search's cached functions are removed when it changes (the solver's own kernels are left
alone: numba checks their file itself). Where the package folder cannot be written (an installed
copy), numba keeps its cache elsewhere and the sources do not change: nothing is done.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).parent
SOURCES = (HERE / "kernels.py", HERE / "evaluate.py", HERE / "search.py")
"""The files whose contents the compiled search depends on."""
CACHE = HERE / "__pycache__"
DIGEST = CACHE / "search-sources.sha256"
COMPILED = "search.*.nb[ic]"
"""The cache files of the search's compiled functions."""


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in SOURCES:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_search_cache() -> None:
    """Remove the search's compiled functions cached from older sources (numba compiles them
    again)."""
    digest = sources_digest()
    try:
        if DIGEST.read_text() == digest:
            return
    except OSError:
        pass
    try:
        CACHE.mkdir(exist_ok=True)
        for path in CACHE.glob(COMPILED):
            path.unlink(missing_ok=True)
        DIGEST.write_text(digest)
    except OSError:
        return
