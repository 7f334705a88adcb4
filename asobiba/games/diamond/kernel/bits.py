"""Sets of cells as two int64 words, for the compiled move generator.

Cell ``c`` (a cell index ``0..120``) is bit ``c`` of ``lo`` when ``c < 64``, else bit ``c - 64``
of ``hi``. The words are signed (numba turns mixed signed and unsigned 64-bit arithmetic into
floats), which changes nothing for the operations used here: and, or, not, clearing the lowest
bit, and testing one bit after a shift.
"""

from __future__ import annotations

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
    return _trailing_zeros(word)


@njit(cache=True, inline="always")
def has(lo, hi, cell):
    """Whether ``cell`` is in the set ``(lo, hi)``: 1 or 0."""
    word = hi if cell >= 64 else lo
    return (word >> (cell & 63)) & 1


@njit(cache=True, inline="always")
def with_cell(lo, hi, cell):
    """The set ``(lo, hi)`` with ``cell`` added."""
    if cell < 64:
        return lo | (1 << cell), hi
    return lo, hi | (1 << (cell - 64))
