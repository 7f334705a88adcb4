"""Keeping numba's on-disk cache of the batched star engine (:mod:`.batch`) in step with the code
it calls: numba checks only the file that holds a compiled function, while the batch's functions
freeze the compiled engine's (asobiba/games/star/kernel/) into their code. So a digest of the
engine's sources and of :mod:`.batch` is kept next to the cache files, and the batch's cached
functions are removed when it changes (:func:`asobiba.kernel_support.clear_stale_cache`).
"""

from __future__ import annotations

from pathlib import Path

from ...kernel_support import clear_stale_cache
from .kernel.cache import SOURCES as KERNEL_SOURCES

HERE = Path(__file__).parent
SOURCES = (*KERNEL_SOURCES, HERE / "batch.py", HERE / "observation.py")
"""The files whose contents the batch's compiled code depends on."""


def clear_stale_batch_cache() -> None:
    """Remove the batch's compiled functions cached from older sources (numba compiles them
    again)."""
    clear_stale_cache(HERE / "__pycache__", SOURCES, "batch-sources.sha256", "batch.*.nb[ic]")
