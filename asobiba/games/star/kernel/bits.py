"""Sets of cells as two int64 words, for the compiled move generator.

Cell ``c`` (a cell index ``0..120``) is bit ``c`` of ``lo`` when ``c < 64``, else bit ``c - 64``
of ``hi``. In an int32 array a set takes four entries, the halves of ``lo`` then of ``hi``, low
half first: cell ``c`` is bit ``c & 31`` of entry ``c >> 5``. The words are signed (numba turns
mixed signed and unsigned 64-bit arithmetic into floats), which changes nothing for the operations
used here: and, or, not, clearing the lowest bit, and testing one bit after a shift.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def _trailing_zeros(typingctx, word):
    """The number of zero bits below the lowest set bit (LLVM's ``cttz``; undefined for 0)."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


@njit(cache=True, inline="always")
def lowest(word):
    """The number of the lowest set bit of a non-zero word."""
    return _trailing_zeros(word)  # type: ignore[call-arg]  # numba passes the typing context an intrinsic's annotations name


@njit(cache=True, inline="always")
def pop_lowest(lo, hi):
    """The lowest cell of the non-empty set ``(lo, hi)``, and the set without it."""
    if lo:
        return lowest(lo), lo & (lo - 1), hi
    return 64 + lowest(hi), lo, hi & (hi - 1)


@njit(cache=True, inline="always")
def has(lo, hi, cell):
    """Whether ``cell`` is in the set ``(lo, hi)``: 1 or 0."""
    word = hi if cell >= 64 else lo
    return (word >> (cell & 63)) & 1


@njit(cache=True, inline="always")
def ix(index):
    """``index`` as an unsigned int, for indexing arrays: numba then skips its check for negative
    indices (counted from the end), which costs three instructions per access."""
    return np.uint64(index)


@njit(cache=True, inline="always")
def flipped(lo, hi, cell):
    """The set ``(lo, hi)`` with ``cell`` added if it was not in it, taken out if it was."""
    if cell < 64:
        return lo ^ (1 << cell), hi
    return lo, hi ^ (1 << (cell - 64))


@njit(cache=True, inline="always")
def with_cell(lo, hi, cell):
    """The set ``(lo, hi)`` with ``cell`` added."""
    if cell < 64:
        return lo | (1 << cell), hi
    return lo, hi | (1 << (cell - 64))


@njit(cache=True, inline="always")
def stored(array, at):
    """The set held in ``array[at : at + 4]`` (int32 halves)."""
    lo = (array[at] & 0xFFFFFFFF) | (np.int64(array[at + 1]) << 32)
    hi = (array[at + 2] & 0xFFFFFFFF) | (np.int64(array[at + 3]) << 32)
    return lo, hi


@njit(cache=True, inline="always")
def store(array, at, lo, hi):
    """Hold the set ``(lo, hi)`` in ``array[at : at + 4]`` (int32 halves)."""
    array[ix(at)] = np.int32(lo & 0xFFFFFFFF)
    array[ix(at + 1)] = np.int32(lo >> 32)
    array[ix(at + 2)] = np.int32(hi & 0xFFFFFFFF)
    array[ix(at + 3)] = np.int32(hi >> 32)


@njit(cache=True, inline="always")
def flip_stored(array, at, cell):
    """Add ``cell`` to the set held in ``array[at : at + 4]``, or take it out if it is there."""
    array[at + (cell >> 5)] ^= np.int32(1 << (cell & 31))  # bit 31: truncated to the sign bit


def words_of(cells) -> tuple[int, int]:
    """The two words of the set of ``cells`` (cell indices)."""
    mask = sum(1 << int(c) for c in set(cells))
    words = [(mask >> shift) & (2**64 - 1) for shift in (0, 64)]
    return words[0] - (words[0] >> 63 << 64), words[1] - (words[1] >> 63 << 64)


def int32_halves(words) -> list[int]:
    """The four int32 entries that hold the set ``words`` (two signed 64-bit ints)."""
    halves = [(w >> shift) & 0xFFFFFFFF for w in words for shift in (0, 32)]
    return [h - 2**32 if h >= 2**31 else h for h in halves]
