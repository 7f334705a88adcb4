"""Legal move generation for Diamond Game (seed 003, "ルール・遊び方" ②–⑦; RULINGS.md §1 "Moves").

A move takes one own piece from a cell to another and is identified by ``(from, to)`` alone: the
action id is ``from_index * 121 + to_index`` (cell indices of :mod:`.geometry`), so different jump
paths to the same cell are one move.

* **Step**: to one of the six neighbouring cells, if empty.
* **Jump chain**: hops over pieces; the piece may stop after any hop. Steps and hops never mix.
  While it moves the piece is lifted, so its start cell counts as empty, but neither the start
  cell nor any cell already landed on may be landed on again. Because every hop depends only on the
  board (not on the path), the cells a chain can end on are exactly the cells reachable in the hop
  graph, found by a breadth-first search with a visited mask.
* **Hop of a man**: over one adjacent non-king piece onto the empty cell right behind it.
* **Hop of a king**: over a straight contiguous run of ``n >= 1`` pieces, none of them a king, onto
  the empty cell right behind the run. With ``king_chain_after_line=false`` a hop over 2+ pieces
  ends the move.
* **Long hop** (``long_jump=true``, any piece): over a single non-king piece at distance ``d >= 2``
  whose ``d - 1`` cells before and after are empty, landing at distance ``2d``; it chains.
* Nobody stops or lands (even mid-chain) on a forbidden cell (another colour's point); jumping
  over a piece standing there is fine.
* ``goal_block=swap``: a move may also *end* on a border cell of the mover's goal camp occupied by
  another colour's piece (by a step, or as the last hop of a chain, where the cell would otherwise
  have to be empty); the two pieces change places. Only from a hexagon cell, because the displaced
  piece goes to the start cell and may not stand on the mover's points.

Two generators agree on every position: a fast one for games without long hops or swaps
(whole-board shifts over the grid bitboard: steps by one table look-up per piece, a flood fill only
for a man whose first hops can go on, frontier rounds for the king), and a general one walking the
precomputed rays of each landing cell (long hops, swaps, and :func:`hop_path`). The order of the
moves in the list is not specified.
"""

from __future__ import annotations

from .geometry import (
    BIT,
    BOARD,
    CELL_OF_GRID,
    GRID_BITS,
    HEXAGON,
    NEIGHBOURS,
    NUM_CELLS,
    POSITIVE_SHIFTS,
    RAYS,
    W,
)

PASS = NUM_CELLS * NUM_CELLS
"""Action id of a pass (the only legal action when a player has no move)."""

_W1 = W - 1


def _table(fn) -> list[int]:
    """A list indexed by ``bit_length()`` of a single-bit mask (grid bit ``g`` -> index ``g + 1``)."""
    return [fn(g - 1) if g and CELL_OF_GRID[g - 1] >= 0 else -1 for g in range(GRID_BITS + 1)]


_TOP = [1 << (g - 1) if g else 0 for g in range(GRID_BITS + 1)]
"""``_TOP[m.bit_length()]`` is the highest bit of ``m``: masks are walked from the top down, which
costs one operation on the mask per cell instead of three (so moves come out in falling order)."""

_MOVES_FROM = [
    _table(lambda g, f=CELL_OF_GRID[b - 1]: f * NUM_CELLS + CELL_OF_GRID[g])
    if b and CELL_OF_GRID[b - 1] >= 0 else []
    for b in range(GRID_BITS + 1)
]
"""``_MOVES_FROM[origin.bit_length()][target.bit_length()]``: action id of a move."""
_NOT_NEIGHBOUR = [BOARD & ~NEIGHBOURS[b - 1] if b else 0 for b in range(GRID_BITS + 1)]


_WINDOW_OFFSETS = (0, 1, W - 1, W + 1, 2 * W - 1, 2 * W)
"""Where the six neighbours of grid bit ``g`` lie, counted from ``g - W`` (the guard column keeps
every other bit of this window off the board)."""
_WINDOW = sum(1 << o for o in _WINDOW_OFFSETS)


def _steps_by_window() -> list[dict[int, tuple[int, ...]]]:
    """``[g + 1][window]``: action ids of the steps from grid bit ``g`` to the neighbours set in
    ``window`` (the targets seen from ``g - W``, masked by :data:`_WINDOW`), for every subset."""
    tables: list[dict[int, tuple[int, ...]]] = [{}]
    for g in range(GRID_BITS):
        if CELL_OF_GRID[g] < 0:
            tables.append({})
            continue
        near = [(o, g - W + o) for o in _WINDOW_OFFSETS
                if 0 <= g - W + o < GRID_BITS and CELL_OF_GRID[g - W + o] >= 0]
        assert sum(1 << t for _, t in near) == NEIGHBOURS[g]
        base = CELL_OF_GRID[g] * NUM_CELLS
        table = {0: ()}
        for o, t in near:  # every subset: the subsets without this neighbour, then with it
            bit, action = 1 << o, base + CELL_OF_GRID[t]
            table.update([(window | bit, steps + (action,)) for window, steps in table.items()])
        tables.append(table)
    return tables


_STEPS_BY_WINDOW = _steps_by_window()


def _append_steps(out: list[int], origins: int, targets: int) -> None:
    """Append every step from a cell of ``origins`` to a neighbouring cell of ``targets``: one
    table look-up per origin, keyed by the window of ``targets`` around it."""
    top = _TOP
    tables = _STEPS_BY_WINDOW
    seen_from = targets << (W + 1)  # >> (g + 1) puts bit g - W of targets at 0
    while origins:
        g1 = origins.bit_length()
        origins ^= top[g1]
        out += tables[g1][(seen_from >> g1) & _WINDOW]


def _append_moves(out: list[int], origin: int, targets: int) -> None:
    """Append the jump moves from single-bit ``origin`` to each cell of ``targets`` that is not a
    neighbour (a neighbour is already a step, and a move is only its (from, to) pair)."""
    g1 = origin.bit_length()
    targets &= _NOT_NEIGHBOUR[g1]
    moves = _MOVES_FROM[g1]
    top = _TOP
    append = out.append
    while targets:
        g = targets.bit_length()
        append(moves[g])
        targets ^= top[g]


def _hop_front(front: int, over: int) -> int:
    """Cells one single hop away from ``front`` over a piece of ``over`` (not yet masked)."""
    w1 = _W1
    return (
        (((front << 1) & over) << 1) | (((front >> 1) & over) >> 1)
         | (((front << w1) & over) << w1) | (((front >> w1) & over) >> w1)
         | (((front << W) & over) << W) | (((front >> W) & over) >> W)
    )


def _bridge_ends(man: int, free: int) -> int:
    """Free cells on both sides of ``man`` along a line where both sides are free: the ends of
    hops over ``man`` itself."""
    ends = 0
    for s in POSITIVE_SHIFTS:
        a = (man << s) & free
        b = (man >> s) & free
        if a and b:
            ends |= a | b
    return ends


def _hop_masks(jumpable: int, free: int) -> tuple[int, int, int, int, int, int]:
    """For each direction (+1, -1, +(W-1), -(W-1), +W, -W), the cells from which a single hop
    over a piece of ``jumpable`` lands on a cell of ``free``."""
    w1 = _W1
    return (
        (jumpable >> 1) & (free >> 2),
        (jumpable << 1) & (free << 2),
        (jumpable >> w1) & (free >> 2 * w1),
        (jumpable << w1) & (free << 2 * w1),
        (jumpable >> W) & (free >> 2 * W),
        (jumpable << W) & (free << 2 * W),
    )


def _two_or_more(hops: tuple[int, ...]) -> int:
    """Cells with hops in two or more of the directions of ``hops``. A cell reached by a hop
    from a free cell can hop back there; if it has no other hop, it leads nowhere new."""
    seen = hops[0]
    more = 0
    for h in hops[1:]:
        more |= seen & h
        seen |= h
    return more


def _append_man_jumps(out: list[int], own_men: int, jumpable: int, free: int,
                      hops: tuple[int, ...], branching: int) -> None:
    """Jump chains of men over single non-king pieces (fast path: no long hops, no swaps).

    ``hops`` holds, per direction, the cells from which a hop that way lands on a free cell
    (:func:`_hop_masks`). A man's first hops are its whole reach unless one of them lands
    where it can hop on; then it is flood-filled with two operations per direction, stopping
    as soon as no newly reached cell is in ``branching`` (free cells with a hop in two or more
    directions; a cell with one hop only leads back where it came from). These masks
    treat the man itself as a piece to jump; lifted, it is not there, so when its reach holds
    both ends of a hop over itself, its flood is redone with itself removed.
    """
    w1 = _W1
    w2, v2, u2 = 2, 2 * w1, 2 * W
    e, w, se, nw, s_, n_ = hops
    anywhere = e | w | se | nw | s_ | n_
    can_hop = own_men & anywhere
    if not can_hop:
        return
    onward = free & anywhere
    top = _TOP
    append = out.append
    while can_hop:
        g1 = can_hop.bit_length()
        man = top[g1]
        can_hop ^= man
        reached = (
            ((man & e) << w2) | ((man & w) >> w2) | ((man & se) << v2)
            | ((man & nw) >> v2) | ((man & s_) << u2) | ((man & n_) >> u2)
        )
        if reached & onward:  # first hops never land next to the man; a longer chain may
            avail = free ^ reached
            front = reached
            while True:
                front = (
                    ((front & e) << w2) | ((front & w) >> w2) | ((front & se) << v2)
                    | ((front & nw) >> v2) | ((front & s_) << u2) | ((front & n_) >> u2)
                ) & avail
                avail ^= front
                if not front & branching:
                    break
            reached = free ^ avail
            if reached & NEIGHBOURS[g1 - 1]:
                if reached & _bridge_ends(man, free):
                    over = jumpable ^ man
                    avail = free
                    front = man
                    while front:
                        front = _hop_front(front, over) & avail
                        avail ^= front
                    reached = free ^ avail
                reached &= _NOT_NEIGHBOUR[g1]
        moves = _MOVES_FROM[g1]
        while reached:
            g = reached.bit_length()
            append(moves[g])
            reached ^= top[g]


class MoveGenerator:
    """Move generation under one set of options (which hops exist and how chains continue)."""

    def __init__(self, *, chain_after_line: bool, long_jump: bool, swap: bool) -> None:
        self.chain_after_line = chain_after_line
        self.long_jump = long_jump
        self.swap = swap

    # -- the whole move list ---------------------------------------------------------------------
    def moves(self, own_men: int, own_king: int, occ: int, kings: int, allowed: int,
              swap_cells: int) -> list[int]:
        """Action ids of every legal move (steps, jump chains, swaps); ``[]`` if none.

        ``occ`` and ``kings`` are masks of every piece and every king on the board, ``allowed``
        the cells the mover may stand on, ``swap_cells`` the mover's goal border cells.
        """
        free = allowed & ~occ
        own = own_men | own_king
        out: list[int] = []
        _append_steps(out, own, free)
        swappable = swap_cells & occ & ~own if self.swap else 0
        if swappable:
            _append_steps(out, own & HEXAGON, swappable)
        if self.long_jump or swappable:
            men = own_men
            while men:
                low = men & -men
                men ^= low
                targets = self.jump_targets(low, False, occ, kings, free, swappable)
                _append_moves(out, low, targets)
            if own_king:
                targets = self.jump_targets(own_king, True, occ, kings, free, swappable)
                _append_moves(out, own_king, targets)
            return out
        jumpable = occ & ~kings
        hops = _hop_masks(jumpable, free)
        branching = free & _two_or_more(hops)
        _append_man_jumps(out, own_men, jumpable, free, hops, branching)
        if own_king:
            _append_moves(out, own_king,
                          self._king_targets(own_king, jumpable, free, hops, branching))
        return out

    def _king_targets(self, king: int, jumpable: int, free: int, hops: tuple[int, ...],
                      branching: int) -> int:
        """Cells a king's jump chain can end on (fast path: no long hops, no swaps).

        Layer by layer: the single hops (through the shared ``hops`` masks) are followed to
        the end, the whole frontier at once and stopping, like a man's flood, when no new cell
        has a second hop; then line hops are taken from every cell of the layer at once, by
        extending, direction by direction, the runs of two or more jumpable pieces next to
        them: the cell right behind such a run is a line landing, which starts the next layer
        with ``king_chain_after_line`` and ends the move without it. ``branching`` holds the
        free cells with single hops in two or more directions.
        """
        v2, u2 = 2 * _W1, 2 * W
        e, w, se, nw, s_, n_ = hops
        runs = []
        sources = 0  # cells with a run of two or more jumpable pieces next to them
        for s in POSITIVE_SHIFTS:
            pair = jumpable & (jumpable >> s)  # a jumpable piece with another right behind it
            if pair:
                up, down = pair >> s, pair << (2 * s)
                runs.append((s, 2 * s, up, down))
                sources |= up | down
        chain = self.chain_after_line
        avail = free  # free cells not reached yet
        lines = 0
        anywhere = e | w | se | nw | s_ | n_
        front = king
        keep, then = -1, anywhere  # no single hop leads back to the king's start cell
        while front:
            layer = front
            while front & keep:
                front = (
                    ((front & e) << 2) | ((front & w) >> 2) | ((front & se) << v2)
                    | ((front & nw) >> v2) | ((front & s_) << u2) | ((front & n_) >> u2)
                ) & avail
                avail ^= front
                layer |= front
                keep, then = then, branching
            front = 0
            if layer & sources:
                line = 0
                for s, s2, up, down in runs:
                    run = layer & up
                    if run:
                        run = (run << s2) & jumpable
                        while run:
                            run <<= s
                            line |= run
                            run &= jumpable
                    run = layer & down
                    if run:
                        run = (run >> s2) & jumpable
                        while run:
                            run >>= s
                            line |= run
                            run &= jumpable
                if chain:
                    front = line & avail
                    avail ^= front
                else:
                    lines |= line & free
            keep, then = anywhere, branching  # no single hop leads back to a line hop's start
        return (free ^ avail) | lines

    # -- general hops ----------------------------------------------------------------------------
    def hops(self, g: int, is_king: bool, occ: int, kings: int, free: int,
             swappable: int) -> list[tuple[int, bool]]:
        """Every single hop from grid bit ``g``: ``(landing bit, chain may continue)`` pairs.

        ``occ``/``kings`` must already have the moving piece lifted. A landing on a swappable
        cell ends the move.
        """
        out = []
        for ray in RAYS[g]:
            first = ray[0]
            n = len(ray)
            if occ & first:
                if kings & first:
                    continue  # nothing ever jumps a king
                if is_king:
                    for i in range(1, n):
                        cell = ray[i]
                        if occ & cell:
                            if swappable & cell:
                                out.append((cell, False))
                            if kings & cell:
                                break  # a run containing a king cannot be jumped
                        else:
                            if free & cell:
                                out.append((cell, i == 1 or self.chain_after_line))
                            break
                elif n > 1:
                    cell = ray[1]
                    if occ & cell:
                        if swappable & cell:
                            out.append((cell, False))
                    elif free & cell:
                        out.append((cell, True))
            elif self.long_jump:
                for i in range(1, n):
                    if occ & ray[i]:
                        break
                else:
                    continue
                far = 2 * i + 1  # the piece is at distance i + 1, the landing at 2 * (i + 1)
                if far >= n or kings & ray[i]:
                    continue
                if any(occ & ray[j] for j in range(i + 1, far)):
                    continue
                cell = ray[far]
                if occ & cell:
                    if swappable & cell:
                        out.append((cell, False))
                elif free & cell:
                    out.append((cell, True))
        return out

    def jump_targets(self, origin: int, is_king: bool, occ: int, kings: int, free: int,
                     swappable: int) -> int:
        """Mask of every cell a jump chain of the piece on ``origin`` can end on."""
        occ ^= origin
        if is_king:
            kings ^= origin
        if not origin & HEXAGON:
            swappable = 0  # the displaced piece could not stand on the mover's point
        ends = 0
        seen = origin
        stack = [origin.bit_length() - 1]
        while stack:
            for cell, more in self.hops(stack.pop(), is_king, occ, kings, free, swappable):
                ends |= cell
                if more and not seen & cell:
                    seen |= cell
                    stack.append(cell.bit_length() - 1)
        return ends

    def hop_path(self, origin: int, target: int, is_king: bool, occ: int, kings: int,
                 free: int, swappable: int) -> list[int] | None:
        """Grid bits of a shortest hop sequence from ``origin`` to ``target`` (both single-bit
        masks), start and end included; ``None`` if no chain gets there."""
        occ ^= origin
        if is_king:
            kings ^= origin
        if not origin & HEXAGON:
            swappable = 0
        start = (origin, True)
        parent: dict[tuple[int, bool], tuple[int, bool] | None] = {start: None}
        layer = [start]
        while layer:
            nxt = []
            for node in layer:
                for cell, more in self.hops(node[0].bit_length() - 1, is_king, occ, kings, free,
                                            swappable):
                    child = (cell, more)
                    if cell == origin or child in parent:
                        continue
                    parent[child] = node
                    if cell == target:
                        path = []
                        step: tuple[int, bool] | None = child
                        while step is not None:
                            path.append(step[0].bit_length() - 1)
                            step = parent[step]
                        return path[::-1]
                    if more:
                        nxt.append(child)
            layer = nxt
        return None


def decode(action: int) -> tuple[int, int]:
    """``(from_index, to_index)`` of a move action (not ``PASS``)."""
    return divmod(action, NUM_CELLS)


def cell_bits(action: int) -> tuple[int, int]:
    """Single-bit masks of a move's start and end cells."""
    f, t = divmod(action, NUM_CELLS)
    return BIT[f], BIT[t]
