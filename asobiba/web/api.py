"""HTTP routes of the web table (docs/web.md, "HTTP API").

Bodies are read by hand (:mod:`.bodies`: strict models with limits) so that every bad input gets
a one-line JSON message (``{"error": "..."}``, plus ``"text": {"ja", "en"}`` when the server says it
in both languages; HTTP 400, or 404 for what does not exist) and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ..core.position import parse_json
from ..core.registry import make_game
from .bodies import NewGameBody, RecordBody, SetupBody, read_body
from .lobby import lobby_games, setup
from .lobby import preview as board_preview
from .protocol import Command, ProtocolError, parse_move, parse_verb
from .rooms import Rooms
from .solutions import SolutionBuilds
from .view import frame, listed, summary

router = APIRouter(prefix="/api")


def rooms_of(request: Request) -> Rooms:
    return request.app.state.rooms


async def json_body(request: Request) -> Any:
    return parse_json(await request.body() or b"null", ProtocolError, "the request body: ")


@router.get("/catalog")
async def get_lobby() -> dict[str, Any]:
    """The games offered at the web table as their descriptors declare them, and the levels."""
    return lobby_games()


@router.post("/setup")
async def post_setup(request: Request, preview: bool = False) -> dict[str, Any]:
    """Check ``{"game","options"}``; answer the normalized options, seat names and first mover
    (``?preview=true``: also the starting board as SVG)."""
    body, _ = read_body(await request.body(), SetupBody)
    answer = setup(body.game, body.options)
    if preview:
        answer["preview"] = board_preview(make_game(answer["game"], answer["options"]))
    return answer


@router.post("/games", status_code=201)
async def create_game(request: Request) -> dict[str, Any]:
    body, _ = read_body(await request.body(), NewGameBody)
    table = await rooms_of(request).create(body.game, body.options, body.seats, body.seed, body.meta)
    return {"id": table.id, "url": f"/game/{table.id}"}


@router.get("/games")
async def list_games(request: Request, status: str | None = None) -> list[dict[str, Any]]:
    if status not in (None, "playing", "finished"):
        raise ProtocolError("status must be 'playing' or 'finished'")
    store = rooms_of(request).store
    return await asyncio.to_thread(lambda: [listed(entry) for entry in store.listing(status)])


@router.get("/games/{game_id}")
async def get_game(request: Request, game_id: str) -> dict[str, Any]:
    return summary(await rooms_of(request).get(game_id))


@router.post("/games/{game_id}/moves")
async def post_move(request: Request, game_id: str, wait: bool = False) -> dict[str, Any]:
    """Play a move for the person to move (``?wait=true``: return after the computer replied)."""
    rooms = rooms_of(request)
    await rooms.command(game_id, parse_move(await json_body(request)))
    if wait:
        await rooms.wait_idle(game_id)
    return summary(await rooms.get(game_id))


async def _simple(request: Request, game_id: str, kind: str) -> dict[str, Any]:
    rooms = rooms_of(request)
    await rooms.command(game_id, Command(kind))
    return summary(await rooms.get(game_id))


@router.post("/games/{game_id}/undo")
async def post_undo(request: Request, game_id: str) -> dict[str, Any]:
    return await _simple(request, game_id, "undo")


@router.post("/games/{game_id}/resign")
async def post_resign(request: Request, game_id: str) -> dict[str, Any]:
    return await _simple(request, game_id, "resign")


@router.post("/games/{game_id}/verbs/{verb}")
async def post_verb(request: Request, game_id: str, verb: str) -> dict[str, Any]:
    """Play one of the game's verbs (e.g. a declaration) if it is legal now."""
    rooms = rooms_of(request)
    await rooms.command(game_id, parse_verb(verb))
    return summary(await rooms.get(game_id))


@router.post("/games/{game_id}/hint")
async def post_hint(request: Request, game_id: str) -> dict[str, Any]:
    rooms = rooms_of(request)
    reply = await rooms.hint(await rooms.get(game_id))
    return reply["hint"]


@router.get("/games/{game_id}/frames/{ply}")
async def get_frame(request: Request, game_id: str, ply: int) -> dict[str, Any]:
    table = await rooms_of(request).get(game_id)
    if not 0 <= ply <= table.plies:
        raise ProtocolError(f"ply must be between 0 and {table.plies}")
    return frame(table, ply)


@router.get("/games/{game_id}/record")
async def get_record(request: Request, game_id: str) -> Response:
    """The game as a core Record (``asobiba-record/1`` JSON), as a download."""
    table = await rooms_of(request).get(game_id)
    body = json.dumps(table.record_json(), ensure_ascii=False, indent=1)
    filename = f"asobiba-{table.game.id}-{table.id}.json"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.post("/records", status_code=201)
async def upload_record(request: Request) -> JSONResponse:
    """Open an uploaded record (checked move by move, its result recomputed) for replay."""
    _, record = read_body(await request.body(), RecordBody, "the record")
    table = await rooms_of(request).import_record(record)
    return JSONResponse({"id": table.id, "url": f"/replay/{table.id}"}, status_code=201)


def solutions_of(request: Request) -> SolutionBuilds:
    return request.app.state.solutions


@router.get("/solutions/{game}/{variant}")
async def get_solutions(request: Request, game: str, variant: str) -> dict[str, Any]:
    """The solution table of a game's variant: missing, building (with progress), ready, error."""
    return await solutions_of(request).status(game, variant)


@router.post("/solutions/{game}/{variant}")
async def build_solutions(request: Request, game: str, variant: str) -> JSONResponse:
    """Start building the table in the background (202); a running or finished one just answers its status."""
    started, status = await solutions_of(request).build(game, variant)
    return JSONResponse(status, status_code=202 if started else 200)
