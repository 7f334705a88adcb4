"""The game WebSocket ``/ws/games/{id}`` (docs/protocol.md, "WebSocket protocol").

On connect the server sends a ``state`` frame; after every change of the game (by any client or the
computer) every connected client gets a new frame: a ``state`` frame (protocol 1), or, for a client
that offered the subprotocol ``asobiba.2``, a ``delta`` frame from the moment it was last sent
(protocol 2, :mod:`.frames`; docs/protocol.md, "Delta frames"), the whole state again when it asks
(``sync``, ``auth``) or its waiting frame was replaced by a newer one. Commands that fail get an ``error``
frame for the sender only and change nothing; a ``hint`` frame also goes to the sender only. A
computer that fails to move sends an ``error`` frame to every client of the game.

A client holds the seats of the tokens it presents — when connecting, as WebSocket subprotocols
``token.<token>`` beside ``asobiba`` (never in the URL, which lands in logs), or later in an
``auth`` frame; without any it is a spectator — and it acts only for those seats (the rooms check
each command). Each client's ``state`` frames say which seats it holds (``you``) and list legal
moves only when one of them is to move; the game's options and meta go with its first one only
(docs/protocol.md, "WebSocket protocol": options and meta, once a connection).

Slow or broken clients never hold up the others (docs/operations.md, "Slow clients"): every frame for a
client goes through its own queue of at most :data:`SEND_QUEUE` frames, sent by a task of its own,
so a broadcast never waits for anyone. A client whose queue overflows, or that has not taken a frame
within :data:`SEND_TIMEOUT` seconds, is disconnected (close code :data:`TOO_SLOW`) and the game goes
on. Any bad frame — not JSON, not a command, binary, too many too fast — gets an ``error`` frame and
changes nothing; the socket stays open, except for a client that goes on flooding past its rate
limit (1008), a frame over 1 MB (1009, closed by the server's WebSocket layer) and a failure of the
server itself (1011). An unknown game closes with 4404, as does a path that is no game id
(:mod:`.ids`); a game the database cannot be asked for (it does not answer) closes with 1013, try
again later, after an ``error`` frame that says so. A command under way when its client goes
away is carried out to the end (it is shielded), so every other client still hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from typing import Any

from fastapi import APIRouter, WebSocket

from ..core.errors import AsobibaError
from . import frames
from .errors import GameNotFound, StoreUnavailable, error_frame
from .ids import GAME_ID_PATTERN
from .limits import ADDRESS_FRAMES, FrameLimit, Limits, RateLimited
from .protocol import MAX_TOKENS, ProtocolError, parse_frame
from .rooms import Rooms
from .table import Table
from .view import StateFrame, dumps

log = logging.getLogger("asobiba.web")

SUBPROTOCOL = "asobiba"
TOKEN_PREFIX = "token."

SEND_QUEUE = 64
"""The most frames waiting for one client."""
SEND_BYTES = 1024 * 1024
"""The most bytes of frames waiting for one client (a client that does not read costs no more)."""
SEND_TIMEOUT = 10.0
"""Seconds one frame may take to go out to a client."""
TOO_SLOW, FLOODING, SERVER_FAILED, NO_GAME, TRY_AGAIN = 4408, 1008, 1011, 4404, 1013
"""Close codes: the client did not take its frames in time; it kept sending past its rate limit;
the server failed on a frame; no such game; the database does not answer (try again later)."""


class Outbox:
    """The frames waiting for one client, sent in order by :meth:`run` (see the module docstring).

    At most :data:`SEND_QUEUE` frames and :data:`SEND_BYTES` bytes wait; a frame of a moment of the
    game (``state`` or ``delta``) replaces one not sent yet (a client needs only the newest), so a
    client that reads slowly is sent fewer moments rather than every one."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.frames: deque[tuple[str, int, bool, int | None]] = deque()
        """The frames waiting: text, size in bytes, whether a newer moment replaces it, the number
        of its moment (None: not a moment)."""
        self.sent: int | None = None
        """The moment last taken out to be sent (a delta from it is what the client can apply)."""
        self.bytes = 0
        self.ready = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.stuck = asyncio.Event()
        """Set when the client fell behind (queue full, or a frame not taken in time)."""

    def put(self, text: str, state: bool = False, moment: int | None = None) -> None:
        """Queue a frame's JSON ``text`` (never waits); ``state``: a newer moment replaces it while
        it waits; ``moment``: the number of the moment it shows."""
        size = len(text.encode())
        if state:
            for i, (_, old, was_state, _) in enumerate(self.frames):
                if was_state:
                    del self.frames[i]
                    self.bytes -= old
                    break
        if len(self.frames) >= SEND_QUEUE or self.bytes + size > SEND_BYTES:
            self.stuck.set()
            return
        self.frames.append((text, size, state, moment))
        self.bytes += size
        self.idle.clear()
        self.ready.set()

    async def run(self) -> None:
        """Send the frames as they come, until the client falls behind or goes away."""
        while True:
            while not self.frames:
                self.idle.set()
                self.ready.clear()
                await self.ready.wait()
            text, size, _, moment = self.frames.popleft()
            self.bytes -= size
            if moment is not None:
                self.sent = moment
            try:
                async with asyncio.timeout(SEND_TIMEOUT):  # in this task: no task of its own per frame
                    await self.websocket.send_text(text)
            except TimeoutError:
                self.stuck.set()
                return
            except Exception:  # the client is gone; the receiver hears of it too
                return

    async def flush(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until every queued frame is sent."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.idle.wait(), timeout)


router = APIRouter()


@router.websocket("/ws/games/{game_id:game}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    await Connection(websocket, game_id).serve()


@router.websocket("/ws/games/{other:path}")
async def no_such_game(websocket: WebSocket, other: str) -> None:
    """A path that is no game id (:mod:`.ids`): closed as an unknown game is, the store never asked."""
    await websocket.accept(subprotocol=_subprotocol(list(websocket.scope.get("subprotocols") or [])))
    await _refuse(websocket, GameNotFound(f"no game with this id (a game id is {GAME_ID_PATTERN})"))


async def _refuse(websocket: WebSocket, exc: AsobibaError, code: int = NO_GAME) -> None:
    """Say why in an error frame and close (no such game, unless told)."""
    await websocket.send_json(error_frame(exc))
    await websocket.close(code=code)


def _subprotocol(offered: list[str]) -> str | None:
    """The subprotocol answered to the ones a client offered (the newest it speaks)."""
    if frames.SUBPROTOCOL in offered:
        return frames.SUBPROTOCOL
    return SUBPROTOCOL if SUBPROTOCOL in offered else None


class Connection:
    """One client's WebSocket to one game: the seats it holds, its outbox, and the frames it sends
    carried out one at a time (see the module docstring)."""

    def __init__(self, websocket: WebSocket, game_id: str) -> None:
        self.websocket = websocket
        self.game_id = game_id
        self.rooms: Rooms = websocket.app.state.rooms
        self.limits: Limits | None = getattr(websocket.app.state, "limits", None)
        offered = list(websocket.scope.get("subprotocols") or [])
        self.deltas = frames.SUBPROTOCOL in offered
        """Whether the client speaks protocol 2 (it is sent delta frames)."""
        self.subprotocol = _subprotocol(offered)
        self.tokens = [p.removeprefix(TOKEN_PREFIX) for p in offered if p.startswith(TOKEN_PREFIX)]
        """The seat tokens the client presented (when connecting, or later in an ``auth`` frame)."""
        self.outbox = Outbox(websocket)
        self.table: Table | None = None
        """The game as last loaded (set on joining, before any frame is read)."""
        self.first_shown = False
        """Whether the client has had its first state frame (the only one with the game's options
        and meta)."""

    async def serve(self) -> None:
        """Accept the client, join its game and serve it until it leaves or must be closed."""
        await self.websocket.accept(subprotocol=self.subprotocol)
        if len(self.tokens) > MAX_TOKENS:
            await self.websocket.send_json(error_frame(ProtocolError(
                f"a connection may present at most {MAX_TOKENS} seat tokens, not {len(self.tokens)}")))
            await self.websocket.close(code=FLOODING)
            return
        try:
            self.table = await self.rooms.join(self.game_id, self.send, self.tokens[:MAX_TOKENS])
        except GameNotFound as exc:
            await _refuse(self.websocket, exc)
            return
        except StoreUnavailable as exc:  # said once in the log by the store, not per connection
            await _refuse(self.websocket, exc, TRY_AGAIN)
            return
        except AsobibaError as exc:  # a token of no seat here: watch, and say why
            self.tokens = []
            self.table = await self.rooms.join(self.game_id, self.send)
            await self.send(error_frame(exc))
        sender = asyncio.create_task(self.outbox.run())
        receiver = asyncio.create_task(self.receive())
        stuck = asyncio.create_task(self.outbox.stuck.wait())
        try:
            await self.send(self.state())
            await asyncio.wait({sender, receiver, stuck}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.rooms.leave(self.game_id, self.send)
            receiver.cancel()
            stuck.cancel()
        code = TOO_SLOW if self.outbox.stuck.is_set() else _close_code(receiver)
        if code is not None and code != TOO_SLOW:
            await self.outbox.flush(1.0)
        sender.cancel()
        if code is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.websocket.close(code=code), 1.0)

    async def send(self, frame: dict[str, Any] | StateFrame, whole: bool = False) -> None:
        """Queue a frame for the client (this method is the client's listener in the rooms): a
        moment as a delta from the last one sent when the client takes deltas, unless ``whole``."""
        if isinstance(frame, StateFrame):  # the game's options and meta go with the first state only
            seats = self.rooms.seats_of(self.game_id, self.send)
            since = self.outbox.sent if self.deltas and not whole else None
            self.outbox.put(frame.text(seats, first=not self.first_shown, since=since,
                                       protocol=frames.PROTOCOL if self.deltas else 1),
                            state=self.first_shown, moment=frame.v)
            self.first_shown = True
        else:
            self.outbox.put(dumps(frame))

    def state(self) -> StateFrame:
        assert self.table is not None
        return self.rooms.state_frame(self.table)

    async def answer(self, text: str | None) -> dict[str, Any] | StateFrame | None:
        """Carry out one frame from the client; the reply for it alone, if any."""
        if text is None:
            raise ProtocolError("frames must be JSON text, not binary")
        cmd = parse_frame(text)
        if cmd.kind == "auth":
            self.table = await self.rooms.join(self.game_id, self.send, list(cmd.tokens))
            self.tokens = list(cmd.tokens)
            return self.state()
        reply: dict[str, Any] | StateFrame | None = await self.rooms.command(self.game_id, cmd, self.tokens)
        if cmd.kind == "sync":
            self.table = await self.rooms.get(self.game_id)
            reply = self.state()
        return reply

    async def receive(self) -> int | None:
        """Read and answer frames until the client leaves (None) or must be closed (the code)."""
        limits = self.limits
        limit = FrameLimit(limits, self.websocket.scope.get(ADDRESS_FRAMES)) if limits is not None else None
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return None
            try:
                if limit is not None:
                    limit.check()
                reply = await asyncio.shield(self.answer(message.get("text")))
            except RateLimited as exc:
                if limit is not None and limit.exhausted:
                    return FLOODING
                reply = error_frame(exc) if limit is not None and limit.strikes == 1 else None
            except AsobibaError as exc:
                reply = error_frame(exc)
            except Exception:
                log.exception("game socket %s failed on a frame", self.game_id)
                await self.send(error_frame(AsobibaError("the server failed on this message")))
                return SERVER_FAILED
            if reply is not None:
                await self.send(reply, whole=True)  # a client that asks is sent the whole state


def _close_code(receiver: asyncio.Task[int | None]) -> int | None:
    """The close code the receiver ended with (None: the client left, or it did not end)."""
    if not receiver.done() or receiver.cancelled() or receiver.exception() is not None:
        return None
    return receiver.result()
