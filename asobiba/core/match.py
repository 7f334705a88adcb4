"""A game in progress: the rules a table adds on top of an engine, shared by the web table and the
terminal (docs/architecture.md, "A game in progress").

A :class:`Match` keeps every state from the start (so undo is "drop the last states" and replay
frames are free) and knows which seats are people. On top of the engine it adds:

* **chance from the seed and the ply**: the outcome at ply *n* is drawn from a RNG seeded with
  ``f"{seed}/{n}"``, so taking moves back and playing on gives the same dice again — a player cannot
  undo until the dice fall well, and a saved game replays the same rolls;
* **forced passes**: a person with exactly one legal action that moves no piece plays it at once;
* **undo back to a person's move**: moves are taken back until at least one person's move is gone and
  a person is to move again (against the computer: your move and its reply; between people: one move);
* **resign**: the resigning seats, which the caller names (never "whoever is to move": who may
  resign which seat is the caller's to decide), share last place, everyone else shares first; a
  game between computers can be **stopped** (everyone shares first place);
* the **result**, an :class:`~asobiba.core.outcome.Outcome`: ranks and returns from the engine when
  it says the game is over, with the engine's reason for the end when it gives one
  (:class:`~asobiba.core.outcome.EndReason`). Only the match sets it.

The computer itself is not here: whoever runs the match asks an agent when :meth:`computer_to_move`.

A person in the first seat against the computer, in every game the registry holds: the dice and
the computers play until the person is to move, the person moves, the replies follow, and
1手戻す takes the person back to that move:

>>> from asobiba.core.registry import descriptors, make_game
>>> def on_until_a_person_moves(match):
...     while not match.human_to_move() and not match.finished:
...         automatic = match.automatic_action()
...         match.play(automatic if automatic is not None else match.state.legal_actions()[0])
>>> for descriptor in descriptors():
...     game = make_game(descriptor.id)
...     kinds = [HUMAN] + [COMPUTER] * (game.num_players - 1)
...     match = Match(game, game.new_state(), kinds, seed=7)
...     on_until_a_person_moves(match)
...     before = match.plies
...     _ = match.play(match.state.legal_actions()[0])  # what the person chose
...     on_until_a_person_moves(match)
...     assert match.undo_target() == before  # the replies and the person's move go
...     match.truncate(before)
...     assert match.resign([0]) == (0,)  # the person at the table resigns, and ranks last
...     assert match.result.reason == "resign" and match.result.ranks[0] == max(match.result.ranks)
>>> match.check_human_turn()
Traceback (most recent call last):
    ...
asobiba.core.errors.Refusal: the game is over
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .errors import Refusal
from .game import CHANCE, Game, State, sample_chance
from .names import Names
from .outcome import RESIGN, Outcome
from .record import Record

HUMAN = "human"
COMPUTER = "computer"

GAME_OVER = Names("対局は終わっています。", "the game is over")


class Match:
    """A game in progress: its states, who sits at each seat (``kinds``: :data:`HUMAN` or
    :data:`COMPUTER`), and its result. Refusals are :class:`~asobiba.core.errors.Refusal`s, said in
    Japanese and English. ``result`` is an end the rules did not give (a resignation or a stop,
    as stored), taken after ``actions`` are replayed."""

    def __init__(self, game: Game, start: State, kinds: Sequence[str], seed: int,
                 actions: Sequence[int] = (), from_position: bool = False,
                 result: Outcome | None = None) -> None:
        if len(kinds) != game.num_players:
            raise ValueError(f"{game.id} has {game.num_players} seats, {len(kinds)} given")
        self.game = game
        self.kinds = list(kinds)
        self.seed = seed
        self.from_position = from_position
        self.states: list[State] = [start]
        self.actions: list[int] = []
        self.result: Outcome | None = None
        for action in actions:
            self.push(action)
        self.result = result
        self.settle()

    # -- reading ----------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def plies(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.kinds) and self.kinds[seat] == HUMAN

    def to_move(self) -> int | None:
        """Seat to act, or None when nobody (chance, or the game is over)."""
        player = self.state.current_player
        return None if self.finished or player < 0 else player

    def human_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and self.is_human(seat)

    def computer_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and not self.is_human(seat)

    def chance_to_move(self) -> bool:
        return not self.finished and self.state.current_player == CHANCE

    def notations(self) -> list[str]:
        return [s.action_to_notation(a) for s, a in zip(self.states, self.actions, strict=False)]

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        return Record(self.game, self.states[0], list(self.actions), dict(meta or {}),
                      self.from_position)

    # -- the rules on top of the engine -----------------------------------------------------------
    def chance_action(self) -> int:
        """The chance outcome at this ply, drawn from the seed and the ply."""
        return sample_chance(self.state, random.Random(f"{self.seed}/{self.plies}"))

    def forced_pass(self) -> int | None:
        """The single legal action of a person when it moves no piece (a forced pass)."""
        if not self.human_to_move():
            return None
        actions = self.state.legal_actions()
        if len(actions) == 1 and self.state.describe_action(actions[0]).get("from") is None:
            return actions[0]
        return None

    def automatic_action(self) -> int | None:
        """What happens next without anybody deciding: a chance outcome or a forced pass."""
        if self.finished:
            return None
        return self.chance_action() if self.chance_to_move() else self.forced_pass()

    def check_human_turn(self) -> None:
        """Refuse unless the game goes on and a person is to move."""
        if self.finished:
            raise Refusal(GAME_OVER)
        if not self.human_to_move():
            raise Refusal(Names("いまは人の番ではありません（コンピューターかダイスの番です）。",
                                "it is not a person's turn (the computer or the dice move now)"))

    def check_human_move(self, action: int) -> None:
        """Refuse unless a person may play ``action`` now."""
        self.check_human_turn()
        if action not in self.state.legal_actions():
            move = self.describe(action)
            raise Refusal(Names(f"{move} はこの局面では指せません。", f"{move} is not legal here"))

    def describe(self, action: int) -> str:
        try:
            return repr(self.state.action_to_notation(action))
        except Exception:  # an action id the engine cannot even name
            return f"action {action}"

    # -- changing ---------------------------------------------------------------------------------
    def push(self, action: int) -> None:
        """Apply an action already known to be legal (replaying stored moves)."""
        self.states.append(self.state.apply(action))
        self.actions.append(action)

    def play(self, action: int) -> str:
        """Play a legal action and settle the result; return its notation where it was played."""
        notation = self.state.action_to_notation(action)
        self.push(action)
        self.settle()
        return notation

    def undo_target(self) -> int:
        """How many plies remain after 1手戻す (refused if nothing can be undone)."""
        if self.result is not None and self.result.reason == RESIGN:
            raise Refusal(Names("投了した対局は戻せません。", "a resigned game cannot be taken back"))
        keep = self.plies
        removed_human = False
        while keep > 0:
            mover = self.states[keep - 1].current_player
            keep -= 1
            removed_human = removed_human or self.is_human(mover)
            if removed_human and self.is_human(self.states[keep].current_player):
                return keep
        raise Refusal(Names("戻せるあなたの手がありません。", "there is no move of yours to take back"))

    def truncate(self, keep: int) -> None:
        """Keep the first ``keep`` plies and nothing after them."""
        del self.states[keep + 1 :]
        del self.actions[keep:]
        self.result = None
        self.settle()

    def resign(self, seats: Sequence[int]) -> tuple[int, ...]:
        """Resign for the people's ``seats`` (some of the game's seats, not all: someone is left to
        win); returns them in order. Refused once the game is over, for a seat that is not a
        person's, and for every seat at once."""
        if self.finished:
            raise Refusal(GAME_OVER)
        out = tuple(sorted(set(seats)))
        if not out or not all(self.is_human(s) for s in out):
            raise Refusal(Names("投了できるのは人の席だけです。", "only a person's seat can resign"))
        if len(out) == len(self.kinds):
            raise Refusal(Names("全員の席を投了することはできません。投了する席を選んでください。",
                                "every seat cannot resign at once: name the seat that resigns"))
        self.result = Outcome.resignation(self.game.player_names, out)
        return out

    def check_stop(self) -> None:
        """Refuse to stop a game that is over, or one where a person sits."""
        if self.finished:
            raise Refusal(GAME_OVER)
        if any(self.is_human(seat) for seat in range(len(self.kinds))):
            raise Refusal(Names("止められるのはコンピューター同士の対局だけです（人は投了できます）。",
                                "only a game between computers can be stopped (a person resigns)"))

    def stop(self) -> None:
        """End a game between computers with every seat sharing first place
        (:meth:`check_stop` refuses the others)."""
        self.check_stop()
        self.result = Outcome.stopped(len(self.kinds))

    def settle(self) -> None:
        """Take the engine's result when it says the game is over (:meth:`Outcome.by_rules`)."""
        if self.result is None and self.state.is_terminal:
            self.result = Outcome.by_rules(self.state)
