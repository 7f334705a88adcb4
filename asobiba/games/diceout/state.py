"""The rules of Dice Out as an immutable state (docs/rules/diceout.md).

Representation (see :mod:`.slots`): ``dice = (red slots, white slots)``, each a sorted 3-tuple of
(cell, value) slot ints, ``bits`` the board as one int, ``to_move`` the seat to act and ``phase``,
a :class:`Phase`:

* ``TURN`` — an ordinary turn: move one own uncovered die one step in any of 8 directions (its
  value advances 1→2→3→1) onto an empty cell or a stack whose top is strictly smaller than the
  new value; ``pass`` only when no move exists.
* ``SETUP`` — before the opening roll (a chance node, :mod:`.setup`).
* ``PLACE`` — ``placement=choose``: the side to move lines up the values it rolled on files b, c, d
  of its home row (``rolled`` holds both colours' values; a colour that has not placed yet has no
  slots). The starter places first, then the other player, seeing that arrangement; then the
  starter moves (docs/rules/diceout.md, "Set-up").
* ``WINDOW_AFTER_MOVE`` / ``WINDOW_EXIT`` — declaration windows of ``declare=manual`` (below).

After each move the result is decided in this order (docs/rules/diceout.md, "Dice Out and the
result"):
1. the mover's own dice show Dice Out → the mover loses (even on an EXIT, even if the opponent's
   dice show Dice Out too); 2. the opponent's dice show Dice Out → the mover wins; 3. the moved die
reached one of the mover's target EXIT corners → the mover wins.

``declare=manual`` (a Dice Out only counts once declared; it may be declared while it shows):

* On an ordinary turn, the side to move may play ``declare`` whenever the *other* side's dice
  show Dice Out (they made it with their move, or it kept showing) — and wins.
* A move after which the *opponent's* Dice Out shows (rule 2: the move uncovered or created it,
  or it was left undeclared and still shows), while the mover's own dice do not, opens
  ``WINDOW_AFTER_MOVE``: the mover acts again with ``declare`` (wins) or ``pass`` (lets it go;
  the opponent's turn follows, and any move of theirs changes a value and so ends it).
* A move that makes the mover's *own* Dice Out show hands the turn over as usual; the opponent
  may declare it on their turn (rule 1 keeps precedence: the mover gets no window then).
* A move that reaches a target EXIT while the mover's own Dice Out shows opens ``WINDOW_EXIT``
  for the opponent: ``declare`` (the opponent wins, Dice Out takes precedence over the EXIT) or
  ``pass`` (the EXIT win stands). Reaching a target without one's own Dice Out wins at once.

Draws: the ``repetition``-th occurrence of the same position with the same side to move at the
start of a turn, or ``max_plies`` turns played (moves and forced passes; window decisions are
not turns) — unless the player to move could declare a Dice Out, since a win comes first.
``history`` keeps the keys of every turn-start position so far (a tuple, shared
between states, so copying stays cheap).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalMoveError, NotationError
from ...core.game import CHANCE, TERMINAL, State
from . import render
from .actions import (
    DECLARE_ACTION,
    DECLARE_ALIASES,
    DECLARE_NOTATION,
    PASS_ACTION,
    PASS_NOTATION,
    is_move,
    move_cells,
    move_notation,
)
from .board import COLOURS, RED, WHITE, Board
from .phases import PLACE, SETUP, TURN, WINDOW_AFTER_MOVE, WINDOW_EXIT, Phase
from .setup import (
    Roll,
    arrangements,
    as_roll,
    decode_place,
    decode_roll,
    decode_setup,
    first_player,
    is_place_action,
    is_roll_action,
    is_setup_action,
    outcome_starter,
    parse_place,
    parse_roll,
    parse_setup,
    place_action,
    place_notation,
    roll_index,
    roll_notation,
    roll_outcomes,
    setup_notation,
    setup_outcomes,
)
from .slots import (
    MoveTables,
    arrangement_of,
    move_tables,
    shows_dice_out,
    slot,
    slot_cell,
    slot_value,
)

if TYPE_CHECKING:
    from .game import DiceOutGame


DRAW = 2
"""``winner`` of a drawn game (otherwise the winning seat, or -1 while the game goes on)."""

REASONS = ("exit", "dice_out", "own_dice_out", "declared", "repetition", "max_plies")
WINNERS = ("red", "white", "draw")
"""Names of ``winner`` in position JSON (the seats, then :data:`DRAW`)."""
WINDOWS = {"after_move": WINDOW_AFTER_MOVE, "exit": WINDOW_EXIT}
"""Names of the declaration windows in position JSON."""


@dataclass(frozen=True)
class Rules:
    """What a state needs from its game's options, resolved once per game."""

    tables: MoveTables
    manual: bool
    repetition: int
    max_plies: int
    first: str
    outcomes: tuple[tuple[int, float], ...]
    """The opening roll's chance outcomes: value sets with ``placement=choose``, else ordered rolls."""


def make_rules(options: Any) -> Rules:
    choose = options.setup == "roll" and options.placement == "choose"
    exact = roll_outcomes(options.first) if choose else setup_outcomes(options.first)
    outcomes = tuple((a, float(p)) for a, p in exact)
    return Rules(
        tables=move_tables(options.rows),
        manual=options.declare == "manual",
        repetition=options.repetition,
        max_plies=options.max_plies,
        first=options.first,
        outcomes=outcomes,
    )


def pack_key(dice: tuple[tuple[int, ...], tuple[int, ...]], to_move: int, phase: Phase,
             winner: int = -1) -> int:
    """One int: the six slots (8 bits each), side to move, phase and result."""
    (r0, r1, r2), (w0, w1, w2) = dice
    return (
        r0 | r1 << 8 | r2 << 16 | w0 << 24 | w1 << 32 | w2 << 40
        | to_move << 48 | phase << 49 | (winner + 1) << 51
    )


SETUP_KEY = SETUP << 49

PLACE_KEY = 1 << 60
"""Flag of the keys of placing positions (above every bit :func:`pack_key` uses)."""


def place_key(rolled: tuple[Roll, Roll], dice: tuple[tuple[int, ...], tuple[int, ...]],
              to_move: int) -> int:
    """One int for a placing position: both colours' values, the placer and what is placed."""
    placed = dice[1 - to_move]
    shown = roll_index(as_roll(arrangement_of(placed))) + 1 if placed else 0
    red, white = rolled
    return PLACE_KEY | to_move << 16 | shown << 10 | roll_index(red) << 5 | roll_index(white)


class DiceOutState(State):
    """A Dice Out position; immutable (``apply`` returns a new state)."""

    __slots__ = ("game", "rules", "dice", "bits", "to_move", "phase", "winner", "reason", "ply",
                 "history", "rolled")

    game: DiceOutGame
    rules: Rules
    dice: tuple[tuple[int, ...], tuple[int, ...]]
    bits: int
    to_move: int
    phase: Phase
    winner: int
    reason: str
    ply: int
    history: tuple[int, ...]
    rolled: tuple[Roll, Roll] | tuple[()]
    """While placing: the values red and white rolled (smallest first); otherwise ``()``."""

    @classmethod
    def make(cls, game: DiceOutGame, dice: tuple[tuple[int, ...], tuple[int, ...]], to_move: int,
             phase: Phase = TURN, winner: int = -1, reason: str = "", ply: int = 0,
             history: tuple[int, ...] = ()) -> DiceOutState:
        """Build a state from slots (no validation: see :mod:`.position` for checked input)."""
        bits = sum(1 << s for side in dice for s in side)
        return _assemble(game, dice, bits, to_move, phase, winner, reason, ply, history)

    # -- whose turn -------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        if self.phase == SETUP:
            return CHANCE
        return self.to_move

    @property
    def board(self) -> Board:
        return self.rules.tables.board

    def shows_dice_out(self, player: int) -> bool:
        """Whether ``player``'s three dice are all uncovered and show the same value."""
        if self.phase in (SETUP, PLACE):
            return False
        return shows_dice_out(self.dice[player], self.bits, self.rules.tables.cover)

    def stacks(self) -> dict[int, list[tuple[int, int]]]:
        """``{cell: [(seat, value), ...]}`` bottom → top, for every occupied cell."""
        out: dict[int, list[tuple[int, int]]] = {}
        for seat, side in enumerate(self.dice):
            for s in side:
                out.setdefault(slot_cell(s), []).append((seat, slot_value(s)))
        for stack in out.values():
            stack.sort(key=lambda die: die[1])
        return dict(sorted(out.items()))

    # -- moves ------------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.winner >= 0:
            return []
        if self.phase != TURN:
            if self.phase == SETUP:
                return [a for a, _ in self.rules.outcomes]
            if self.phase == PLACE:
                return [place_action(a) for a in arrangements(self.rolled[self.to_move])]
            return [PASS_ACTION, DECLARE_ACTION]
        bits = self.bits
        tables = self.rules.tables
        cover = tables.cover
        moves = tables.moves
        out = []
        for s in self.dice[self.to_move]:
            if not bits & cover[s]:
                for block, action in moves[s]:
                    if not bits & block:
                        out.append(action)
        if not out:
            out.append(PASS_ACTION)
        if self.rules.manual and shows_dice_out(self.dice[1 - self.to_move], bits, cover):
            out.append(DECLARE_ACTION)
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == SETUP and self.winner < 0:
            return list(self.rules.outcomes)
        return []

    def apply(self, action: int) -> DiceOutState:
        if self.phase == SETUP:
            return self._after_setup(action)
        if self.phase == PLACE:
            return self._place(action)
        p = self.to_move
        if action == DECLARE_ACTION:
            return _assemble(self.game, self.dice, self.bits, p, TURN, p, "declared", self.ply, self.history)
        if action == PASS_ACTION:
            if self.phase == WINDOW_EXIT:
                return _assemble(self.game, self.dice, self.bits, p, TURN, 1 - p, "exit", self.ply,
                                 self.history)
            ply = self.ply if self.phase == WINDOW_AFTER_MOVE else self.ply + 1
            return self._next_turn(self.dice, self.bits, 1 - p, ply)
        return self._move(action)

    def _move(self, action: int) -> DiceOutState:
        p = self.to_move
        rules = self.rules
        tables = rules.tables
        a, b, c = self.dice[p]
        frm = action >> 3
        # The mover's top die on the from-cell is its highest slot there (slots are sorted).
        if c // 3 == frm:
            s, rest = c, (a, b)
        elif b // 3 == frm:
            s, rest = b, (a, c)
        else:
            s, rest = a, (b, c)
        ns = tables.dest[s * 8 + (action & 7)]
        x, y = rest
        if ns < x:
            mine = (ns, x, y)
        elif ns < y:
            mine = (x, ns, y)
        else:
            mine = (x, y, ns)
        bits = self.bits ^ (1 << s) | (1 << ns)
        theirs = self.dice[1 - p]
        dice = (mine, theirs) if p == RED else (theirs, mine)
        cover = tables.cover
        own = shows_dice_out(mine, bits, cover)
        other = shows_dice_out(theirs, bits, cover)
        at_target = tables.target_bits[p] >> (ns // 3) & 1
        ply = self.ply + 1
        if not rules.manual:
            if own:
                return _assemble(self.game, dice, bits, p, TURN, 1 - p, "own_dice_out", ply, self.history)
            if other:
                return _assemble(self.game, dice, bits, p, TURN, p, "dice_out", ply, self.history)
            if at_target:
                return _assemble(self.game, dice, bits, p, TURN, p, "exit", ply, self.history)
            return self._next_turn(dice, bits, 1 - p, ply)
        if at_target:
            if own:
                return _assemble(self.game, dice, bits, 1 - p, WINDOW_EXIT, -1, "", ply, self.history)
            return _assemble(self.game, dice, bits, p, TURN, p, "exit", ply, self.history)
        if other and not own:
            return _assemble(self.game, dice, bits, p, WINDOW_AFTER_MOVE, -1, "", ply, self.history)
        return self._next_turn(dice, bits, 1 - p, ply)

    def _next_turn(self, dice: tuple[tuple[int, ...], tuple[int, ...]], bits: int, to_move: int,
                   ply: int) -> DiceOutState:
        """A new turn starts: record the position, then the draw rules.

        A win comes before a draw: while the player to move could declare the other side's
        Dice Out (``declare=manual``), the draw rules wait for the end of that turn.
        """
        key = pack_key(dice, to_move, TURN)
        history = self.history
        rules = self.rules
        if rules.manual and shows_dice_out(dice[1 - to_move], bits, rules.tables.cover):
            winner, reason = -1, ""
        elif history.count(key) + 1 >= rules.repetition:
            winner, reason = DRAW, "repetition"
        elif ply >= rules.max_plies:
            winner, reason = DRAW, "max_plies"
        else:
            winner, reason = -1, ""
        return _assemble(self.game, dice, bits, to_move, TURN, winner, reason, ply, history + (key,))

    def _after_setup(self, action: int) -> DiceOutState:
        """The roll stands: the starter places (``placement=choose``) or play starts at once."""
        if is_roll_action(action):
            red, white = decode_roll(action)
            starter = first_player(red, white, self.rules.first)
            return placing_state(self.game, (red, white), ((), ()), starter)
        red, white = decode_setup(action)
        dice = placed_dice(self.board, red, white)
        return opening(self.game, dice, outcome_starter(action, self.rules.first))

    def _place(self, action: int) -> DiceOutState:
        """The placer's values go on b, c, d; the other player places next, or the starter moves."""
        p = self.to_move
        mine = home_slots(self.board, p, decode_place(action))
        dice = (mine, self.dice[WHITE]) if p == RED else (self.dice[RED], mine)
        if not self.dice[1 - p]:
            return placing_state(self.game, self.rolled, dice, 1 - p)  # type: ignore[arg-type]  # set while placing
        return opening(self.game, dice, 1 - p)

    # -- notation ---------------------------------------------------------------------------------
    def action_to_notation(self, action: int) -> str:
        if is_move(action):
            return move_notation(self.board, action)
        if action == PASS_ACTION:
            return PASS_NOTATION
        if action == DECLARE_ACTION:
            return DECLARE_NOTATION
        if is_setup_action(action):
            return setup_notation(action, self.rules.first)
        if is_roll_action(action):
            return roll_notation(action, self.rules.first)
        if is_place_action(action):
            return place_notation(action)
        raise NotationError(f"{action} is not a Dice Out action id")

    def notation_to_action(self, text: str) -> int:
        wanted = " ".join(text.strip().split())
        low = wanted.lower()
        if low == PASS_NOTATION:
            action = PASS_ACTION
        elif low in DECLARE_ALIASES:
            action = DECLARE_ACTION
        elif low.startswith("setup"):
            action, named = parse_setup(wanted)
            self._check_first(wanted, action, named, decode_setup)
        elif low.startswith("roll"):
            action, named = parse_roll(wanted)
            self._check_first(wanted, action, named, decode_roll)
        elif low.startswith("place") or low[:1].isdigit():
            action = parse_place(low)
        else:
            action = self._parse_move(low)
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        if action not in self.legal_actions():
            if self.phase == PLACE and is_place_action(action):
                values = ",".join(map(str, self.rolled[self.to_move]))
                raise IllegalMoveError(
                    f"{wanted!r}: {COLOURS[self.to_move]} rolled {values}; line up exactly these values"
                )
            raise IllegalMoveError(f"{wanted!r} is not a legal move here")
        return action

    def _check_first(self, wanted: str, action: int, named: str | None,
                     decode: Callable[[int], tuple[Roll, Roll]]) -> None:
        """A set-up or roll notation that names the first player must name the right one."""
        if named is not None and action in self.legal_actions():
            who = COLOURS[first_player(*decode(action), self.rules.first)]
            if named != who:
                raise IllegalMoveError(f"{wanted!r}: after these rolls {who} moves first")

    def _parse_move(self, text: str) -> int:
        frm_name, dash, to_name = text.partition("-")
        bd = self.board
        if not dash:
            raise NotationError(f"{text!r} is not a move (write FROM-TO like b1-c2, or pass)")
        for name in (frm_name, to_name):
            if name not in bd.index:
                raise NotationError(f"unknown cell {name!r} in {text!r} (board a1–e{bd.rows})")
        frm, to = bd.index[frm_name], bd.index[to_name]
        direction = bd.direction_between(frm, to)
        if direction < 0:
            raise IllegalMoveError(f"{text!r}: a die moves exactly one cell (8 directions)")
        return frm * 8 + direction

    def describe_action(self, action: int) -> dict[str, Any]:
        notation = self.action_to_notation(action)
        if is_move(action):
            frm, to = move_cells(self.board, action)  # on the board: the notation was checked
            return {"from": self.board.names[frm], "to": self.board.names[to], "notation": notation}
        return {"from": None, "to": None, "notation": notation}

    def action_origin(self, action: int) -> str | None:
        return self.board.names[action >> 3] if is_move(action) else None

    # -- results ----------------------------------------------------------------------------------
    def ranks(self) -> list[int]:
        if self.winner < 0:
            raise ValueError("the game is not over")
        if self.winner == DRAW:
            return [1, 1]
        return [1, 2] if self.winner == RED else [2, 1]

    # -- identity and I/O -------------------------------------------------------------------------
    def key(self) -> Hashable:
        if self.phase == SETUP:
            return SETUP_KEY
        if self.phase == PLACE:
            return place_key(self.rolled, self.dice, self.to_move)  # type: ignore[arg-type]  # set while placing
        return pack_key(self.dice, self.to_move, self.phase, self.winner)

    def to_json(self) -> dict[str, Any]:
        """Position JSON (docs/rules/diceout.md, "Position JSON"; read back by :mod:`.position`)."""
        out: dict[str, Any] = {"game": "diceout", "options": self.game.options.to_dict()}
        if self.phase == SETUP:
            out.update(to_move="setup", stacks={})
            return out
        out["to_move"] = COLOURS[self.to_move]
        if self.phase == PLACE:
            out["rolled"] = dict(zip(COLOURS, map(list, self.rolled), strict=True))
            out["stacks"] = self._stacks_json()
            return out
        out["stacks"] = self._stacks_json()
        out["ply"] = self.ply
        history = list(self.history)
        if history and history[-1] == pack_key(self.dice, self.to_move, TURN):
            history.pop()
        out["history"] = history
        for name, phase in WINDOWS.items():
            if self.phase == phase:
                out["window"] = name
        if self.winner >= 0:
            out["result"] = {"winner": WINNERS[self.winner], "reason": self.reason}
        return out

    def _stacks_json(self) -> dict[str, list[list[Any]]]:
        names = self.board.names
        return {
            names[cell]: [[COLOURS[seat], value] for seat, value in stack]
            for cell, stack in self.stacks().items()
        }

    def render_text(self, color: bool = False) -> str:
        return render.render_text(self, color)

    def __repr__(self) -> str:
        return f"DiceOutState({self.to_json()!r})"


def home_slots(bd: Board, seat: int, values: Roll) -> tuple[int, ...]:
    """Sorted slots of ``values`` placed on files b, c, d of ``seat``'s home row, in that order."""
    return tuple(sorted(slot(c, v) for c, v in zip(bd.home[seat], values, strict=True)))


def placed_dice(bd: Board, red: Roll, white: Roll) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Slots after placing the values, in the order given, on b, c, d of each home row."""
    return home_slots(bd, RED, red), home_slots(bd, WHITE, white)


def opening(game: DiceOutGame, dice: tuple[tuple[int, ...], tuple[int, ...]],
            to_move: int) -> DiceOutState:
    """The first turn, once both colours' dice stand on their home rows."""
    return DiceOutState.make(game, dice, to_move, history=(pack_key(dice, to_move, TURN),))


def placing_state(game: DiceOutGame, rolled: tuple[Roll, Roll],
                  dice: tuple[tuple[int, ...], tuple[int, ...]], to_move: int) -> DiceOutState:
    """A placing position: ``to_move`` lines up ``rolled[to_move]``; ``dice`` holds what stands."""
    bits = sum(1 << s for side in dice for s in side)
    return _assemble(game, dice, bits, to_move, PLACE, -1, "", 0, (), rolled)


def _assemble(game: DiceOutGame, dice: tuple[tuple[int, ...], tuple[int, ...]], bits: int,
              to_move: int, phase: Phase, winner: int, reason: str, ply: int,
              history: tuple[int, ...], rolled: tuple[Roll, Roll] | tuple[()] = ()) -> DiceOutState:
    """A state from its fields, with no checks and no recomputation (the hot path of ``apply``)."""
    st = object.__new__(DiceOutState)
    st.game = game
    st.rules = game.rules
    st.dice = dice
    st.bits = bits
    st.to_move = to_move
    st.phase = phase
    st.winner = winner
    st.reason = reason
    st.ply = ply
    st.history = history
    st.rolled = rolled
    return st
