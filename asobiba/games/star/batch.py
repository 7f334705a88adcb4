"""The star games batched (docs/research.md, "The batched engine"): N games of one game with its
options held in one int32 array of the compiled engine's boards (asobiba/games/star/kernel/)
and stepped together in one compiled call.

After each call every game shows, to its seat to move, the observation of
:mod:`.research` (the same planes), its legal actions as a list (``legal[i, :counts[i]]``, the
engine's action ids, a pass when there is no move) and as a mask over every action id. A game that
ends writes its returns (from its ranks, as ``State.returns``) and starts again from the start. The
star games have no chance, so the seed changes nothing; it is taken for the interface's sake.

A step writes only what changes: it clears the mask entries it set the step before and sets the new
legal ones, and in the observation clears the cells of the pieces and of the goal area shown
before the move and writes those after it (the plane of the board's holes is written once, by
``reset``). So the arrays must be read, never written, by the caller.

The compiled functions are cached on disk, kept in step with the engine's sources by
:mod:`.batch_cache`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .batch_cache import clear_stale_batch_cache
from .game import StarGame, StarState
from .kernel.arrays import (
    BOARD_SIZE,
    KING,
    LOST,
    MAX_MOVES,
    MAX_PIECES,
    PASS,
    PIECES,
    PLY,
    R_MAX_PLIES,
    R_PIECES,
    RANK,
    TO_MOVE,
    WORK_SIZE,
)
from .kernel.convert import board_of, state_of
from .kernel.movegen import legal_moves
from .kernel.play import has_finished, play
from .kernel.tables import rules_of
from .observation import COLUMN, ROW, SIDE, StarObserver

PLANE = SIDE * SIDE

clear_stale_batch_cache()


@njit(cache=True)
def _returns(board, players, out):
    """``State.returns`` from the ranks of a finished board (``core.game.returns_from_ranks``)."""
    if players < 2:
        out[:] = 0.0
        return
    for i in range(players):
        rank = board[RANK + i]
        tied = 0
        for j in range(players):
            if board[RANK + j] == rank:
                tied += 1
        place = rank + (tied - 1) / 2
        out[i] = 1.0 - 2.0 * (place - 1) / (players - 1)


@njit(cache=True)
def _pieces(board, rules, players, goals, goal_counts, places, obs, i, value):
    """Write ``value`` on the cells of game ``i``'s observation that depend on its position: each
    piece's cell on its plane, and the goal area of the seat to move (1 to show them, 0 to clear
    them before the position changes)."""
    seat = board[TO_MOVE]
    count = rules[R_PIECES]
    for other in range(players):
        k = (other - seat) % players
        base = PIECES + other * MAX_PIECES
        for slot in range(count):
            c = board[base + slot]
            plane = 2 * k + (1 if board[c] & KING else 0)
            obs[i, plane * PLANE + places[c]] = value
    for j in range(goal_counts[seat]):
        obs[i, goals[seat, j]] = value


@njit(cache=True)
def _show(board, rules, work, players, goals, goal_counts, places, obs, mask, legal, counts, i):
    """Write game ``i``'s legal actions (list and mask, clearing only the old ones) and the cells of
    its observation that depend on its position (those of the position before were cleared)."""
    for k in range(counts[i]):
        mask[i, legal[i, k]] = False
    n = legal_moves(board, rules, work)
    if n == 0:
        legal[i, 0] = PASS
        n = 1
    else:
        for k in range(n):
            legal[i, k] = work[k]
    counts[i] = n
    for k in range(n):
        mask[i, legal[i, k]] = True
    _pieces(board, rules, players, goals, goal_counts, places, obs, i, 1.0)


@njit(cache=True)
def _reset(boards, start, rules, work, players, fixed, goals, goal_counts, places, obs, mask,
           legal, counts):
    for i in range(boards.shape[0]):
        boards[i] = start
        obs[i, :] = fixed
        _show(boards[i], rules, work, players, goals, goal_counts, places, obs, mask, legal,
              counts, i)


@njit(cache=True)
def _cut(board, rules, players):
    """Whether a finished game was cut by ``max_plies`` (as :func:`.research.cut`): the plies ran
    out with at least two players (one alone: that player) neither finished nor lost."""
    if board[PLY] < rules[R_MAX_PLIES]:
        return False
    left = 0
    for seat in range(players):
        if not (board[LOST] >> seat) & 1 and not has_finished(board, rules, seat):
            left += 1
    return left >= min(players, 2)


@njit(cache=True)
def _step(boards, start, rules, work, players, fixed, goals, goal_counts, places, obs, mask,
          legal, counts, actions, rewards, dones, truncated):
    for i in range(boards.shape[0]):
        board = boards[i]
        _pieces(board, rules, players, goals, goal_counts, places, obs, i, 0.0)
        truncated[i] = False
        if actions[i] < 0:  # the caller ended this game: a new one, nothing played
            board[:] = start
            rewards[i] = 0.0
            dones[i] = False
        else:
            play(board, rules, actions[i])
            if board[TO_MOVE] < 0:
                _returns(board, players, rewards[i])
                dones[i] = True
                truncated[i] = _cut(board, rules, players)
                board[:] = start
            else:
                rewards[i] = 0.0
                dones[i] = False
        _show(board, rules, work, players, goals, goal_counts, places, obs, mask, legal, counts,
              i)


class StarBatch:
    """N games of one star game (the :class:`~asobiba.core.descriptor.BatchKernel` of the star
    games)."""

    def __init__(self, game: StarGame, num_envs: int) -> None:
        self.game = game
        self.num_envs = num_envs
        self.players = game.num_players
        observer = StarObserver(game)
        start_state = game.new_state()
        self.start = board_of(start_state)
        self.rules = rules_of(game)
        self.work = np.zeros(WORK_SIZE, dtype=np.int32)
        planes = [observer.tensor(start_state, seat).reshape(2 * self.players + 2, -1)
                  for seat in range(self.players)]
        self.fixed = np.zeros(planes[0].size, dtype=np.float32)
        """A flat observation with only the plane that depends on no position: the holes of the
        board."""
        self.fixed[-PLANE:] = planes[0][-1]
        goal_cells = [np.flatnonzero(p[-2]) + 2 * self.players * PLANE for p in planes]
        self.goal_counts = np.array([len(g) for g in goal_cells], dtype=np.int32)
        self.goals = np.zeros((self.players, max(self.goal_counts)), dtype=np.int32)
        """Per seat, where its goal area lies in a flat observation (``goal_counts`` of them)."""
        for seat, cells in enumerate(goal_cells):
            self.goals[seat, : len(cells)] = cells
        self.boards = np.zeros((num_envs, BOARD_SIZE), dtype=np.int32)
        self.observations = np.zeros((num_envs, *observer.shape), dtype=np.float32)
        self.masks = np.zeros((num_envs, PASS + 1), dtype=np.bool_)
        self.legal = np.zeros((num_envs, MAX_MOVES), dtype=np.int32)
        self.counts = np.zeros(num_envs, dtype=np.int32)
        self.places = (ROW * SIDE + COLUMN).astype(np.int32)
        """Each cell's place in a plane of the observation."""

    @property
    def to_move(self) -> np.ndarray:
        return self.boards[:, TO_MOVE].copy()

    def _tables(self) -> tuple[Any, ...]:
        flat = self.observations.reshape(self.num_envs, -1)
        return (self.boards, self.start, self.rules, self.work, self.players, self.fixed,
                self.goals, self.goal_counts, self.places, flat, self.masks, self.legal,
                self.counts)

    def reset(self, seed: int) -> None:
        self.masks[:] = False
        self.counts[:] = 0
        _reset(*self._tables())

    def step(self, actions: np.ndarray, rewards: np.ndarray, dones: np.ndarray,
             truncated: np.ndarray) -> None:
        arguments = (*self._tables(), actions, rewards, dones, truncated)
        _step(*arguments)

    def state(self, index: int) -> StarState:
        return state_of(self.game, self.boards[index])


def star_batch(game: StarGame, num_envs: int) -> StarBatch:
    return StarBatch(game, num_envs)
