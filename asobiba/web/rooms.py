"""Live tables: loading from the store, applying commands, computer moves, and WebSocket fan-out.

Every change follows the same order: check (raise and change nothing) → change the table in memory
→ commit to the store → broadcast. If the commit fails the table is dropped from memory and reloaded
from the store on next use, so what clients are told is always what is stored.

Every command names who sends it (the tokens of its seats, :mod:`.holders`; none is a
spectator's, refused): a move, verb or hint needs the seat to move, and a game with invited seats
still open waits. Which seats have a client connected (``present``) is shown to everyone.

Computer moves and hints run in the bounded pool of :mod:`.workers` (never the event loop's or the
store's threads): computer moves first, hints refused as busy past a queue limit, and one hint at a
time per seat. A computer move is kept only if the table has not changed while it was being
computed (undo, resign). A computer that fails (it raises, or picks an illegal move) is reported to
every client of the game in both languages; the game then waits until a person takes a move back or
a client connects again (which lets the computer try again). A game between computers can be
stopped by whoever created it.

Nothing is loaded before a client asks for it, on start-up or later: a game is loaded (and
replayed) off the event loop when it is first asked for; an unfinished game with a computer seat
then resumes (its pending chance or computer move is played), so a restart costs nothing until the
games are opened again (a game of people only resolves pending chance when a client connects or
acts).

Nothing is kept for a game longer than it is needed: its listeners go with its last client; its
computer players when it ends, or when nobody watches it while the computer is idle; its table when
it is over and nobody watches it (an unfinished table stays: the rooms drive it; the uploaded
records read last stay, up to :data:`REPLAY_PLIES` plies in all: they never change); its lock as soon
as no command holds or awaits it (the locks are weak references).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from concurrent.futures import Future
from typing import Any

from ..ai.hints import analyse
from ..ai.levels import make_agent
from ..core.errors import AsobibaError, Refusal
from ..core.match import GAME_OVER
from ..core.names import Names
from ..core.outcome import Outcome
from ..core.record import Record, saved_game
from ..core.registry import make_game
from .bodies import MAX_RECORD_PLIES
from .errors import ComputerFailed, Forbidden, GameNotFound, NotFound, error_frame
from .holders import HOLDER, INVITE, Actor, SeatKey, digest, new_invite, new_token
from .protocol import Command
from .seats import Seat, parse_level, parse_seats
from .store import PLAYING, Store, StoredGame, StoredMove
from .table import UPLOAD, Table
from .view import StateFrame, full, move_cells, renderer
from .workers import HINT_PENDING, HintPending, Workers

log = logging.getLogger("asobiba.web")

REPLAY_PLIES = 100_000
"""The most plies of uploaded records kept in memory once read (five of the longest)."""

Listener = Callable[[dict[str, Any] | StateFrame], Awaitable[None]]
"""A connected client: takes a frame (a ``state`` frame is shared by all the game's clients)."""


class Rooms:
    """All live tables of one server process."""

    def __init__(self, store: Store, workers: Workers) -> None:
        self.store = store
        self.workers = workers
        self.tables: dict[str, Table] = {}
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.listeners: dict[str, set[Listener]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.agents: dict[str, dict[int, Any]] = {}
        """Computer players by game id and seat."""
        self.seated: dict[str, dict[Listener, tuple[int, ...]]] = {}
        """The seats each connected client of a game holds."""
        self.notices: set[asyncio.Task[None]] = set()
        self.hinting: set[tuple[str, int | None]] = set()
        """The games and seats with a hint being worked out."""
        self.replays: dict[str, Table] = {}
        """Uploaded records read lately, oldest first (:meth:`_remember_replay`)."""
        self.shown: dict[str, StateFrame] = {}
        """The last ``state`` frame broadcast to each watched game (a ``sync`` is answered with it)."""

    # -- life cycle -------------------------------------------------------------------------------
    async def _resume(self, table: Table) -> None:
        """Let the pending chance or computer moves of a game just loaded happen."""
        try:
            async with self._lock(table.id):
                if self.tables.get(table.id) is not table:
                    return
                await self._advance(table)
        except AsobibaError as exc:
            log.warning("cannot resume game %s: %s", table.id, exc)
            return
        await self.broadcast(table)

    async def close(self) -> None:
        tasks = list(self.tasks.values()) + list(self.notices)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- lookup -----------------------------------------------------------------------------------
    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    async def get(self, game_id: str) -> Table:
        """The game's table: the live one, else loaded from the store (and kept if it is
        unfinished or watched; a finished game nobody watches is read afresh each time)."""
        table = self.tables.get(game_id) or self.replays.get(game_id)
        if table is not None:
            return table
        loaded = await asyncio.to_thread(self._load, game_id)
        if loaded is None:
            raise GameNotFound(f"no game with id {game_id!r}")
        table = self.tables.get(game_id)  # another request may have loaded it meanwhile
        if table is not None:
            return table
        if loaded.replay_only:
            self._remember_replay(loaded)
        table = self._keep(loaded)
        if not table.finished and any(not table.is_human(s) for s in range(len(table.seats))):
            self._notice(self._resume(table))
        return table

    def _notice(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background (kept until done; cancelled at close)."""
        task = asyncio.get_running_loop().create_task(work)
        self.notices.add(task)
        task.add_done_callback(self.notices.discard)

    def _load(self, game_id: str) -> Table | None:
        """The stored game, replayed (blocking: run off the event loop)."""
        stored = self.store.load(game_id)
        return None if stored is None else self._table(stored)

    def _remember_replay(self, table: Table) -> None:
        """Keep an uploaded record read lately (it never changes), the oldest forgotten past
        :data:`REPLAY_PLIES` plies in all, so that reading a long one again costs nothing."""
        self.replays[table.id] = table
        while sum(t.plies for t in self.replays.values()) > REPLAY_PLIES and len(self.replays) > 1:
            del self.replays[next(iter(self.replays))]

    def _keep(self, table: Table) -> Table:
        """Keep ``table`` live if it is unfinished or watched; the live table of its game."""
        if table.finished and not self.listeners.get(table.id):
            return table
        return self.tables.setdefault(table.id, table)

    @staticmethod
    def _table(stored: StoredGame) -> Table:
        """The live table of a stored game (options it lacks mean what they meant when it was
        stored: :meth:`~asobiba.core.options.Options.from_saved`)."""
        game = saved_game(stored.game, stored.options)
        start = game.state_from_json(stored.start) if stored.start else game.new_state()
        return Table(stored, game, start)

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
        stored = StoredGame(
            id=secrets.token_hex(6),
            game=game.id,
            options=game.options.to_dict(),
            seats=seat_list,
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
        await asyncio.wrap_future(self.store.create(stored))
        self.tables[stored.id] = table
        async with self._lock(stored.id):
            await self._advance(table)
        return table, token, invites

    async def claim(self, game_id: str, seat: int, invite: str) -> str:
        """Take an invited seat with its invite (spent at once); the new holder's token."""
        async with self._lock(game_id):
            table = await self.get(game_id)
            token = table.claim(seat, invite)
            await self._save_seats(table)
            await self._advance(table)
        await self.broadcast(table)
        return token

    async def give_to_computer(self, game_id: str, seat: int, level: Any, tokens: list[str]) -> None:
        """Let the computer play a person's seat from now on (its holder, or the creator for a
        seat still open, asks)."""
        level = parse_level(level, seat)
        async with self._lock(game_id):
            table = await self.get(game_id)
            table.give_to_computer(table.actors(tokens), seat, level)
            seated = self.seated.get(game_id, {})
            for listener, seats in seated.items():  # its former holder now watches that seat
                seated[listener] = tuple(s for s in seats if s != seat)
            await self._save_seats(table)
            await self._advance(table)
        await self.broadcast(table)

    async def import_record(self, record_json: dict[str, Any]) -> tuple[Table, str]:
        """Store an uploaded record (replayed and checked move by move, off the event loop) as a
        finished game for replay, and the uploader's token (it holds no seat; it lists the game
        among the uploader's). Its result is what the replay says, never what the upload claims:
        an unfinished record has none."""
        stored = await asyncio.to_thread(_uploaded, record_json)
        token = new_token()
        stored.keys = [SeatKey(HOLDER, digest(token), (), creator=True)]
        await asyncio.wrap_future(self.store.create(stored))
        return self._table(stored), token

    # -- clients ----------------------------------------------------------------------------------
    async def join(self, game_id: str, listener: Listener, tokens: Sequence[str] = ()) -> Table:
        """Add a client of a game (it hears every change) holding the seats of ``tokens`` (none:
        a spectator); a computer that is to move but idle (it failed, or nothing woke it) tries
        again."""
        async with self._lock(game_id):
            table = await self.get(game_id)
            seats = tuple(s for a in table.actors(tokens) for s in a.seats) if tokens else ()
            self.listeners.get(game_id, set()).discard(listener)
            self.seated.setdefault(game_id, {})[listener] = seats
            if seats:
                await self.broadcast(table)  # the others see the seat connected
            self.listeners.setdefault(game_id, set()).add(listener)
            table = self._keep(table)
            await self._advance(table)
        return table

    def seats_of(self, game_id: str, listener: Listener) -> tuple[int, ...]:
        """The seats a connected client holds."""
        return self.seated.get(game_id, {}).get(listener, ())

    def present(self, game_id: str) -> set[int]:
        """The seats held by a connected client."""
        return {s for seats in self.seated.get(game_id, {}).values() for s in seats}

    def leave(self, game_id: str, listener: Listener) -> None:
        """Remove a client; with the last one, release what the game no longer needs."""
        listeners = self.listeners.get(game_id)
        if listeners is None:
            return
        listeners.discard(listener)
        seated = self.seated.get(game_id, {})
        if seated.pop(listener, ()) and listeners and game_id in self.tables:
            self._notice(self.broadcast(self.tables[game_id]))  # the others see the seat go
        if not seated:
            self.seated.pop(game_id, None)
        if not listeners:
            del self.listeners[game_id]
            self.shown.pop(game_id, None)
            self._release(game_id)

    def _release(self, game_id: str) -> None:
        """Forget the computer players of a game that is over, or that nobody watches while the
        computer is idle; forget the table of a game that is over and that nobody watches."""
        table = self.tables.get(game_id)
        over = table is None or table.finished
        watched = bool(self.listeners.get(game_id))
        idle = game_id not in self.tasks
        if over or (idle and not watched):
            self.agents.pop(game_id, None)
        if table is not None and table.finished and idle and not watched:
            del self.tables[game_id]

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
            return await self.hint(table)
        async with self._lock(game_id):
            table = await self.get(game_id)
            actors = table.actors(tokens)
            if cmd.kind == "move":
                table.mover(actors)
                action = self._parse_action(table, cmd)
                table.check_human_move(action)
                await self._play(table, action)
                await self._advance(table)
            elif cmd.kind == "undo":
                if not table.ask_takeback(actors[0]):
                    await self._take_back(table, table.undo_target())
            elif cmd.kind == "takeback":
                keep = table.answer_takeback(actors[0], bool(cmd.accept))
                if keep is not None:
                    await self._take_back(table, keep)
            elif cmd.kind == "resign":
                table.resign(table.resign_seat(actors))
                await self._save_status(table)
            elif cmd.kind == "verb":
                assert cmd.verb is not None
                table.mover(actors)
                await self._verb(table, cmd.verb)
            table = self._keep(table)
        await self.broadcast(table)
        self._release(game_id)
        return None

    async def stop(self, game_id: str, tokens: list[str]) -> Table:
        """End a game between computers, for the holder of its creator's token; it counts as a
        draw (``reason: "stopped"``) and a move being computed is dropped."""
        async with self._lock(game_id):
            table = await self.get(game_id)
            stop_game(table, table.actors(tokens))
            await self._save_status(table)
            table = self._keep(table)
        await self.broadcast(table)
        self._release(game_id)
        return table

    async def _take_back(self, table: Table, keep: int) -> None:
        table.truncate(keep)
        await self._save_truncate(table, keep)
        await self._advance(table)

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
        await self._play(table, action)
        await self._advance(table)

    async def hint(self, table: Table) -> dict[str, Any]:
        """The suggested move for the person to move, with its reason (computed off the loop)."""
        if not table.human_to_move():
            raise Refusal(Names("ヒントは人の番にだけ出せます。",
                                "a hint is only given when a person is to move"))
        state, plies, seat = table.state, table.plies, table.to_move()
        if (table.id, seat) in self.hinting:
            raise HintPending(HINT_PENDING)
        self.hinting.add((table.id, seat))
        try:
            analysis = await self.workers.hint(_analyse, state)
        finally:
            self.hinting.discard((table.id, seat))
        hint = dict(analysis)
        hint.update(move_cells(state, analysis["action"]))
        hint["ply"] = plies
        return {"type": "hint", "hint": hint}

    # -- progress: chance, forced passes, computer ------------------------------------------------
    async def _advance(self, table: Table) -> None:
        """Resolve chance and forced passes now; start the computer if it is to move (nothing
        while invited seats are open). Lock held."""
        if table.waiting:
            return
        await self._automatic_moves(table)
        if table.computer_to_move() and table.id not in self.tasks:
            task = asyncio.create_task(self._computer_turns(table))
            self.tasks[table.id] = task
            task.add_done_callback(functools.partial(self._task_done, table.id))

    def _task_done(self, game_id: str, task: asyncio.Task[None]) -> None:
        if self.tasks.get(game_id) is task:
            del self.tasks[game_id]
        self._release(game_id)

    async def _automatic_moves(self, table: Table) -> None:
        """Play the chance outcomes (seeded) and forced passes that are due, and store them."""
        first = table.plies
        moves: list[StoredMove] = []
        while not table.finished:
            action = table.chance_action() if table.chance_to_move() else table.forced_pass()
            if action is None:
                break
            moves.append(table.play_stored(action))
        if moves:
            await self._commit(table, moves, first)

    async def _computer_turns(self, table: Table) -> None:
        """The computer's moves until a person (or nobody) is to move; a failure is reported."""
        try:
            await self._computer_moves(table)
        except Exception as exc:
            log.exception("computer failed in game %s", table.id)
            self.agents.pop(table.id, None)  # the next try starts from fresh players
            if self.tasks.get(table.id) is asyncio.current_task():
                del self.tasks[table.id]  # the state frame below says nobody is thinking
            await self.broadcast(table)
            await self.send_all(table.id, error_frame(computer_failed(exc)))

    async def _computer_moves(self, table: Table) -> None:
        await asyncio.sleep(0)  # let the caller broadcast the human move first
        while table.computer_to_move():
            version, state, seat = table.version, table.state, table.to_move()
            assert seat is not None
            agent = self._agent(table, seat)
            await self.broadcast(table, thinking=True)
            action = await self.workers.move(agent.choose, state)
            async with self._lock(table.id):
                if self.tables.get(table.id) is not table:
                    return  # dropped after a failed write; the stored game resumes on next load
                if table.version != version:
                    continue  # undone or resigned meanwhile: think again if still needed
                if action not in state.legal_actions():
                    raise AsobibaError(f"it chose {table.describe(action)}, which is not legal here")
                await self._play(table, action)
                await self._automatic_moves(table)
            await self.broadcast(table)

    def _agent(self, table: Table, seat: int) -> Any:
        players = self.agents.setdefault(table.id, {})
        agent = players.get(seat)
        if agent is None:
            agent = players[seat] = make_computer(
                table.game, table.seats[seat].level, table.seed + seat
            )
        return agent

    async def wait_idle(self, game_id: str, timeout: float = 60.0) -> None:
        """Wait until no computer move is pending for this game (for scripts: ``?wait=true``)."""
        deadline = time.monotonic() + timeout
        while game_id in self.tasks and time.monotonic() < deadline:
            await asyncio.wait({self.tasks[game_id]}, timeout=deadline - time.monotonic())

    # -- persistence ------------------------------------------------------------------------------
    async def _play(self, table: Table, action: int) -> None:
        """Play one legal action and store it at the ply where it was played (a game stores at
        most :data:`~.bodies.MAX_RECORD_PLIES` actions, as an uploaded record does)."""
        ply = table.plies
        if ply >= MAX_RECORD_PLIES:
            raise Refusal(Names(f"この対局は記録できる手数（{MAX_RECORD_PLIES}）に達しました。",
                                f"this game has reached the most moves a game stores ({MAX_RECORD_PLIES})"))
        move = table.play_stored(action)
        await self._commit(table, [move], ply)

    async def _commit(self, table: Table, moves: list[StoredMove], first_ply: int) -> None:
        await self._save(self.store.append, table.id, first_ply, moves, table.status, table.result)

    async def _save_truncate(self, table: Table, keep: int) -> None:
        await self._save(self.store.truncate, table.id, keep, table.status, table.result)

    async def _save_seats(self, table: Table) -> None:
        await self._save(self.store.set_seats, table.id, table.seats, table.keys)

    async def _save_status(self, table: Table) -> None:
        await self._save(self.store.set_status, table.id, table.status, table.result)

    async def _save(self, write: Callable[..., Future[None]], game_id: str, *args: Any) -> None:
        """Hand a write to the store's group commit and wait until it is durable."""
        try:
            await asyncio.wrap_future(write(game_id, *args))
        except Exception:
            self.tables.pop(game_id, None)  # reload what is really stored on next use
            self.shown.pop(game_id, None)
            raise

    # -- fan-out ----------------------------------------------------------------------------------
    async def broadcast(self, table: Table, thinking: bool = False) -> None:
        """A ``state`` frame to every client of the game."""
        if not self.listeners.get(table.id):
            return
        thinking = thinking or self.is_thinking(table)
        frame = self.shown[table.id] = StateFrame(full(table, thinking=thinking,
                                                       present=self.present(table.id)))
        await self.send_all(table.id, frame)

    async def send_all(self, game_id: str, frame: dict[str, Any] | StateFrame) -> None:
        """``frame`` to every client of a game; a client that cannot be reached leaves."""
        for listener in list(self.listeners.get(game_id, ())):
            try:
                await listener(frame)
            except Exception:
                self.leave(game_id, listener)

    def state_frame(self, table: Table) -> StateFrame:
        """The game's ``state`` frame now: the one last broadcast (every change is broadcast), or
        built and kept for the next clients to ask while the game is watched."""
        frame = self.shown.get(table.id)
        if frame is None:
            frame = StateFrame(full(table, self.is_thinking(table), self.present(table.id)))
            if self.listeners.get(table.id):
                self.shown[table.id] = frame
        return frame

    def is_thinking(self, table: Table) -> bool:
        return table.id in self.tasks and table.computer_to_move()


def stop_game(table: Table, actors: list[Actor]) -> None:
    """Stop ``table`` for ``actors`` if it is a game between computers they created; else refuse
    and change nothing."""
    table.check_stop()
    if not any(actor.creator for actor in actors):
        raise Forbidden(Names("対局を止められるのは、対局を作った人だけです。",
                              "only whoever created this game can stop it"))
    table.stop()


def make_computer(game: Any, level: str, seed: int) -> Any:
    """The computer player of a strength level (asobiba.ai.levels)."""
    return make_agent(game, level, seed)


def computer_failed(exc: Exception) -> ComputerFailed:
    """What the clients of a game are told when its computer could not choose a move."""
    detail = " ".join(f"{type(exc).__name__}: {exc}".split())
    return ComputerFailed(Names(
        f"コンピューターが手を選べませんでした（{detail}）。ページを読み込み直すともう一度考えます。"
        "1手戻すこともできます。",
        f"the computer could not choose a move ({detail}); reload the page to let it try again, "
        "or take a move back",
    ))


def _uploaded(record_json: dict[str, Any]) -> StoredGame:
    """The stored game of an uploaded record: replayed, with the result of its last position."""
    record = Record.from_json(record_json)
    game = record.game
    renderer(game.id)  # refuses a game without a board picture
    states = record.states()
    end = states[-1]
    return StoredGame(
        id=secrets.token_hex(6),
        game=game.id,
        options=game.options.to_dict(),
        seats=[Seat.person() for _ in range(game.num_players)],
        seed=0,
        status="finished",
        result=Outcome.by_rules(end) if end.is_terminal else None,
        start=record.start.to_json() if record.from_position else None,
        source=UPLOAD,
        meta=dict(record.meta),
        created=time.time(),
        updated=time.time(),
        moves=[
            StoredMove(a, s.action_to_notation(a))
            for s, a in zip(states, record.actions, strict=False)
        ],
    )


def _analyse(state: Any) -> dict[str, Any]:
    return analyse(state, seed=0).to_json()
