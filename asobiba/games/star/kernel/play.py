"""Playing moves in the compiled engine: make and unmake, the end of the game (docs/rules/diamond.md,
"Finishing and ranks", every ``goal_block`` rule), random playouts and perft.

A move ``from * 121 + to`` carries the piece from ``from`` to ``to``; under ``goal_block=swap`` a
piece of another colour standing on ``to`` goes to ``from`` (the move generator only offers such a
move where that is allowed). A pass (:data:`.arrays.PASS`) moves nothing. Either way the mover's
turn count and the ply go up by one, and :func:`settle` ranks whoever finished or lost and picks
the next player, as ``endgame.settle`` of the readable engine does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .arrays import (
    FULL_WITH_KING,
    FULL_WITH_ONE,
    GOAL,
    GOAL_APEX,
    LOST,
    MADE,
    MAX_MOVES,
    MAX_PIECES,
    NO_CAMPING,
    OCCUPIED,
    PASS,
    PIECES,
    PLY,
    R_FLAGS,
    R_GOAL_CELLS,
    R_GOAL_RULE,
    R_GOAL_SIZE,
    R_KING,
    R_MAX_PLIES,
    R_PIECES,
    R_PLAYERS,
    RANK,
    SEAT_BITS,
    START,
    TERMINAL_SEAT,
    TO_MOVE,
    WORK_SIZE,
    N,
)
from .bits import flip_stored
from .movegen import legal_moves

CAMPING_LIMIT = 30
"""``no_camping``: own turns after which no piece may remain in the start area."""

UNDO_SIZE = PIECES - TO_MOVE
"""An undo record: the board's header (to move, ply, losers, ranks, turns, occupied cells) before
the move."""


@njit(cache=True)
def _move_slot(board, seat, count, old, new):
    base = PIECES + seat * MAX_PIECES
    for slot in range(count):
        if board[base + slot] == old:
            board[base + slot] = new
            return


@njit(cache=True)
def _carry(board, count, source, target):
    """Carry the piece on ``source`` to ``target``; a piece standing on ``target`` goes to
    ``source`` (a swap, after which the same cells are occupied)."""
    piece = board[source]
    other = board[target]
    board[target] = piece
    board[source] = other
    _move_slot(board, (piece & SEAT_BITS) - 1, count, source, target)
    if other:
        _move_slot(board, (other & SEAT_BITS) - 1, count, target, source)
    else:
        flip_stored(board, OCCUPIED, source)
        flip_stored(board, OCCUPIED, target)


@njit(cache=True)
def play(board, rules, action):
    """Play ``action`` (a legal move or ``PASS``) for the player to move."""
    seat = board[TO_MOVE]
    if action != PASS:
        _carry(board, rules[R_PIECES], action // N, action % N)
    board[MADE + seat] += 1
    board[PLY] += 1
    settle(board, rules, seat)


@njit(cache=True)
def make(board, rules, action, undo):
    """:func:`play`, keeping in ``undo`` what :func:`unmake` needs."""
    undo[:] = board[TO_MOVE:PIECES]
    play(board, rules, action)


@njit(cache=True)
def unmake(board, rules, action, undo):
    """Take back ``action``, played by :func:`make` with this ``undo`` record."""
    if action != PASS:
        _carry(board, rules[R_PIECES], action % N, action // N)  # a swapped piece comes back too
    board[TO_MOVE:PIECES] = undo


@njit(cache=True)
def has_finished(board, rules, seat):
    """Whether ``seat`` meets a finishing condition: every piece in the goal area and the king (if
    any) on the goal apex; or, under ``full_with_king`` / ``full_with_one``, a goal area full of
    pieces (anyone's) with the own king on the apex / with at least one own piece in it."""
    flags = R_FLAGS + seat * N
    count = rules[R_PIECES]
    with_king = rules[R_KING] != 0
    base = PIECES + seat * MAX_PIECES
    home = 0
    for slot in range(count):
        if rules[flags + board[base + slot]] & GOAL:
            home += 1
    king_home = not with_king or (rules[flags + board[base]] & GOAL_APEX) != 0
    if home == count and king_home:
        return True
    rule = rules[R_GOAL_RULE]
    if rule != FULL_WITH_KING and rule != FULL_WITH_ONE:
        return False
    goal = R_GOAL_CELLS + seat * MAX_PIECES
    for i in range(rules[R_GOAL_SIZE]):
        if board[rules[goal + i]] == 0:
            return False
    if rule == FULL_WITH_KING:
        return king_home
    return home > 0


@njit(cache=True)
def _is_camping(board, rules, seat):
    if board[MADE + seat] < CAMPING_LIMIT:
        return False
    flags = R_FLAGS + seat * N
    base = PIECES + seat * MAX_PIECES
    inside = 0
    for slot in range(rules[R_PIECES]):
        inside |= rules[flags + board[base + slot]] & START
    return inside != 0


@njit(cache=True)
def _finishers(board, players):
    out = 0
    for i in range(players):
        if board[RANK + i] and not (board[LOST] >> i) & 1:
            out += 1
    return out


@njit(cache=True)
def settle(board, rules, mover):
    """After ``mover``'s turn: rank every player who finished (one shared rank for all who finish
    on the same move), rank ``mover`` last among the open places if ``no_camping`` catches them,
    and set the next player still playing, or ``TERMINAL`` when at most one is left (none, for a
    player alone) or ``max_plies`` plies are played (the players left share the next rank)."""
    players = rules[R_PLAYERS]
    rank = _finishers(board, players) + 1
    for i in range(players):
        if board[RANK + i] == 0 and has_finished(board, rules, i):
            board[RANK + i] = rank
    if (rules[R_GOAL_RULE] == NO_CAMPING and board[RANK + mover] == 0
            and _is_camping(board, rules, mover)):
        losers = 0
        for i in range(players):
            losers += (board[LOST] >> i) & 1
        board[RANK + mover] = players - losers
        board[LOST] |= 1 << mover
    playing = 0
    for i in range(players):
        if board[RANK + i] == 0:
            playing += 1
    if playing < min(players, 2) or board[PLY] >= rules[R_MAX_PLIES]:
        rank = _finishers(board, players) + 1
        for i in range(players):
            if board[RANK + i] == 0:
                board[RANK + i] = rank
        board[TO_MOVE] = TERMINAL_SEAT
        return
    seat = mover
    while True:
        seat = (seat + 1) % players
        if board[RANK + seat] == 0:
            board[TO_MOVE] = seat
            return


@njit(cache=True)
def random_playout(board, rules, work, max_plies):
    """Play uniformly random legal moves on ``board`` until the game ends or ``max_plies`` plies
    are played; return how many were played (passes included). Uses numba's generator
    (:func:`seed` sets it)."""
    played = 0
    while board[TO_MOVE] >= 0 and played < max_plies:
        n = legal_moves(board, rules, work)
        action = PASS if n == 0 else work[np.random.randint(0, n)]
        play(board, rules, action)
        played += 1
    return played


@njit(cache=True)
def seed(value):
    """Seed the generator of :func:`random_playout` (numba keeps its own)."""
    np.random.seed(value)


@njit(cache=True)
def random_games(start, rules, games):
    """Play ``games`` random games from ``start`` to their end; return the plies played in all."""
    board = start.copy()
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    total = 0
    for _ in range(games):
        board[:] = start
        total += random_playout(board, rules, work, 1 << 30)
    return total


@njit(cache=True)
def _perft(board, rules, work, moves, undo, depth):
    if board[TO_MOVE] < 0:
        return 0
    n = legal_moves(board, rules, work)
    if depth == 1:
        return max(n, 1)
    if n == 0:
        moves[depth, 0] = PASS
        n = 1
    else:
        moves[depth, :n] = work[:n]
    total = 0
    for i in range(n):
        action = moves[depth, i]
        make(board, rules, action, undo[depth])
        total += _perft(board, rules, work, moves, undo, depth - 1)
        unmake(board, rules, action, undo[depth])
    return total


@njit(cache=True)
def perft(board, rules, depth):
    """The number of move sequences of ``depth`` plies from ``board`` (a forced pass counts as a
    move, a finished game has none), by make and unmake."""
    if depth == 0:
        return 1
    work = np.zeros(WORK_SIZE, dtype=np.int32)
    moves = np.zeros((depth + 1, MAX_MOVES), dtype=np.int32)
    undo = np.zeros((depth + 1, UNDO_SIZE), dtype=np.int32)
    return _perft(board, rules, work, moves, undo, depth)
