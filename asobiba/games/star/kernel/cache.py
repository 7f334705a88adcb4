"""Keeping numba's on-disk cache of the kernel in step with its sources.

Numba checks only the file that holds a compiled function, while the kernel's functions call each
other across modules and freeze into their code the tables and array offsets of other modules
(:mod:`.arrays`, :mod:`.tables`, :mod:`..geometry`) and the evaluation's weights
(:mod:`..heuristic`). A change to one of those files could leave stale compiled code behind,
reading past the end of an array whose layout changed. So the package keeps a digest of the
sources next to the cache files and clears those files when it changes. Where the package folder
cannot be written (an installed copy), numba keeps its cache elsewhere and the sources do not
change: nothing is done.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).parent
SOURCES = (*sorted(HERE.glob("*.py")), HERE.parent / "geometry.py", HERE.parent / "heuristic.py")
"""The files whose contents the compiled code depends on."""
CACHE = HERE / "__pycache__"
DIGEST = CACHE / "kernel-sources.sha256"


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in SOURCES:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache() -> None:
    """Remove the compiled functions cached from older sources (numba compiles them again)."""
    digest = sources_digest()
    try:
        if DIGEST.read_text() == digest:
            return
    except OSError:
        pass
    try:
        CACHE.mkdir(exist_ok=True)
        for path in CACHE.glob("*.nb[ic]"):
            path.unlink(missing_ok=True)
        DIGEST.write_text(digest)
    except OSError:
        return
