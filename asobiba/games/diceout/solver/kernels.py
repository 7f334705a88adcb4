"""Compiled (numba) kernels of the Dice Out solver: move generation and the solving passes.

Rules implemented (docs/rules/diceout.md, "A turn" and "Dice Out and the result", ``declare=auto``): the
mover picks one of their dice that is on top of its stack, steps it to one of the 8 neighbouring cells and
advances its value ``1→2→3→1``; the destination must be empty or have a top die smaller than the new
value. After the move, in this order: (1) the mover's three dice all uncovered and equal → the mover
loses; (2) the opponent's three dice all uncovered and equal → the mover wins; (3) the moved die stands on
one of the mover's target EXIT squares → the mover wins. A player without any legal move passes.

Table entries (one byte, red to move, see :mod:`.geometry`): ``0`` unresolved (a draw once solving ends),
``2d-1`` the mover wins in ``d`` plies, ``2d`` the mover loses in ``d`` plies, ``255`` unused index.

The solver is a forward ("pull") retrograde iteration. Before pass ``d`` the status table ``T`` holds,
two bits per position, what is known after pass ``d-1`` (0 unknown, 1 lost for its mover, 2 won for its
mover) laid out as ``T[rank(R'), rank(W)] = status of V[rot W, rot R']``: the child reached when red
moves from ``(R, W)`` to the red set ``R'`` is exactly that entry, so one row of ``V`` reads a couple of
dozen rows of ``T`` sequentially. ``D`` marks the 64-wide chunks of ``T`` rows that changed in pass
``d-1``; a chunk of ``V`` whose candidate children did not change cannot change either and is skipped.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

UNKNOWN = 0
INVALID = 255
MAX_DISTANCE = 127
CHUNK = 64
"""Width of the change-tracking chunks (positions of one ``V`` row)."""

ST_UNKNOWN = 0
ST_LOST = 1
ST_WON = 2

OUT_ILLEGAL = -1
OUT_SUICIDE = 0
OUT_WIN = 1
OUT_CHILD = 2

MAX_CANDIDATES = 24


@njit(cache=True, inline="always")
def _colex(x, y, z):
    return z * (z - 1) * (z - 2) // 6 + y * (y - 1) // 2 + x


@njit(cache=True)
def _row_candidates(r, rank_of_colex, nbr, target0, target1, c_from, c_val, c_to, c_nv, c_child,
                    c_exit, c_eq, c_slots):
    """Red moves allowed by red's own dice alone; returns how many were written.

    A die moves only if no other red die on its cell is higher; the destination must not hold a red die
    with a value at or above the new value. White's dice are checked per position in
    :func:`_candidate_outcome`.
    """
    n = 0
    for exits_round in range(2):  # moves onto a target EXIT first: they usually win at once
        for i in range(3):
            cell = r[i] // 3
            val = r[i] % 3 + 1
            covered = False
            for j in range(3):
                if j != i and r[j] // 3 == cell and r[j] % 3 + 1 > val:
                    covered = True
            if covered:
                continue
            nv = val % 3 + 1
            a = r[(i + 1) % 3]
            b = r[(i + 2) % 3]
            for dirn in range(8):
                to = nbr[cell, dirn]
                if to < 0:
                    continue
                if (to == target0 or to == target1) != (exits_round == 0):  # noqa: SIM109
                    continue
                if (a // 3 == to and a % 3 + 1 >= nv) or (b // 3 == to and b % 3 + 1 >= nv):
                    continue
                s = to * 3 + nv - 1
                x, y, z = a, b, s
                if x > y:
                    x, y = y, x
                if y > z:
                    y, z = z, y
                if x > y:
                    x, y = y, x
                c_from[n] = cell
                c_val[n] = val
                c_to[n] = to
                c_nv[n] = nv
                c_child[n] = rank_of_colex[_colex(x, y, z)]
                c_exit[n] = to == target0 or to == target1  # noqa: SIM109
                # three equal values never share a cell, so equal values are all uncovered by red
                c_eq[n] = a % 3 + 1 == nv and b % 3 + 1 == nv
                c_slots[n, 0] = x
                c_slots[n, 1] = y
                c_slots[n, 2] = z
                n += 1
    return n


@njit(cache=True)
def candidate_buffers(cells):
    """Scratch arrays for one row's move candidates (see :func:`_row_candidates`) and the top
    white value per cell."""
    return (np.empty(MAX_CANDIDATES, np.int64), np.empty(MAX_CANDIDATES, np.int64),
            np.empty(MAX_CANDIDATES, np.int64), np.empty(MAX_CANDIDATES, np.int64),
            np.empty(MAX_CANDIDATES, np.int64), np.empty(MAX_CANDIDATES, np.bool_),
            np.empty(MAX_CANDIDATES, np.bool_), np.empty((MAX_CANDIDATES, 3), np.int64),
            np.zeros(cells, np.int64))


@njit(cache=True, inline="always")
def _candidate_outcome(k, c_from, c_val, c_to, c_nv, c_exit, c_eq, c_slots, top_white, w, w_equal):
    """Outcome of red candidate ``k`` against white's dice ``w`` (``top_white[cell]`` = white's top).

    OUT_ILLEGAL: the die is covered by white or the destination's white top is too high;
    OUT_SUICIDE: red's own dice show Dice Out (rule 1); OUT_WIN: white's dice show Dice Out (rule 2) or
    the die reached a target EXIT (rule 3); OUT_CHILD: the game goes on.
    """
    if top_white[c_from[k]] > c_val[k] or top_white[c_to[k]] >= c_nv[k]:
        return OUT_ILLEGAL
    if c_eq[k]:
        shown = True
        for m in range(3):
            s = c_slots[k, m]
            if top_white[s // 3] > s % 3 + 1:
                shown = False
        if shown:
            return OUT_SUICIDE
    if w_equal:
        shown = True
        for j in range(3):
            for m in range(3):
                s = c_slots[k, m]
                if s // 3 == w[j] // 3 and s % 3 > w[j] % 3:
                    shown = False
        if shown:
            return OUT_WIN
    if c_exit[k]:
        return OUT_WIN
    return OUT_CHILD


@njit(cache=True, inline="always")
def _status(T, row, col):
    return (T[row, col >> 2] >> ((col & 3) << 1)) & 3


@njit(cache=True, parallel=True)
def sweep(V, T, D, D_rows, open_chunks, sets, rank_of_colex, nbr, target0, target1, cells, d, r_lo, r_hi,
          resolved):
    """Pass ``d`` over rows ``r_lo..r_hi`` of ``V``: resolve what becomes won or lost in ``d`` plies.

    ``resolved[r]`` receives the number of entries of row ``r`` resolved by this pass. In pass 1 the
    unused entries (red and white sharing a slot) are marked INVALID. ``D_rows[a]`` says whether row
    ``a`` of ``T`` has any changed chunk, so rows whose children did not change are skipped whole.
    ``open_chunks[row, cb]`` is cleared once chunk ``cb`` of the row holds no unresolved entry.
    """
    n = sets.shape[0]
    chunks = (n + CHUNK - 1) // CHUNK
    win_code = 2 * d - 1
    loss_code = 2 * d
    for row in prange(r_lo, r_hi):
        c_from, c_val, c_to, c_nv, c_child, c_exit, c_eq, c_slots, top_white = candidate_buffers(cells)
        mine = np.zeros(cells * 3, np.bool_)
        w = np.empty(3, np.int64)
        dirty = np.empty(chunks, np.uint8)
        r = sets[row]
        for i in range(3):
            mine[r[i]] = True
        nk = _row_candidates(r, rank_of_colex, nbr, target0, target1, c_from, c_val, c_to, c_nv,
                             c_child, c_exit, c_eq, c_slots)
        count = 0
        if d > 1:
            changed = D_rows[row]
            for k in range(nk):
                changed |= D_rows[c_child[k]]
            if changed == 0:
                resolved[row] = 0
                continue
            # chunks where some child changed: OR of the children's rows of D (vectorises well)
            for cb in range(chunks):
                dirty[cb] = D[row, cb]
            for k in range(nk):
                child = c_child[k]
                for cb in range(chunks):
                    dirty[cb] |= D[child, cb]
        for cb in range(chunks):
            if open_chunks[row, cb] == 0 or (d > 1 and dirty[cb] == 0):
                continue
            still_open = 0
            for col in range(cb * CHUNK, min(n, (cb + 1) * CHUNK)):
                if V[row, col] != UNKNOWN:
                    continue
                for j in range(3):
                    w[j] = sets[col, j]
                if mine[w[0]] or mine[w[1]] or mine[w[2]]:
                    V[row, col] = INVALID
                    continue
                for j in range(3):
                    cell = w[j] // 3
                    top_white[cell] = max(top_white[cell], w[j] % 3 + 1)
                w_equal = w[0] % 3 == w[1] % 3 and w[1] % 3 == w[2] % 3
                won = False
                all_won = True
                any_legal = False
                for k in range(nk):
                    out = _candidate_outcome(k, c_from, c_val, c_to, c_nv, c_exit, c_eq, c_slots,
                                             top_white, w, w_equal)
                    if out == OUT_ILLEGAL:
                        continue
                    any_legal = True
                    if out == OUT_SUICIDE:
                        continue
                    if out == OUT_WIN:
                        won = True
                        break
                    if d == 1:  # nothing is known about children yet
                        all_won = False
                        if not w_equal and not c_exit[k]:
                            break  # exits come first, so no later move can win at once
                        continue
                    st = _status(T, c_child[k], col)
                    if st == ST_LOST:
                        won = True
                        break
                    if st != ST_WON:
                        all_won = False
                for j in range(3):
                    top_white[w[j] // 3] = 0
                if not any_legal:
                    # pass: the same dice with white to move, i.e. V[rot W, rot R] = T[R, W]
                    st = _status(T, row, col)
                    won = st == ST_LOST
                    all_won = st == ST_WON
                if won:
                    V[row, col] = win_code
                    count += 1
                elif all_won:
                    V[row, col] = loss_code
                    count += 1
                else:
                    still_open = 1
            open_chunks[row, cb] = still_open
        resolved[row] = count


@njit(cache=True, parallel=True)
def build_status(V, T, D, D_rows, rotated, d_prev, ab_lo, ab_hi):
    """Fill ``T`` (2-bit status, rotated and transposed) and ``D`` (chunks changed by pass ``d_prev``)
    for the row chunks ``ab_lo..ab_hi`` of ``T``.

    ``T[a, b] = status(V[rotated[b], rotated[a]])``; entries at distance > ``d_prev`` (left over from an
    interrupted pass) count as unknown.
    """
    n = V.shape[0]
    chunks = (n + CHUNK - 1) // CHUNK
    max_code = 2 * d_prev
    for ab in prange(ab_lo, ab_hi):
        tile = np.empty((CHUNK, CHUNK), np.uint8)
        a0 = ab * CHUNK
        a_end = min(n, a0 + CHUNK)
        for bb in range(chunks):
            b0 = bb * CHUNK
            b_end = min(n, b0 + CHUNK)
            # copy the V block row by row (contiguous reads), then write T from the copy
            for b in range(b0, b_end):
                vrow = rotated[b]
                for a in range(a0, a_end):
                    tile[b - b0, a - a0] = V[vrow, rotated[a]]
            for a in range(a0, a_end):
                changed = 0
                if bb == 0:
                    D_rows[a] = 0
                for b4 in range(b0, b_end, 4):
                    byte = 0
                    for q in range(min(4, b_end - b4)):
                        code = tile[b4 + q - b0, a - a0]
                        if code == UNKNOWN or code == INVALID or code > max_code:  # noqa: SIM109
                            continue
                        if code >= max_code - 1:
                            changed = 1
                        byte |= (ST_WON if code & 1 else ST_LOST) << (2 * q)
                    T[a, b4 >> 2] = byte
                D[a, bb] = changed
                D_rows[a] |= changed


@njit(cache=True, parallel=True)
def publish(V, T, D, D_rows, rotated, resolved, d):
    """Add the entries resolved by pass ``d`` to ``T`` and mark them (only) in ``D`` / ``D_rows``.

    The incremental alternative to :func:`build_status` when a pass resolved few entries: only rows of
    ``V`` with new entries are read. Work is split by byte column of ``T`` so no two threads write the
    same byte; ``D`` and ``D_rows`` must be cleared by the caller.
    """
    n = V.shape[0]
    win_code = 2 * d - 1
    for g in prange((n + 3) // 4):
        for q in range(min(4, n - 4 * g)):
            row = rotated[4 * g + q]
            if resolved[row] == 0:
                continue
            for col in range(n):
                code = V[row, col]
                if code == win_code or code == win_code + 1:
                    a = rotated[col]
                    T[a, g] |= (ST_WON if code == win_code else ST_LOST) << (2 * q)
                    D[a, g >> 4] = 1
                    D_rows[a] = 1


@njit(cache=True, parallel=True)
def scrub(V, d_max):
    """Forget entries resolved beyond ``d_max`` plies (an interrupted pass is redone from scratch)."""
    n = V.shape[0]
    max_code = 2 * d_max
    for row in prange(n):
        for col in range(n):
            code = V[row, col]
            if code != INVALID and code > max_code:
                V[row, col] = UNKNOWN


@njit(cache=True)
def position_moves(red, white, sets, rank_of_colex, rotated, nbr, target0, target1, cells, out):
    """Red's legal moves in position ``(red, white)`` (set ranks), red to move.

    Writes one row per move into ``out``: from cell, to cell, outcome (OUT_SUICIDE / OUT_WIN /
    OUT_CHILD) and the table coordinates (red rank, white rank) of the position reached, seen from
    white (turned 180°, colours swapped). Returns the number of moves; 0 means red must pass.
    """
    return moves_into(red, white, sets, rank_of_colex, rotated, nbr, target0, target1,
                      candidate_buffers(cells), out)


@njit(cache=True)
def moves_into(red, white, sets, rank_of_colex, rotated, nbr, target0, target1, buffers, out):
    """:func:`position_moves` with the scratch arrays of :func:`candidate_buffers` given, for
    callers that list the moves of many positions one after another (a search); ``buffers`` come
    back as they were given (the top white value of every cell 0)."""
    c_from, c_val, c_to, c_nv, c_child, c_exit, c_eq, c_slots, top_white = buffers
    w = np.empty(3, np.int64)
    nk = _row_candidates(sets[red], rank_of_colex, nbr, target0, target1, c_from, c_val, c_to, c_nv,
                         c_child, c_exit, c_eq, c_slots)
    for j in range(3):
        w[j] = sets[white, j]
        top_white[w[j] // 3] = max(top_white[w[j] // 3], w[j] % 3 + 1)
    w_equal = w[0] % 3 == w[1] % 3 and w[1] % 3 == w[2] % 3
    n = 0
    for k in range(nk):
        outcome = _candidate_outcome(k, c_from, c_val, c_to, c_nv, c_exit, c_eq, c_slots, top_white,
                                     w, w_equal)
        if outcome == OUT_ILLEGAL:
            continue
        out[n, 0] = c_from[k]
        out[n, 1] = c_to[k]
        out[n, 2] = outcome
        out[n, 3] = rotated[white]
        out[n, 4] = rotated[c_child[k]]
        n += 1
    for j in range(3):
        top_white[w[j] // 3] = 0
    return n


@njit(cache=True, parallel=True)
def census(V, sets, target0, target1, white_target0, white_target1, blocks, hist_all, hist_live, first):
    """Count table entries per code, overall and over *live* positions; remember one example per code.

    A position is live when neither side's dice show Dice Out and no die stands on one of its owner's
    target EXIT squares (the game would have ended; every position reached in play is live).
    ``hist_*[block, code]`` are per-block partial counts; ``first[block, code]`` is the first index
    ``row * n + col`` seen, or -1.
    """
    n = V.shape[0]
    per = (n + blocks - 1) // blocks
    for blk in prange(blocks):
        for row in range(blk * per, min(n, (blk + 1) * per)):
            r = sets[row]
            for col in range(n):
                code = V[row, col]
                hist_all[blk, code] += 1
                if first[blk, code] < 0:
                    first[blk, code] = row * n + col
                if code == INVALID:
                    continue
                w = sets[col]
                if _live(r, w, target0, target1) and _live(w, r, white_target0, white_target1):
                    hist_live[blk, code] += 1


@njit(cache=True)
def _live(mine, theirs, my_target0, my_target1):
    """``mine`` shows no Dice Out (given ``theirs``) and has no die on its own target EXIT squares."""
    for i in range(3):
        cell = mine[i] // 3
        if cell == my_target0 or cell == my_target1:  # noqa: SIM109
            return False
    if not (mine[0] % 3 == mine[1] % 3 and mine[1] % 3 == mine[2] % 3):
        return True
    for i in range(3):
        for j in range(3):
            if theirs[j] // 3 == mine[i] // 3 and theirs[j] % 3 > mine[i] % 3:
                return True
    return False
