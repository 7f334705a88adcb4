"""Dice Out batched (docs/research.md, "The batched engine"): N games of one Dice Out game held in
int32 arrays and stepped together in one compiled (numba) call, under ``declare=auto``.

A game's row holds which colour's die takes each (cell, value) slot (docs/rules/diceout.md, "A
turn"; :mod:`.slots`), both colours' three slots, the seat to move, the phase (a turn or placing
the rolled dice), the turns played and the result, and beside it the keys of the positions at the
start of every turn so far (the repetition draw), the same keys as the readable engine's
:func:`.state.pack_key`. The opening roll is drawn in the kernel from numba's generator, seeded by
``reset(seed)``, with the exact probabilities of the game's chance node; ``openings[i]`` is the
outcome game ``i`` started from (for replaying it with the readable engine). What each opening
leads to (the placing, or the dice on their squares) and each placing's actions are tabled from
the readable engine when the batch is made. The rules after a move are those of
:meth:`.state.DiceOutState.apply`: the mover's own Dice Out loses, the other's wins, a target EXIT
wins, then the repetition and move-count draws at the start of the next turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core.errors import OptionError
from .actions import PASS_ACTION
from .game import DiceOutGame
from .observation import PLANES
from .setup import PLACE_BASE, PLACE_END, arrangements, place_action, roll_index, values_of
from .state import DRAW, PLACE, TURN, DiceOutState, placing_state

# one game's row
SLOT_OWNER = 0
"""``row[slot] = colour + 1`` for every taken slot ``cell * 3 + value - 1`` (0: free)."""
MAX_SLOTS = 9 * 5 * 3
DICE = MAX_SLOTS
"""``row[DICE + 3 * colour + k]``: the colour's slots, sorted (-1 before placing)."""
TO_MOVE = DICE + 6
PHASE = TO_MOVE + 1
PLY = PHASE + 1
WINNER = PLY + 1
"""-1 while playing, else the winning colour or :data:`.state.DRAW`."""
ROLLED = WINNER + 1
"""``row[ROLLED + 3 * colour + k]``: the values each colour rolled, while placing."""
HISTORY = ROLLED + 6
"""How many turn-start keys are kept (the keys are in their own int64 array)."""
CUT = HISTORY + 1
"""1 once the game is drawn by the move count (``max_plies``, a cut), not by the rules of play."""
ROW_SIZE = CUT + 1
MAX_LEGAL = 3 * 8 + 1


@njit(cache=True)
def _key(row, to_move):
    d = DICE
    return (row[d] | row[d + 1] << 8 | row[d + 2] << 16 | row[d + 3] << 24 | row[d + 4] << 32
            | row[d + 5] << 40 | to_move << 48)


@njit(cache=True)
def _covered(row, s):
    top = s - s % 3 + 2
    for t in range(s + 1, top + 1):  # noqa: SIM110 - numba compiles no generator expressions
        if row[t]:
            return True
    return False


@njit(cache=True)
def _shows_dice_out(row, colour):
    base = DICE + 3 * colour
    value = row[base] % 3
    for k in range(3):
        s = row[base + k]
        if s % 3 != value or _covered(row, s):
            return False
    return True


@njit(cache=True)
def _put(row, colour, k, s):
    """Slot ``k`` of ``colour`` becomes ``s``, the three kept sorted."""
    row[DICE + 3 * colour + k] = s
    _sort(row, colour)


@njit(cache=True)
def _sort(row, colour):
    base = DICE + 3 * colour
    for i in range(2):
        for j in range(2 - i):
            if row[base + j] > row[base + j + 1]:
                a = row[base + j]
                row[base + j] = row[base + j + 1]
                row[base + j + 1] = a


@njit(cache=True)
def _legal(row, neighbours, place_actions, legal, i):
    """The legal actions of game ``i`` into ``legal[i]``; their number."""
    p = row[TO_MOVE]
    if row[PHASE] == PLACE:
        base = ROLLED + 3 * p
        a, b, c = row[base], row[base + 1], row[base + 2]
        index = 9 * (a - 1) + 3 * (b - 1) + (c - 1)
        n = 0
        for k in range(place_actions.shape[1]):
            if place_actions[index, k] >= 0:
                legal[i, n] = place_actions[index, k]
                n += 1
        return n
    n = 0
    for k in range(3):
        s = row[DICE + 3 * p + k]
        if _covered(row, s):
            continue
        cell, value = s // 3, s % 3 + 1
        new = value % 3 + 1
        for d in range(8):
            to = neighbours[cell, d]
            if to < 0:
                continue
            free = True
            for v in range(new, 4):
                if row[to * 3 + v - 1]:
                    free = False
            if free:
                legal[i, n] = cell * 8 + d
                n += 1
    if n == 0:
        legal[i, 0] = PASS_ACTION
        n = 1
    return n


@njit(cache=True)
def _next_turn(row, keys, i, to_move, ply, repetition, max_plies):
    key = _key(row, to_move)
    seen = 0
    for h in range(row[HISTORY]):
        if keys[i, h] == key:
            seen += 1
    row[TO_MOVE] = to_move
    row[PLY] = ply
    if seen + 1 >= repetition:
        row[WINNER] = DRAW
    elif ply >= max_plies:
        row[WINNER] = DRAW
        row[CUT] = 1
    keys[i, row[HISTORY]] = key
    row[HISTORY] += 1


@njit(cache=True)
def _open(row, keys, i, kinds, rolled, slots, starters, k):
    """Game ``i`` from opening ``k``: a placing, or the dice on their squares."""
    row[:] = 0
    row[WINNER] = -1
    row[TO_MOVE] = starters[k]
    for j in range(6):
        row[DICE + j] = -1
        row[ROLLED + j] = rolled[k, j]
    if kinds[k] == 1:
        row[PHASE] = PLACE
        return
    row[PHASE] = TURN
    for j in range(6):
        s = slots[k, j]
        row[DICE + j] = s
        row[s] = 1 + j // 3
        row[ROLLED + j] = 0
    keys[i, 0] = _key(row, starters[k])
    row[HISTORY] = 1


@njit(cache=True)
def _draw_opening(cumulative):
    x = np.random.random()
    for k in range(cumulative.shape[0]):
        if x < cumulative[k]:
            return k
    return cumulative.shape[0] - 1


@njit(cache=True)
def _apply(row, keys, i, action, neighbours, targets, home, repetition, max_plies):
    p = row[TO_MOVE]
    if row[PHASE] == PLACE:
        index = action - PLACE_BASE
        values = (index // 9 + 1, index // 3 % 3 + 1, index % 3 + 1)
        for k in range(3):
            s = home[p, k] * 3 + values[k] - 1
            row[DICE + 3 * p + k] = s
            row[s] = p + 1
        _sort(row, p)
        other = 1 - p
        if row[DICE + 3 * other] < 0:
            row[TO_MOVE] = other
            return
        for j in range(6):
            row[ROLLED + j] = 0
        row[PHASE] = TURN
        row[TO_MOVE] = other
        keys[i, 0] = _key(row, other)
        row[HISTORY] = 1
        return
    if action == PASS_ACTION:
        _next_turn(row, keys, i, 1 - p, row[PLY] + 1, repetition, max_plies)
        return
    frm, d = action // 8, action % 8
    k = 2
    while row[DICE + 3 * p + k] // 3 != frm:  # the mover's top die there: its highest slot there
        k -= 1
    s = row[DICE + 3 * p + k]
    to = neighbours[frm, d]
    ns = to * 3 + (s % 3 + 1) % 3
    row[s] = 0
    row[ns] = p + 1
    _put(row, p, k, ns)
    ply = row[PLY] + 1
    if _shows_dice_out(row, p):
        row[WINNER] = 1 - p
    elif _shows_dice_out(row, 1 - p) or targets[p, to]:  # the other's Dice Out, or a target EXIT
        row[WINNER] = p
    else:
        _next_turn(row, keys, i, 1 - p, ply, repetition, max_plies)
        return
    row[PLY] = ply


@njit(cache=True)
def _show(row, i, legal, counts, mask, obs, rows, max_plies, targets, neighbours, place_actions):
    for k in range(counts[i]):
        mask[i, legal[i, k]] = False
    n = _legal(row, neighbours, place_actions, legal, i)
    counts[i] = n
    for k in range(n):
        mask[i, legal[i, k]] = True
    p = row[TO_MOVE]
    o = obs[i]
    o[:] = 0.0
    for colour in range(2):
        plane = 0 if colour == p else 3
        for k in range(3):
            s = row[DICE + 3 * colour + k]
            if s >= 0:
                cell = s // 3
                o[plane + s % 3, cell // 5, cell % 5] = 1.0
    for cell in range(rows * 5):
        if targets[p, cell]:
            o[6, cell // 5, cell % 5] = 1.0
    o[8] = 1.0
    o[9] = row[PLY] / max_plies
    if row[PHASE] == PLACE:
        for colour in range(2):
            plane = 10 if colour == p else 13
            for k in range(3):
                v = row[ROLLED + 3 * colour + k]
                o[plane + v - 1] += 1.0 / 3.0


@njit(cache=True)
def _reset(seed, table, keys, openings, kinds, rolled, slots, starters, ids, cumulative, legal,
           counts, mask, obs, rows, max_plies, targets, neighbours, place_actions):
    np.random.seed(seed)
    for i in range(table.shape[0]):
        k = _draw_opening(cumulative)
        openings[i] = ids[k]
        _open(table[i], keys, i, kinds, rolled, slots, starters, k)
        _show(table[i], i, legal, counts, mask, obs, rows, max_plies, targets, neighbours,
              place_actions)


@njit(cache=True)
def _step(actions, rewards, dones, truncated, table, keys, openings, kinds, rolled, slots,
          starters, ids, cumulative, legal, counts, mask, obs, rows, max_plies, repetition,
          targets, neighbours, place_actions, home):
    for i in range(table.shape[0]):
        row = table[i]
        truncated[i] = False
        if actions[i] < 0:  # the caller ended this game: a new one, nothing played
            dones[i] = False
            rewards[i, 0] = 0.0
            rewards[i, 1] = 0.0
            k = _draw_opening(cumulative)
            openings[i] = ids[k]
            _open(row, keys, i, kinds, rolled, slots, starters, k)
            _show(row, i, legal, counts, mask, obs, rows, max_plies, targets, neighbours,
                  place_actions)
            continue
        _apply(row, keys, i, actions[i], neighbours, targets, home, repetition, max_plies)
        winner = row[WINNER]
        if winner >= 0:
            dones[i] = True
            truncated[i] = row[CUT] == 1
            if winner == DRAW:
                rewards[i, 0] = 0.0
                rewards[i, 1] = 0.0
            else:
                rewards[i, winner] = 1.0
                rewards[i, 1 - winner] = -1.0
            k = _draw_opening(cumulative)
            openings[i] = ids[k]
            _open(row, keys, i, kinds, rolled, slots, starters, k)
        else:
            dones[i] = False
            rewards[i, 0] = 0.0
            rewards[i, 1] = 0.0
        _show(row, i, legal, counts, mask, obs, rows, max_plies, targets, neighbours, place_actions)


class DiceOutBatch:
    """N Dice Out games (the :class:`~asobiba.core.descriptor.BatchKernel` of Dice Out)."""

    def __init__(self, game: DiceOutGame, num_envs: int) -> None:
        options = game.options
        if options.declare != "auto":
            raise OptionError("the batched Dice Out plays declare=auto")
        self.game = game
        self.num_envs = num_envs
        board = game.rules.tables.board
        start = game.new_state()
        outcomes = start.chance_outcomes() if start.is_chance else [(-1, 1.0)]
        kinds, rolled, slots, starters, ids = [], [], [], [], []
        for action, _ in outcomes:
            state: DiceOutState = start.apply(action) if action >= 0 else start
            ids.append(action)
            starters.append(state.to_move)
            if state.phase == PLACE:
                kinds.append(1)
                rolled.append([*state.rolled[0], *state.rolled[1]])  # type: ignore[misc]  # rolled is set while placing
                slots.append([-1] * 6)
            else:
                kinds.append(0)
                rolled.append([0] * 6)
                slots.append([*state.dice[0], *state.dice[1]])
        self.ids = np.array(ids, dtype=np.int32)
        self.kinds = np.array(kinds, dtype=np.int32)
        self.rolled = np.array(rolled, dtype=np.int32)
        self.slots = np.array(slots, dtype=np.int32)
        self.starters = np.array(starters, dtype=np.int32)
        self.cumulative = np.cumsum([p for _, p in outcomes])
        self.cumulative[-1] = 1.0
        self.place_actions = np.full((27, 6), -1, dtype=np.int32)
        for index in range(27):
            values = (index // 9 + 1, index // 3 % 3 + 1, index % 3 + 1)
            if len(set(values)) > 1 and values == values_of(values):
                for k, arrangement in enumerate(arrangements(values)):
                    self.place_actions[roll_index(values), k] = place_action(arrangement)
        self.neighbours = np.array(board.neighbours, dtype=np.int32)
        self.targets = np.zeros((2, board.num_cells), dtype=np.bool_)
        for colour in range(2):
            self.targets[colour, list(board.targets[colour])] = True
        self.home = np.array(board.home, dtype=np.int32)
        self.rows = board.rows
        self.max_plies = options.max_plies
        self.repetition = options.repetition
        self.table = np.zeros((num_envs, ROW_SIZE), dtype=np.int32)
        self.keys = np.zeros((num_envs, self.max_plies + 2), dtype=np.int64)
        self.openings = np.zeros(num_envs, dtype=np.int32)
        self.legal = np.zeros((num_envs, MAX_LEGAL), dtype=np.int32)
        self.counts = np.zeros(num_envs, dtype=np.int32)
        self.masks = np.zeros((num_envs, PLACE_END), dtype=np.bool_)
        self.observations = np.zeros((num_envs, len(PLANES), self.rows, 5), dtype=np.float32)

    @property
    def to_move(self) -> np.ndarray:
        return self.table[:, TO_MOVE].copy()

    def reset(self, seed: int) -> None:
        self.masks[:] = False
        self.counts[:] = 0
        _reset(seed, self.table, self.keys, self.openings, self.kinds, self.rolled, self.slots,
               self.starters, self.ids, self.cumulative, self.legal, self.counts, self.masks,
               self.observations, self.rows, self.max_plies, self.targets, self.neighbours,
               self.place_actions)

    def step(self, actions: np.ndarray, rewards: np.ndarray, dones: np.ndarray,
             truncated: np.ndarray) -> None:
        _step(actions, rewards, dones, truncated, self.table, self.keys, self.openings, self.kinds,
              self.rolled, self.slots, self.starters, self.ids, self.cumulative, self.legal, self.counts,
              self.masks, self.observations, self.rows, self.max_plies, self.repetition,
              self.targets, self.neighbours, self.place_actions, self.home)

    def state(self, index: int) -> DiceOutState:
        row = self.table[index]
        game = self.game
        dice = (tuple(int(s) for s in row[DICE:DICE + 3] if s >= 0),
                tuple(int(s) for s in row[DICE + 3:DICE + 6] if s >= 0))
        to_move = int(row[TO_MOVE])
        if row[PHASE] == PLACE:
            r = [int(v) for v in row[ROLLED:ROLLED + 6]]
            rolled = ((r[0], r[1], r[2]), (r[3], r[4], r[5]))
            return placing_state(game, rolled, dice, to_move)
        history = tuple(int(k) for k in self.keys[index, :row[HISTORY]])
        return DiceOutState.make(game, dice, to_move, TURN, -1, "", int(row[PLY]),
                                 history)


def diceout_batch(game: DiceOutGame, num_envs: int) -> DiceOutBatch:
    return DiceOutBatch(game, num_envs)

