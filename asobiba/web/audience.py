"""Who watches each live game, and the frames they are sent: presence and fan-out.

A game's clients are its listeners; each holds the seats of the tokens it presented (none: a
spectator). Which seats have a client connected (``present``) is shown to everyone. Every change of
a game is broadcast as one moment (:class:`~.view.StateFrame`), encoded once for all its clients,
whole or as a delta from the moment before (:mod:`.frames`); the last one is kept while the game is
watched, so that a client asking again (``sync``) or connecting is answered without building it
anew. A client that cannot be reached
is let go (the rooms hear of it, :attr:`Audience.gone`). The listeners of a game go with its last
client. With several server processes, a seat also counts as present when another process has a
client holding it (:attr:`Audience.elsewhere`, kept by the rooms from :mod:`.cluster`).
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from .table import Table
from .view import StateFrame, full

Listener = Callable[[dict[str, Any] | StateFrame], Awaitable[None]]
"""A connected client: takes a frame (a ``state`` frame is shared by all the game's clients)."""


class Audience:
    """The connected clients of every live game of one server process.

    ``thinking``: whether the computer is working out a move for a table (shown in its frames);
    ``gone``: called with a client that could not be reached, to let it leave."""

    def __init__(self, thinking: Callable[[Table], bool], gone: Callable[[str, Listener], None]) -> None:
        self.thinking = thinking
        self.gone = gone
        self.listeners: dict[str, set[Listener]] = {}
        self.seated: dict[str, dict[Listener, tuple[int, ...]]] = {}
        """The seats each connected client of a game holds."""
        self.shown: dict[str, StateFrame] = {}
        """The last ``state`` frame broadcast to each watched game (a ``sync`` is answered with it)."""
        self.moments = itertools.count(secrets.randbelow(1 << 40) + 1)
        """The numbers of the moments shown (``v``): never the same twice in a process, and, from a
        random start, hardly ever the same as another process's."""
        self.elsewhere: dict[str, set[int]] = {}
        """The seats of each watched game that clients of other server processes hold."""

    # -- presence ---------------------------------------------------------------------------------
    def seat(self, game_id: str, listener: Listener, seats: tuple[int, ...]) -> None:
        """Note that ``listener`` holds ``seats`` (it hears nothing until :meth:`add`)."""
        self.listeners.get(game_id, set()).discard(listener)
        self.seated.setdefault(game_id, {})[listener] = seats

    def add(self, game_id: str, listener: Listener) -> None:
        """Let ``listener`` hear every change of the game from now on."""
        self.listeners.setdefault(game_id, set()).add(listener)

    def remove(self, game_id: str, listener: Listener) -> tuple[bool, bool] | None:
        """Let a client go: whether it held a seat, and whether the game is still watched (with
        its last client the game's listeners and last frame go); None if nobody watched it."""
        listeners = self.listeners.get(game_id)
        if listeners is None:
            return None
        listeners.discard(listener)
        seated = self.seated.get(game_id, {})
        held = bool(seated.pop(listener, ()))
        if not seated:
            self.seated.pop(game_id, None)
        if not listeners:
            del self.listeners[game_id]
            self.shown.pop(game_id, None)
            self.elsewhere.pop(game_id, None)
        return held, bool(listeners)

    def unseat(self, game_id: str, seat: int) -> None:
        """No client holds ``seat`` any more (it went to the computer): its former holder watches it."""
        seated = self.seated.get(game_id, {})
        for listener, seats in seated.items():
            seated[listener] = tuple(s for s in seats if s != seat)

    def watched(self, game_id: str) -> bool:
        return bool(self.listeners.get(game_id))

    def attended(self, game_id: str) -> bool:
        """Whether a client of the game is connected or connecting (seated, not yet listening)."""
        return game_id in self.seated or self.watched(game_id)

    def seats_of(self, game_id: str, listener: Listener) -> tuple[int, ...]:
        """The seats a connected client holds."""
        return self.seated.get(game_id, {}).get(listener, ())

    def here(self, game_id: str) -> set[int]:
        """The seats held by a client of this process."""
        return {s for seats in self.seated.get(game_id, {}).values() for s in seats}

    def present(self, game_id: str) -> set[int]:
        """The seats held by a connected client (of any process)."""
        return self.here(game_id) | self.elsewhere.get(game_id, set())

    # -- fan-out ----------------------------------------------------------------------------------
    async def broadcast(self, table: Table, thinking: bool = False) -> None:
        """A ``state`` frame to every client of the game."""
        if not self.listeners.get(table.id):
            return
        thinking = thinking or self.thinking(table)
        game = full(table, thinking=thinking, present=self.present(table.id))
        frame = self.shown[table.id] = StateFrame(game, next(self.moments), self.shown.get(table.id))
        await self.send_all(table.id, frame)

    async def send_all(self, game_id: str, frame: dict[str, Any] | StateFrame) -> None:
        """``frame`` to every client of a game; a client that cannot be reached leaves."""
        for listener in list(self.listeners.get(game_id, ())):
            try:
                await listener(frame)
            except Exception:
                self.gone(game_id, listener)

    def state_frame(self, table: Table) -> StateFrame:
        """The game's ``state`` frame now: the one last broadcast (every change is broadcast), or
        built and kept for the next clients to ask while the game is watched."""
        frame = self.shown.get(table.id)
        if frame is None:
            frame = StateFrame(full(table, self.thinking(table), self.present(table.id)), next(self.moments))
            if self.listeners.get(table.id):
                self.shown[table.id] = frame
        return frame

    def forget(self, game_id: str) -> None:
        """Drop the game's last frame (what is stored is reloaded: a write failed)."""
        self.shown.pop(game_id, None)
