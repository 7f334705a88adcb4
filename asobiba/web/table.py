"""One game at the web table: the referee. Pure logic, no I/O (the rooms persist and broadcast).

The rules a table adds on top of the engines — chance from the seed and the ply, forced passes,
undo back to a person's move, resign — are the terminal's too: :class:`~asobiba.core.match.Match`
(docs/web.md, "Table rules"). The web table adds what only it needs: its stored identity, a
version that every change bumps (a computer move computed for an older version is dropped), the
stale-move check, and verbs (a game's action besides moving, e.g. a declaration), played when
legal and refused in both languages when not.
"""

from __future__ import annotations

from typing import Any

from ..core.descriptor import Verb
from ..core.errors import Refusal
from ..core.game import Game, State
from ..core.match import COMPUTER, HUMAN, Match
from ..core.names import Names
from ..core.registry import descriptor
from .store import FINISHED, PLAYING, StoredGame, StoredMove

UPLOAD = "upload"
"""The ``source`` of a game made from an uploaded record."""


class Table(Match):
    """A game in play at the web table: a :class:`~asobiba.core.match.Match` with its stored id,
    seats (who sits there: a person, or the computer at a level), source and meta."""

    def __init__(self, stored: StoredGame, game: Game, start: State) -> None:
        kinds = [HUMAN if seat["type"] == "human" else COMPUTER for seat in stored.seats]
        super().__init__(game, start, kinds, stored.seed, [m.action for m in stored.moves],
                         stored.start is not None)
        self.id = stored.id
        self.descriptor = descriptor(game.id)
        self.seats = stored.seats
        self.source = stored.source
        self.meta = stored.meta
        self.replay_only = stored.source == UPLOAD
        """An uploaded record is watched and replayed, never played on."""
        if stored.result is not None:
            self.result = stored.result  # a resignation or an uploaded record's result
        self.version = 0
        """Bumped by every change, so a computer move computed for an older version is dropped."""

    @property
    def finished(self) -> bool:
        return self.result is not None or self.replay_only

    @property
    def status(self) -> str:
        return FINISHED if self.finished else PLAYING

    def record_json(self) -> dict[str, Any]:
        data = self.record(self.record_meta()).to_json()
        if self.result is not None:
            data["result"] = {k: self.result.get(k) for k in ("ranks", "returns")}
        return data

    def record_meta(self) -> dict[str, Any]:
        meta = dict(self.meta)
        meta.update({"web_id": self.id, "seats": self.seats, "seed": self.seed})
        if self.result and self.result.get("reason") == "resign":
            meta["resigned"] = self.result["resigned"]
        return meta

    # -- what only the web table checks -----------------------------------------------------------
    def check_ply(self, ply: int | None) -> None:
        """Refuse a move sent for another ply than the current one (the sender saw an old board)."""
        if ply is not None and ply != self.plies:
            raise Refusal(Names(
                f"この手は{ply}手目までの盤面に対して送られましたが、対局はもう{self.plies}手目まで"
                "進んでいます。",
                f"the move was sent for ply {ply} but the game is at ply {self.plies}",
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

    # -- changing: every change bumps the version ---------------------------------------------------
    def play(self, action: int) -> StoredMove:  # type: ignore[override]
        """Play a legal action and settle the result; return what to store."""
        notation = super().play(action)
        self.version += 1
        return StoredMove(action, notation)

    def undo_target(self) -> int:
        if self.replay_only:
            raise Refusal(Names("アップロードした棋譜は再生だけができます。",
                                "an uploaded record can only be replayed"))
        return super().undo_target()

    def truncate(self, keep: int) -> None:
        super().truncate(keep)
        self.version += 1

    def resign(self, seat: int | None = None) -> int:
        resigned = super().resign(seat)
        self.version += 1
        return resigned
