"""Keeping numba's on-disk cache of the batched star engine (:mod:`.batch`) in step with the code
it calls: numba checks only the file that holds a compiled function, while the batch's functions
freeze the compiled engine's (asobiba/games/diamond/kernel/) into their code. So a digest of the
engine's sources and of :mod:`.batch` is kept next to the cache files, and the batch's cached
functions are removed when it changes. Where the folder cannot be written (an installed copy),
numba keeps its cache elsewhere and the sources do not change: nothing is done.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..diamond.kernel.cache import SOURCES as KERNEL_SOURCES

HERE = Path(__file__).parent
SOURCES = (*KERNEL_SOURCES, HERE / "batch.py", HERE / "observation.py")
CACHE = HERE / "__pycache__"
DIGEST = CACHE / "batch-sources.sha256"
COMPILED = "batch.*.nb[ic]"


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in SOURCES:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_batch_cache() -> None:
    """Remove the batch's compiled functions cached from older sources (numba compiles them
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
