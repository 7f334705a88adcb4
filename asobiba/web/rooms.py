"""Live tables: the commands of clients, carried out in order, for one server process.

Every change follows the same order: check (raise and change nothing) → change the table in memory
→ commit to the store → broadcast. The rooms do the checking and the changing, under the game's
lock, and hand the rest to their parts, one job each:

* :mod:`.ledger` — the live tables and what the store keeps of them (persistence; a failed write
  drops the table, so what clients are told is always what is stored);
* :mod:`.driver` — what moves a game on besides its people: chance, forced passes, the computer and
  hints;
* :mod:`.audience` — who watches each game and the frames they are sent (presence and fan-out).

Every command names who sends it (the tokens of its seats, :mod:`.holders`; none is a
spectator's, refused), and a token acts only for the seats it holds: each command asks the table
for the holder of the seat it acts for (:meth:`.table.Table.holder`) before it changes anything. A
move, verb or hint needs the seat to move; an undo asks from the sender's own seats; a takeback is
answered by a holder it waits for (or withdrawn by its asker); a resignation is for the seats it
names, each the sender's (or all of the sender's); a seat goes to the computer by its holder's
wish. A game with invited seats still open waits. A game between computers can be stopped by
whoever created it.

Several server processes may serve the same games (docs/operations.md, "Several processes"): each
hears of the changes the others store through the broker (:mod:`.broker`) and acts on them in the
order they were stored, game by game — its live table follows (:mod:`.ledger`), its clients are sent
the new state (once for changes heard together: a person's move and the dice roll after it are one
frame here, as they are at the process that stored them), and a computer that is to move is watched
for (:mod:`.driver`). Which seats its
clients hold is told to the others (:mod:`.cluster`), and theirs shown here. When the broker lost
its connection and found it again (changes may have been missed), every live table is read again
and its clients are sent the state it has (a resync).

Nothing is loaded before a client asks for it, on start-up or later: an unfinished game with a
computer seat resumes when it is loaded (its pending chance or computer move is played), so a
restart costs nothing until the games are opened again (a game of people only resolves pending
chance when a client connects or acts). A game's listeners go with its last client, and with them
what the game no longer needs (:meth:`.driver.Driver.release`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Coroutine, Sequence
from typing import Any

from ..core.errors import AsobibaError, Refusal
from ..core.game import Game
from ..core.match import GAME_OVER
from ..core.names import Names
from ..core.registry import make_game
from .audience import Audience, Listener
from .broker import PRESENCE, Change
from .cluster import Cluster
from .driver import Driver
from .errors import Forbidden, NotFound
from .friends import NOT_YOURS, answer, name_seat, next_keys, next_seats, parse_name, seated
from .holders import HOLDER, INVITE, Actor, SeatKey, digest, new_invite, new_token
from .ids import new_game_id
from .ledger import Ledger, table_of, uploaded
from .protocol import Command
from .seats import Seat, parse_level, parse_seats
from .store import PLAYING, Store, StoredGame
from .table import Table
from .view import StateFrame, renderer
from .workers import Workers

log = logging.getLogger("asobiba.web")


class Rooms:
    """All live tables of one server process."""

    def __init__(self, store: Store, workers: Workers, cluster: Cluster | None = None) -> None:
        self.audience = Audience(thinking=lambda table: self.driver.is_thinking(table), gone=self.leave)
        self.ledger = Ledger(store, self.audience)
        self.driver = Driver(workers, self.ledger, self.audience, cluster)
        self.cluster = cluster
        self.notices: set[asyncio.Task[None]] = set()
        self.turns: dict[str, asyncio.Task[None]] = {}
        """The last work queued for each game from the broker (each waits for the one before)."""

    # -- life cycle -------------------------------------------------------------------------------
    async def _resume(self, table: Table) -> None:
        """Let the pending chance or computer moves of a game just loaded happen."""
        try:
            async with self.ledger.lock(table.id):
                if not self.ledger.is_live(table):
                    return
                await self.driver.advance(table)
        except AsobibaError as exc:
            log.warning("cannot resume game %s: %s", table.id, exc)
            return
        await self.broadcast(table)

    async def close(self) -> None:
        tasks = list(self.notices)
        for task in tasks:
            task.cancel()
        await asyncio.gather(self.driver.close(), *tasks, return_exceptions=True)

    # -- lookup -----------------------------------------------------------------------------------
    async def get(self, game_id: str) -> Table:
        """The game's table: the live one, else loaded from the store (and kept if it is
        unfinished or watched; a finished game nobody watches is read afresh each time)."""
        table, loaded = await self.ledger.get(game_id)
        if loaded and not table.finished and any(not table.is_human(s) for s in range(len(table.seats))):
            self._notice(self._resume(table))
        return table

    def _notice(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (kept until done; cancelled at close)."""
        task = asyncio.get_running_loop().create_task(work)
        self.notices.add(task)
        task.add_done_callback(self.notices.discard)

    # -- creating ---------------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        options: Any,
        seats: Any,
        seed: int | None = None,
        meta: dict[str, Any] | None = None,
    ) -> tuple[Table, str, dict[int, str]]:
        """A new game (raises UnknownGameError, NotAtTable, OptionError, SeatError before storing
        anything), the creator's token (it holds every person's seat that is not invited) and the
        invite of each invited seat."""
        game = make_game(game_id, options if options is not None else {})
        renderer(game.id)  # refuses a game without a board picture
        seat_list = parse_seats(seats, game.num_players)
        token = new_token()
        invites = {i: new_invite() for i, seat in enumerate(seat_list) if seat.open}
        mine = tuple(i for i, s in enumerate(seat_list) if s.is_human and not s.open)
        keys = [SeatKey(HOLDER, digest(token), mine, creator=True)]
        keys += [SeatKey(INVITE, digest(secret), (seat,)) for seat, secret in invites.items()]
        table = await self._open(game, seat_list, keys, seed, meta)
        return table, token, invites

    async def _open(self, game: Game, seats: list[Seat], keys: list[SeatKey], seed: int | None,
                    meta: dict[str, Any] | None) -> Table:
        """Store a new game with these seats and keys, and make it live."""
        stored = StoredGame(
            id=new_game_id(),
            game=game.id,
            options=game.options.to_dict(),
            seats=seats,
            seed=secrets.randbits(31) if seed is None else seed,
            status=PLAYING,
            result=None,
            start=None,
            source="play",
            meta=dict(meta or {}),
            created=time.time(),
            updated=time.time(),
            keys=keys,
        )
        table = Table(stored, game, game.new_state())
        if not table.waiting:  # the opening roll and forced passes are stored with the new game
            stored.moves = self.driver.due(table)
            stored.status, stored.result = table.status, table.result
            stored.version = table.saved = table.version
        await self.ledger.create(stored, table)
        async with self.ledger.lock(stored.id):
            self.driver.watch(table)
        return table

    async def claim(self, game_id: str, seat: int, invite: str) -> str:
        """Take an invited seat with its invite (spent at once); the new holder's token."""
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            token = table.claim(seat, invite)
            await self.ledger.seats(table)
            await self.driver.advance(table)
        await self.broadcast(table)
        return token

    async def give_to_computer(self, game_id: str, seat: int, level: Any, tokens: list[str]) -> None:
        """Let the computer play a person's seat from now on (its holder, or the creator for a
        seat still open, asks)."""
        level = parse_level(level, seat)
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            table.give_to_computer(table.actors(tokens), seat, level)
            self.audience.unseat(game_id, seat)
            self._tell_presence(game_id)
            await self.ledger.seats(table)
            await self.driver.advance(table)
        await self.broadcast(table)

    # -- friends: names and rematches (docs/play.md, "Playing again with friends") ----------------
    async def set_name(self, game_id: str, seat: int, name: Any, tokens: Sequence[str]) -> None:
        """Give a person's seat the name its holder chose (:func:`.friends.parse_name`)."""
        name = parse_name(name)
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            if table.replay_only:
                raise NOT_YOURS
            name_seat(table.seats, table.actors(tokens), seat, name)
            table.version += 1
            await self.ledger.seats(table)
            table = self.ledger.keep(table)
        await self.broadcast(table)

    async def rematch(self, game_id: str, accept: bool, tokens: Sequence[str]) -> Table:
        """Offer, accept (``accept``) or decline a rematch of a finished game, for a person seated
        in it; once every device accepted, the new game is made (seats one on, each token
        following its person: :mod:`.friends`) and the old one names it."""
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            actor = seated(table.actors(tokens), table.keys, table.seats)
            offer = answer(table.rematch, actor, accept, table.keys, table.seats, table.finished)
            if offer is not None and not offer.pending:
                n = len(table.seats)
                new = await self._open(table.game, next_seats(table.seats), next_keys(table.keys, n),
                                       None, {**table.meta, "rematch_of": table.id})
                offer.game = new.id
            table.rematch = offer
            table.version += 1
            await self.ledger.rematch(table)
            table = self.ledger.keep(table)
        await self.broadcast(table)
        return table

    async def import_record(self, record_json: dict[str, Any]) -> tuple[Table, str]:
        """Store an uploaded record (replayed and checked move by move, off the event loop) as a
        finished game for replay, and the uploader's token (it holds no seat; it lists the game
        among the uploader's). Its result is what the replay says, never what the upload claims:
        an unfinished record has none."""
        stored = await asyncio.to_thread(uploaded, record_json)
        token = new_token()
        stored.keys = [SeatKey(HOLDER, digest(token), (), creator=True)]
        await self.ledger.create(stored)
        return table_of(stored), token

    # -- clients ----------------------------------------------------------------------------------
    async def join(self, game_id: str, listener: Listener, tokens: Sequence[str] = ()) -> Table:
        """Add a client of a game (it hears every change) holding the seats of ``tokens`` (none:
        a spectator); a computer that is to move but idle (it failed, or nothing woke it) tries
        again."""
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            seats = tuple(s for a in table.actors(tokens) for s in a.seats) if tokens else ()
            watched = self.audience.watched(game_id)
            self.audience.seat(game_id, listener, seats)
            if self.cluster is not None and not watched:  # who is connected elsewhere
                self._in_turn(game_id, self._presence_changed(game_id))
            if seats:
                self._tell_presence(game_id)
                await self.broadcast(table)  # the others see the seat connected
            self.audience.add(game_id, listener)
            table = self.ledger.keep(table)
            await self.driver.advance(table)
        return table

    def seats_of(self, game_id: str, listener: Listener) -> tuple[int, ...]:
        """The seats a connected client holds."""
        return self.audience.seats_of(game_id, listener)

    def present(self, game_id: str) -> set[int]:
        """The seats held by a connected client."""
        return self.audience.present(game_id)

    def leave(self, game_id: str, listener: Listener) -> None:
        """Remove a client; with the last one, release what the game no longer needs."""
        gone = self.audience.remove(game_id, listener)
        if gone is None:
            return
        held, watched = gone
        table = self.ledger.tables.get(game_id)
        if held:
            self._tell_presence(game_id)
        if held and watched and table is not None:
            self._notice(self.broadcast(table))  # the others see the seat go
        if not watched:
            self.driver.release(game_id)

    # -- commands ---------------------------------------------------------------------------------
    async def command(
        self, game_id: str, cmd: Command, tokens: Sequence[str] = ()
    ) -> dict[str, Any] | None:
        """Run one client command for the holder of ``tokens``; returns a reply for the sender
        only (hints), else None."""
        if cmd.kind == "sync":
            await self.get(game_id)
            return None
        if cmd.kind == "hint":
            table = await self.get(game_id)
            table.mover(table.actors(tokens))
            return await self.driver.hint(table)
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            actors = table.actors(tokens)
            if cmd.kind == "move":
                table.mover(actors)
                action = self._parse_action(table, cmd)
                table.check_human_move(action)
                await self.driver.play(table, action)
            elif cmd.kind == "undo":
                if table.ask_takeback(table.device(actors)):
                    await self.ledger.takeback(table)
                else:
                    await self._take_back(table, table.undo_target())
            elif cmd.kind == "takeback":
                keep = table.answer_takeback(actors, bool(cmd.accept))
                if keep is None:
                    await self.ledger.takeback(table)
                else:
                    await self._take_back(table, keep)
            elif cmd.kind == "resign":
                table.resign(table.resign_seats(actors, cmd.seats))
                await self.ledger.status(table)
            elif cmd.kind == "verb":
                assert cmd.verb is not None
                table.mover(actors)
                await self._verb(table, cmd.verb)
            table = self.ledger.keep(table)
        await self.broadcast(table)
        self.driver.release(game_id)
        return None

    async def stop(self, game_id: str, tokens: list[str]) -> Table:
        """End a game between computers, for the holder of its creator's token; it counts as a
        draw (``reason: "stopped"``) and a move being computed is dropped."""
        async with self.ledger.lock(game_id):
            table = await self.get(game_id)
            stop_game(table, table.actors(tokens))
            await self.ledger.status(table)
            table = self.ledger.keep(table)
        await self.broadcast(table)
        self.driver.release(game_id)
        return table

    async def _take_back(self, table: Table, keep: int) -> None:
        table.truncate(keep)
        await self.ledger.truncate(table, keep)
        await self.driver.advance(table)

    @staticmethod
    def _parse_action(table: Table, cmd: Command) -> int:
        table.check_ply(cmd.ply)
        if table.finished:
            raise Refusal(GAME_OVER)
        if cmd.action is not None:
            return cmd.action
        assert cmd.move is not None
        return table.state.notation_to_action(cmd.move)

    async def _verb(self, table: Table, verb_id: str) -> None:
        """Play the game's verb ``verb_id`` if it is legal now; otherwise refuse and change nothing."""
        verb = table.descriptor.verb(verb_id)
        if verb is None:
            known = ", ".join(v.id for v in table.descriptor.verbs) or "none"
            raise NotFound(f"{table.game.id} has no verb {verb_id!r} (its verbs: {known})")
        table.check_human_turn()
        action = table.verb_action(verb)
        if action is None:
            raise Refusal(verb.refusal)
        await self.driver.play(table, action)

    async def wait_idle(self, game_id: str, timeout: float = 60.0) -> None:
        """Wait until no computer move is pending for this game (for scripts: ``?wait=true``)."""
        await self.driver.wait_idle(game_id, timeout)

    # -- other processes (the broker) ---------------------------------------------------------------
    def changed(self, change: Change) -> None:
        """A change another process stored (or a change of who is connected): acted on in turn
        with the game's others, never holding up the broker."""
        if change.origin == self.ledger.store.origin:
            return  # made here: already acted on
        if change.kind == PRESENCE:
            if self.audience.attended(change.game_id):
                self._in_turn(change.game_id, self._presence_changed(change.game_id))
            return
        self.ledger.hear(change.game_id, change.version)
        if change.game_id in self.ledger.tables or self.audience.watched(change.game_id):
            self._in_turn(change.game_id, self._follow(change))

    def resync(self) -> None:
        """Changes may have been missed: read every live table and who is present again, and send
        the clients the state it has (one piece of work a game: a later one in the game's turn
        would keep the reread state from being sent, :meth:`_follow`)."""
        for game_id in {*self.ledger.tables, *self.audience.listeners}:
            self._in_turn(game_id, self._read_again(game_id))

    async def _read_again(self, game_id: str) -> None:
        await self._presence_changed(game_id)
        if game_id in self.ledger.tables:
            await self._follow(Change("", game_id))

    def _in_turn(self, game_id: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` once the game's work queued before it is done."""
        before = self.turns.get(game_id)

        async def run() -> None:
            if before is not None:
                await asyncio.wait({before})
            try:
                await work
            except Exception:
                log.exception("game %s: cannot act on another process's change", game_id)

        task = asyncio.get_running_loop().create_task(run())
        self.turns[game_id] = task
        self.notices.add(task)
        task.add_done_callback(functools.partial(self._turn_done, game_id))

    def _turn_done(self, game_id: str, task: asyncio.Task[None]) -> None:
        self.notices.discard(task)
        if self.turns.get(game_id) is task:
            del self.turns[game_id]

    async def _follow(self, change: Change) -> None:
        """Bring the live table up to ``change`` (or read it again) and tell its clients."""
        async with self.ledger.lock(change.game_id):
            table = self.ledger.tables.get(change.game_id)
            if table is None:  # dropped (a change made here lost to this one): read it again
                if not self.audience.watched(change.game_id):
                    return
                table = await self.get(change.game_id)
            elif change.version >= 0 and table.saved >= change.version:
                return  # already up to date
            elif not self.ledger.follow(table, change.base, change.version, change.first_ply,
                                        change.actions):
                found = await self.ledger.reload(change.game_id)
                if found is None:
                    return
                table = found
            self.driver.watch(table)
        if self.turns.get(change.game_id) is asyncio.current_task():  # no newer change waits
            await self.broadcast(table)
        self.driver.release(change.game_id)

    async def _presence_changed(self, game_id: str) -> None:
        """Read which seats other processes' clients hold; tell this one's clients if it changed."""
        assert self.cluster is not None
        others = await self.cluster.others(game_id)
        if not self.audience.attended(game_id) or others == self.audience.elsewhere.get(game_id, set()):
            return
        self.audience.elsewhere[game_id] = others
        table = self.ledger.tables.get(game_id)
        if table is not None:
            await self.broadcast(table)

    def _tell_presence(self, game_id: str) -> None:
        """Tell the other processes which seats of the game this one's clients hold now."""
        if self.cluster is not None:
            self._in_turn(game_id, self.cluster.show(game_id, self.audience.here(game_id)))

    # -- fan-out ----------------------------------------------------------------------------------
    async def broadcast(self, table: Table, thinking: bool = False) -> None:
        """A ``state`` frame to every client of the game."""
        await self.audience.broadcast(table, thinking)

    def state_frame(self, table: Table) -> StateFrame:
        """The game's ``state`` frame now (:meth:`.audience.Audience.state_frame`)."""
        return self.audience.state_frame(table)


def stop_game(table: Table, actors: list[Actor]) -> None:
    """Stop ``table`` for ``actors`` if it is a game between computers they created; else refuse
    and change nothing."""
    table.check_stop()
    if not any(actor.creator for actor in actors):
        raise Forbidden(Names("対局を止められるのは、対局を作った人だけです。",
                              "only whoever created this game can stop it"))
    table.stop()
