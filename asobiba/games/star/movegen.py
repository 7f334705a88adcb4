"""Legal move generation for Diamond Game (docs/rules/diamond.md, "Moves", "The king",
"Forbidden cells", "Long jumps" and the ``swap`` rule of "Finishing and ranks").

A move takes one own piece from a cell to another and is identified by ``(from, to)`` alone: the
action id is ``from_index * 121 + to_index`` (cell indices of :mod:`.geometry`), so different jump
paths to the same cell are one move.

* **Step**: to one of the six neighbouring cells, if empty.
* **Jump chain**: hops over pieces; the piece may stop after any hop. Steps and hops never mix.
  While it moves the piece is lifted, so its start cell counts as empty, but neither the start
  cell nor any cell already landed on may be landed on again. Because every hop depends only on the
  board and on what kind of hop may come next (not on the path), the cells a chain can end on are
  exactly the cells reachable in the graph of (cell, hops allowed next), found by a search with a
  visited mask per kind. (A walk in that graph that lands twice on a cell can skip the loop
  between: what followed the second landing is allowed after the first as well.)
* **Hop of a man**: over one adjacent non-king piece onto the empty cell right behind it.
* **Hop of a king**: over a straight contiguous run of ``n >= 1`` pieces, none of them a king, onto
  the empty cell right behind the run. A hop over 2+ pieces is a *line hop*; what may follow it is
  the option ``king_chain_after_line``: ``single``, only hops over one piece (so a move holds at
  most one line hop); ``any``, any hop; ``none``, nothing (the move ends).
* **Long hop** (``long_jump=true``, any piece): over a single non-king piece at distance ``d >= 2``
  whose ``d - 1`` cells before and after are empty, landing at distance ``2d``; it chains. It hops
  one piece, so it may follow a line hop under ``single``.
* Nobody stops on a cell the seat may not stop on (``allowed`` of its :class:`~.layout.SeatLayout`:
  not another colour's point in Diamond Game) nor lands on one in the middle of a chain unless it
  is ``passable`` (Chinese Checkers' ``other_points=pass``); jumping over a piece standing there is
  fine.
* Pieces that may not be hopped (``unhoppable``): every king, and under ``hop_own=false`` the
  mover's own pieces.
* ``goal_block=swap``: a move may also *end* on a goal cell of the mover's (``swap_cells``)
  occupied by another colour's piece (by a step, or as the last hop of a chain, where the cell
  would otherwise have to be empty); the two pieces change places. Only from a cell where every
  other colour may stand (``swap_from``: the hexagon in Diamond Game), because the displaced piece
  goes to the start cell.

Two generators agree on every position: the fast one of :mod:`.fast_moves` for games without
long hops or swaps (shared single-hop components, local tables, whole-board line hops for the
king), and a general one here walking the precomputed rays of each landing cell (long hops,
swaps, and :func:`hop_path`). The order of the moves in the list is not specified.
"""

from __future__ import annotations

from .fast_moves import append_fast_moves
from .geometry import BIT, NUM_CELLS, RAYS
from .layout import SeatLayout
from .neighbourhood import NEAR_SHIFT, STEPS_BY_WINDOW, TOP, WINDOW, append_jumps

PASS = NUM_CELLS * NUM_CELLS
"""Action id of a pass (the only legal action when a player has no move)."""

END, SINGLE_HOPS, ANY_HOPS = 0, 1, 2
"""What may follow a hop: nothing (the move ends), only hops over one piece, or any hop."""

AFTER_LINE = {"none": END, "single": SINGLE_HOPS, "any": ANY_HOPS}
"""What may follow a king's line hop, per value of ``king_chain_after_line``."""


def _append_steps(out: list[int], origins: int, targets: int) -> None:
    """Append every step from a cell of ``origins`` to a neighbouring cell of ``targets``: one
    table look-up per origin, keyed by the window of ``targets`` around it."""
    top = TOP
    tables = STEPS_BY_WINDOW
    near = targets << NEAR_SHIFT
    while origins:
        g1 = origins.bit_length()
        origins ^= top[g1]
        out += tables[g1][(near >> g1) & WINDOW]


def _stops_only(moves: list[int], seat: SeatLayout) -> list[int]:
    """The moves that end where the seat may stop (chains may pass where they may not stop)."""
    if seat.passable == seat.allowed:
        return moves
    allowed = seat.allowed
    return [a for a in moves if allowed & BIT[a % NUM_CELLS]]


class MoveGenerator:
    """Move generation under one set of options (which hops exist and how chains continue).

    ``chain_after_line`` is a value of ``king_chain_after_line``: ``single``, ``any`` or ``none``.
    """

    def __init__(self, *, chain_after_line: str, long_jump: bool, swap: bool) -> None:
        self.chain_after_line = chain_after_line
        self.after_line = AFTER_LINE[chain_after_line]
        self.long_jump = long_jump
        self.swap = swap

    # -- the whole move list ---------------------------------------------------------------------
    def moves(self, own_men: int, own_king: int, occ: int, unhoppable: int,
              seat: SeatLayout) -> list[int]:
        """Action ids of every legal move (steps, jump chains, swaps); ``[]`` if none: by the fast
        generator of :mod:`.fast_moves` where it applies (no long hops, no swap open), else by
        :meth:`walk`.

        ``occ`` is every piece on the board, ``unhoppable`` the pieces that may not be hopped,
        ``seat`` the mover's layout (where it may stop, land and swap).
        """
        swappable = seat.swap_cells & occ & ~(own_men | own_king) if self.swap else 0
        if self.long_jump or swappable:
            return self.walk(own_men, own_king, occ, unhoppable, seat)
        out: list[int] = []
        append_fast_moves(out, own_men, own_king, occ, unhoppable, seat.passable & ~occ,
                          self.chain_after_line)
        return _stops_only(out, seat)

    def walk(self, own_men: int, own_king: int, occ: int, unhoppable: int,
             seat: SeatLayout) -> list[int]:
        """The same moves as :meth:`moves`, by the readable generator under every rule: the steps,
        then the ends of each piece's jump chains by :meth:`jump_targets`."""
        free = seat.passable & ~occ
        out: list[int] = []
        own = own_men | own_king
        swappable = seat.swap_cells & occ & ~own if self.swap else 0
        _append_steps(out, own, seat.allowed & ~occ)
        if swappable:
            _append_steps(out, own & seat.swap_from, swappable)
        pieces = [(own_king, True)] if own_king else []
        men = own_men
        while men:
            low = men & -men
            men ^= low
            pieces.append((low, False))
        for origin, is_king in pieces:
            reach = swappable if origin & seat.swap_from else 0
            append_jumps(out, origin.bit_length(),
                         self.jump_targets(origin, is_king, occ, unhoppable, free, reach))
        return _stops_only(out, seat)

    # -- general hops ----------------------------------------------------------------------------
    def hops(self, g: int, is_king: bool, allowed: int, occ: int, kings: int, free: int,
             swappable: int) -> list[tuple[int, int]]:
        """Every single hop from grid bit ``g`` when ``allowed`` (``SINGLE_HOPS`` or ``ANY_HOPS``)
        hops may start there: ``(landing bit, what may follow)`` pairs (``END``, ``SINGLE_HOPS``
        or ``ANY_HOPS``).

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
                    longest = n if allowed == ANY_HOPS else min(n, 2)  # ray[i]: a hop over i
                    for i in range(1, longest):
                        cell = ray[i]
                        if occ & cell:
                            if swappable & cell:
                                out.append((cell, END))
                            if kings & cell:
                                break  # a run containing a king cannot be jumped
                        else:
                            if free & cell:
                                out.append((cell, allowed if i == 1 else self.after_line))
                            break
                elif n > 1:
                    cell = ray[1]
                    if occ & cell:
                        if swappable & cell:
                            out.append((cell, END))
                    elif free & cell:
                        out.append((cell, allowed))
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
                        out.append((cell, END))
                elif free & cell:
                    out.append((cell, allowed))
        return out

    def jump_targets(self, origin: int, is_king: bool, occ: int, kings: int, free: int,
                     swappable: int) -> int:
        """Mask of every cell a jump chain of the piece on ``origin`` can end on (landing cells
        ``free``, swaps into ``swappable``; ``kings``: the pieces that may not be hopped)."""
        occ ^= origin
        if is_king:
            kings ^= origin
        ends = 0
        seen = [0, origin, origin]  # per kind of hops allowed next: cells searched from already
        stack = [(origin.bit_length() - 1, ANY_HOPS)]
        while stack:
            g, allowed = stack.pop()
            for cell, follow in self.hops(g, is_king, allowed, occ, kings, free, swappable):
                ends |= cell
                if follow and not seen[follow] & cell:
                    seen[follow] |= cell
                    seen[SINGLE_HOPS] |= cell  # any hop allowed includes the single ones
                    stack.append((cell.bit_length() - 1, follow))
        return ends

    def hop_path(self, origin: int, target: int, is_king: bool, own: int, occ: int,
                 unhoppable: int, seat: SeatLayout) -> list[int] | None:
        """Grid bits of a shortest hop sequence from ``origin`` to ``target`` (both single-bit
        masks), start and end included; ``None`` if no chain gets there."""
        swappable = seat.swap_cells & occ & ~own if self.swap and origin & seat.swap_from else 0
        free = seat.passable & ~occ
        occ ^= origin
        kings = unhoppable ^ origin if is_king else unhoppable
        start = (origin, ANY_HOPS)
        parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
        layer = [start]
        while layer:
            nxt = []
            for node in layer:
                for cell, follow in self.hops(node[0].bit_length() - 1, is_king, node[1], occ,
                                              kings, free, swappable):
                    child = (cell, follow)
                    if cell == origin or child in parent:
                        continue
                    parent[child] = node
                    if cell == target:
                        path = []
                        step: tuple[int, int] | None = child
                        while step is not None:
                            path.append(step[0].bit_length() - 1)
                            step = parent[step]
                        return path[::-1]
                    if follow:
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
