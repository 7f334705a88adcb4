"""The live tables of one server process and what the store keeps of them: persistence.

A game is loaded (and replayed) off the event loop when it is first asked for, never before. Every
change of a table is handed to the store's group commit and waited for until it is durable; if the
write fails the table is dropped from memory (and its last frame forgotten) and reloaded from the
store on next use, so what clients are told is always what is stored. A game stores at most
:data:`~.bodies.MAX_RECORD_PLIES` actions, as an uploaded record does.

With several server processes (:mod:`.broker`), a live table follows the changes the others store:
one that only added moves to the version the table has is played on it, any other makes the table
read again from the store. A table being read while a change is heard is read again if the change
is newer than what was read (:attr:`Ledger.heard`). A change made here on a table that missed one is
refused by the store anyway (:class:`~.store.StaleGame`): the table is then dropped and read again.

Nothing is kept longer than it is needed: a table when it is over and nobody watches it (an
unfinished table stays: the rooms drive it); the uploaded records read last, up to
:data:`REPLAY_PLIES` plies in all (they never change); a game's lock as soon as no command holds or
awaits it (the locks are weak references).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import Refusal
from ..core.names import Names
from ..core.outcome import Outcome
from ..core.record import Record, saved_game
from .audience import Audience
from .bodies import MAX_RECORD_PLIES
from .commits import Write
from .errors import GameNotFound
from .ids import new_game_id
from .seats import Seat
from .store import Store, StoredGame, StoredMove
from .table import UPLOAD, Table
from .view import renderer

REPLAY_PLIES = 100_000
"""The most plies of uploaded records kept in memory once read (five of the longest)."""
HEARD = 10_000
"""How many games' last heard versions are kept (:attr:`Ledger.heard`)."""


class Ledger:
    """The live tables of one process, loaded from and written to ``store``."""

    def __init__(self, store: Store, audience: Audience) -> None:
        self.store = store
        self.audience = audience
        self.tables: dict[str, Table] = {}
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.replays: dict[str, Table] = {}
        """Uploaded records read lately, oldest first (:meth:`_remember_replay`)."""
        self.heard: dict[str, int] = {}
        """The last version heard of from another process, for the games heard of lately."""

    # -- tables -----------------------------------------------------------------------------------
    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock every change of the game holds."""
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    def is_live(self, table: Table) -> bool:
        """Whether ``table`` is still its game's live table (not dropped after a failed write)."""
        return self.tables.get(table.id) is table

    async def get(self, game_id: str) -> tuple[Table, bool]:
        """The game's table — the live one, else loaded from the store (and kept if it is unfinished
        or watched; a finished game nobody watches is read afresh each time) — and whether it was
        just loaded."""
        table = self.tables.get(game_id) or self.replays.get(game_id)
        if table is not None:
            return table, False
        loaded = await asyncio.to_thread(self._load, game_id)
        if loaded is not None and self.heard.get(game_id, -1) > loaded.version:
            loaded = await asyncio.to_thread(self._load, game_id)  # read while a change came
        if loaded is None:
            raise GameNotFound(f"no game with id {game_id!r}")
        table = self.tables.get(game_id)  # another request may have loaded it meanwhile
        if table is not None:
            return table, False
        if loaded.replay_only:
            self._remember_replay(loaded)
        return self.keep(loaded), True

    def keep(self, table: Table) -> Table:
        """Keep ``table`` live if it is unfinished or watched; the live table of its game."""
        if table.finished and not self.audience.watched(table.id):
            return table
        return self.tables.setdefault(table.id, table)

    # -- changes stored by other processes ---------------------------------------------------------
    def hear(self, game_id: str, version: int) -> None:
        """Note that another process stored ``version`` of a game."""
        self.heard.pop(game_id, None)
        self.heard[game_id] = version
        while len(self.heard) > HEARD:
            del self.heard[next(iter(self.heard))]

    def follow(self, table: Table, base: int, version: int, first_ply: int, actions: Sequence[int]) -> bool:
        """Play on ``table`` the moves another process stored from ``base`` to ``version``, if
        they follow what it has and are legal (else False: read it again). The game's lock held."""
        if not actions or table.saved != base or table.plies != first_ply:
            return False
        for action in actions:
            state = table.state
            legal = ([o for o, _ in state.chance_outcomes()] if table.chance_to_move()
                     else state.legal_actions() if not state.is_terminal else [])
            if action not in legal:
                return False
            table.play(action)
        table.version = table.saved = version
        return True

    async def reload(self, game_id: str) -> Table | None:
        """Read a live game again from the store (another process changed it): its new live
        table, or None if it is no longer kept. The game's lock held."""
        loaded = await asyncio.to_thread(self._load, game_id)
        self.drop(game_id)
        self.audience.forget(game_id)
        return None if loaded is None else self.keep(loaded)

    def drop(self, game_id: str) -> None:
        """Forget a live table (it is read from the store on next use)."""
        self.tables.pop(game_id, None)

    def _load(self, game_id: str) -> Table | None:
        """The stored game, replayed (blocking: run off the event loop)."""
        stored = self.store.load(game_id)
        return None if stored is None else table_of(stored)

    def _remember_replay(self, table: Table) -> None:
        """Keep an uploaded record read lately (it never changes), the oldest forgotten past
        :data:`REPLAY_PLIES` plies in all, so that reading a long one again costs nothing."""
        self.replays[table.id] = table
        while sum(t.plies for t in self.replays.values()) > REPLAY_PLIES and len(self.replays) > 1:
            del self.replays[next(iter(self.replays))]

    # -- new games --------------------------------------------------------------------------------
    async def create(self, stored: StoredGame, table: Table | None = None) -> None:
        """Store a new game (an uploaded record: finished, for replay); ``table``, if given,
        becomes its live table once it is stored."""
        await self.store.commit(self.store.create(stored))
        if table is not None:
            self.tables[stored.id] = table

    # -- writes -----------------------------------------------------------------------------------
    async def play(self, table: Table, action: int, then: Callable[[Table], list[StoredMove]]) -> None:
        """Play one legal action and store it at the ply where it was played, in one write with the
        moves ``then`` plays on the table after it (a game stores at most
        :data:`~.bodies.MAX_RECORD_PLIES` actions, as an uploaded record does)."""
        ply = table.plies
        if ply >= MAX_RECORD_PLIES:
            raise Refusal(Names(f"この対局は記録できる手数（{MAX_RECORD_PLIES}）に達しました。",
                                f"this game has reached the most moves a game stores ({MAX_RECORD_PLIES})"))
        moves = [table.play_stored(action)]
        moves += then(table)
        await self.commit(table, moves, ply)

    async def commit(self, table: Table, moves: list[StoredMove], first_ply: int) -> None:
        """Store ``moves``, played from ply ``first_ply`` on, with the game's status."""
        await self._save(table, self.store.append, first_ply, moves, table.status, table.result)

    async def truncate(self, table: Table, keep: int) -> None:
        """Store that the game keeps its first ``keep`` plies (a takeback)."""
        await self._save(table, self.store.truncate, keep, table.status, table.result)

    async def seats(self, table: Table) -> None:
        """Store who sits where and the seats' keys."""
        await self._save(table, self.store.set_seats, table.seats, table.keys)

    async def status(self, table: Table) -> None:
        """Store the game's status and result (resigned, stopped)."""
        await self._save(table, self.store.set_status, table.status, table.result)

    async def takeback(self, table: Table) -> None:
        """Store the takeback request waiting (asked, answered by some, declined, withdrawn)."""
        await self._save(table, self.store.set_takeback, table.takeback_json())

    async def rematch(self, table: Table) -> None:
        """Store the finished game's rematch offer (made, answered, declined, started)."""
        await self._save(table, self.store.set_rematch,
                         None if table.rematch is None else table.rematch.to_json())

    async def _save(self, table: Table, write: Callable[..., Write], *args: Any) -> None:
        """Hand a write to the store's group commit — a compare-and-set from the version the store
        holds to the table's (:class:`~.store.StaleGame` if another change came first) — and wait
        until it is durable."""
        revision = table.revision()
        try:
            await self.store.commit(write(table.id, *args, revision))
        except Exception:
            self.drop(table.id)  # reload what is really stored on next use
            self.audience.forget(table.id)
            raise
        table.saved = revision.version


def table_of(stored: StoredGame) -> Table:
    """The live table of a stored game (options it lacks mean what they meant when it was stored:
    :meth:`~asobiba.core.options.Options.from_saved`)."""
    game = saved_game(stored.game, stored.options)
    start = game.state_from_json(stored.start) if stored.start else game.new_state()
    return Table(stored, game, start)


def uploaded(record_json: dict[str, Any]) -> StoredGame:
    """The stored game of an uploaded record: replayed, with the result of its last position."""
    record = Record.from_json(record_json)
    game = record.game
    renderer(game.id)  # refuses a game without a board picture
    states = record.states()
    end = states[-1]
    return StoredGame(
        id=new_game_id(),
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
