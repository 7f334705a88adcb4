"""Legal moves in the compiled engine (docs/rules/diamond.md, "Moves", "The king", "Forbidden
cells", "Long jumps" and the ``swap`` rule of "Finishing and ranks").

:func:`legal_moves` writes the action ids ``from * 121 + to`` of every legal move into the work
array and returns how many there are: the same set as the readable engine's ``legal_actions()``
(the order differs), and 0 where that one gives only a pass.

For each piece: its **steps** (empty allowed neighbours; under ``swap``, also goal border cells
held by another colour, from a hexagon cell), then the cells its **jump chains** can end on. As in
:mod:`..movegen`, the piece is lifted while it moves (its start cell counts as empty but is never
landed on), and a chain is a search in the graph of (cell, what hops may come next), each node
visited once: any hop (:data:`.arrays.ANY_HOPS`), or only hops over one piece
(:data:`.arrays.SINGLE_HOPS`, after a king's line hop under ``king_chain_after_line=single``).
A landing on a swappable cell, or after a line hop under ``none``, ends the chain there. Neighbours
of the start cell are never listed as jumps (the step is the same move).

Men without long hops or swaps take the short path :func:`_man_chains`: one hop is a look at the
neighbour and the cell behind it. Kings, long hops and swaps walk the lines of :data:`.tables.RAY`
in :func:`_chains`.
"""

from __future__ import annotations

from numba import njit

from .arrays import (
    ALLOWED,
    ANY_HOPS,
    END,
    HEX,
    KING,
    MAX_PIECES,
    PIECES,
    R_AFTER_LINE,
    R_FLAGS,
    R_GOAL_RULE,
    R_KING,
    R_LONG_JUMP,
    R_PIECES,
    SEAT_BITS,
    SWAP,
    SWAP_RULE,
    TO_MOVE,
    W_ENDS,
    W_SEEN_ANY,
    W_SEEN_SINGLE,
    W_STACK,
    W_STAMP,
    N,
)
from .tables import BEHIND, NEIGHBOUR, RAY, RAY_LENGTH

STAMP_LIMIT = 1 << 30
"""When the search counter reaches this, the marks are cleared and counting starts again."""


@njit(cache=True)
def legal_moves(board, rules, work):
    """Write every legal move of the player to move into ``work[:n]`` and return ``n`` (0: the
    player must pass, or the game is over)."""
    seat = board[TO_MOVE]
    if seat < 0:
        return 0
    swap_on = rules[R_GOAL_RULE] == SWAP_RULE
    general = swap_on or rules[R_LONG_JUMP] != 0
    has_king = rules[R_KING] != 0
    n = 0
    for slot in range(rules[R_PIECES]):
        origin = board[PIECES + seat * MAX_PIECES + slot]
        n = _piece_moves(board, rules, work, seat, origin, has_king and slot == 0, general,
                         swap_on, n)
    return n


@njit(cache=True)
def _next_stamp(work):
    stamp = work[W_STAMP] + 1
    if stamp >= STAMP_LIMIT:
        work[W_SEEN_SINGLE:W_STACK] = 0
        stamp = 1
    work[W_STAMP] = stamp
    return stamp


@njit(cache=True)
def _piece_moves(board, rules, work, seat, origin, is_king, general, swap_on, n):
    """Append the moves of the piece on ``origin`` at ``work[n:]``; return the new count."""
    stamp = _next_stamp(work)
    flags = R_FLAGS + seat * N
    own = seat + 1
    swap_here = swap_on and (rules[flags + origin] & HEX) != 0
    base = origin * N
    work[W_ENDS + origin] = stamp
    for d in range(6):
        cell = NEIGHBOUR[origin, d]
        if cell < 0:
            continue
        work[W_ENDS + cell] = stamp  # a neighbour is a step or nothing, never a jump
        code = board[cell]
        if code == 0:
            if rules[flags + cell] & ALLOWED:
                work[n] = base + cell
                n += 1
        elif swap_here and rules[flags + cell] & SWAP and (code & SEAT_BITS) != own:
            work[n] = base + cell
            n += 1
    piece = board[origin]
    board[origin] = 0  # lifted
    if general or is_king:
        n = _chains(board, rules, work, seat, origin, is_king, swap_here, stamp, n)
    else:
        n = _man_chains(board, rules, work, flags, origin, stamp, n)
    board[origin] = piece
    return n


@njit(cache=True)
def _man_chains(board, rules, work, flags, origin, stamp, n):
    """Jump chains of a man without long hops or swaps: every hop goes over an adjacent non-king
    piece onto the empty allowed cell right behind it, and any hop may follow."""
    base = origin * N
    work[W_SEEN_ANY + origin] = stamp
    sp = 0
    cell = origin
    while True:
        for d in range(6):
            over = NEIGHBOUR[cell, d]
            if over < 0:
                continue
            code = board[over]
            if code == 0 or code & KING:
                continue
            land = BEHIND[cell, d]
            if land < 0 or board[land] != 0 or work[W_SEEN_ANY + land] == stamp:
                continue
            if not rules[flags + land] & ALLOWED:
                continue
            work[W_SEEN_ANY + land] = stamp
            if work[W_ENDS + land] != stamp:
                work[W_ENDS + land] = stamp
                work[n] = base + land
                n += 1
            work[W_STACK + sp] = land
            sp += 1
        if sp == 0:
            return n
        sp -= 1
        cell = work[W_STACK + sp]


@njit(cache=True)
def _reach(work, cell, follow, stamp, base, n, sp):
    """A hop lands on ``cell`` with ``follow`` hops allowed next: list the move if new, and search
    from there unless that (cell, kind) was searched already. Returns the new ``(n, sp)``."""
    if work[W_ENDS + cell] != stamp:
        work[W_ENDS + cell] = stamp
        work[n] = base + cell
        n += 1
    if follow == ANY_HOPS:
        if work[W_SEEN_ANY + cell] != stamp:
            work[W_SEEN_ANY + cell] = stamp
            work[W_SEEN_SINGLE + cell] = stamp  # any hops include the one-piece ones
            work[W_STACK + sp] = cell * 4 + ANY_HOPS
            sp += 1
    elif follow != END and work[W_SEEN_SINGLE + cell] != stamp:
        work[W_SEEN_SINGLE + cell] = stamp
        work[W_STACK + sp] = cell * 4 + follow
        sp += 1
    return n, sp


@njit(cache=True)
def _chains(board, rules, work, seat, origin, is_king, swap_here, stamp, n):
    """Jump chains walking the lines from each landing cell: kings (runs of pieces, what may
    follow a line hop), long hops, and landings on swappable goal cells."""
    flags = R_FLAGS + seat * N
    own = seat + 1
    after_line = rules[R_AFTER_LINE]
    long_jump = rules[R_LONG_JUMP] != 0
    base = origin * N
    work[W_SEEN_SINGLE + origin] = stamp
    work[W_SEEN_ANY + origin] = stamp
    work[W_STACK] = origin * 4 + ANY_HOPS
    sp = 1
    while sp:
        sp -= 1
        entry = work[W_STACK + sp]
        cell = entry >> 2
        allowed = entry & 3
        for d in range(6):
            length = RAY_LENGTH[cell, d]
            if length == 0:
                continue
            code = board[RAY[cell, d, 0]]
            if code != 0:
                if code & KING:
                    continue  # nothing ever jumps a king
                longest = 1
                if length > 1:
                    longest = 2
                    if is_king and allowed == ANY_HOPS:
                        longest = length
                for i in range(1, longest):  # RAY[cell, d, i]: the landing of a hop over i pieces
                    land = RAY[cell, d, i]
                    code = board[land]
                    if code != 0:
                        if (swap_here and rules[flags + land] & SWAP
                                and (code & SEAT_BITS) != own):
                            n, sp = _reach(work, land, END, stamp, base, n, sp)
                        if code & KING:
                            break  # a run containing a king cannot be jumped
                    else:
                        if land != origin and rules[flags + land] & ALLOWED:
                            follow = allowed if i == 1 else after_line
                            n, sp = _reach(work, land, follow, stamp, base, n, sp)
                        break
            elif long_jump:
                i = 1
                while i < length and board[RAY[cell, d, i]] == 0:
                    i += 1
                far = 2 * i + 1  # the piece at distance i + 1, the landing at 2 * (i + 1)
                if i == length or far >= length or board[RAY[cell, d, i]] & KING:
                    continue
                clear = True
                for j in range(i + 1, far):
                    if board[RAY[cell, d, j]] != 0:
                        clear = False
                        break
                if not clear:
                    continue
                land = RAY[cell, d, far]
                code = board[land]
                if code != 0:
                    if swap_here and rules[flags + land] & SWAP and (code & SEAT_BITS) != own:
                        n, sp = _reach(work, land, END, stamp, base, n, sp)
                elif land != origin and rules[flags + land] & ALLOWED:
                    n, sp = _reach(work, land, allowed, stamp, base, n, sp)
    return n
