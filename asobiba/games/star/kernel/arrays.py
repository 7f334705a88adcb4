"""Layout of the flat int32 arrays the compiled engine works on (no numba here).

**Board** (one position, :data:`BOARD_SIZE` ints):

* ``[0, 121)`` — what stands on each cell (cell indices of :mod:`..geometry`, those of the
  standard star on every board: a smaller star is a smaller set of cells one may stand on): 0 if
  empty, else ``seat + 1`` for a man, ``seat + 1 + KING`` for a king. ``code & SEAT_BITS`` is
  ``seat + 1``.
* :data:`TO_MOVE` — seat to move, or ``TERMINAL``; :data:`PLY` — plies played;
  :data:`LOST` — bitmask of seats that lost by ``no_camping``;
  :data:`RANK` + seat — decided rank, 0 while playing; :data:`MADE` + seat — turns taken;
  :data:`OCCUPIED` — the cells with a piece on them, as a set of cells (:mod:`.bits`) in four
  int32 halves, kept up to date by every move.
* :data:`PIECES` + ``seat * MAX_PIECES + slot`` — the cell of each piece of a seat (``pieces``
  slots are used; with kings, slot 0 holds the king). Pieces never leave the board, so the list is
  always full.

**Rules** (one game on the star — Diamond Game or Chinese Checkers, any board — :data:`RULES_SIZE`
ints, built by :func:`.tables.rules_of`): the options as small ints at :data:`R_PLAYERS` …
:data:`R_PASS_ONLY`, the goal cells, the cells each seat may stop on (:data:`R_ALLOWED`) and land on
in the middle of a chain (:data:`R_PASSABLE`) as sets of cells, then per seat and cell a set of
flags (:data:`ALLOWED`, :data:`GOAL`, …) at ``R_FLAGS + seat * 121 + cell``.

**Work** (scratch of the move generator, :data:`WORK_SIZE` ints): the moves found at
``[0, MAX_MOVES)``, the single-hop components of the position (each cell's component, and each
component as a set of cells), and for the rules with long hops
or swaps marks of cells already searched (stamped with a counter, so nothing is cleared between
searches) and a stack.
"""

from __future__ import annotations

from ....core.game import TERMINAL
from ..geometry import NUM_CELLS

N = NUM_CELLS
"""121 cells."""
PASS = N * N
"""Action id of a pass, as in the readable engine."""
TERMINAL_SEAT = TERMINAL
"""``board[TO_MOVE]`` once the game is over (the ``current_player`` of a finished state)."""

KING = 8
SEAT_BITS = 7
MAX_SEATS = 6
"""Chinese Checkers seats up to six colours (Diamond Game three)."""
MAX_PIECES = 15

TO_MOVE = N
PLY = N + 1
LOST = N + 2
RANK = N + 3
MADE = RANK + MAX_SEATS
OCCUPIED = MADE + MAX_SEATS
PIECES = OCCUPIED + 4
BOARD_SIZE = PIECES + MAX_SEATS * MAX_PIECES

# rules: options
R_PLAYERS = 0
R_PIECES = 1
R_KING = 2
R_AFTER_LINE = 3
"""What may follow a king's line hop: :data:`END`, :data:`SINGLE_HOPS` or :data:`ANY_HOPS`."""
R_LONG_JUMP = 4
R_GOAL_RULE = 5
"""Index of ``goal_block`` in :data:`GOAL_RULES`."""
R_MAX_PLIES = 6
R_GOAL_SIZE = 7
"""Cells of a goal area (15, or 10 with ``pieces=10``, on the small board and in Chinese
Checkers)."""
R_HOP_OWN = 8
"""1 if a piece may hop the mover's own pieces (Chinese Checkers' ``hop_own``; always in Diamond
Game)."""
R_PASS_ONLY = 9
"""1 if some cells may be landed on in the middle of a chain but not stopped on (Chinese
Checkers' ``other_points=pass``)."""
R_GOAL_CELLS = 10
"""``R_GOAL_CELLS + seat * MAX_PIECES + i``: the cells of each seat's goal area."""
R_ALLOWED = R_GOAL_CELLS + MAX_SEATS * MAX_PIECES
"""``R_ALLOWED + seat * 4``: the cells the seat may stand on, as a set of cells (:mod:`.bits`) in
four int32 halves."""
R_PASSABLE = R_ALLOWED + MAX_SEATS * 4
"""``R_PASSABLE + seat * 4``: the cells the seat may land on in the middle of a jump chain (those
it may stop on, and under ``other_points=pass`` the other points too)."""
R_FLAGS = R_PASSABLE + MAX_SEATS * 4
RULES_SIZE = R_FLAGS + MAX_SEATS * N

# rules: flags per seat and cell
ALLOWED = 1
"""The seat may stop there (in Diamond Game: not another colour's point)."""
GOAL = 2
START = 4
SWAP = 8
"""A goal cell the seat may swap into (``goal_block=swap`` only): one where another colour in
play may stand."""
GOAL_APEX = 16
SWAP_FROM = 32
"""A cell a swapping move may start from: one where every other colour may stand (the piece
displaced goes there), the central hexagon in Diamond Game."""
PASSABLE = 64
"""The seat may land there in the middle of a jump chain (:data:`R_PASSABLE` as a flag)."""

GOAL_RULES = ("full_with_king", "full_with_one", "swap", "no_camping")
FULL_WITH_KING, FULL_WITH_ONE, SWAP_RULE, NO_CAMPING = range(4)

END, SINGLE_HOPS, ANY_HOPS = 0, 1, 2
"""What may follow a hop: nothing, only hops over one piece, or any hop (as in :mod:`..movegen`)."""

# work
MAX_MOVES = 2048
"""More than the most moves a position can have (15 pieces, at most 120 targets each)."""
W_COMPONENT = MAX_MOVES
"""The component number of each free cell whose single-hop component is found."""
W_COMPONENT_SETS = W_COMPONENT + N
"""``W_COMPONENT_SETS + 4 * k``: the cells of component ``k`` as a set (four int32 halves)."""
W_SEEN_SINGLE = W_COMPONENT_SETS + 4 * N
"""Marks: cells searched with only one-piece hops allowed next (or any hops, which include them)."""
W_SEEN_ANY = W_SEEN_SINGLE + N
W_ENDS = W_SEEN_ANY + N
"""Marks: cells already listed as a move of the piece being searched (its neighbours are steps)."""
W_MARKS_END = W_ENDS + N
W_STACK = W_MARKS_END
"""Cells to search from, ``cell * 4 + what may follow``; each (cell, kind) is pushed once."""
W_STAMP = W_STACK + 2 * N
"""The counter the marks are stamped with: a mark is set when it equals the current stamp."""
WORK_SIZE = W_STAMP + 1
