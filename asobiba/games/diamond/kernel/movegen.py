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

Men without long hops or swaps take the short path :func:`_man_moves`, through single-hop
components shared by all the men of the position. Kings, long hops and swaps walk the lines of
:data:`.tables.RAY` in :func:`_chains`.

Marks in the work array hold the value of a counter (:data:`.arrays.W_STAMP`) that goes up for
each position and each piece searched: a mark is set when it equals the current value, so nothing
needs clearing between searches.
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
    W_COMPONENT,
    W_COMPONENT_CELLS,
    W_COMPONENT_START,
    W_COMPONENT_USED,
    W_ENDS,
    W_IN_COMPONENT,
    W_MARKS_END,
    W_SEEN_ANY,
    W_SEEN_SINGLE,
    W_STACK,
    W_STAMP,
    N,
)
from .tables import BEHIND, NEIGHBOUR, RAY, RAY_LENGTH

STAMP_LIMIT = 1 << 30
"""When the search counter comes near this, the marks are cleared and counting starts again."""


@njit(cache=True)
def legal_moves(board, rules, work):
    """Write every legal move of the player to move into ``work[:n]`` and return ``n`` (0: the
    player must pass, or the game is over)."""
    seat = board[TO_MOVE]
    if seat < 0:
        return 0
    stamp = work[W_STAMP] + 1
    if stamp >= STAMP_LIMIT:  # far more than a position's pieces below the limit
        work[W_SEEN_SINGLE:W_MARKS_END] = 0
        stamp = 1
    work[W_STAMP] = stamp  # the components of this position are marked with this stamp
    work[W_COMPONENT_START] = 0
    components = 0
    swap_on = rules[R_GOAL_RULE] == SWAP_RULE
    general = swap_on or rules[R_LONG_JUMP] != 0
    has_king = rules[R_KING] != 0
    flags = R_FLAGS + seat * N
    own = seat + 1
    n = 0
    for slot in range(rules[R_PIECES]):
        origin = board[PIECES + seat * MAX_PIECES + slot]
        is_king = has_king and slot == 0
        if general or is_king:
            swap_here = swap_on and (rules[flags + origin] & HEX) != 0
            n = _steps(board, rules, flags, own, origin, swap_here, work, n)
            piece = board[origin]
            board[origin] = 0  # lifted
            n = _chains(board, rules, work, seat, origin, is_king, swap_here, n)
            board[origin] = piece
        else:
            n, components = _man_moves(board, rules, work, flags, origin, stamp, n, components)
    return n


@njit(cache=True)
def _steps(board, rules, flags, own, origin, swap_here, work, n):
    """Append the steps of the piece on ``origin``: to each empty neighbour it may stand on, and
    to a swappable one."""
    base = origin * N
    for d in range(6):
        cell = NEIGHBOUR[origin, d]
        if cell < 0:
            continue
        code = board[cell]
        if code == 0:
            if rules[flags + cell] & ALLOWED:
                work[n] = base + cell
                n += 1
        elif swap_here and rules[flags + cell] & SWAP and (code & SEAT_BITS) != own:
            work[n] = base + cell
            n += 1
    return n


@njit(cache=True)
def _man_moves(board, rules, work, flags, origin, stamp, n, components):
    """Steps and jump chains of a man without long hops or swaps, the chains from shared
    single-hop components.

    Every hop goes over an adjacent non-king piece onto the empty allowed cell right behind it, and
    can be made back, so the cells a chain reaches from its first landing are that landing's
    component in the graph of such hops, the same for every man of the position (found once, by
    :func:`_component`). Lifting the man changes nothing: a hop moves two cells along a line, so
    no chain from the man's first landings comes next to his start cell, to hop over it, and none
    contains the start cell, which is not empty. For the same reason no component cell is a
    neighbour of the start, and components are disjoint: every cell listed is a new move.
    Returns the new ``(n, components)``."""
    base = origin * N
    piece_stamp = work[W_STAMP] + 1
    work[W_STAMP] = piece_stamp
    for d in range(6):
        over = NEIGHBOUR[origin, d]
        if over < 0:
            continue
        code = board[over]
        if code == 0:
            if rules[flags + over] & ALLOWED:
                work[n] = base + over
                n += 1
            continue
        if code & KING:
            continue
        land = BEHIND[origin, d]
        if land < 0 or board[land] != 0 or not rules[flags + land] & ALLOWED:
            continue
        if work[W_IN_COMPONENT + land] != stamp:
            components = _component(board, rules, work, flags, land, stamp, components)
        component = work[W_COMPONENT + land]
        if work[W_COMPONENT_USED + component] != piece_stamp:
            work[W_COMPONENT_USED + component] = piece_stamp
            for k in range(work[W_COMPONENT_START + component],
                           work[W_COMPONENT_START + component + 1]):
                work[n] = base + work[W_COMPONENT_CELLS + k]
                n += 1
    return n, components


@njit(cache=True)
def _component(board, rules, work, flags, start, stamp, components):
    """Find the single-hop component of the free cell ``start`` (its cells are also the queue of
    the search); return the number of components found so far."""
    end = work[W_COMPONENT_START + components]
    work[W_IN_COMPONENT + start] = stamp
    work[W_COMPONENT + start] = components
    work[W_COMPONENT_CELLS + end] = start
    end += 1
    k = end - 1
    while k < end:
        cell = work[W_COMPONENT_CELLS + k]
        k += 1
        for d in range(6):
            over = NEIGHBOUR[cell, d]
            if over < 0:
                continue
            code = board[over]
            if code == 0 or code & KING:
                continue
            land = BEHIND[cell, d]
            if land < 0 or board[land] != 0 or work[W_IN_COMPONENT + land] == stamp:
                continue
            if rules[flags + land] & ALLOWED:
                work[W_IN_COMPONENT + land] = stamp
                work[W_COMPONENT + land] = components
                work[W_COMPONENT_CELLS + end] = land
                end += 1
    work[W_COMPONENT_START + components + 1] = end
    return components + 1


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
def _chains(board, rules, work, seat, origin, is_king, swap_here, n):
    """Jump chains of the (lifted) piece from ``origin``, walking the lines from each landing
    cell: kings (runs of pieces, what may follow a line hop), long hops, and landings on
    swappable goal cells."""
    stamp = work[W_STAMP] + 1
    work[W_STAMP] = stamp
    work[W_ENDS + origin] = stamp
    for d in range(6):
        if NEIGHBOUR[origin, d] >= 0:
            work[W_ENDS + NEIGHBOUR[origin, d]] = stamp  # a step, or no move: never a jump
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
