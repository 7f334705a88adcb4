"""HTTP routes of the web table (docs/protocol.md, "HTTP API").

Bodies are read by hand (:mod:`.bodies`: strict models with limits) so that every bad input gets
a one-line JSON message (``{"error": "..."}``, plus ``"text": {"ja", "en"}`` when the server says it
in both languages; HTTP 400, 401 without a seat's token, 403 with a token or invite that does not
hold the seat, 404 for what does not exist, 409 for a new game, setup or record that fits its
schema but that the game's rules refuse all the same) and changes nothing.

Acting requests (moves, undo, takeback answers, resign, verbs, hints, seats given to the computer,
seats' names, rematch answers)
carry ``Authorization: Bearer <token>`` of the seat they act for (docs/protocol.md, "Seat tokens").
Reading a game, its record and its replay needs no token: a game's link is enough to watch it.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar
from weakref import WeakKeyDictionary

import segno
from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import JSONResponse, Response

from ..core.registry import make_game
from .bodies import (
    ComputerSeatBody,
    HeldBody,
    JoinBody,
    NameBody,
    NewGameBody,
    QrBody,
    RecordBody,
    RematchBody,
    ResignBody,
    SetupBody,
    TakebackBody,
    read_body,
    read_json,
)
from .contract import (
    Catalog,
    Created,
    Frame,
    Game,
    Hint,
    Joined,
    Listed,
    Qr,
    Record,
    Setup,
    SolutionStatus,
    Uploaded,
    answers,
    game_refusals,
)
from .holders import bearer, digest
from .ids import GameIdPath
from .lobby import lobby_games, setup
from .lobby import preview as board_preview
from .protocol import Command, parse_move, parse_verb
from .rooms import Rooms
from .solutions import SolutionBuilds
from .table import SPECTATOR, Table
from .view import frame, listed, summary

router = APIRouter(prefix="/api")
T = TypeVar("T")
_RECORDS: WeakKeyDictionary[Table, str] = WeakKeyDictionary()
"""The record download of each uploaded record in memory (it never changes)."""


def rooms_of(request: Request) -> Rooms:
    return request.app.state.rooms


def tokens_of(request: Request) -> list[str]:
    """The seat token of an acting request (``Authorization: Bearer``), as the rooms take it;
    without one the request is a spectator's, refused (401) before anything else is read."""
    token = bearer(request.headers.get("authorization"))
    if not token:
        raise SPECTATOR
    return [token]


Tokens = Depends(tokens_of)


async def json_body(request: Request) -> Any:
    return read_json(await request.body())


@router.get("/catalog", response_model=None, responses={200: answers(Catalog)})
async def get_lobby() -> dict[str, Any]:
    """The games offered at the web table as their descriptors declare them, and the levels."""
    return lobby_games()


@router.post("/setup", response_model=None, responses={200: answers(Setup)})
async def post_setup(request: Request, preview: bool = False) -> dict[str, Any]:
    """Check ``{"game","options"}``; answer the normalized options, seat names and first mover
    (``?preview=true``: also the starting board as SVG)."""
    body, data = read_body(await request.body(), SetupBody)
    async with game_refusals(SetupBody, data):
        answer = setup(body.game, body.options)
    if preview:
        answer["preview"] = board_preview(make_game(answer["game"], answer["options"]))
    return answer


@router.post("/games", status_code=201, response_model=None, responses={201: answers(Created)})
async def create_game(request: Request) -> JSONResponse:
    """A new game; the creator's token (it holds every person's seat not invited) and, per seat,
    the invite link of an invited one (answered as it is: plain JSON, nothing for FastAPI to
    convert)."""
    body, data = read_body(await request.body(), NewGameBody)
    async with game_refusals(NewGameBody, data):
        table, token, invites = await rooms_of(request).create(
            body.game, body.options, body.seats, body.seed, body.meta
        )
    seats = [
        {"seat": i, "type": "invite" if i in invites else seat.kind,
         **({"invite": invite_url(table.id, i, invites[i])}
                                             if i in invites else {})}
        for i, seat in enumerate(table.seats)
    ]
    mine = [token if table.is_human(i) and i not in invites else None for i in range(len(seats))]
    return JSONResponse({"id": table.id, "url": f"/game/{table.id}", "token": token, "tokens": mine,
                         "seats": seats}, status_code=201)


def invite_url(game_id: str, seat: int, invite: str) -> str:
    """The page that takes seat ``seat`` with ``invite`` (its last path segment is the invite)."""
    return f"/game/{game_id}/join/{seat}/{invite}"


@router.post("/games/{game_id:game}/seats/{seat}/join", response_model=None, responses={200: answers(Joined)})
async def join_seat(request: Request, game_id: GameIdPath, seat: int) -> dict[str, Any]:
    """Take an invited seat: ``{"invite": "..."}`` → ``{"token"}`` (each invite works once)."""
    body, _ = read_body(await request.body(), JoinBody)
    token = await rooms_of(request).claim(game_id, seat, body.invite)
    return {"token": token, "seat": seat, "url": f"/game/{game_id}"}


@router.post("/games/{game_id:game}/seats/{seat}/computer", response_model=None,
             responses={200: answers(Game)})
async def seat_to_computer(
    request: Request, game_id: GameIdPath, seat: int, tokens: list[str] = Tokens
) -> dict[str, Any]:
    """Give a person's seat to the computer at ``{"level"}`` (its holder, or the creator for a
    seat still open)."""
    body, _ = read_body(await request.body(), ComputerSeatBody)
    rooms = rooms_of(request)
    await rooms.give_to_computer(game_id, seat, body.level, tokens)
    return summary(await rooms.get(game_id), rooms.present(game_id))


@router.post("/games/{game_id:game}/seats/{seat}/name", response_model=None, responses={200: answers(Game)})
async def name_seat(
    request: Request, game_id: GameIdPath, seat: int, tokens: list[str] = Tokens
) -> dict[str, Any]:
    """Give a person's seat ``{"name"}`` (its holder only; ``""`` takes the name away)."""
    body, _ = read_body(await request.body(), NameBody)
    rooms = rooms_of(request)
    await rooms.set_name(game_id, seat, body.name, tokens)
    return summary(await rooms.get(game_id), rooms.present(game_id))


@router.post("/games/{game_id:game}/rematch", response_model=None, responses={200: answers(Game)})
async def post_rematch(request: Request, game_id: GameIdPath, tokens: list[str] = Tokens) -> dict[str, Any]:
    """Offer or accept (``{"accept": true}``) or decline a finished game's rematch; once every
    device accepted, ``rematch.game`` names the new game, where each token holds its new seats."""
    body, _ = read_body(await request.body(), RematchBody)
    rooms = rooms_of(request)
    table = await rooms.rematch(game_id, body.accept, tokens)
    return summary(table, rooms.present(game_id))


@router.post("/games/held", response_model=None, responses={200: answers(list[Listed])})
async def held_games(
    request: Request, status: Literal["playing", "finished"] | None = None
) -> list[dict[str, Any]]:
    """The games in which one of ``{"tokens": [...]}`` holds a seat (a browser's own games),
    newest first. Nobody else's games are listed."""
    body, _ = read_body(await request.body(), HeldBody)
    store = rooms_of(request).ledger.store
    digests = [digest(t) for t in body.tokens]

    def read() -> list[dict[str, Any]]:
        return [listed(e) for e in store.listing(status, ids=store.held(digests))]

    return await asyncio.to_thread(read)


async def off_loop(request: Request, table: Table, work: Callable[[], T]) -> T:
    """``work`` (reading ``table``) in a worker thread when nothing else can change the table (an
    uploaded record, or a finished game read afresh for this request), else here: a game of
    20,000 plies takes a good part of a second to describe, and the other games go on meanwhile."""
    if table.replay_only or not rooms_of(request).ledger.is_live(table):
        return await asyncio.to_thread(work)
    return work()


@router.get("/games/{game_id:game}", response_model=None, responses={200: answers(Game)})
async def get_game(request: Request, game_id: GameIdPath) -> dict[str, Any]:
    rooms = rooms_of(request)
    table = await rooms.get(game_id)
    present = rooms.present(game_id)
    return await off_loop(request, table, lambda: summary(table, present))


async def _act(request: Request, game_id: str, cmd: Command, tokens: list[str]) -> dict[str, Any]:
    rooms = rooms_of(request)
    await rooms.command(game_id, cmd, tokens)
    return summary(await rooms.get(game_id), rooms.present(game_id))


@router.post("/games/{game_id:game}/moves", response_model=None, responses={200: answers(Game)})
async def post_move(
    request: Request, game_id: GameIdPath, wait: bool = False, tokens: list[str] = Tokens
) -> dict[str, Any]:
    """Play a move for the seat to move (``?wait=true``: return after the computer replied)."""
    rooms = rooms_of(request)
    await rooms.command(game_id, parse_move(await json_body(request)), tokens)
    if wait:
        await rooms.wait_idle(game_id)
    return summary(await rooms.get(game_id), rooms.present(game_id))


@router.post("/games/{game_id:game}/undo", response_model=None, responses={200: answers(Game)})
async def post_undo(request: Request, game_id: GameIdPath, tokens: list[str] = Tokens) -> dict[str, Any]:
    """Take back (between devices: ask the others to accept a takeback)."""
    return await _act(request, game_id, Command("undo"), tokens)


@router.post("/games/{game_id:game}/takeback", response_model=None, responses={200: answers(Game)})
async def post_takeback(
    request: Request, game_id: GameIdPath, tokens: list[str] = Tokens
) -> dict[str, Any]:
    """Answer another device's takeback request: ``{"accept": true|false}``."""
    body, _ = read_body(await request.body(), TakebackBody)
    return await _act(request, game_id, Command("takeback", accept=body.accept), tokens)


@router.post("/games/{game_id:game}/resign", response_model=None, responses={200: answers(Game)})
async def post_resign(request: Request, game_id: GameIdPath, tokens: list[str] = Tokens) -> dict[str, Any]:
    """Resign the seats ``{"seats": [...]}`` names, each one the token holds (no body: every
    person's seat it holds; a token holding every seat names the one that resigns)."""
    raw = await request.body()
    seats = read_body(raw, ResignBody)[0].seats if raw.strip() else None
    return await _act(request, game_id, Command("resign", seats=None if seats is None else tuple(seats)),
                      tokens)


@router.post("/games/{game_id:game}/stop", response_model=None, responses={200: answers(Game)})
async def post_stop(request: Request, game_id: GameIdPath, tokens: list[str] = Tokens) -> dict[str, Any]:
    """Stop a game between computers (its creator's token): it ends as a draw, ``reason: "stopped"``."""
    rooms = rooms_of(request)
    table = await rooms.stop(game_id, tokens)
    return summary(table, rooms.present(game_id))


@router.post("/games/{game_id:game}/verbs/{verb}", response_model=None, responses={200: answers(Game)})
async def post_verb(
    request: Request, game_id: GameIdPath, verb: Annotated[str, Path(pattern=r"\S")],
    tokens: list[str] = Tokens,
) -> dict[str, Any]:
    """Play one of the game's verbs (e.g. a declaration) if it is legal now."""
    return await _act(request, game_id, parse_verb(verb), tokens)


@router.post("/games/{game_id:game}/hint", response_model=None, responses={200: answers(Hint)})
async def post_hint(request: Request, game_id: GameIdPath, tokens: list[str] = Tokens) -> dict[str, Any]:
    reply = await rooms_of(request).command(game_id, Command("hint"), tokens)
    assert reply is not None
    return reply["hint"]


@router.post("/qr", response_model=None, responses={200: answers(Qr)})
async def qr_code(request: Request) -> dict[str, str]:
    """A QR code (SVG) of ``{"text"}``, a link of this site to show another device."""
    body, _ = read_body(await request.body(), QrBody)
    out = io.BytesIO()
    segno.make(body.text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                          svgclass="qr", lineclass=None, dark="#111")
    return {"svg": out.getvalue().decode()}


@router.get("/games/{game_id:game}/frames/{ply}", response_model=None, responses={200: answers(Frame)})
async def get_frame(request: Request, game_id: GameIdPath, ply: int) -> dict[str, Any]:
    table = await rooms_of(request).get(game_id)
    table.at(ply)  # 404 beyond the game
    return await off_loop(request, table, lambda: frame(table, ply))


@router.get("/games/{game_id:game}/record", response_model=None, responses={200: answers(Record)})
async def get_record(request: Request, game_id: GameIdPath) -> Response:
    """The game as a core Record (``asobiba-record/1`` JSON), as a download."""
    table = await rooms_of(request).get(game_id)
    body = _RECORDS.get(table)
    if body is None:
        body = await off_loop(request, table,
                              lambda: json.dumps(table.record_json(), ensure_ascii=False, indent=1))
        if table.replay_only:  # it never changes
            _RECORDS[table] = body
    filename = f"asobiba-{table.game.id}-{table.id}.json"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.post("/records", status_code=201, response_model=None, responses={201: answers(Uploaded)})
async def upload_record(request: Request) -> JSONResponse:
    """Open an uploaded record (checked move by move, its result recomputed) for replay."""
    _, record = read_body(await request.body(), RecordBody, "the record")
    # its moves were read with the model their schema is made from: the rest is checked (up to
    # 20,000 moves would hold the event loop)
    async with game_refusals(RecordBody, {**record, "moves": []}):
        table, token = await rooms_of(request).import_record(record)
    return JSONResponse({"id": table.id, "url": f"/replay/{table.id}", "token": token},
                        status_code=201)


def solutions_of(request: Request) -> SolutionBuilds:
    return request.app.state.solutions


@router.get("/solutions/{game}/{variant}", response_model=None, responses={200: answers(SolutionStatus)})
async def get_solutions(request: Request, game: str, variant: int) -> dict[str, Any]:
    """The solution table of a game's variant: missing, building (with progress), ready, error."""
    return await solutions_of(request).status(game, str(variant))


@router.post("/solutions/{game}/{variant}", response_model=None,
             responses={200: answers(SolutionStatus), 202: answers(SolutionStatus)})
async def build_solutions(request: Request, game: str, variant: int) -> JSONResponse:
    """Start building the table in the background (202); a running or finished one just answers its status."""
    started, status = await solutions_of(request).build(game, str(variant))
    return JSONResponse(status, status_code=202 if started else 200)
