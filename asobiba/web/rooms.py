"""Live tables: loading from the store, applying commands, computer moves, and WebSocket fan-out.

Every change follows the same order: check (raise and change nothing) → change the table in memory
→ commit to the store → broadcast. If the commit fails the table is dropped from memory and reloaded
from the store on next use, so what clients are told is always what is stored.

Computer moves and hints run in worker threads (``asyncio.to_thread``) so the event loop stays free.
A computer move is kept only if the table has not changed while it was being computed (undo, resign).
On start-up every unfinished game is resumed, including a computer move that was pending.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..core.errors import AsobibaError, IllegalMoveError
from ..core.registry import make_game
from .protocol import Command
from .seats import parse_seats
from .store import PLAYING, Store, StoredGame, StoredMove
from .table import Table
from .view import full, move_cells

log = logging.getLogger("asobiba.web")

Listener = Callable[[dict[str, Any]], Awaitable[None]]


class GameNotFound(AsobibaError):
    """No game with this id."""


class Rooms:
    """All live tables of one server process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.agents: dict[tuple[str, int], Any] = {}

    # -- life cycle -------------------------------------------------------------------------------
    async def resume_all(self) -> None:
        """Reload every unfinished game and let pending chance or computer moves happen."""
        for game_id in await asyncio.to_thread(self.store.unfinished_ids):
            try:
                table = await self.get(game_id)
            except AsobibaError as exc:
                log.warning("cannot resume game %s: %s", game_id, exc)
                continue
            async with self._lock(game_id):
                await self._advance(table)

    async def close(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- lookup -----------------------------------------------------------------------------------
    def _lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    async def get(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is not None:
            return table
        stored = await asyncio.to_thread(self.store.load, game_id)
        if stored is None:
            raise GameNotFound(f"no game with id {game_id!r}")
        table = self._table(stored)
        return self.tables.setdefault(game_id, table)

    @staticmethod
    def _table(stored: StoredGame) -> Table:
        game = make_game(stored.game, stored.options)
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
    ) -> Table:
        """A new game (raises UnknownGameError, OptionError, SeatError before storing anything)."""
        game = make_game(game_id, options if options is not None else {})
        stored = StoredGame(
            id=secrets.token_hex(6),
            game=game.id,
            options=game.options.to_dict(),
            seats=parse_seats(seats, game.num_players),
            seed=secrets.randbits(31) if seed is None else seed,
            status=PLAYING,
            result=None,
            start=None,
            source="play",
            meta=dict(meta or {}),
            created=time.time(),
            updated=time.time(),
        )
        table = Table(stored, game, game.new_state())
        await asyncio.to_thread(self.store.create, stored)
        self.tables[stored.id] = table
        async with self._lock(stored.id):
            await self._advance(table)
        return table

    async def import_record(self, record_json: Any) -> Table:
        """Store an uploaded record (checked move by move) as a finished game for replay."""
        from ..core.record import Record

        record = Record.from_json(record_json)
        game = record.game
        end = record.final_state()
        result = None
        if end.is_terminal:
            result = {"ranks": end.ranks(), "returns": end.returns(), "reason": "rules"}
        elif isinstance(record_json.get("result"), dict):
            result = {**record_json["result"], "reason": "record"}
        states = record.states()
        stored = StoredGame(
            id=secrets.token_hex(6),
            game=game.id,
            options=game.options.to_dict(),
            seats=[{"type": "human"} for _ in range(game.num_players)],
            seed=0,
            status="finished",
            result=result,
            start=record.start.to_json() if record.from_position else None,
            source="upload",
            meta=dict(record.meta),
            created=time.time(),
            updated=time.time(),
            moves=[
                StoredMove(a, s.action_to_notation(a))
                for s, a in zip(states, record.actions, strict=False)
            ],
        )
        await asyncio.to_thread(self.store.create, stored)
        table = self._table(stored)
        self.tables[stored.id] = table
        return table

    # -- commands ---------------------------------------------------------------------------------
    async def command(self, game_id: str, cmd: Command) -> dict[str, Any] | None:
        """Run one client command; returns a reply for the sender only (hints), else None."""
        table = await self.get(game_id)
        if cmd.kind == "sync":
            return None
        if cmd.kind == "hint":
            return await self.hint(table)
        async with self._lock(game_id):
            if cmd.kind == "move":
                action = self._parse_action(table, cmd)
                table.check_human_move(action)
                await self._play(table, action)
                await self._advance(table)
            elif cmd.kind == "undo":
                keep = table.undo_target()
                table.truncate(keep)
                await self._save_truncate(table, keep)
                await self._advance(table)
            elif cmd.kind == "resign":
                table.resign()
                await self._save_status(table)
            elif cmd.kind == "declare":
                await self._declare(table)
        await self.broadcast(table)
        return None

    @staticmethod
    def _parse_action(table: Table, cmd: Command) -> int:
        if cmd.ply is not None and cmd.ply != table.plies:
            raise IllegalMoveError(
                f"the move was sent for ply {cmd.ply} but the game is at ply {table.plies}"
            )
        if table.finished:
            raise IllegalMoveError("the game is over")
        if cmd.action is not None:
            return cmd.action
        assert cmd.move is not None
        return table.state.notation_to_action(cmd.move)

    async def _declare(self, table: Table) -> None:
        """ダイスアウト！: play the engine's ``declare`` action if it is legal now (Dice Out,
        ``declare=manual``); otherwise refuse and change nothing."""
        state = table.state
        if not table.human_to_move():
            raise IllegalMoveError("you can declare only on your turn")
        for action in state.legal_actions():
            if state.action_to_notation(action) == "declare":
                await self._play(table, action)
                await self._advance(table)
                return
        raise IllegalMoveError("there is no Dice Out to declare now")

    async def hint(self, table: Table) -> dict[str, Any]:
        """The suggested move for the person to move, with its reason (computed off the loop)."""
        if not table.human_to_move():
            raise IllegalMoveError("a hint is only given when a person is to move")
        state, plies = table.state, table.plies
        analysis = await asyncio.to_thread(_analyse, state)
        hint = dict(analysis)
        hint.update(move_cells(state, analysis["action"]))
        hint["ply"] = plies
        return {"type": "hint", "hint": hint}

    # -- progress: chance, forced passes, computer ------------------------------------------------
    async def _advance(self, table: Table) -> None:
        """Resolve chance and forced passes now; start the computer if it is to move. Lock held."""
        await self._automatic_moves(table)
        if table.computer_to_move() and table.id not in self.tasks:
            task = asyncio.create_task(self._computer_turns(table))
            self.tasks[table.id] = task
            task.add_done_callback(lambda _t, gid=table.id: self.tasks.pop(gid, None))

    async def _automatic_moves(self, table: Table) -> None:
        """Play the chance outcomes (seeded) and forced passes that are due, and store them."""
        first = table.plies
        moves: list[StoredMove] = []
        while not table.finished:
            action = table.chance_action() if table.chance_to_move() else table.forced_pass()
            if action is None:
                break
            moves.append(table.play(action))
        if moves:
            await self._commit(table, moves, first)

    async def _computer_turns(self, table: Table) -> None:
        await asyncio.sleep(0)  # let the caller broadcast the human move first
        while table.computer_to_move():
            version, state, seat = table.version, table.state, table.to_move()
            assert seat is not None
            agent = self._agent(table, seat)
            await self.broadcast(table, thinking=True)
            try:
                action = await asyncio.to_thread(agent.choose, state)
            except Exception:
                log.exception("computer failed in game %s", table.id)
                return
            async with self._lock(table.id):
                if self.tables.get(table.id) is not table:
                    return  # dropped after a failed write; the stored game resumes on next load
                if table.version != version:
                    continue  # undone or resigned meanwhile: think again if still needed
                if action not in state.legal_actions():
                    log.error("computer chose illegal action %s in game %s", action, table.id)
                    return
                await self._play(table, action)
                await self._automatic_moves(table)
            await self.broadcast(table)

    def _agent(self, table: Table, seat: int) -> Any:
        key = (table.id, seat)
        agent = self.agents.get(key)
        if agent is None:
            agent = make_computer(table.game, table.seats[seat]["level"], table.seed + seat)
            self.agents[key] = agent
        return agent

    async def wait_idle(self, game_id: str, timeout: float = 60.0) -> None:
        """Wait until no computer move is pending for this game (for scripts: ``?wait=true``)."""
        deadline = time.monotonic() + timeout
        while game_id in self.tasks and time.monotonic() < deadline:
            await asyncio.wait({self.tasks[game_id]}, timeout=deadline - time.monotonic())

    # -- persistence ------------------------------------------------------------------------------
    async def _play(self, table: Table, action: int) -> None:
        """Play one legal action and store it at the ply where it was played."""
        ply = table.plies
        move = table.play(action)
        await self._commit(table, [move], ply)

    async def _commit(self, table: Table, moves: list[StoredMove], first_ply: int) -> None:
        await self._save(self.store.append, table.id, first_ply, moves, table.status, table.result)

    async def _save_truncate(self, table: Table, keep: int) -> None:
        await self._save(self.store.truncate, table.id, keep, table.status, table.result)

    async def _save_status(self, table: Table) -> None:
        await self._save(self.store.set_status, table.id, table.status, table.result)

    async def _save(self, write: Callable[..., None], game_id: str, *args: Any) -> None:
        try:
            await asyncio.to_thread(write, game_id, *args)
        except Exception:
            self.tables.pop(game_id, None)  # reload what is really stored on next use
            raise

    # -- fan-out ----------------------------------------------------------------------------------
    def subscribe(self, game_id: str, listener: Listener) -> None:
        self.listeners.setdefault(game_id, set()).add(listener)

    def unsubscribe(self, game_id: str, listener: Listener) -> None:
        self.listeners.get(game_id, set()).discard(listener)

    async def broadcast(self, table: Table, thinking: bool = False) -> None:
        listeners = list(self.listeners.get(table.id, ()))
        if not listeners:
            return
        frame = {"type": "state", "game": full(table, thinking=thinking or self.is_thinking(table))}
        for listener in listeners:
            try:
                await listener(frame)
            except Exception:
                self.unsubscribe(table.id, listener)

    def is_thinking(self, table: Table) -> bool:
        return table.id in self.tasks and table.computer_to_move()


def make_computer(game: Any, level: str, seed: int) -> Any:
    """The computer player of a strength level (asobiba.ai.levels)."""
    from ..ai.levels import make_agent

    return make_agent(game, level, seed)


def _analyse(state: Any) -> dict[str, Any]:
    from ..ai.hints import analyse

    return analyse(state, seed=0).to_json()
