"""The game WebSocket ``/ws/games/{id}`` (docs/web.md, "WebSocket protocol").

On connect the server sends a ``state`` frame; after every change of the game (by any client or the
computer) every connected client gets a new ``state`` frame. Commands that fail get an ``error``
frame for the sender only and change nothing; a ``hint`` frame also goes to the sender only. A
computer that fails to move sends an ``error`` frame to every client of the game.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..core.errors import AsobibaError
from .errors import GameNotFound, error_frame
from .protocol import parse_frame
from .rooms import Rooms
from .view import full

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()

    async def send(frame: dict[str, Any]) -> None:
        await websocket.send_json(frame)

    try:
        table = await rooms.join(game_id, send)
    except GameNotFound as exc:
        await send(error_frame(exc))
        await websocket.close(code=4404)
        return
    try:
        await send({"type": "state", "game": full(table, thinking=rooms.is_thinking(table))})
        while True:
            text = await websocket.receive_text()
            try:
                cmd = parse_frame(text)
                reply = await rooms.command(game_id, cmd)
                if cmd.kind == "sync":
                    table = await rooms.get(game_id)
                    reply = {"type": "state", "game": full(table, rooms.is_thinking(table))}
            except AsobibaError as exc:
                reply = error_frame(exc)
            if reply is not None:
                await send(reply)
    except WebSocketDisconnect:
        pass
    finally:
        rooms.leave(game_id, send)
