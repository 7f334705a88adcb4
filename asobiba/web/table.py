"""One game at the web table: the referee. Pure logic, no I/O (the rooms persist and broadcast).

The rules a table adds on top of the engines — chance from the seed and the ply, forced passes, undo
back to a person's move, resign — are the terminal's too: :class:`~asobiba.core.match.Match`
(docs/protocol.md, "Table rules"). The web table adds what only it needs: its stored identity, a
version that every change bumps (a computer move computed for an older version is dropped), the
stale-move check, verbs (a game's action besides moving, e.g. a declaration), played when legal and
refused in both languages when not, and who may act for each seat (docs/protocol.md, "Seat tokens"):
a token acts only for the seats it holds — every verb asks :meth:`Table.holder` for the seat it acts
for, and a resignation names its seats, each the sender's — a game with open seats waits for them,
and between people on different devices a takeback is a request the others answer.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from ..core.descriptor import Verb
from ..core.errors import Refusal
from ..core.game import Game, State
from ..core.match import COMPUTER, GAME_OVER, Match
from ..core.names import Names
from ..core.registry import descriptor
from .errors import Forbidden, NotFound, Unauthorized
from .friends import Rematch
from .holders import HOLDER, INVITE, Actor, SeatKey, digest, find, new_token
from .seats import Seat
from .store import FINISHED, PLAYING, Revision, StoredGame, StoredMove

UPLOAD = "upload"
"""The ``source`` of a game made from an uploaded record."""


SPECTATOR = Unauthorized(Names(
    "観戦中です。操作できるのは席を持つ人だけです。",
    "spectators cannot act: this needs the token of a seat of this game",
))
WAITING = Refusal(Names("まだ空いている席があります。全員そろうまで始まりません。",
                        "the game waits until every invited seat is taken"))
NOT_HELD = Forbidden(Names("その席を持っていません。", "this token does not hold that seat"))
NOT_YOUR_TURN = Forbidden(Names("いまはあなたの席の番ではありません。",
                                "it is not the turn of a seat this token holds"))
NO_PERSON = Forbidden(Names("この鍵の席に人の席がありません。", "this token holds no person's seat"))


@dataclass
class Takeback:
    """A takeback one person asked for, waiting for the other devices' answers."""

    by: Actor
    keep: int
    """How many plies remain if it is granted (the asker's last move and what followed go)."""
    pending: set[str] = field(default_factory=set)
    """The digests of the holders who have not answered yet."""


class Table(Match):
    """A game in play at the web table: a :class:`~asobiba.core.match.Match` with its stored id,
    seats (who sits there: a person, or the computer at a level), source and meta."""

    def __init__(self, stored: StoredGame, game: Game, start: State) -> None:
        kinds = [seat.kind for seat in stored.seats]
        super().__init__(game, start, kinds, stored.seed, [m.action for m in stored.moves],
                         stored.start is not None, stored.result)
        self.id = stored.id
        self.descriptor = descriptor(game.id)
        self.seats = stored.seats
        self.source = stored.source
        self.meta = stored.meta
        self.replay_only = stored.source == UPLOAD
        """An uploaded record is watched and replayed, never played on."""
        self.version = stored.version
        """Bumped by every change, so a computer move computed for an older version is dropped."""
        self.saved = stored.version
        """The version the store holds (every write is a compare-and-set from it: :meth:`revision`)."""
        self.keys: list[SeatKey] = list(stored.keys)
        self.takeback: Takeback | None = _takeback(stored.takeback, self.keys)
        self.rematch: Rematch | None = Rematch.from_json(stored.rematch)
        """Once the game is over, the rematch offer waiting or made (:mod:`.friends`)."""

    @property
    def finished(self) -> bool:
        return self.result is not None or self.replay_only

    @property
    def status(self) -> str:
        return FINISHED if self.finished else PLAYING

    def record_json(self) -> dict[str, Any]:
        data = self.record(self.record_meta()).to_json()
        if self.result is not None:
            data["result"] = self.result.record_json()
        return data

    def record_meta(self) -> dict[str, Any]:
        meta = dict(self.meta)
        meta.update({"web_id": self.id, "seats": [s.to_json() for s in self.seats], "seed": self.seed})
        if self.result is not None and self.result.resigned:
            meta["resigned"] = list(self.result.resigned)
        return meta

    def revision(self) -> Revision:
        """The versions of the change to store now: from the stored one to this one."""
        return Revision(self.saved, self.version)

    def takeback_json(self) -> dict[str, Any] | None:
        """The waiting takeback request as the store keeps it: the digests of who asked and of who
        is yet to answer, and the plies that stay."""
        request = self.takeback
        if request is None:
            return None
        return {"by": request.by.key.digest, "keep": request.keep, "pending": sorted(request.pending)}

    # -- seats and who acts for them -------------------------------------------------------------
    def open_seats(self) -> list[int]:
        """The people's seats whose invite has not been used yet."""
        return [i for i, seat in enumerate(self.seats) if seat.open]

    @property
    def waiting(self) -> bool:
        """Whether the game waits for invited people before anyone moves."""
        return not self.finished and bool(self.open_seats())

    def actors(self, tokens: Sequence[str]) -> list[Actor]:
        """Who the tokens of a request are: none is a spectator (refused), and a token that holds
        no seat of this game is refused too."""
        if not self.keys:  # stored before seats had holders: any token acts, as anyone did then
            humans = tuple(i for i in range(len(self.seats)) if self.is_human(i))
            return [Actor(SeatKey(HOLDER, "", humans, creator=True))]
        if not tokens:
            raise SPECTATOR
        actors = []
        for token in tokens:
            key = find(self.keys, HOLDER, token)
            if key is None:
                raise Forbidden(Names("この対局の席の鍵ではありません。",
                                      "this token holds no seat of this game"))
            actors.append(Actor(key))
        return actors

    def holder(self, actors: Sequence[Actor], seat: int | None, refusal: Forbidden = NOT_HELD) -> Actor:
        """The actor who holds the person's ``seat``: the one check of every verb that acts for a
        seat (a token acts only for the seats it holds). Anyone else is refused (403, ``refusal``)."""
        for actor in actors:
            if seat is not None and seat in actor.seats and self.is_human(seat):
                return actor
        raise refusal

    def held(self, actors: Sequence[Actor]) -> tuple[int, ...]:
        """The people's seats the actors hold, in order."""
        return tuple(sorted({s for a in actors for s in a.seats if self.is_human(s)}))

    def mover(self, actors: Sequence[Actor]) -> Actor:
        """The actor who holds the seat to move (refused once the game is over, while it waits,
        or for others)."""
        if self.finished:
            raise Refusal(GAME_OVER)
        if self.waiting:
            raise WAITING
        return self.holder(actors, self.to_move(), NOT_YOUR_TURN)

    def device(self, actors: Sequence[Actor]) -> Actor:
        """The actor who holds a person's seat here (the device a takeback is asked from)."""
        for actor in actors:
            if any(self.is_human(s) for s in actor.seats):
                return actor
        raise NO_PERSON

    def devices(self) -> list[SeatKey]:
        """The holders of people's seats (one per device that plays here)."""
        return [k for k in self.keys if k.kind == HOLDER and any(self.is_human(s) for s in k.seats)]

    def claim(self, seat: int, invite: str) -> str:
        """Take the open ``seat`` with its invite; returns the new holder's token (the invite is
        spent)."""
        key = find(self.keys, INVITE, invite)
        if self.finished:  # invites die with their game
            raise Refusal(GAME_OVER)
        if key is None or seat not in key.seats or seat not in self.open_seats():
            raise Forbidden(Names("この招待は使えません（使用済みか、別の席のものです）。",
                                  "this invite is not valid for this seat (already used, or another seat's)"))
        token = new_token()
        self.keys = [k for k in self.keys if k is not key] + [SeatKey(HOLDER, digest(token), (seat,))]
        self.seats[seat] = Seat.person()
        self.version += 1
        return token

    def give_to_computer(self, actors: Sequence[Actor], seat: int, level: str) -> None:
        """Let the computer play ``seat`` (its holder asks, or the creator for a seat still open)."""
        if self.finished:
            raise Refusal(GAME_OVER)
        if not 0 <= seat < len(self.seats) or not self.is_human(seat):
            raise Refusal(Names("その席は人の席ではありません。", "that seat is not a person's"))
        if seat in self.open_seats():
            if not any(a.creator for a in actors):
                raise NOT_HELD
        else:
            self.holder(actors, seat)
        self.keys = [
            SeatKey(k.kind, k.digest, tuple(s for s in k.seats if s != seat), k.creator)
            for k in self.keys
            if not (k.kind == INVITE and seat in k.seats)
        ]
        self.seats[seat] = Seat.computer(level)
        self.kinds[seat] = COMPUTER
        self.takeback = None
        self.version += 1

    def resign_seats(self, actors: Sequence[Actor], named: Sequence[int] | None) -> tuple[int, ...]:
        """The seats a resignation is for: those ``named``, each held by the actors (403 for any
        other), or every person's seat they hold (never one they do not hold, whoever is to move).
        Resigning every seat of the game is refused (:meth:`Match.resign`): people taking turns on
        one device name the seat that resigns."""
        if self.finished:
            raise Refusal(GAME_OVER)
        if self.waiting:  # a game cannot end before it starts
            raise WAITING
        mine = self.held(actors)
        if not mine:
            raise NO_PERSON
        if named is None:
            return mine
        for seat in named:
            self.holder(actors, seat)
        return tuple(sorted(set(named)))

    # -- takebacks between devices ------------------------------------------------------------------
    def ask_takeback(self, actor: Actor) -> bool:
        """Between people on several devices, start a takeback request (True); on one device or
        against the computer there is nothing to ask (False: take back at once)."""
        others = {k.digest for k in self.devices() if k.digest != actor.key.digest}
        if not others:
            return False
        self.undo_target()  # refuses a resigned game
        mine = [p for p in range(self.plies) if self.states[p].current_player in actor.seats]
        if not mine:
            raise Refusal(Names("戻せるあなたの手がありません。", "there is no move of yours to take back"))
        if self.takeback is not None:
            raise Refusal(Names("待ったのお願いはもう出ています。", "a takeback request is already waiting"))
        self.takeback = Takeback(actor, mine[-1], others)
        self.version += 1
        return True

    def answer_takeback(self, actors: Sequence[Actor], accept: bool) -> int | None:
        """Answer the waiting request for the one of ``actors`` it waits for (a holder yet to
        answer; the asker may withdraw it, ``accept=False``); returns how many plies to keep once
        everyone accepted, else None (declined, or others still to answer)."""
        request = self.takeback
        if request is None:
            raise Refusal(Names("待ったのお願いはありません。", "no takeback request is waiting"))
        digests = {a.key.digest for a in actors}
        withdrawn = request.by.key.digest in digests and not accept
        answering = next((d for d in sorted(digests) if d in request.pending), None)
        if not withdrawn and answering is None:
            raise Forbidden(Names("このお願いに答えるのは相手です。",
                                  "this request is for the other players to answer"))
        self.version += 1
        if not accept:
            self.takeback = None
            return None
        assert answering is not None  # accepted (a withdrawal declines)
        request.pending.discard(answering)
        if request.pending:
            return None
        self.takeback = None
        return request.keep

    # -- what only the web table checks -----------------------------------------------------------
    def at(self, ply: int) -> State:
        """The position after ``ply`` actions (a replay frame's, a move's odds'); a ply the game
        has not reached does not exist (404)."""
        if not 0 <= ply <= self.plies:
            raise NotFound(f"no ply {ply} in this game: its plies are 0 to {self.plies}")
        return self.states[ply]

    def check_ply(self, ply: int | None) -> None:
        """Refuse a move sent for another ply than the current one (the sender saw an old board)."""
        if ply is not None and ply != self.plies:
            raise Refusal(Names(
                f"この手は{ply}手目までの盤面に対して送られましたが、対局はもう{self.plies}手目まで"
                "進んでいます。",
                f"the move was sent for ply {ply} but the game is at ply {self.plies}",
            ))

    def verb_action(self, verb: Verb[Any]) -> int | None:
        """The legal action that plays ``verb`` now, or None when the verb is not possible."""
        state = self.state
        return next(
            (a for a in state.legal_actions() if state.action_to_notation(a) == verb.notation), None
        )

    def verb_shown(self, verb: Verb[Any], notations: Set[str] | None = None) -> bool:
        """Whether the person to move sees the verb's button now (see :class:`Verb`); ``notations``:
        those of the legal actions, when the caller has them at hand."""
        if not self.human_to_move():
            return False
        if verb.shown is not None:
            return verb.shown(self.state)
        if notations is not None:
            return verb.notation in notations
        return self.verb_action(verb) is not None

    # -- changing: every change bumps the version ---------------------------------------------------
    def play(self, action: int) -> str:
        notation = super().play(action)
        self.version += 1
        self.takeback = None
        return notation

    def play_stored(self, action: int) -> StoredMove:
        """Play a legal action (:meth:`play`) and return what to store of it."""
        return StoredMove(action, self.play(action))

    def undo_target(self) -> int:
        if self.replay_only:
            raise Refusal(Names("アップロードした棋譜は再生だけができます。",
                                "an uploaded record can only be replayed"))
        return super().undo_target()

    def truncate(self, keep: int) -> None:
        super().truncate(keep)
        self.version += 1
        self.takeback = None
        self.rematch = None  # it was made at the end taken back

    def resign(self, seats: Sequence[int]) -> tuple[int, ...]:
        resigned = super().resign(seats)
        self.version += 1
        self.takeback = None
        return resigned

    def stop(self) -> None:
        super().stop()
        self.version += 1


def _takeback(stored: dict[str, Any] | None, keys: Sequence[SeatKey]) -> Takeback | None:
    """The takeback request the store keeps (:meth:`Table.takeback_json`), if its asker still holds
    a seat."""
    if stored is None:
        return None
    asker = next((k for k in keys if k.kind == HOLDER and k.digest == stored["by"]), None)
    if asker is None:
        return None
    return Takeback(Actor(asker), int(stored["keep"]), set(stored["pending"]))
