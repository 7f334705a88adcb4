"""Alpha-beta search of Dice Out inside numba, on the solver's table coordinates (docs/ai.md,
"Agents").

The search of :mod:`asobiba.ai.alphabeta` for the turns of Dice Out under ``declare=auto``, run
entirely in compiled code. A position is a pair of set ranks ``(row, col)`` with the side to move
playing "red" (:mod:`.positions`); its moves, their immediate results and the positions they reach
come from the solver's move generator :func:`.kernels.position_moves`, the same that solves the
tables, so the search has no move generator of its own.

* **Negamax** (two-player minimax, every value from the side to move). Leaves are valued by the
  compiled evaluation :func:`.evaluate.evaluate`, clamped inside ±:data:`CAP`. A move that wins at
  once (a target EXIT, or the opponent's Dice Out) decides its node; a move that shows the mover's
  own Dice Out loses at once and is played only when nothing else is legal; a player without a
  move passes.
* **Draws as the engine rules them** (docs/rules/diceout.md, "Draws"): the ``repetition``-th
  occurrence of a position with the same side to move, counting the game's earlier positions and
  those on the searched line, and the ``max_plies``-th turn.
* **Iterative deepening** under a **node budget** and a **time cap**: when either runs out, the
  deepest finished iteration answers, or the best root move finished in the unfinished one when it
  differs (the rules of the root loop both compiled searches share, :mod:`asobiba.kernel_support`).
  The budget is counted in nodes, so a budget and a seed give the same move; the time cap
  is a safety net that ordinary play does not reach (it makes the move depend on the clock).
* A **transposition table** indexed by the position's coordinates (``row * sets + col``: exact, no
  hashing collisions), always replacing, its entries tagged by the search that wrote them. Proven
  values are kept as distances from the position, so a transposition reached at another ply reads
  its own distance.
* **Move ordering**: the table's move, two killer moves per ply, then the history heuristic, on
  the generator's order (steps onto a target first).

Proven results are worth ±1 moved by :data:`PLY_DISCOUNT` per ply towards 0, so that quicker wins
and slower losses are preferred (as in the readable search).

The tree is walked with a frame per ply instead of recursion: numba cannot load a self-recursive
function from its disk cache.
"""

from __future__ import annotations

import time

import numba
import numpy as np
from numba import njit

from ....kernel_support import GOLDEN, best_first, interrupted, settled, shuffle
from .cache import clear_stale_search_cache
from .evaluate import eval_tables, evaluate
from .geometry import Board
from .kernels import MAX_CANDIDATES, OUT_SUICIDE, OUT_WIN, candidate_buffers, moves_into

clear_stale_search_cache()

CAP = 0.95
"""Heuristic values are clamped to ±this (``asobiba.ai.agent.HEURISTIC_CAP``)."""
PLY_DISCOUNT = 1e-4
MAX_PLY = 64
"""The deepest the search goes (iterations stop at ``MAX_PLY - 1``)."""
INF = 1e9
EXACT, LOWER, UPPER = 0, 1, 2
PROVEN_DEPTH = 1 << 20
"""Table depth of a node decided by its moves' immediate results (good for any depth)."""

CELL_CODES = 64
PASS = CELL_CODES * CELL_CODES
"""Move codes: ``from_cell * CELL_CODES + to_cell`` on the board as the mover sees it; a pass."""

# the control array: counters and settings of one search
C_NODES, C_MAX_NODES, C_STOP, C_CUT, C_TT_SHIFT, C_GEN = range(6)
CONTROL_SIZE = 6
GEN_SHIFT = 40
"""Table entries hold the position's key (below 2**40 on every board) and, above it, the number of
the search that wrote them: a new search needs no clearing of the table."""
MAX_GEN = 1 << 22
# the game array: what the draw rules need
G_SIDE, G_PLY, G_MAX_PLIES, G_REPETITION = range(4)
GAME_SIZE = 4
TIME_CHECK = 1023
"""The clock is read when the node count has these bits clear (every 1 024 nodes)."""



def turn_key(geo: Board, row: int, col: int, colour: int) -> int:
    """The key of a turn for the repetition draw: the position's coordinates and the colour to
    move (as :func:`_drawn` makes it)."""
    return (row * geo.n_sets + col) * 2 + colour


class Search:
    """The compiled search on one board, with the arrays it works in (allocated once, reused
    move after move)."""

    def __init__(self, geo: Board, tt_bits: int) -> None:
        self.geo = geo
        self.eval = eval_tables(geo)
        size = 1 << tt_bits
        self.tt_key = np.zeros(size, dtype=np.int64)
        self.tt_move = np.zeros(size, dtype=np.int32)
        self.tt_depth = np.zeros(size, dtype=np.int32)
        self.tt_flag = np.zeros(size, dtype=np.int8)
        self.tt_value = np.zeros(size, dtype=np.float64)
        self.moves = np.zeros((MAX_PLY, MAX_CANDIDATES, 5), dtype=np.int64)
        self.order = np.zeros((MAX_PLY, MAX_CANDIDATES), dtype=np.int64)
        self.killers = np.zeros((MAX_PLY, 2), dtype=np.int64)
        self.history = np.zeros(PASS + 1, dtype=np.int64)
        self.path = np.zeros(MAX_PLY, dtype=np.int64)
        self.control = np.zeros(CONTROL_SIZE, dtype=np.int64)
        self.control[C_TT_SHIFT] = 64 - tt_bits
        self.line = np.zeros(MAX_PLY, dtype=np.int64)
        self.buffers = candidate_buffers(geo.cells)
        """The move generator's scratch arrays."""

    def run(self, row: int, col: int, game: np.ndarray, past: np.ndarray, max_nodes: int,
            max_depth: int, deadline: float, seed: int) -> tuple[int, float, int, int]:
        """:func:`search` on position ``(row, col)``: ``(code, value, depth, nodes)``."""
        geo = self.geo
        code, value, depth = search(
            row, col, geo.sets, geo.rank_of_colex, geo.rotated, geo.neighbours, self.buffers,
            *self.eval, self.tt_key, self.tt_move, self.tt_depth, self.tt_flag, self.tt_value,
            self.moves, self.order, self.killers, self.history, self.path, self.control, game,
            past, max_nodes, max_depth, deadline, seed,
        )
        return int(code), float(value), int(depth), int(self.control[C_NODES])

    def principal_line(self, row: int, col: int, code: int) -> list[int]:
        """The move codes from ``code`` on, played in ``(row, col)`` (:func:`principal_line`)."""
        geo = self.geo
        length = principal_line(row, col, code, geo.sets, geo.rank_of_colex, geo.rotated,
                                geo.neighbours, self.buffers, self.eval[0], self.tt_key,
                                self.tt_move, self.moves, self.control, self.line)
        return [int(c) for c in self.line[:length]]


@njit(cache=True)
def _now():
    with numba.objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=True, inline="always")
def _slot(key, shift):
    return np.int64((np.uint64(key) * GOLDEN) >> np.uint64(shift))


@njit(cache=True, inline="always")
def _code(moves, ply, k):
    frm = moves[ply, k, 0]
    return PASS if frm < 0 else frm * CELL_CODES + moves[ply, k, 1]


@njit(cache=True)
def _generate(row, col, ply, sets, rank_of_colex, rotated, nbr, buffers, targets, moves, order):
    """List the moves of ``(row, col)`` into ``moves[ply]`` and the ones to search into
    ``order[ply]``. Returns ``(count, decided)``: ``decided`` is the index of a move that wins at
    once (the node is won), or of a losing one when every move loses at once (count 0); else -1.
    A player without a move passes: one entry with from cell -1 and the same dice, turned."""
    n = moves_into(row, col, sets, rank_of_colex, rotated, nbr, targets[0], targets[1], buffers,
                   moves[ply])
    if n == 0:
        moves[ply, 0, 0] = -1
        moves[ply, 0, 1] = -1
        moves[ply, 0, 3] = rotated[col]
        moves[ply, 0, 4] = rotated[row]
        order[ply, 0] = 0
        return 1, -1
    count = 0
    losing = -1
    for k in range(n):
        outcome = moves[ply, k, 2]
        if outcome == OUT_WIN:
            return 0, k
        if outcome == OUT_SUICIDE:
            if losing < 0:
                losing = k
            continue
        order[ply, count] = k
        count += 1
    return count, (losing if count == 0 else -1)


@njit(cache=True)
def _order(ply, count, tt_best, moves, order, killers, history):
    """Sort ``order[ply, :count]`` by the history heuristic (stable), then bring the table's move
    and the killers to the front."""
    row = order[ply]
    for i in range(1, count):
        k = row[i]
        h = history[_code(moves, ply, k)]
        j = i - 1
        while j >= 0 and history[_code(moves, ply, row[j])] < h:
            row[j + 1] = row[j]
            j -= 1
        row[j + 1] = k
    front = 0
    for pick in range(3):
        wanted = tt_best if pick == 0 else killers[ply, pick - 1]
        if wanted < 0:
            continue
        for i in range(front, count):
            k = row[i]
            if _code(moves, ply, k) == wanted:
                for j in range(i, front, -1):
                    row[j] = row[j - 1]
                row[front] = k
                front += 1
                break


@njit(cache=True)
def _drawn(key, ply, path, game, past):
    """Whether the position entered at ``ply`` (key ``key``) ends the game in a draw, and record it
    on the searched line."""
    side_key = key * 2 + (game[G_SIDE] ^ (ply & 1))
    path[ply] = side_key
    if game[G_PLY] + ply >= game[G_MAX_PLIES]:
        return True
    seen = np.searchsorted(past, side_key, side="right") - np.searchsorted(past, side_key)
    for earlier in range(ply - 2, 0, -2):
        if path[earlier] == side_key:
            seen += 1
    return seen + 1 >= game[G_REPETITION]


@njit(cache=True)
def _store(tt_key, tt_move, tt_depth, tt_flag, tt_value, slot, key, move, depth, flag, value, ply):
    """Keep a node's result; a proven value is kept as seen from the node (its plies to the end),
    so that a transposition at another ply reads the right distance (:func:`_from_table`)."""
    tt_key[slot] = key
    tt_move[slot] = move
    tt_depth[slot] = depth
    tt_flag[slot] = flag
    if value > CAP:
        value += ply * PLY_DISCOUNT
    elif value < -CAP:
        value -= ply * PLY_DISCOUNT
    tt_value[slot] = value


@njit(cache=True, inline="always")
def _from_table(value, ply):
    """A kept value read back at ``ply``."""
    if value > CAP:
        return value - ply * PLY_DISCOUNT
    if value < -CAP:
        return value + ply * PLY_DISCOUNT
    return value


# the per-ply frames of the tree walk: floats and ints
F_ALPHA, F_BETA, F_BEST, F_ALPHA0 = range(4)
I_DEPTH, I_NEXT, I_COUNT, I_BEST, I_KEY, I_SLOT = range(6)


@njit(cache=True)
def _tree(row, col, depth, alpha, beta, sets, rank_of_colex, rotated, nbr, buffers, targets, dist,
          weights, tt_key, tt_move, tt_depth, tt_flag, tt_value, moves, order, killers, history,
          path, control, game, past, deadline):
    """The value for its mover of position ``(row, col)`` one ply below the root, searched
    ``depth`` plies deep inside the window (``alpha``, ``beta``).

    A node is *entered* (counted, then answered at once — a draw, a table hit, a leaf, a move that
    decides — or its moves listed and the first one entered), and each answer *returns* to the
    node above, which updates its bounds and enters its next move or answers in turn. When the
    budget or the time runs out, 0 is returned with ``control[C_STOP]`` set."""
    n_sets = sets.shape[0]
    shift = control[C_TT_SHIFT]
    generation = control[C_GEN] << GEN_SHIFT
    pos = np.empty((MAX_PLY, 2), dtype=np.int64)
    fs = np.empty((MAX_PLY, 4), dtype=np.float64)
    ints = np.empty((MAX_PLY, 6), dtype=np.int64)
    ply = 1
    pos[1, 0] = row
    pos[1, 1] = col
    fs[1, F_ALPHA] = alpha
    fs[1, F_BETA] = beta
    ints[1, I_DEPTH] = depth
    entering = True
    value = 0.0
    while True:
        if entering:
            entering = False
            control[C_NODES] += 1
            nodes = control[C_NODES]
            if nodes >= control[C_MAX_NODES] or (not nodes & TIME_CHECK and _now() > deadline):
                control[C_STOP] = 1
                return 0.0
            r = pos[ply, 0]
            c = pos[ply, 1]
            d = ints[ply, I_DEPTH]
            a = fs[ply, F_ALPHA]
            b = fs[ply, F_BETA]
            key = r * n_sets + c
            if _drawn(key, ply, path, game, past):
                value = 0.0
                continue
            slot = _slot(key, shift)
            entry = key | generation
            tt_best = -1
            if tt_key[slot] == entry:
                tt_best = tt_move[slot]
                if tt_depth[slot] >= d:
                    flag = tt_flag[slot]
                    value = _from_table(tt_value[slot], ply)
                    if (flag == EXACT or (flag == LOWER and value >= b)
                            or (flag == UPPER and value <= a)):
                        continue
            if d <= 0 or ply >= MAX_PLY - 1:
                control[C_CUT] = 1
                value = min(CAP, max(-CAP, evaluate(r, c, sets, nbr, targets, dist, weights)))
                continue
            count, decided = _generate(r, c, ply, sets, rank_of_colex, rotated, nbr, buffers,
                                       targets, moves, order)
            if decided >= 0:
                value = 1.0 - (ply + 1) * PLY_DISCOUNT
                if count == 0 and moves[ply, decided, 2] == OUT_SUICIDE:
                    value = -value
                _store(tt_key, tt_move, tt_depth, tt_flag, tt_value, slot, entry,
                       _code(moves, ply, decided), PROVEN_DEPTH, EXACT, value, ply)
                continue
            if count > 1:
                _order(ply, count, tt_best, moves, order, killers, history)
            fs[ply, F_BEST] = -INF
            fs[ply, F_ALPHA0] = a
            ints[ply, I_NEXT] = 0
            ints[ply, I_COUNT] = count
            ints[ply, I_BEST] = _code(moves, ply, order[ply, 0])
            ints[ply, I_KEY] = entry
            ints[ply, I_SLOT] = slot
        else:
            if ply == 1:
                return value
            ply -= 1
            value = -value
            i = ints[ply, I_NEXT]
            code = _code(moves, ply, order[ply, i])
            if value > fs[ply, F_BEST]:
                fs[ply, F_BEST] = value
                ints[ply, I_BEST] = code
                if value > fs[ply, F_ALPHA]:
                    fs[ply, F_ALPHA] = value
            d = ints[ply, I_DEPTH]
            cut = fs[ply, F_ALPHA] >= fs[ply, F_BETA]
            if cut:
                history[code] += d * d
                if killers[ply, 0] != code:
                    killers[ply, 1] = killers[ply, 0]
                    killers[ply, 0] = code
            if cut or i + 1 == ints[ply, I_COUNT]:
                value = fs[ply, F_BEST]
                if value <= fs[ply, F_ALPHA0]:
                    flag = UPPER
                elif value >= fs[ply, F_BETA]:
                    flag = LOWER
                else:
                    flag = EXACT
                _store(tt_key, tt_move, tt_depth, tt_flag, tt_value, ints[ply, I_SLOT],
                       ints[ply, I_KEY], ints[ply, I_BEST], d, flag, value, ply)
                continue
            ints[ply, I_NEXT] = i + 1
        # enter the next move of the node at ply
        k = order[ply, ints[ply, I_NEXT]]
        pos[ply + 1, 0] = moves[ply, k, 3]
        pos[ply + 1, 1] = moves[ply, k, 4]
        fs[ply + 1, F_ALPHA] = -fs[ply, F_BETA]
        fs[ply + 1, F_BETA] = -fs[ply, F_ALPHA]
        ints[ply + 1, I_DEPTH] = ints[ply, I_DEPTH] - 1
        ply += 1
        entering = True


@njit(cache=True)
def search(row, col, sets, rank_of_colex, rotated, nbr, buffers, targets, dist, weights, tt_key,
           tt_move, tt_depth, tt_flag, tt_value, moves, order, killers, history, path, control,
           game, past, max_nodes, max_depth, deadline, seed):
    """Search position ``(row, col)`` for its mover; return ``(code, value, depth)``: the move
    code, its value for the mover and the depth of the iteration that chose it (0: none finished).

    ``game`` holds the mover's colour, the game's ply, ``max_plies`` and ``repetition``; ``past``
    the sorted keys (``key * 2 + colour``) of the game's turns so far, this one included, for the
    repetition draw. ``deadline`` is a ``time.perf_counter`` time. ``seed`` breaks ties between
    equally good moves (the root moves are shuffled). ``control[C_NODES]`` ends up holding the
    nodes searched."""
    control[C_NODES] = 1
    control[C_MAX_NODES] = max_nodes
    control[C_STOP] = 0
    count, decided = _generate(row, col, 0, sets, rank_of_colex, rotated, nbr, buffers, targets,
                               moves, order)
    if decided >= 0:
        value = 1.0 - PLY_DISCOUNT
        if count == 0 and moves[0, decided, 2] == OUT_SUICIDE:
            value = -value
        return _code(moves, 0, decided), value, 1
    root = order[0, :count].copy()
    shuffle(root, seed)
    generation = control[C_GEN] + 1
    if generation == MAX_GEN:
        tt_key[:] = 0
        generation = 1
    control[C_GEN] = generation
    killers[:] = -1
    history[:] = 0
    scores = np.zeros(count, dtype=np.float64)
    best = root[0]
    best_value = 0.0
    best_depth = 0
    for depth in range(1, min(max_depth, MAX_PLY - 1) + 1):
        control[C_CUT] = 0
        alpha = -INF
        done = 0
        it_best = root[0]
        for i in range(count):
            k = root[i]
            value = -_tree(moves[0, k, 3], moves[0, k, 4], depth - 1, -INF, -alpha, sets,
                           rank_of_colex, rotated, nbr, buffers, targets, dist, weights, tt_key,
                           tt_move, tt_depth, tt_flag, tt_value, moves, order, killers, history,
                           path, control, game, past, deadline)
            if control[C_STOP]:
                break
            scores[i] = value
            done += 1
            if value > alpha:
                alpha = value
                it_best = k
        if control[C_STOP]:
            best, best_value, best_depth = interrupted(done, it_best, alpha, depth, best, best_value,
                                                       best_depth)
            break
        best = it_best
        best_value = alpha
        best_depth = depth
        if settled(best_value, CAP, control[C_CUT]):
            break  # proven, or the whole game fits inside this depth
        root, scores = best_first(root, scores)
    return _code(moves, 0, best), best_value, best_depth


@njit(cache=True)
def principal_line(row, col, code, sets, rank_of_colex, rotated, nbr, buffers, targets, tt_key,
                   tt_move, moves, control, line):
    """Write into ``line`` the move ``code`` played in ``(row, col)`` and the moves after it that
    the table says are best (stopping where the game ends, at a position the table does not hold,
    or at a move no longer legal); return how many."""
    n_sets = sets.shape[0]
    shift = control[C_TT_SHIFT]
    out = moves[0]
    length = 0
    while length < line.size:
        n = moves_into(row, col, sets, rank_of_colex, rotated, nbr, targets[0], targets[1],
                       buffers, out)
        if n == 0:
            if code != PASS:
                break
            row, col = rotated[col], rotated[row]
            line[length] = code
            length += 1
        else:
            found = -1
            for k in range(n):
                if out[k, 0] * CELL_CODES + out[k, 1] == code:
                    found = k
            if found < 0:
                break
            line[length] = code
            length += 1
            if out[found, 2] == OUT_WIN or out[found, 2] == OUT_SUICIDE:
                break
            row, col = out[found, 3], out[found, 4]
        key = row * n_sets + col
        slot = _slot(key, shift)
        if tt_key[slot] != key | control[C_GEN] << GEN_SHIFT:
            break
        code = tt_move[slot]
    return length
