"""Sets of positions for the proof of :mod:`.prove`, compiled (numba).

A position is a key of two int64 words ``(hi, lo)``; a set is a pair of arrays ``hi``, ``lo``
sorted by the key read as an unsigned 128-bit number (``hi`` first), without duplicates. Keys are
sorted by radix (16 bits at a time, the low digits first, a digit the same in every key skipped),
so sorting costs a few passes over the keys whatever their order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SIGN = np.int64(-(2**63))
"""The top bit: flipping it makes the signed order of int64 words their unsigned order."""


@njit(cache=True, inline="always")
def less(ahi, alo, bhi, blo):
    """Whether the key ``(ahi, alo)`` comes before ``(bhi, blo)``."""
    if ahi != bhi:
        return (ahi ^ SIGN) < (bhi ^ SIGN)
    return (alo ^ SIGN) < (blo ^ SIGN)


@njit(cache=True)
def sort_unique(hi, lo, n, tmp_hi, tmp_lo):
    """Sort the first ``n`` keys of ``hi``/``lo`` in place (``tmp_hi``/``tmp_lo``: room for as
    many) and drop duplicates; return how many keys are left at the front."""
    count = np.zeros(1 << 16, np.int64)
    src_hi, src_lo, dst_hi, dst_lo = hi, lo, tmp_hi, tmp_lo
    moved = False
    for p in range(8):
        shift = 16 * (p % 4)
        count[:] = 0
        for i in range(n):
            word = src_lo[i] if p < 4 else src_hi[i]
            count[(word >> shift) & 0xFFFF] += 1
        if n == 0 or count.max() == n:
            continue  # the same digit in every key
        total = 0
        for d in range(1 << 16):
            c = count[d]
            count[d] = total
            total += c
        for i in range(n):
            word = src_lo[i] if p < 4 else src_hi[i]
            d = (word >> shift) & 0xFFFF
            j = count[d]
            count[d] = j + 1
            dst_hi[j] = src_hi[i]
            dst_lo[j] = src_lo[i]
        src_hi, src_lo, dst_hi, dst_lo = dst_hi, dst_lo, src_hi, src_lo
        moved = not moved
    if moved:
        hi[:n] = src_hi[:n]
        lo[:n] = src_lo[:n]
    m = 0
    for i in range(n):
        if m == 0 or hi[i] != hi[m - 1] or lo[i] != lo[m - 1]:
            hi[m] = hi[i]
            lo[m] = lo[i]
            m += 1
    return m


@njit(cache=True)
def minus(hi, lo, n, out_hi, out_lo):
    """Take the keys of the set ``out_hi``/``out_lo`` out of the first ``n`` keys of the set
    ``hi``/``lo`` (in place); return how many are left."""
    m = 0
    j = 0
    size = out_hi.shape[0]
    for i in range(n):
        while j < size and less(out_hi[j], out_lo[j], hi[i], lo[i]):
            j += 1
        if j < size and out_hi[j] == hi[i] and out_lo[j] == lo[i]:
            continue
        hi[m] = hi[i]
        lo[m] = lo[i]
        m += 1
    return m


@njit(cache=True)
def union(ahi, alo, bhi, blo):
    """The union of two sets, as new arrays."""
    na, nb = ahi.shape[0], bhi.shape[0]
    hi = np.empty(na + nb, np.int64)
    lo = np.empty(na + nb, np.int64)
    i = j = m = 0
    while i < na or j < nb:
        if j == nb or (i < na and less(ahi[i], alo[i], bhi[j], blo[j])):
            hi[m], lo[m] = ahi[i], alo[i]
            i += 1
        else:
            if i < na and ahi[i] == bhi[j] and alo[i] == blo[j]:
                i += 1
            hi[m], lo[m] = bhi[j], blo[j]
            j += 1
        m += 1
    return hi[:m].copy(), lo[:m].copy()


@njit(cache=True)
def first_common(ahi, alo, bhi, blo):
    """The index in the first set of the first key both sets hold, or -1."""
    i = j = 0
    while i < ahi.shape[0] and j < bhi.shape[0]:
        if ahi[i] == bhi[j] and alo[i] == blo[j]:
            return i
        if less(ahi[i], alo[i], bhi[j], blo[j]):
            i += 1
        else:
            j += 1
    return -1


@njit(cache=True)
def holds(hi, lo, khi, klo):
    """Whether the set holds the key ``(khi, klo)`` (binary search)."""
    a, b = 0, hi.shape[0]
    while a < b:
        mid = (a + b) // 2
        if less(hi[mid], lo[mid], khi, klo):
            a = mid + 1
        else:
            b = mid
    return a < hi.shape[0] and hi[a] == khi and lo[a] == klo
