"""The game WebSocket ``/ws/games/{id}`` (docs/protocol.md, "WebSocket protocol").

On connect the server sends a ``state`` frame; after every change of the game (by any client or the
computer) every connected client gets a new ``state`` frame. Commands that fail get an ``error``
frame for the sender only and change nothing; a ``hint`` frame also goes to the sender only. A
computer that fails to move sends an ``error`` frame to every client of the game.

A client holds the seats of the tokens it presents — when connecting, as WebSocket subprotocols
``token.<token>`` beside ``asobiba`` (never in the URL, which lands in logs), or later in an
``auth`` frame; without any it is a spectator. Each client's ``state`` frames say which seats it
holds (``you``) and list legal moves only when one of them is to move.

Slow or broken clients never hold up the others (docs/operations.md, "Slow clients"): every frame for a
client goes through its own queue of at most :data:`SEND_QUEUE` frames, sent by a task of its own,
so a broadcast never waits for anyone. A client whose queue overflows, or that has not taken a frame
within :data:`SEND_TIMEOUT` seconds, is disconnected (close code :data:`TOO_SLOW`) and the game goes
on. Any bad frame — not JSON, not a command, binary, too many too fast — gets an ``error`` frame and
changes nothing; the socket stays open, except for a client that goes on flooding past its rate
limit (1008), a frame over 1 MB (1009, closed by the server's WebSocket layer) and a failure of the
server itself (1011). An unknown game closes with 4404. A command under way when its client goes
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
from .errors import GameNotFound, error_frame
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
TOO_SLOW, FLOODING, SERVER_FAILED, NO_GAME = 4408, 1008, 1011, 4404
"""Close codes: the client did not take its frames in time; it kept sending past its rate limit;
the server failed on a frame; no such game."""


class Outbox:
    """The frames waiting for one client, sent in order by :meth:`run` (see the module docstring).

    At most :data:`SEND_QUEUE` frames and :data:`SEND_BYTES` bytes wait; a ``state`` frame replaces
    one not sent yet (a client needs only the newest state), so a client that reads slowly is sent
    fewer states rather than every one."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.frames: deque[tuple[str, int, bool]] = deque()
        """The frames waiting: text, size in bytes, whether it is a ``state`` frame."""
        self.bytes = 0
        self.ready = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.stuck = asyncio.Event()
        """Set when the client fell behind (queue full, or a frame not taken in time)."""

    def put(self, text: str, state: bool = False) -> None:
        """Queue a frame's JSON ``text`` (never waits)."""
        size = len(text.encode())
        if state:
            for i, (_, old, was_state) in enumerate(self.frames):
                if was_state:
                    del self.frames[i]
                    self.bytes -= old
                    break
        if len(self.frames) >= SEND_QUEUE or self.bytes + size > SEND_BYTES:
            self.stuck.set()
            return
        self.frames.append((text, size, state))
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
            text, size, _ = self.frames.popleft()
            self.bytes -= size
            try:
                await asyncio.wait_for(self.websocket.send_text(text), SEND_TIMEOUT)
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


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    rooms: Rooms = websocket.app.state.rooms
    offered = list(websocket.scope.get("subprotocols") or [])
    tokens = [p.removeprefix(TOKEN_PREFIX) for p in offered if p.startswith(TOKEN_PREFIX)]
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    if len(tokens) > MAX_TOKENS:
        await websocket.send_json(error_frame(ProtocolError(
            f"a connection may present at most {MAX_TOKENS} seat tokens, not {len(tokens)}")))
        await websocket.close(code=FLOODING)
        return

    outbox = Outbox(websocket)
    table: Table  # the game as last loaded (set below, before any frame is read)
    meta_shown = False

    async def send(frame: dict[str, Any] | StateFrame) -> None:
        nonlocal meta_shown
        if isinstance(frame, StateFrame):  # the game's meta goes with the first state only
            outbox.put(frame.text(rooms.seats_of(game_id, send), meta=not meta_shown),
                       state=meta_shown)
            meta_shown = True
        else:
            outbox.put(dumps(frame))

    def state() -> StateFrame:
        return rooms.state_frame(table)

    async def answer(text: str | None) -> dict[str, Any] | StateFrame | None:
        """Carry out one frame from the client; the reply for it alone, if any."""
        nonlocal table, tokens
        if text is None:
            raise ProtocolError("frames must be JSON text, not binary")
        cmd = parse_frame(text)
        if cmd.kind == "auth":
            table = await rooms.join(game_id, send, list(cmd.tokens))
            tokens = list(cmd.tokens)
            return state()
        reply: dict[str, Any] | StateFrame | None = await rooms.command(game_id, cmd, tokens)
        if cmd.kind == "sync":
            table = await rooms.get(game_id)
            reply = state()
        return reply

    async def receive() -> int | None:
        """Read and answer frames until the client leaves (None) or must be closed (the code)."""
        limit = FrameLimit(limits, websocket.scope.get(ADDRESS_FRAMES)) if limits is not None else None
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return None
            try:
                if limit is not None:
                    limit.check()
                reply = await asyncio.shield(answer(message.get("text")))
            except RateLimited as exc:
                if limit is not None and limit.exhausted:
                    return FLOODING
                reply = error_frame(exc) if limit is not None and limit.strikes == 1 else None
            except AsobibaError as exc:
                reply = error_frame(exc)
            except Exception:
                log.exception("game socket %s failed on a frame", game_id)
                await send(error_frame(AsobibaError("the server failed on this message")))
                return SERVER_FAILED
            if reply is not None:
                await send(reply)

    limits: Limits | None = getattr(websocket.app.state, "limits", None)
    try:
        table = await rooms.join(game_id, send, tokens[:MAX_TOKENS])
    except GameNotFound as exc:
        await websocket.send_json(error_frame(exc))
        await websocket.close(code=NO_GAME)
        return
    except AsobibaError as exc:  # a token of no seat here: watch, and say why
        tokens = []
        table = await rooms.join(game_id, send)
        await send(error_frame(exc))
    sender = asyncio.create_task(outbox.run())
    receiver = asyncio.create_task(receive())
    stuck = asyncio.create_task(outbox.stuck.wait())
    try:
        await send(state())
        await asyncio.wait({sender, receiver, stuck}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        rooms.leave(game_id, send)
        receiver.cancel()
        stuck.cancel()
    code = TOO_SLOW if outbox.stuck.is_set() else _close_code(receiver)
    if code is not None and code != TOO_SLOW:
        await outbox.flush(1.0)
    sender.cancel()
    if code is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(code=code), 1.0)


def _close_code(receiver: asyncio.Task[int | None]) -> int | None:
    """The close code the receiver ended with (None: the client left, or it did not end)."""
    if not receiver.done() or receiver.cancelled() or receiver.exception() is not None:
        return None
    return receiver.result()
