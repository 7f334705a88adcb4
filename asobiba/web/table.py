"""One game at the web table: the referee. Pure logic, no I/O (the rooms persist and broadcast).

The table keeps every state from the start, so undo is "drop the last states" and replay frames are
free. The rules it adds on top of the engines (docs/web.md, "Table rules"):

* chance outcomes (e.g. an opening roll of dice) are drawn by the server from a RNG seeded with the
  game's seed and the ply, so they are reproducible, and stored as actions like any move;
* a human seat with exactly one legal action that moves no piece (a forced pass) plays it at once;
* undo (1手戻す) takes back moves until at least one human move is gone and a human is to move
  again: against the computer that is your move and its reply; between people, one move;
* resign (投了): the resigning seat ranks last, everyone else shares first place;
* a verb (a game's action besides moving, e.g. a declaration) is played when it is legal and
  refused in both languages when it is not.

Refusals are :class:`~asobiba.web.errors.Refused`, said in Japanese and English.
"""

from __future__ import annotations

import random
from typing import Any, cast

from ..core.descriptor import GameDescriptor, Names, Verb
from ..core.game import CHANCE, Game, State, returns_from_ranks, sample_chance
from ..core.match import EndReason
from ..core.record import Record
from ..core.registry import descriptor
from .errors import Refused
from .seats import is_computer, is_human
from .store import FINISHED, PLAYING, StoredGame, StoredMove


def game_over() -> Refused:
    """The refusal of anything but undo once a game is over."""
    return Refused(Names("対局は終わっています。", "the game is over"))


def rules_result(game: GameDescriptor, state: State) -> dict[str, Any]:
    """The result of a game the rules ended, with the engine's ``ending`` when the game names
    its ways of ending (``end_reasons``)."""
    result = {"ranks": state.ranks(), "returns": state.returns(), "reason": "rules"}
    if game.end_reasons:
        ending = cast(EndReason, state).reason
        if ending in game.end_reasons:
            result["ending"] = ending
    return result


class Table:
    """A game in play: its states, seats and result."""

    def __init__(self, stored: StoredGame, game: Game, start: State) -> None:
        self.id = stored.id
        self.game = game
        self.descriptor = descriptor(game.id)
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

    def check_ply(self, ply: int | None) -> None:
        """Refuse a move sent for another ply than the current one (the sender saw an old board)."""
        if ply is not None and ply != self.plies:
            raise Refused(Names(
                f"この手は{ply}手目までの盤面に対して送られましたが、対局はもう{self.plies}手目まで"
                "進んでいます。",
                f"the move was sent for ply {ply} but the game is at ply {self.plies}",
            ))

    def check_human_move(self, action: int) -> None:
        """Raise Refused unless a person may play ``action`` now."""
        self.check_human_turn()
        if action not in self.state.legal_actions():
            move = self.describe(action)
            raise Refused(Names(f"{move} はこの局面では指せません。", f"{move} is not legal here"))

    def check_human_turn(self) -> None:
        """Raise Refused unless the game goes on and a person is to move."""
        if self.finished:
            raise game_over()
        if not self.human_to_move():
            raise Refused(Names(
                "いまは人の番ではありません（コンピューターかダイスの番です）。",
                "it is not a person's turn (the computer or the dice move now)",
            ))

    def verb_action(self, verb: Verb) -> int | None:
        """The legal action that plays ``verb`` now, or None when the verb is not possible."""
        state = self.state
        return next(
            (a for a in state.legal_actions() if state.action_to_notation(a) == verb.notation), None
        )

    def verb_shown(self, verb: Verb) -> bool:
        """Whether the person to move sees the verb's button now (see :class:`Verb`)."""
        if not self.human_to_move():
            return False
        if verb.shown is not None:
            return verb.shown(self.state)
        return self.verb_action(verb) is not None

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
        """How many plies remain after 1手戻す (raises Refused if nothing can be undone)."""
        if self.result and self.result.get("reason") == "resign":
            raise Refused(Names("投了した対局は戻せません。", "a resigned game cannot be taken back"))
        keep = self.plies
        removed_human = False
        while keep > 0:
            mover = self.states[keep - 1].current_player
            keep -= 1
            removed_human = removed_human or is_human(self.seats, mover)
            if removed_human and is_human(self.seats, self.states[keep].current_player):
                return keep
        raise Refused(Names("戻せるあなたの手がありません。", "there is no move of yours to take back"))

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
            raise game_over()
        seat = self.to_move()
        if seat is None or not is_human(self.seats, seat):
            humans = [i for i in range(len(self.seats)) if is_human(self.seats, i)]
            if len(humans) != 1:
                raise Refused(Names("いま投了できるのは手番の人だけです。",
                                    "only the person to move can resign now"))
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
        """Finish the game when the engine says it is over (see :func:`rules_result`)."""
        if self.state.is_terminal:
            self.status = FINISHED
            self.result = rules_result(self.descriptor, self.state)
