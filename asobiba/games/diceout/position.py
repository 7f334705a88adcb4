"""Position JSON of Dice Out (docs/rules/diceout.md, "Position JSON").

::

    {"game": "diceout", "options": {"rows": 5}, "to_move": "red",
     "stacks": {"b1": [["red", 2]], "c3": [["white", 1], ["red", 3]]}}

Each stack is listed bottom → top as ``[colour, value]`` pairs. Optional keys, written by
:meth:`.state.DiceOutState.to_json` and defaulting sensibly when absent:

* ``"ply"`` — turns played so far (for ``max_plies``), default 0;
* ``"history"`` — keys (ints, :func:`~.state.pack_key`) of the earlier turn-start positions, for
  the repetition draw; default empty;
* ``"window"`` — ``"after_move"`` or ``"exit"`` for the declaration windows of ``declare=manual``;
* ``"result"`` — ``{"winner": "red" | "white" | "draw", "reason": ...}`` once the game is over.

``"to_move": "setup"`` with no stacks is the position before the opening roll (``setup=roll``).

With ``placement=choose`` the dice are placed after the roll; such a position has ``"rolled"``,
the values each colour rolled, and ``to_move`` names the colour that places next::

    {"game": "diceout", "options": {...}, "to_move": "red",
     "rolled": {"red": [1, 2, 3], "white": [1, 3, 3]},
     "stacks": {"b5": [["white", 3]], "c5": [["white", 1]], "d5": [["white", 3]]}}

``stacks`` is empty before the starter places, and holds the starter's three dice on the centre of
their home row while the other colour places (here white started and placed 3,1,3).

Every impossible input raises :class:`PositionError` with a one-line message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import PositionError
from .board import COLOURS, RED
from .setup import Roll, arrangements, as_roll, first_player, values_of
from .slots import slot, slot_cell, slot_value
from .state import (
    DRAW,
    REASONS,
    TURN,
    WINDOW_AFTER_MOVE,
    WINDOW_EXIT,
    WINDOWS,
    WINNERS,
    DiceOutState,
    home_slots,
    pack_key,
    placing_state,
)

if TYPE_CHECKING:
    from .game import DiceOutGame

KNOWN_KEYS = frozenset(
    {"game", "options", "to_move", "stacks", "ply", "history", "window", "result", "rolled"}
)
PLACING_KEYS = frozenset({"game", "options", "to_move", "stacks", "rolled"})
DRAW_REASONS = ("repetition", "max_plies")


def state_from_json(game: DiceOutGame, data: Mapping[str, Any]) -> DiceOutState:
    """Parse and validate position JSON for ``game`` (whose options rule)."""
    if not isinstance(data, Mapping):
        raise PositionError("a Dice Out position must be a JSON object")
    for key in data:
        if key not in KNOWN_KEYS:
            raise PositionError(f"unknown position key {key!r} (known: {', '.join(sorted(KNOWN_KEYS))})")
    if data.get("game", "diceout") != "diceout":
        raise PositionError(f"the position is a {data['game']!r} position, not 'diceout'")
    to_move_name = data.get("to_move")
    if to_move_name == "setup":
        return _setup_position(game, data)
    if "rolled" in data:
        return _placing_position(game, data)
    if to_move_name not in COLOURS:
        raise PositionError(f"to_move must be 'red' or 'white', not {to_move_name!r}")
    to_move = COLOURS.index(to_move_name)
    dice = _parse_stacks(game, data.get("stacks"))
    ply = data.get("ply", 0)
    if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
        raise PositionError(f"ply must be a non-negative integer, not {ply!r}")
    history = _parse_history(data.get("history", []))
    window = data.get("window")
    if window is not None and window not in WINDOWS:
        raise PositionError(f"window must be 'after_move' or 'exit', not {window!r}")
    phase = WINDOWS[window] if window else TURN
    state = DiceOutState.make(game, dice, to_move, phase, ply=ply)
    result = data.get("result")
    if result is not None:
        winner, reason = _parse_result(result)
        if phase != TURN:
            raise PositionError("a finished game has no declaration window")
        keep_current = reason in DRAW_REASONS
    else:
        winner, reason = -1, ""
        _check_playable(game, state)
        keep_current = phase == TURN
    turn_key = pack_key(dice, to_move, TURN)
    current = (turn_key,) if keep_current else ()
    if result is None and phase == TURN and not _can_declare(game, state):
        seen = history.count(turn_key) + 1
        if seen >= game.options.repetition:
            raise PositionError(
                f"this position has occurred {seen} times: a draw under repetition="
                f"{game.options.repetition}"
            )
    return DiceOutState.make(game, dice, to_move, phase, winner, reason, ply, history + current)


def _setup_position(game: DiceOutGame, data: Mapping[str, Any]) -> DiceOutState:
    if game.options.setup != "roll":
        raise PositionError("to_move 'setup' (before the opening roll) needs setup=roll")
    if data.get("stacks"):
        raise PositionError("before the opening roll the board must be empty")
    extra = sorted(set(data) - {"game", "options", "to_move", "stacks"})
    if extra:
        raise PositionError(f"a position before the opening roll cannot have {extra[0]!r}")
    return game.new_state()


def _placing_position(game: DiceOutGame, data: Mapping[str, Any]) -> DiceOutState:
    """A position while the rolled dice are placed: who rolled what, and what already stands."""
    options = game.options
    if options.setup != "roll" or options.placement != "choose":
        raise PositionError(
            "a position with 'rolled' (dice being placed) needs setup=roll and placement=choose"
        )
    extra = sorted(set(data) - PLACING_KEYS)
    if extra:
        raise PositionError(f"a position where the dice are being placed cannot have {extra[0]!r}")
    rolled = _parse_rolled(data["rolled"])
    try:
        starter = first_player(*rolled, options.first)
    except ValueError:
        raise PositionError("these rolls tie: both players roll again, nobody places") from None
    dice = _parse_placed(game, data.get("stacks", {}), rolled, starter)
    placer = 1 - starter if dice[starter] else starter
    if data.get("to_move") != COLOURS[placer]:
        raise PositionError(f"{COLOURS[placer]} places next, so to_move must be {COLOURS[placer]!r}")
    return placing_state(game, rolled, dice, placer)


def _parse_rolled(rolled: Any) -> tuple[Roll, Roll]:
    if not isinstance(rolled, Mapping) or set(rolled) != set(COLOURS):
        raise PositionError("rolled must be {\"red\": [three values], \"white\": [three values]}")
    out = []
    for colour in COLOURS:
        values = rolled[colour]
        if not (isinstance(values, list) and len(values) == 3 and all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3 for v in values)):
            raise PositionError(f"rolled {colour} must be three values 1-3, not {values!r}")
        if len(set(values)) == 1:
            raise PositionError(f"rolled {colour}: three equal values are rolled again")
        out.append(values_of(as_roll(values)))
    return out[0], out[1]


def _parse_placed(game: DiceOutGame, stacks: Any, rolled: tuple[Roll, Roll],
                  starter: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Nothing stands yet, or the starter's rolled values stand on b, c, d of their home row."""
    sides = _stack_slots(game, stacks)
    other = 1 - starter
    if sides[other]:
        raise PositionError(
            f"{COLOURS[other]} places after {COLOURS[starter]}: no {COLOURS[other]} die stands yet"
        )
    placed = tuple(sorted(sides[starter]))
    bd = game.rules.tables.board
    if placed and placed not in {home_slots(bd, starter, a) for a in arrangements(rolled[starter])}:
        cells = " ".join(bd.names[c] for c in bd.home[starter])
        values = ",".join(map(str, rolled[starter]))
        raise PositionError(f"{COLOURS[starter]}'s dice must stand on {cells} showing {values} in some order")
    return (placed, ()) if starter == RED else ((), placed)


def _parse_stacks(game: DiceOutGame, stacks: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sides = _stack_slots(game, stacks)
    for colour, side in zip(COLOURS, sides, strict=True):
        if len(side) != 3:
            raise PositionError(f"{colour} has {len(side)} dice on the board (each colour has 3)")
    return tuple(sorted(sides[0])), tuple(sorted(sides[1]))


def _stack_slots(game: DiceOutGame, stacks: Any) -> tuple[list[int], list[int]]:
    """The slots of each colour's dice in ``stacks`` (checked cell by cell, not counted)."""
    if not isinstance(stacks, Mapping):
        raise PositionError("stacks must be an object {cell: [[colour, value], ...]}")
    bd = game.rules.tables.board
    sides: tuple[list[int], list[int]] = ([], [])
    for name, stack in stacks.items():
        if name not in bd.index:
            raise PositionError(f"unknown cell {name!r} (this board has a1–e{bd.rows})")
        if not isinstance(stack, list):
            raise PositionError(f"stack on {name} must be a list of [colour, value] pairs")
        if not stack:
            raise PositionError(f"stack on {name} is empty (leave the cell out instead)")
        below = 0
        for die in stack:
            if not isinstance(die, (list, tuple)) or len(die) != 2:
                raise PositionError(f"{name}: each die is [colour, value], not {die!r}")
            colour, value = die
            if colour not in COLOURS:
                raise PositionError(f"{name}: unknown colour {colour!r} (red or white)")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 3:
                raise PositionError(f"{name}: die value {value!r} is not 1, 2 or 3")
            if value <= below:
                raise PositionError(
                    f"{name}: values must increase strictly from bottom to top ({below} then {value})"
                )
            below = value
            sides[COLOURS.index(colour)].append(slot(bd.index[name], value))
    return sides


def _parse_history(history: Any) -> tuple[int, ...]:
    if not isinstance(history, list) or not all(
        isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in history
    ):
        raise PositionError("history must be a list of position keys (non-negative integers)")
    return tuple(history)


def _parse_result(result: Any) -> tuple[int, str]:
    if not isinstance(result, Mapping) or result.get("winner") not in WINNERS:
        raise PositionError("result must be {\"winner\": \"red\" | \"white\" | \"draw\", \"reason\": ...}")
    winner = WINNERS.index(result["winner"])
    reason = result.get("reason")
    if reason not in REASONS:
        raise PositionError(f"unknown result reason {reason!r} (known: {', '.join(REASONS)})")
    if (winner == DRAW) != (reason in DRAW_REASONS):
        raise PositionError(f"a {result['winner']} result cannot have reason {reason!r}")
    return winner, reason


def _can_declare(game: DiceOutGame, state: DiceOutState) -> bool:
    """Whether the side to move may declare now (draw rules wait for that turn)."""
    return game.rules.manual and state.phase == TURN and state.shows_dice_out(1 - state.to_move)


def _check_playable(game: DiceOutGame, state: DiceOutState) -> None:
    """Reject positions that the rules would already have ended (or that cannot arise)."""
    options = game.options
    manual = options.declare == "manual"
    to_move, other = state.to_move, 1 - state.to_move
    waiting = state.phase != TURN or _can_declare(game, state)  # a possible win comes first
    if state.ply >= options.max_plies and not waiting:
        raise PositionError(f"ply {state.ply} has reached max_plies={options.max_plies}")
    bd = state.board
    on_target = [
        [s for s in state.dice[seat] if slot_cell(s) in bd.targets[seat]] for seat in (0, 1)
    ]
    if state.phase != TURN and not manual:
        raise PositionError("declaration windows only exist with declare=manual")
    if state.phase == WINDOW_EXIT:
        if not (len(on_target[other]) == 1 and state.shows_dice_out(other)) or on_target[to_move]:
            raise PositionError(
                f"window 'exit' needs one {COLOURS[other]} die on its target EXIT and "
                f"{COLOURS[other]}'s dice showing Dice Out"
            )
        return
    for seat in (0, 1):
        if on_target[seat]:
            cell = bd.names[slot_cell(on_target[seat][0])]
            raise PositionError(
                f"a {COLOURS[seat]} die on {cell} has reached its target EXIT: the game would be over"
            )
    if state.phase == WINDOW_AFTER_MOVE:
        if not state.shows_dice_out(other) or state.shows_dice_out(to_move):
            raise PositionError(
                f"window 'after_move' needs {COLOURS[other]}'s dice (only) showing Dice Out"
            )
        return
    if not manual:
        for seat in (RED, 1 - RED):
            if state.shows_dice_out(seat):
                values = slot_value(state.dice[seat][0])
                raise PositionError(
                    f"{COLOURS[seat]}'s dice all show {values} (Dice Out): with declare=auto "
                    "the game would be over"
                )
