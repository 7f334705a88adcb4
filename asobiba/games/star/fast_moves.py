"""The fast move generator, for games without long hops or swaps (docs/rules/diamond.md, "Moves"
and "The king").

It gives exactly the moves of the general generator in :mod:`.movegen` (``(from, to)`` pairs; the
order is not specified) and is built on three facts:

* **Single hops are symmetric.** A hop over one jumpable piece (any piece but a king) from free
  cell ``a`` to free cell ``b`` can be made back from ``b`` to ``a``. So the cells a jump chain of
  single hops can reach from a free cell form a *component* of the hop graph on the free cells,
  the same for every piece that lands in it. Components are found once per position (a search
  cell by cell, expanding only cells with hops in two or more directions: a cell with one hop
  direction only leads back where it came from) and shared by all men and the king.
* **Lifting a piece changes nothing for single hops.** A moving piece is lifted: its start cell
  is empty but may not be landed on, and nobody can hop over it. Start cells are never free, so
  no component contains one. A hop over the lifted man itself would have to start next to his
  start cell, but every single hop moves a piece two cells along a line, so a chain of them only
  reaches cells an even number of steps away along both axes, never a neighbour. Kings are never
  jumped, so lifting the king changes nothing either.
* **Steps and first hops are local.** They come from :mod:`.neighbourhood` tables, one or two
  look-ups per piece.

The king adds line hops over runs of two or more jumpable pieces: it works layer by layer, taking
the components of the cells reached, then the line hops from the cells new in that layer, whole
board at once. ``king_chain_after_line`` says what may follow a line hop: ``single``, single hops
only (one more layer of components, no more line hops); ``any``, anything (layers until nothing
new); ``none``, nothing (the landings end the move).
"""

from __future__ import annotations

from .geometry import POSITIVE_SHIFTS, W
from .neighbourhood import (
    BEHIND,
    FIRST_HOPS,
    MOVES_FROM,
    NEAR_SHIFT,
    PAIR_WINDOW,
    RING_SHIFT,
    STEPS_AND_BEHIND,
    TOP,
    WINDOW,
    append_jumps,
    pair_view,
)

_W1 = W - 1


def append_fast_moves(out: list[int], own_men: int, own_king: int, occ: int, kings: int,
                      free: int, chain_after_line: str) -> None:
    """Append every legal move of the mover (men ``own_men``, king ``own_king`` or 0) to ``out``.

    ``occ``/``kings`` are every piece and every king on the board, ``free`` the empty cells the
    mover may stand on, ``chain_after_line`` the value of ``king_chain_after_line``."""
    jumpable = occ & ~kings
    w1 = _W1
    # per direction, the cells from which a single hop that way lands on a free cell
    e = (jumpable >> 1) & (free >> 2)
    w = (jumpable << 1) & (free << 2)
    se = (jumpable >> w1) & (free >> 2 * w1)
    nw = (jumpable << w1) & (free << 2 * w1)
    s_ = (jumpable >> W) & (free >> 2 * W)
    n_ = (jumpable << W) & (free << 2 * W)
    anywhere = e | w
    branching = e & w
    branching |= anywhere & se
    anywhere |= se
    branching |= anywhere & nw
    anywhere |= nw
    branching |= anywhere & s_
    anywhere |= s_
    branching |= anywhere & n_
    anywhere |= n_
    onward = free & anywhere  # free cells with a hop
    branching &= free  # free cells with hops in two or more directions
    pairs = pair_view(free, jumpable)
    comps: list[int] = []
    known = _append_men(out, own_men, free, jumpable, onward, branching, pairs, comps)
    if own_king:
        _append_king(out, own_king, free, jumpable, onward, pairs, comps, known,
                     (e, w, se, nw, s_, n_), branching, chain_after_line)


def _append_men(out: list[int], men: int, free: int, jumpable: int, onward: int, branching: int,
                pairs: int, comps: list[int]) -> int:
    """Steps and jump chains of every man. Components found on the way are added to ``comps``;
    returns their union."""
    free_ring = free << RING_SHIFT
    jump_near = jumpable << NEAR_SHIFT
    steps_and_behind, behind_t, first_hops, top = STEPS_AND_BEHIND, BEHIND, FIRST_HOPS, TOP
    append = out.append
    known = 0
    while men:
        g1 = men.bit_length()
        men ^= top[g1]
        steps, behind = steps_and_behind[g1][(pairs >> g1) & PAIR_WINDOW]
        out += steps
        if not behind:
            continue
        landings = (free_ring >> g1) & behind
        if not landings:
            continue
        first, first_moves = first_hops[g1][landings]
        out += first_moves
        seeds = first & onward
        if not seeds:
            continue
        reached = first
        if seeds & known:
            for comp in comps:
                if comp & seeds:
                    reached |= comp
            seeds &= ~known
        while seeds:  # a new component: search it cell by cell
            seed = top[seeds.bit_length()]
            avail = free ^ seed
            todo = seed
            while todo:
                h1 = todo.bit_length()
                todo ^= top[h1]
                landings = (free_ring >> h1) & behind_t[h1][(jump_near >> h1) & WINDOW]
                new = first_hops[h1][landings][0] & avail
                if new:
                    avail ^= new
                    todo |= new & branching
            comp = free ^ avail
            comps.append(comp)
            known |= comp
            reached |= comp
            seeds &= avail
        reached ^= first  # never next to the man (see the module docstring)
        moves = MOVES_FROM[g1]
        while reached:  # append_jumps, inlined: a call per man costs 3 % of the time here
            g = reached.bit_length()
            append(moves[g])
            reached ^= top[g]
    return known


def _line_runs(jumpable: int) -> tuple[list[tuple[int, int, int, int]], int]:
    """Per positive direction ``s`` with a pair of adjacent jumpable pieces along it:
    ``(s, 2s, before, after)``, the cells right before and right after such a pair; and the union
    of all of them, the cells a line hop can start from."""
    runs = []
    sources = 0
    for s in POSITIVE_SHIFTS:
        pair = jumpable & (jumpable >> s)
        if pair:
            before, after = pair >> s, pair << (2 * s)
            runs.append((s, 2 * s, before, after))
            sources |= before | after
    return runs, sources


def _append_king(out: list[int], king: int, free: int, jumpable: int, onward: int, pairs: int,
                 comps: list[int], known: int, hops: tuple[int, ...], branching: int,
                 after_line: str) -> None:
    """Steps and jump chains of the king, layer by layer: the single-hop components of the
    cells reached (those the men found, and a whole-board flood for the rest), then the line
    hops from the cells new in the layer, as long as ``after_line`` (``single``, ``any`` or
    ``none``) lets line hops come. ``hops`` holds, per direction, the cells with a single hop
    that way (as in :func:`append_fast_moves`)."""
    runs, sources = _line_runs(jumpable)
    e, w, se, nw, s_, n_ = hops
    v2, u2 = 2 * _W1, 2 * W
    k1 = king.bit_length()
    steps, behind = STEPS_AND_BEHIND[k1][(pairs >> k1) & PAIR_WINDOW]
    out += steps
    landings = ((free << RING_SHIFT) >> k1) & behind
    first, first_moves = FIRST_HOPS[k1][landings]
    out += first_moves
    avail = free  # free cells not reached yet
    new = first
    src = king  # cells to take line hops from
    lines = True  # line hops may still come
    while True:
        seeds = new & onward
        if seeds & known:
            for comp in comps:
                if comp & seeds:
                    new |= comp
        front = seeds & ~known
        if front:  # every seed has a hop; after that, only branching cells lead on
            flood = free ^ front
            while True:
                front = (
                    ((front & e) << 2) | ((front & w) >> 2) | ((front & se) << v2)
                    | ((front & nw) >> v2) | ((front & s_) << u2) | ((front & n_) >> u2)
                ) & flood
                flood ^= front
                if not front & branching:
                    break
            new |= free ^ flood
        new &= avail
        avail ^= new
        src |= new
        if not (lines and src & sources):
            break
        line = 0
        for s, s2, before, after in runs:
            run = src & before
            if run:
                run = (run << s2) & jumpable
                while run:
                    run <<= s
                    line |= run
                    run &= jumpable
            run = src & after
            if run:
                run = (run >> s2) & jumpable
                while run:
                    run >>= s
                    line |= run
                    run &= jumpable
        new = line & avail
        if not new:
            break
        if after_line == "none":
            avail ^= new  # the landings end the move
            break
        lines = after_line == "any"
        src = 0
    append_jumps(out, k1, (free ^ avail) ^ first)
