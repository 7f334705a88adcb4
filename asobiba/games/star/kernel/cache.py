"""Keeping numba's on-disk cache of the kernel in step with its sources.

Numba checks only the file that holds a compiled function, while the kernel's functions call each
other across modules and freeze into their code the tables and array offsets of other modules
(:mod:`.arrays`, :mod:`.tables`, :mod:`..geometry`), the evaluation's weights (:mod:`..heuristic`)
and the shared pieces of :mod:`asobiba.kernel_support`. So the digest of all those files is kept
next to the cache files, and every cached function of the kernel is cleared when it changes
(:func:`asobiba.kernel_support.clear_stale_cache`).
"""

from __future__ import annotations

from pathlib import Path

from ....kernel_support import KERNEL_SUPPORT
from ....kernel_support import clear_stale_cache as clear_files

HERE = Path(__file__).parent
SOURCES = (*sorted(HERE.glob("*.py")), HERE.parent / "geometry.py", HERE.parent / "heuristic.py",
           KERNEL_SUPPORT)
"""The files whose contents the compiled code depends on."""
CACHE = HERE / "__pycache__"


def clear_stale_cache() -> None:
    """Remove the compiled functions cached from older sources (numba compiles them again)."""
    clear_files(CACHE, SOURCES, "kernel-sources.sha256", "*.nb[ic]")
