"""Alpha-beta search inside the compiled engine (docs/ai.md, "Agents" and "Level tables").

The search of :mod:`asobiba.ai.alphabeta`, specialised to the games on the star and run entirely
in numba:

* **Minimax from the root player's point of view** — every other seat plays against the root
  player: for two players this is plain minimax (negamax in spirit), for three to six the
  *paranoid* reduction (a player alone maximises its own value). Leaves are valued by
  :func:`.evaluate.evaluate`, clamped inside ±:data:`CAP`.
* **Iterative deepening** under a **node budget** and, optionally, a **deadline**: when either
  runs out, the deepest finished iteration's best move answers — or a root move that the
  unfinished iteration, searching one ply deeper, has already found better, with that depth (the
  rules of the root loop both compiled searches share, :mod:`asobiba.kernel_support`). The clock is read
  every :data:`CLOCK_EVERY` nodes. Without a deadline nothing depends on the clock, so a budget
  and a seed always give the same move; a deadline keeps a level inside its think time whatever
  the machine's load (the move then depends on timing).
* A **transposition table** indexed by Zobrist keys of the board array (pieces by cell, and the
  header: player to move, ply, turns, ranks, losers), always replacing.
* **Move ordering**: the table's move, two killer moves per ply, then rows gained (the priors of
  ``heuristic.move_priors``), then the history heuristic. ``beam`` = k keeps only the k moves the
  priors like best below the root (forward pruning, as the readable search does).

Proven results: a finished game — or, with three players or more, the root player ranked — is
worth its return for the root player, less :data:`PLY_DISCOUNT` per ply for any place but the last
(sooner is better: a win, and with four or more players also a place worth less than 0, which
would otherwise be put off move after move while nothing better can be reached), plus as much
for the last place (a loss is put off).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode

from ....kernel_support import best_first, interrupted, settled, shuffle
from .arrays import (
    KING,
    MAX_MOVES,
    MAX_PIECES,
    MAX_SEATS,
    OCCUPIED,
    PASS,
    PIECES,
    R_PIECES,
    R_PLAYERS,
    RANK,
    TO_MOVE,
    N,
)
from .evaluate import evaluate
from .movegen import legal_moves
from .play import make, unmake

CAP = 0.95
"""Heuristic values are clamped to ±this (``asobiba.ai.agent.HEURISTIC_CAP``)."""
PLY_DISCOUNT = 1e-4
MAX_PLY = 64
"""The deepest the search goes (iterations stop at ``MAX_PLY - 1``)."""
INF = 1e9
CLOCK_EVERY = 1024
"""Nodes between two looks at the clock (a look costs a few microseconds: it goes through the
interpreter, numba having no clock of its own)."""

EXACT, LOWER, UPPER = 0, 1, 2

# the control array: counters and settings of one search
C_NODES, C_MAX_NODES, C_ME, C_BEAM, C_STOP, C_CUT = range(6)
CONTROL_SIZE = 6

HEADER = OCCUPIED - TO_MOVE
"""Words of the board header that enter the key (to move, ply, losers, ranks, turns)."""


def _zobrist() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(20261129)
    pieces = rng.integers(1, 1 << 62, size=(N, 2 * KING), dtype=np.int64)
    header = rng.integers(1, 1 << 62, size=HEADER, dtype=np.int64) | 1
    return pieces, header


ZOBRIST, ZOBRIST_HEADER = _zobrist()
"""``ZOBRIST[cell, code]`` for a piece code standing on a cell; odd multipliers of the header."""


@njit(cache=True)
def clock():
    """``time.perf_counter()``, read from compiled code."""
    with objmode(now="float64"):
        now = time.perf_counter()
    return now


@njit(cache=True)
def position_key(board, rules):
    """The Zobrist key of a position (equal positions, equal keys)."""
    key = np.int64(0)
    for seat in range(rules[R_PLAYERS]):
        base = PIECES + seat * MAX_PIECES
        for slot in range(rules[R_PIECES]):
            cell = board[base + slot]
            key ^= ZOBRIST[cell, board[cell]]
    for i in range(HEADER):
        key += np.int64(board[TO_MOVE + i] + 1) * ZOBRIST_HEADER[i]
        key ^= key >> 29
    return key


@njit(cache=True)
def prior(board, man_cost, king_cost, seat, action):
    """Rows a move gains (for the king: its steps nearer the goal apex); 0 for a pass."""
    if action == PASS:
        return 0.0
    source = action // N
    target = action % N
    if board[source] & KING:
        return king_cost[seat, source] - king_cost[seat, target]
    return man_cost[seat, source] - man_cost[seat, target]


@njit(cache=True)
def rank_value(board, rules, seat):
    """The return of a ranked seat: its place (shared with those of equal rank) on [-1, 1]."""
    n = rules[R_PLAYERS]
    rank = board[RANK + seat]
    if n == 1:
        return 0.0  # as the readable returns: a player alone scores nothing, but finishing beats
        # every unfinished position's value (its work left, below 0)
    tied = 0
    for s in range(n):
        if board[RANK + s] == rank:
            tied += 1
    place = rank + (tied - 1) / 2.0
    return 1.0 - 2.0 * (place - 1.0) / (n - 1)


class Search:
    """The arrays one search works in (allocated once per agent, reused move after move)."""

    def __init__(self, tt_bits: int) -> None:
        size = 1 << tt_bits
        self.tt_key = np.zeros(size, dtype=np.int64)
        self.tt_move = np.zeros(size, dtype=np.int32)
        self.tt_depth = np.zeros(size, dtype=np.int32)
        self.tt_flag = np.zeros(size, dtype=np.int32)
        self.tt_value = np.zeros(size, dtype=np.float64)
        self.moves = np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int32)
        self.keys = np.zeros((MAX_PLY, MAX_MOVES), dtype=np.float64)
        self.undo = np.zeros((MAX_PLY, PIECES - TO_MOVE), dtype=np.int32)
        self.killers = np.zeros((MAX_PLY, 2), dtype=np.int32)
        self.history = np.zeros((MAX_SEATS, PASS + 1), dtype=np.int64)
        self.control = np.zeros(CONTROL_SIZE, dtype=np.int64)
        self.line = np.zeros(MAX_PLY, dtype=np.int32)

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                              np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The eleven arrays :func:`search` takes after the evaluation's tables, in its order."""
        return (self.tt_key, self.tt_move, self.tt_depth, self.tt_flag, self.tt_value, self.moves,
                self.keys, self.undo, self.killers, self.history, self.control)


@njit(cache=True)
def _leaf(board, rules, man_cost, king_cost, floor, apex, forward, me, control):
    control[C_CUT] = 1
    values = np.zeros(MAX_SEATS, dtype=np.float64)
    evaluate(board, rules, man_cost, king_cost, floor, apex, forward, values)
    return min(CAP, max(-CAP, values[me]))


@njit(cache=True)
def _order(board, man_cost, king_cost, seat, ply, n, tt_hit, tt_best, moves, keys, killers,
           history, beam):
    """Sort ``moves[ply, :n]`` best first, keep the ``beam`` best by priors (0: all), then bring
    the table's move and the killers to the front; return how many moves to search."""
    row = moves[ply]
    for i in range(n):
        a = row[i]
        keys[ply, i] = -(prior(board, man_cost, king_cost, seat, a) * 1e12 + history[seat, a])
    order = np.argsort(keys[ply, :n], kind="mergesort")
    sorted_moves = row[:n][order]
    count = n if beam <= 0 or beam >= n else beam
    front = 0
    for pick in range(3):
        wanted = tt_best if pick == 0 else killers[ply, pick - 1]
        if pick == 0 and not tt_hit:
            continue
        for i in range(front, count):
            if sorted_moves[i] == wanted:
                for j in range(i, front, -1):
                    sorted_moves[j] = sorted_moves[j - 1]
                sorted_moves[front] = wanted
                front += 1
                break
    row[:count] = sorted_moves[:count]
    return count


# the per-ply frames of the tree walk: floats and ints
F_ALPHA, F_BETA, F_BEST, F_ALPHA0, F_BETA0 = range(5)
I_DEPTH, I_MOVE, I_COUNT, I_BEST_MOVE, I_KEY, I_SLOT = range(6)


@njit(cache=True)
def _tree(board, rules, work, man_cost, king_cost, floor, apex, forward, tt_key, tt_move,
          tt_depth, tt_flag, tt_value, moves, keys, undo, killers, history, control,
          deadline, depth, alpha, beta):
    """The value for the root player of the position on ``board`` (one ply below the root),
    searched ``depth`` plies deep inside the window (``alpha``, ``beta``).

    A depth-first walk with a frame per ply instead of recursion (numba cannot load a
    self-recursive function from its disk cache). A node is *entered* (counted, then answered at
    once — game over, table hit, leaf — or its moves listed and the first one made), and each
    answer *returns* to the node above, which takes back the move, updates its bounds and makes
    its next move or answers in turn. When the budget runs out or ``deadline`` (a
    :func:`clock` reading) passes, every move still made is taken back and 0 is returned with
    ``control[C_STOP]`` set."""
    me = control[C_ME]
    fs = np.empty((MAX_PLY, 5), dtype=np.float64)
    ints = np.empty((MAX_PLY, 6), dtype=np.int64)
    ply = 1
    fs[1, F_ALPHA] = alpha
    fs[1, F_BETA] = beta
    ints[1, I_DEPTH] = depth
    entering = True
    value = 0.0
    while True:
        if entering:
            entering = False
            control[C_NODES] += 1
            if control[C_NODES] >= control[C_MAX_NODES] or (
                    control[C_NODES] % CLOCK_EVERY == 0 and clock() > deadline):
                control[C_STOP] = 1
                while ply > 1:
                    ply -= 1
                    unmake(board, rules, moves[ply, ints[ply, I_MOVE]], undo[ply])
                return 0.0
            d = ints[ply, I_DEPTH]
            a = fs[ply, F_ALPHA]
            b = fs[ply, F_BETA]
            seat = board[TO_MOVE]
            if seat < 0 or board[RANK + me] != 0:
                value = rank_value(board, rules, me)
                if value > -1.0:
                    value -= ply * PLY_DISCOUNT
                else:
                    value += ply * PLY_DISCOUNT
                continue
            key = position_key(board, rules)
            slot = key & (tt_key.size - 1)
            tt_hit = tt_key[slot] == key
            tt_best = -1
            if tt_hit:
                tt_best = tt_move[slot]
                if tt_depth[slot] >= d:
                    flag = tt_flag[slot]
                    value = tt_value[slot]
                    if (flag == EXACT or (flag == LOWER and value >= b)
                            or (flag == UPPER and value <= a)):
                        continue
            if d <= 0 or ply >= MAX_PLY - 1:
                value = _leaf(board, rules, man_cost, king_cost, floor, apex, forward, me, control)
                continue
            n = legal_moves(board, rules, work)
            if n == 0:
                moves[ply, 0] = PASS
                n = 1
            else:
                moves[ply, :n] = work[:n]
            if n > 1:
                n = _order(board, man_cost, king_cost, seat, ply, n, tt_hit, tt_best, moves, keys,
                           killers, history, control[C_BEAM])
            fs[ply, F_BEST] = -INF if seat == me else INF
            fs[ply, F_ALPHA0] = a
            fs[ply, F_BETA0] = b
            ints[ply, I_MOVE] = 0
            ints[ply, I_COUNT] = n
            ints[ply, I_BEST_MOVE] = moves[ply, 0]
            ints[ply, I_KEY] = key
            ints[ply, I_SLOT] = slot
        else:
            if ply == 1:
                return value
            ply -= 1
            i = ints[ply, I_MOVE]
            action = moves[ply, i]
            unmake(board, rules, action, undo[ply])
            seat = board[TO_MOVE]
            if seat == me:
                if value > fs[ply, F_BEST]:
                    fs[ply, F_BEST] = value
                    ints[ply, I_BEST_MOVE] = action
                    fs[ply, F_ALPHA] = max(fs[ply, F_ALPHA], value)
            elif value < fs[ply, F_BEST]:
                fs[ply, F_BEST] = value
                ints[ply, I_BEST_MOVE] = action
                fs[ply, F_BETA] = min(fs[ply, F_BETA], value)
            d = ints[ply, I_DEPTH]
            cut = fs[ply, F_ALPHA] >= fs[ply, F_BETA]
            if cut:
                history[seat, action] += d * d
                if killers[ply, 0] != action:
                    killers[ply, 1] = killers[ply, 0]
                    killers[ply, 0] = action
            if cut or i + 1 == ints[ply, I_COUNT]:
                value = fs[ply, F_BEST]
                slot = ints[ply, I_SLOT]
                tt_key[slot] = ints[ply, I_KEY]
                tt_move[slot] = ints[ply, I_BEST_MOVE]
                tt_depth[slot] = d
                tt_value[slot] = value
                if value <= fs[ply, F_ALPHA0]:
                    tt_flag[slot] = UPPER
                elif value >= fs[ply, F_BETA0]:
                    tt_flag[slot] = LOWER
                else:
                    tt_flag[slot] = EXACT
                continue
            ints[ply, I_MOVE] = i + 1
        # make the next move of the node at ply and enter the position it leads to
        make(board, rules, moves[ply, ints[ply, I_MOVE]], undo[ply])
        fs[ply + 1, F_ALPHA] = fs[ply, F_ALPHA]
        fs[ply + 1, F_BETA] = fs[ply, F_BETA]
        ints[ply + 1, I_DEPTH] = ints[ply, I_DEPTH] - 1
        ply += 1
        entering = True


@njit(cache=True)
def search(board, rules, work, man_cost, king_cost, floor, apex, forward, tt_key, tt_move,
           tt_depth, tt_flag, tt_value, moves, keys, undo, killers, history, control,
           max_nodes, max_depth, beam, seed, deadline):
    """Search the position for the player to move; return ``(action, value, depth)``: the move,
    its value for the mover and the deepest finished iteration (0: none finished). The search
    stops after ``max_nodes`` nodes or once the :func:`clock` passes ``deadline`` (``inf``: no
    deadline). The board comes back unchanged; ``control[C_NODES]`` holds the nodes searched.
    ``seed`` breaks ties between moves the priors rate alike (the root moves are shuffled
    before they are sorted)."""
    me = board[TO_MOVE]
    n = legal_moves(board, rules, work)
    if n == 0:
        return PASS, 0.0, 0
    root = work[:n].copy()
    shuffle(root, seed)
    scores = np.zeros(n, dtype=np.float64)
    for i in range(n):
        scores[i] = prior(board, man_cost, king_cost, me, root[i])
    root, scores = best_first(root, scores)
    if n == 1:
        return root[0], 0.0, 0
    tt_key[:] = 0
    tt_depth[:] = -1
    killers[:] = -1
    history[:] = 0
    control[C_NODES] = 0
    control[C_MAX_NODES] = max_nodes
    control[C_ME] = me
    control[C_BEAM] = beam
    control[C_STOP] = 0
    best_action = root[0]
    best_value = 0.0
    best_depth = 0
    for depth in range(1, min(max_depth, MAX_PLY - 1) + 1):
        control[C_CUT] = 0
        alpha = -INF
        done = 0
        it_action = root[0]
        for i in range(n):
            action = root[i]
            make(board, rules, action, undo[0])
            value = _tree(board, rules, work, man_cost, king_cost, floor, apex, forward, tt_key,
                          tt_move, tt_depth, tt_flag, tt_value, moves, keys, undo, killers,
                          history, control, deadline, depth - 1, alpha, INF)
            unmake(board, rules, action, undo[0])
            if control[C_STOP]:
                break
            scores[i] = value
            done += 1
            if value > alpha:
                alpha = value
                it_action = action
        if control[C_STOP]:
            best_action, best_value, best_depth = interrupted(
                done, it_action, alpha, depth, best_action, best_value, best_depth)
            break
        best_action = it_action
        best_value = alpha
        best_depth = depth
        if settled(best_value, CAP, control[C_CUT]):
            break  # proven, or the whole game fits inside this depth
        root, scores = best_first(root, scores)
    return best_action, best_value, best_depth


@njit(cache=True)
def principal_line(board, rules, work, tt_key, tt_move, action, line):
    """Write into ``line`` the moves from ``action`` on that the table says are best (stopping at
    the game's end, a position the table does not hold, or a move no longer legal); return how
    many. The board comes back unchanged."""
    scratch = board.copy()
    line[0] = action
    length = 1
    make_undo = np.zeros(PIECES - TO_MOVE, dtype=np.int32)
    make(scratch, rules, action, make_undo)
    while length < line.size and scratch[TO_MOVE] >= 0:
        key = position_key(scratch, rules)
        slot = key & (tt_key.size - 1)
        if tt_key[slot] != key:
            break
        best = tt_move[slot]
        n = legal_moves(scratch, rules, work)
        legal = best == PASS if n == 0 else False
        for i in range(n):
            if work[i] == best:
                legal = True
                break
        if not legal:
            break
        line[length] = best
        length += 1
        make(scratch, rules, best, make_undo)
    return length
