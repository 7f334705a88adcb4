"""What moves a game on besides its people: chance, forced passes, the computer, and hints.

Chance outcomes (seeded) and forced passes are played as soon as they are due, and stored in the
same write as the move or the new game that made them due (:meth:`Driver.play`). Computer moves and
hints run in the bounded pool of :mod:`.workers` (never the event loop's or the store's threads):
computer moves first, hints refused as busy past a queue limit, and one hint at a time per seat. A
computer move is kept only if the table has not changed while it was being computed (undo, resign).
A computer that fails (it raises, or picks an illegal move) is reported to every client of the game
in both languages; the game then waits until a person takes a move back or a client connects again
(which lets the computer try again). Nothing moves while invited seats are open.

A store that does not answer while the computer moves (its lease or its move cannot be written) is
no failure of the computer: the log has the outage's one line from the store, not a line per game;
the clients are told once that the store does not answer; the game is read again from the store
(after :data:`RETRY` seconds, doubling up to :data:`~.errors.RETRY_AFTER`) until it answers, and
the computer goes on by itself. If nobody watches the game meanwhile the looks stop: the next
request that reads the game lets the computer go on.

With several server processes (:mod:`.cluster`), each computer move and each seat's hint is worked
out by the one process that holds its lease: a process that hears of a game whose computer is to
move waits (shown as thinking) while another holds the move's lease, and takes it over when that
one's lease runs out (its process died); a hint asked while another process works one out for the
same seat is refused as pending. Either way the store accepts one move per version
(:class:`~.store.StaleGame`): a computer move that lost that race is thought again if still needed.

A game's computer players are kept until it ends, or until nobody watches it while the computer is
idle (:meth:`Driver.release`, which also lets the table of a finished, unwatched game go).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import Any

from ..ai.hints import analyse
from ..ai.levels import make_agent
from ..core.errors import AsobibaError, Refusal
from ..core.names import Names
from .audience import Audience
from .cluster import MOVE, TTL, Cluster, hint_lease
from .errors import RETRY_AFTER, ComputerFailed, StoreUnavailable, error_frame
from .ledger import Ledger
from .store import StaleGame, StoredMove
from .table import Table
from .view import move_cells
from .workers import HINT_PENDING, HintPending, Workers

log = logging.getLogger("asobiba.web")

LOOK = 0.1
"""Seconds between looks at a game whose computer move another process works out."""
RETRY = 0.5
"""Seconds before the first look whether a store that did not answer a computer move answers
again (the wait doubles up to :data:`~.errors.RETRY_AFTER`)."""


class Driver:
    """The chance, forced passes, computer moves and hints of every live game of one process."""

    def __init__(self, workers: Workers, ledger: Ledger, audience: Audience,
                 cluster: Cluster | None = None) -> None:
        self.workers = workers
        self.ledger = ledger
        self.audience = audience
        self.cluster = cluster
        self.tasks: dict[str, asyncio.Task[None]] = {}
        """The computer's turns being played, by game id."""
        self.agents: dict[str, dict[int, Any]] = {}
        """Computer players by game id and seat."""
        self.hinting: set[tuple[str, int | None]] = set()
        """The games and seats with a hint being worked out."""

    async def close(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def is_thinking(self, table: Table) -> bool:
        """Whether the computer is working out a move for ``table``."""
        return table.id in self.tasks and table.computer_to_move()

    # -- progress: chance, forced passes, computer ------------------------------------------------
    async def advance(self, table: Table) -> None:
        """Resolve chance and forced passes now; start the computer if it is to move (nothing
        while invited seats are open). The game's lock held."""
        if table.waiting:
            return
        await self.automatic_moves(table)
        self.watch(table)

    async def play(self, table: Table, action: int) -> None:
        """Play a person's legal ``action`` and the chance outcomes and forced passes due after it,
        stored in one write (one commit a move, and nobody hears of the move before what follows it
        is stored too); then start the computer if it is to move. The game's lock held."""
        await self.ledger.play(table, action, then=self.due)
        self.watch(table)

    def watch(self, table: Table) -> None:
        """Start the computer if it is to move and idle (a change heard from another process: that
        one resolved chance and forced passes)."""
        if not table.waiting and table.computer_to_move() and table.id not in self.tasks:
            task = asyncio.create_task(self._computer_turns(table))
            self.tasks[table.id] = task
            task.add_done_callback(functools.partial(self._task_done, table.id))

    def _task_done(self, game_id: str, task: asyncio.Task[None]) -> None:
        if self.tasks.get(game_id) is task:
            del self.tasks[game_id]
        self.release(game_id)

    def release(self, game_id: str) -> None:
        """Forget the computer players of a game that is over, or that nobody watches while the
        computer is idle; forget the table of a game that is over and that nobody watches."""
        table = self.ledger.tables.get(game_id)
        over = table is None or table.finished
        watched = self.audience.watched(game_id)
        idle = game_id not in self.tasks
        if over or (idle and not watched):
            self.agents.pop(game_id, None)
        if table is not None and table.finished and idle and not watched:
            self.ledger.drop(game_id)

    async def automatic_moves(self, table: Table) -> None:
        """Play the chance outcomes and forced passes that are due, and store them."""
        first = table.plies
        moves = self.due(table)
        if moves:
            await self.ledger.commit(table, moves, first)

    @staticmethod
    def due(table: Table) -> list[StoredMove]:
        """Play on ``table`` (in memory only) the chance outcomes (seeded) and forced passes that
        are due; what to store of them."""
        moves: list[StoredMove] = []
        while not table.finished:
            action = table.chance_action() if table.chance_to_move() else table.forced_pass()
            if action is None:
                break
            moves.append(table.play_stored(action))
        return moves

    async def _computer_turns(self, table: Table) -> None:
        """The computer's moves until a person (or nobody) is to move; a failure is reported; a
        store that does not answer is waited for (the module docstring)."""
        game_id = table.id
        try:
            try:
                await self._computer_moves(table)
            except StoreUnavailable as exc:
                await self._outlast(game_id, exc)
        except Exception as exc:
            log.exception("computer failed in game %s", game_id)
            self.agents.pop(game_id, None)  # the next try starts from fresh players
            if self.tasks.get(game_id) is asyncio.current_task():
                del self.tasks[game_id]  # the state frame below says nobody is thinking
            await self.audience.broadcast(self.ledger.tables.get(game_id, table))
            await self.audience.send_all(game_id, error_frame(computer_failed(exc)))

    async def _outlast(self, game_id: str, exc: StoreUnavailable) -> None:
        """Tell the clients once that the store does not answer (the store logs it), then read the
        game again until it does and let the computer go on, while anybody watches the game. The
        game is dropped meanwhile: what was not stored is never shown, and the next request reads
        the game again (and lets the computer go on) if nobody watches."""
        self.ledger.drop(game_id)
        self.audience.forget(game_id)
        await self.audience.send_all(game_id, error_frame(exc))
        delay = RETRY
        while self.audience.watched(game_id):
            await asyncio.sleep(delay)
            delay = min(2 * delay, RETRY_AFTER)
            try:
                table, _ = await self.ledger.get(game_id)
                async with self.ledger.lock(game_id):
                    if self.ledger.is_live(table):
                        await self.automatic_moves(table)
                await self.audience.broadcast(table, thinking=table.computer_to_move())
                await self._computer_moves(table)
                return
            except StoreUnavailable:
                self.ledger.drop(game_id)
                self.audience.forget(game_id)

    async def _computer_moves(self, table: Table) -> None:
        await asyncio.sleep(0)  # let the caller broadcast the human move first
        try:
            await self._computer_moves_of(table.id)
        finally:
            if self.cluster is not None:
                await self.cluster.drop(table.id, MOVE)

    async def _computer_moves_of(self, game_id: str) -> None:
        """The computer's moves of the game's live table (it may be read again meanwhile)."""
        while (table := self.ledger.tables.get(game_id)) is not None and table.computer_to_move():
            version, state, seat = table.version, table.state, table.to_move()
            assert seat is not None
            if not await self._lease(table, version):
                continue  # the game changed while another process held the lease
            agent = self._agent(table, seat)
            await self.audience.broadcast(table, thinking=True)
            action = await self.workers.move(agent.choose, state)
            async with self.ledger.lock(table.id):
                if not self.ledger.is_live(table) or table.version != version:
                    continue  # read again, undone or resigned meanwhile: think again if still needed
                if action not in state.legal_actions():
                    raise AsobibaError(f"it chose {table.describe(action)}, which is not legal here")
                try:
                    await self.ledger.play(table, action, then=self.due)
                except StaleGame:  # another process moved first: read the game again
                    await self.ledger.get(game_id)
                    continue
            await self.audience.broadcast(table)

    async def _lease(self, table: Table, version: int) -> bool:
        """Hold the game's move lease (always, for a process alone): True once held, False if the
        game changed or stopped being live while another process held it."""
        if self.cluster is None:
            return True
        tried = -TTL
        while self.ledger.is_live(table) and table.version == version:
            now = time.monotonic()
            if now - tried >= TTL / 3:
                if await self.cluster.take(table.id, MOVE):
                    return True
                tried = now
            await asyncio.sleep(LOOK)
        return False

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

    # -- hints ------------------------------------------------------------------------------------
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
            if self.cluster is not None and not await self.cluster.take(table.id, hint_lease(seat)):
                raise HintPending(HINT_PENDING)  # another process works it out
            try:
                analysis = await self.workers.hint(_analyse, state)
            finally:
                if self.cluster is not None:
                    await self.cluster.drop(table.id, hint_lease(seat))
        finally:
            self.hinting.discard((table.id, seat))
        hint = dict(analysis)
        hint.update(move_cells(state, analysis["action"]))
        hint["ply"] = plies
        return {"type": "hint", "hint": hint}


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


def _analyse(state: Any) -> dict[str, Any]:
    return analyse(state, seed=0).to_json()
