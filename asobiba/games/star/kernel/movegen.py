"""Legal moves in the compiled engine (docs/rules/diamond.md, "Moves", "The king", "Forbidden
cells", "Long jumps" and the ``swap`` rule of "Finishing and ranks"; Chinese Checkers' ``hop_own``
and ``other_points``, docs/rules/chinese_checkers.md, "Options").

:func:`legal_moves` writes the action ids ``from * 121 + to`` of every legal move into the work
array and returns how many there are: the same set as the readable engine's ``legal_actions()``
(the order differs), and 0 where that one gives only a pass.

For each piece: its **steps** (empty neighbours it may stop on; under ``swap``, also goal cells
held by another colour, from a cell every colour may stand on), then the cells its **jump chains**
can end on. Chains land on the cells the seat may pass (``other_points=pass``: the other points
too); moves ending where it may not stop are dropped at the end (:func:`_stops_only`). Kings are
never hopped, nor, under ``hop_own=false``, the mover's own pieces. As in
:mod:`..movegen`, the piece is lifted while it moves (its start cell counts as empty but is never
landed on), and a chain is a search in the graph of (cell, what hops may come next), each node
visited once: any hop (:data:`.arrays.ANY_HOPS`), or only hops over one piece
(:data:`.arrays.SINGLE_HOPS`, after a king's line hop under ``king_chain_after_line=single``).
A landing on a swappable cell, or after a line hop under ``none``, ends the chain there. Neighbours
of the start cell are never listed as jumps (the step is the same move).

Without long hops or swaps (:func:`_plain_moves`, the default rules) every chain is made of single
hops — over one piece — and, for the king, line hops over runs of two or more, and the work is done
on sets of cells held as two 64-bit words (:mod:`.bits`): the free cells the mover may land on,
the pieces that may be hopped, the neighbours and hop tables of :mod:`.tables`. A single hop
goes over an adjacent piece onto the free cell right behind it and can be made back, so the cells
that chains of single hops reach from a first landing are that landing's *component* in the graph
of such hops: found once per position and shared by every piece that lands in it. Where the
single hops from a cell land is one look-up, by the pattern of its hoppable neighbours
(:data:`.tables.HOP_SET`), for each piece and each cell of a component. The piece that moves can
stay on the board while they are found: a man's components hold only cells two steps apart along
lines from his start (never next to it, so never a hop over it), and the king may be neither
hopped nor landed on, exactly as its lifted, empty start cell may not. The king then searches for
line hops from its start and every cell its single hops reach, adding each landing and — under
``king_chain_after_line`` ``single`` or ``any`` — that landing's component (under ``any``,
searched for line hops in turn).

With long hops or swaps (:func:`_general_moves`) each piece is lifted and searched along the lines
of :data:`.tables.RAY` (:func:`_chains`). Its marks in the work array hold the value of a counter
(:data:`.arrays.W_STAMP`) that goes up for each piece searched: a mark is set when it equals the
current value, so nothing needs clearing between searches.

:func:`legal_moves` is compiled without numba's reference counting (it allocates nothing), which
saves a counter update for every array passed to it or between its parts.
"""

from __future__ import annotations

from numba import njit

from .arrays import (
    ALLOWED,
    ANY_HOPS,
    END,
    KING,
    MAX_PIECES,
    OCCUPIED,
    PASSABLE,
    PIECES,
    R_AFTER_LINE,
    R_FLAGS,
    R_GOAL_RULE,
    R_HOP_OWN,
    R_KING,
    R_LONG_JUMP,
    R_PASS_ONLY,
    R_PASSABLE,
    R_PIECES,
    R_PLAYERS,
    SEAT_BITS,
    SWAP,
    SWAP_FROM,
    SWAP_RULE,
    TO_MOVE,
    W_COMPONENT,
    W_COMPONENT_SETS,
    W_ENDS,
    W_MARKS_END,
    W_SEEN_ANY,
    W_SEEN_SINGLE,
    W_STACK,
    W_STAMP,
    N,
)
from .bits import has, ix, lowest, pop_lowest, store, stored, with_cell
from .tables import (
    HOP_DIRECTION,
    HOP_LAND,
    HOP_OVER,
    HOP_SET,
    NEAR,
    NEIGHBOUR,
    RAY,
    RAY_LENGTH,
    STEP,
)

STAMP_LIMIT = 1 << 30
"""When the search counter comes near this, the marks are cleared and counting starts again."""


@njit(cache=True, _nrt=False)  # type: ignore[call-overload]  # _nrt: a numba option its annotations omit
def legal_moves(board, rules, work):
    """Write every legal move of the player to move into ``work[:n]`` and return ``n`` (0: the
    player must pass, or the game is over)."""
    seat = board[TO_MOVE]
    if seat < 0:
        return 0
    if rules[R_GOAL_RULE] == SWAP_RULE or rules[R_LONG_JUMP] != 0:
        n = _general_moves(board, rules, work, seat)
    else:
        n = _plain_moves(board, rules, work, seat)
    if rules[R_PASS_ONLY] != 0:
        n = _stops_only(rules, work, seat, n)
    return n


@njit(cache=True, inline="always")
def _stops_only(rules, work, seat, n):
    """Keep the moves that end on a cell the seat may stop on (chains may also land, in their
    middle, where it may not: ``other_points=pass``); return how many are kept."""
    flags = R_FLAGS + seat * N
    kept = 0
    for i in range(n):
        action = work[ix(i)]
        if rules[ix(flags + action % N)] & ALLOWED:
            work[ix(kept)] = action
            kept += 1
    return kept


@njit(cache=True, inline="always")
def _write(work, n, base, lo, hi):
    """Append the moves ``base + cell`` for every cell of the set ``(lo, hi)``."""
    while lo:
        work[ix(n)] = base + lowest(lo)
        n += 1
        lo &= lo - 1
    while hi:
        work[ix(n)] = base + 64 + lowest(hi)
        n += 1
        hi &= hi - 1
    return n


@njit(cache=True, inline="always")
def _without(lo, hi, cell):
    """The set ``(lo, hi)`` with ``cell`` taken out."""
    if cell < 64:
        return lo & ~(1 << cell), hi
    return lo, hi & ~(1 << (cell - 64))


@njit(cache=True, inline="always")
def _hop_pattern(cell, jump_lo, jump_hi):
    """The directions from ``cell`` whose neighbour is in the set ``(jump_lo, jump_hi)`` of
    pieces that may be hopped, as bits (the index into :data:`.tables.HOP_SET`)."""
    pattern = 0
    for d in range(6):
        pattern |= has(jump_lo, jump_hi, STEP[ix(cell), d]) << d
    return pattern


@njit(cache=True, inline="always")
def _component(work, start, k, open_lo, open_hi, jump_lo, jump_hi):
    """Find the single-hop component of the free cell ``start``, number it ``k``
    (:data:`.arrays.W_COMPONENT` of each of its cells) and keep it as a set; its cells are taken
    out of the free cells still in no component found, ``(open_lo, open_hi)``. Returns what
    remains of those and the component, ``(open_lo, open_hi, lo, hi)``. The cells still to search
    from are a set too, and each one's landings are one look-up (:data:`.tables.HOP_SET`): no
    queue, and no branch per hop."""
    lo, hi = with_cell(0, 0, start)
    open_lo ^= lo
    open_hi ^= hi
    todo_lo = lo
    todo_hi = hi
    while todo_lo | todo_hi:
        cell, todo_lo, todo_hi = pop_lowest(todo_lo, todo_hi)
        work[ix(W_COMPONENT + cell)] = k
        pattern = _hop_pattern(cell, jump_lo, jump_hi)
        new_lo = HOP_SET[ix(cell), ix(pattern), 0] & open_lo
        new_hi = HOP_SET[ix(cell), ix(pattern), 1] & open_hi
        open_lo ^= new_lo
        open_hi ^= new_hi
        todo_lo |= new_lo
        todo_hi |= new_hi
        lo |= new_lo
        hi |= new_hi
    store(work, W_COMPONENT_SETS + 4 * k, lo, hi)
    return open_lo, open_hi, lo, hi


@njit(cache=True, inline="always")
def _component_set(work, k):
    """The cells of component ``k`` as a set."""
    return stored(work, W_COMPONENT_SETS + 4 * k)


@njit(cache=True, inline="always")
def _plain_moves(board, rules, work, seat):
    """Moves without long hops or swaps, every jump chain from the single-hop components of the
    position (the module docstring says why they can be shared)."""
    count = rules[R_PIECES]
    has_king = rules[R_KING] != 0
    after_line = rules[R_AFTER_LINE]
    occupied_lo, occupied_hi = stored(board, OCCUPIED)
    kings_lo = 0
    kings_hi = 0
    if has_king:
        for s in range(rules[R_PLAYERS]):
            kings_lo, kings_hi = with_cell(kings_lo, kings_hi, board[PIECES + s * MAX_PIECES])
    passable_lo, passable_hi = stored(rules, R_PASSABLE + 4 * seat)
    free_lo = passable_lo & ~occupied_lo  # steps there too: legal_moves drops those it may not stop on
    free_hi = passable_hi & ~occupied_hi
    jump_lo = occupied_lo & ~kings_lo
    jump_hi = occupied_hi & ~kings_hi
    slots = PIECES + seat * MAX_PIECES
    if rules[R_HOP_OWN] == 0:
        for slot in range(count):
            jump_lo, jump_hi = _without(jump_lo, jump_hi, board[ix(slots + slot)])
    open_lo = free_lo  # free cells in no listed component yet
    open_hi = free_hi
    components = 0
    n = 0
    for slot in range(count):
        origin = board[ix(slots + slot)]
        base = origin * N
        for d in range(6):  # the steps, without a branch: each written, kept if free
            cell = STEP[ix(origin), d]
            work[ix(n)] = base + cell
            n += has(free_lo, free_hi, cell)
        pattern = _hop_pattern(origin, jump_lo, jump_hi)
        land_lo = HOP_SET[ix(origin), ix(pattern), 0] & free_lo  # its first hops' landings
        land_hi = HOP_SET[ix(origin), ix(pattern), 1] & free_hi
        reach_lo = 0  # the cells its chains of single hops reach: whole components
        reach_hi = 0
        while land_lo | land_hi:
            land, land_lo, land_hi = pop_lowest(land_lo, land_hi)
            if has(open_lo, open_hi, land):
                open_lo, open_hi, lo, hi = _component(work, land, components, open_lo, open_hi,
                                                      jump_lo, jump_hi)
                components += 1
            else:  # a free cell in no open component is in one found already
                lo, hi = _component_set(work, work[ix(W_COMPONENT + land)])
            reach_lo |= lo
            reach_hi |= hi
            land_lo &= ~lo  # landings in the same component add nothing
            land_hi &= ~hi
        if has_king and slot == 0:
            n, components, open_lo, open_hi = _king_lines(
                work, n, origin, after_line, reach_lo, reach_hi, free_lo, free_hi, jump_lo,
                jump_hi, open_lo, open_hi, components)
        else:  # never next to the man (the module docstring says why): no step among them
            n = _write(work, n, base, reach_lo, reach_hi)
    return n


@njit(cache=True, inline="always")
def _king_lines(work, n, origin, after_line, any_lo, any_hi, free_lo, free_hi, jump_lo, jump_hi,
                open_lo, open_hi, components):
    """The king's moves past its single hops: ``(any_lo, any_hi)`` holds the cells its chains of
    single hops reach (whole components). Every cell reached with any hops allowed next (the
    start, those cells) is searched for line hops, over runs of two pieces or more; a line hop
    adds its landing and, under ``king_chain_after_line`` ``single`` or ``any``, the landing's
    component (``any``: to be searched for line hops in turn). Appends the cells reached that are
    not next to the start (those are steps) and returns ``(n, components, open_lo, open_hi)``."""
    todo_lo, todo_hi = with_cell(any_lo, any_hi, origin)
    other_lo = 0
    other_hi = 0
    while todo_lo | todo_hi:
        cell, todo_lo, todo_hi = pop_lowest(todo_lo, todo_hi)
        over_lo = HOP_OVER[ix(cell), 0] & jump_lo  # the runs' first pieces
        over_hi = HOP_OVER[ix(cell), 1] & jump_hi
        while over_lo | over_hi:
            over, over_lo, over_hi = pop_lowest(over_lo, over_hi)
            if not has(jump_lo, jump_hi, HOP_LAND[ix(cell), ix(over)]):
                continue  # a single hop (in the components already)
            d = HOP_DIRECTION[ix(cell), ix(over)]
            length = RAY_LENGTH[ix(cell), ix(d)]
            i = 2
            while i < length and has(jump_lo, jump_hi, RAY[ix(cell), ix(d), ix(i)]):
                i += 1
            if i == length:
                continue
            land = RAY[ix(cell), ix(d), ix(i)]
            if not has(free_lo, free_hi, land):
                continue  # a king or a cell the king may not land on ends the run
            if after_line == END:
                other_lo, other_hi = with_cell(other_lo, other_hi, land)
                continue
            if has(any_lo | other_lo, any_hi | other_hi, land):
                continue  # its whole component is reached already
            if has(open_lo, open_hi, land):
                open_lo, open_hi, lo, hi = _component(work, land, components, open_lo, open_hi,
                                                      jump_lo, jump_hi)
                components += 1
            else:
                lo, hi = _component_set(work, work[ix(W_COMPONENT + land)])
            if after_line == ANY_HOPS:
                any_lo |= lo
                any_hi |= hi
                todo_lo |= lo
                todo_hi |= hi
            else:
                other_lo |= lo
                other_hi |= hi
    base = origin * N
    n = _write(work, n, base, (any_lo | other_lo) & ~NEAR[origin, 0],
               (any_hi | other_hi) & ~NEAR[origin, 1])
    return n, components, open_lo, open_hi


@njit(cache=True, inline="always")
def _general_moves(board, rules, work, seat):
    """Moves under long hops or swaps: each piece, lifted, searched along the lines from every
    cell it reaches (:func:`_chains`)."""
    stamp = work[W_STAMP]
    if stamp >= STAMP_LIMIT:  # far more than a position's pieces below the limit
        work[W_SEEN_SINGLE:W_MARKS_END] = 0
        work[W_STAMP] = 0
    swap_on = rules[R_GOAL_RULE] == SWAP_RULE
    has_king = rules[R_KING] != 0
    flags = R_FLAGS + seat * N
    own = seat + 1
    n = 0
    for slot in range(rules[R_PIECES]):
        origin = board[PIECES + seat * MAX_PIECES + slot]
        is_king = has_king and slot == 0
        swap_here = swap_on and (rules[flags + origin] & SWAP_FROM) != 0
        n = _steps(board, rules, flags, own, origin, swap_here, work, n)
        piece = board[origin]
        board[origin] = 0  # lifted
        n = _chains(board, rules, work, seat, origin, is_king, swap_here, n)
        board[origin] = piece
    return n


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _unhoppable(code, own, hop_own):
    """Whether the piece ``code`` may not be hopped: a king, or one of the mover's (colour
    ``own``) when the rules forbid hopping one's own pieces."""
    return (code & KING) != 0 or (not hop_own and (code & SEAT_BITS) == own)


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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
    hop_own = rules[R_HOP_OWN] != 0
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
                if _unhoppable(code, own, hop_own):
                    continue
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
                        if _unhoppable(code, own, hop_own):
                            break  # a run containing such a piece cannot be jumped
                    else:
                        if land != origin and rules[flags + land] & PASSABLE:
                            follow = allowed if i == 1 else after_line
                            n, sp = _reach(work, land, follow, stamp, base, n, sp)
                        break
            elif long_jump:
                i = 1
                while i < length and board[RAY[cell, d, i]] == 0:
                    i += 1
                far = 2 * i + 1  # the piece at distance i + 1, the landing at 2 * (i + 1)
                if (i == length or far >= length
                        or _unhoppable(board[RAY[cell, d, i]], own, hop_own)):
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
                elif land != origin and rules[flags + land] & PASSABLE:
                    n, sp = _reach(work, land, allowed, stamp, base, n, sp)
    return n
