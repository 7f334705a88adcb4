"""One game at the web table: the referee. Pure logic, no I/O (the rooms persist and broadcast).

The table keeps every state from the start, so undo is "drop the last states" and replay frames are
free. The rules it adds on top of the engines (docs/web.md, "Table rules"):

* chance outcomes (the Dice Out set-up roll) are drawn by the server from a RNG seeded with the
  game's seed and the ply, so they are reproducible, and stored as actions like any move;
* a human seat with exactly one legal action that moves no piece (a forced pass) plays it at once;
* undo (1手戻す) takes back moves until at least one human move is gone and a human is to move
  again: against the computer that is your move and its reply; between people, one move;
* resign (投了): the resigning seat ranks last, everyone else shares first place.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import IllegalMoveError
from ..core.game import CHANCE, Game, State, returns_from_ranks, sample_chance
from ..core.record import Record
from .seats import is_computer, is_human
from .store import FINISHED, PLAYING, StoredGame, StoredMove


class Table:
    """A game in play: its states, seats and result."""

    def __init__(self, stored: StoredGame, game: Game, start: State) -> None:
        self.id = stored.id
        self.game = game
        self.seats = stored.seats
        self.seed = stored.seed
        self.source = stored.source
        self.meta = stored.meta
        self.from_position = stored.start is not None
        self.status = stored.status
        self.result = stored.result
        self.states: list[State] = [start]
        self.actions: list[int] = []
        for move in stored.moves:
            self.push(move.action)
        self.version = 0
        """Bumped by every change, so a computer move computed for an older version is dropped."""

    # -- reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def plies(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    def notations(self) -> list[str]:
        return [s.action_to_notation(a) for s, a in zip(self.states, self.actions, strict=False)]

    def to_move(self) -> int | None:
        """Seat to act, or None when nobody (chance, or the game is over)."""
        player = self.state.current_player
        return None if self.finished or player < 0 else player

    def human_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and is_human(self.seats, seat)

    def computer_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and is_computer(self.seats, seat)

    def chance_to_move(self) -> bool:
        return not self.finished and self.state.current_player == CHANCE

    def record(self) -> Record:
        start = self.states[0]
        return Record(self.game, start, list(self.actions), self.record_meta(), self.from_position)

    def record_json(self) -> dict[str, Any]:
        data = self.record().to_json()
        if self.result is not None:
            data["result"] = {k: self.result[k] for k in ("ranks", "returns")}
        return data

    def record_meta(self) -> dict[str, Any]:
        meta = dict(self.meta)
        meta.update({"web_id": self.id, "seats": self.seats, "seed": self.seed})
        if self.result and self.result.get("reason") == "resign":
            meta["resigned"] = self.result["resigned"]
        return meta

    # -- changing ---------------------------------------------------------------------------------
    def push(self, action: int) -> None:
        """Apply an action already known to be legal (replaying stored moves)."""
        self.states.append(self.state.apply(action))
        self.actions.append(action)

    def check_human_move(self, action: int) -> None:
        """Raise IllegalMoveError unless a person may play ``action`` now."""
        if self.finished:
            raise IllegalMoveError("the game is over")
        if not self.human_to_move():
            raise IllegalMoveError("it is not a person's turn (the computer or the dice move now)")
        if action not in self.state.legal_actions():
            raise IllegalMoveError(f"{self.describe(action)} is not legal here")

    def describe(self, action: int) -> str:
        try:
            return repr(self.state.action_to_notation(action))
        except Exception:  # an action id the engine cannot even name
            return f"action {action}"

    def chance_action(self) -> int:
        """The chance outcome at this ply, drawn from the game's seeded RNG."""
        rng = random.Random(f"{self.seed}/{self.plies}")
        return sample_chance(self.state, rng)

    def forced_pass(self) -> int | None:
        """The single legal action of a human seat when it moves no piece (a forced pass)."""
        if not self.human_to_move():
            return None
        actions = self.state.legal_actions()
        if len(actions) == 1 and self.state.describe_action(actions[0]).get("from") is None:
            return actions[0]
        return None

    def play(self, action: int) -> StoredMove:
        """Play a legal action; update the status; return what to store."""
        notation = self.state.action_to_notation(action)
        self.push(action)
        self.version += 1
        self._settle()
        return StoredMove(action, notation)

    def undo_target(self) -> int:
        """How many plies remain after 1手戻す (raises IllegalMoveError if nothing can be undone)."""
        if self.result and self.result.get("reason") == "resign":
            raise IllegalMoveError("a resigned game cannot be taken back")
        keep = self.plies
        removed_human = False
        while keep > 0:
            mover = self.states[keep - 1].current_player
            keep -= 1
            removed_human = removed_human or is_human(self.seats, mover)
            if removed_human and is_human(self.seats, self.states[keep].current_player):
                return keep
        raise IllegalMoveError("there is no move of yours to take back")

    def truncate(self, keep: int) -> None:
        del self.states[keep + 1 :]
        del self.actions[keep:]
        self.result = None
        self.status = PLAYING
        self.version += 1
        self._settle()

    def resign(self) -> int:
        """The seat that resigns now: the person to move, else the only person at the table."""
        if self.finished:
            raise IllegalMoveError("the game is over")
        seat = self.to_move()
        if seat is None or not is_human(self.seats, seat):
            humans = [i for i in range(len(self.seats)) if is_human(self.seats, i)]
            if len(humans) != 1:
                raise IllegalMoveError("only the person to move can resign now")
            seat = humans[0]
        n = len(self.seats)
        ranks = [n if i == seat else 1 for i in range(n)]
        self.status = FINISHED
        self.version += 1
        self.result = {
            "ranks": ranks,
            "returns": returns_from_ranks(ranks),
            "reason": "resign",
            "resigned": self.game.player_names[seat],
        }
        return seat

    def _settle(self) -> None:
        """Finish the game when the engine says it is over; keep the engine's ``reason`` for the
        end when it gives one (Dice Out: exit, dice_out, own_dice_out, declared, repetition, …)."""
        if self.state.is_terminal:
            self.status = FINISHED
            self.result = {
                "ranks": self.state.ranks(),
                "returns": self.state.returns(),
                "reason": "rules",
            }
            ending = getattr(self.state, "reason", None)
            if isinstance(ending, str) and ending:
                self.result["ending"] = ending
