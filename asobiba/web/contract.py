"""The API's machine-readable contract: ``/api/openapi.json`` (docs/protocol.md, "OpenAPI").

Bodies are read by hand (:mod:`.bodies`: limits before parsing), so FastAPI does not see them;
this module states them in the schema: each acting route's request body is the model it is read
with, its answer the model below, and every error the one shape ``{"error": "…"}`` (with
``text: {ja, en}`` when the table says it in both languages) under each status the route can
return. The models of answers document; the routes do not validate their answers with them (a
20,000-ply game would be checked on every request), and they allow fields beyond those named.
Links say how one answer leads to the next request: a new game → its moves, state and record.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from functools import cache
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]  # jsonschema ships no type hints (its stubs are another package)
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import models_json_schema

from ..core.errors import AsobibaError
from ..core.registry import descriptors
from . import bodies
from .errors import GAME_RULES, RulesRefused
from .learn import LessonBody
from .option_rules import seatings
from .reviewbody import TryBody
from .seats import LEVELS
from .studyplan import StudyBody

REF = "#/components/schemas/{model}"


class Answer(BaseModel):
    model_config = ConfigDict(extra="allow")


class Words(Answer):
    """A text in both languages."""

    ja: str
    en: str


class Error(BaseModel):
    """Every refusal: one line in English, and both languages when the table says it so."""

    model_config = ConfigDict(extra="forbid")

    error: str
    text: Words | None = None


class Seat(Answer):
    type: str
    open: bool | None = None
    connected: bool | None = None
    level: str | None = None
    name: str | None = None


class Game(Answer):
    """``GET /api/games/{id}`` and every acting route's answer: the game as it is now."""

    id: str
    game: str
    options: dict[str, Any]
    position: dict[str, Any]
    moves: list[str]
    status: str = Field(pattern="^(playing|finished)$")
    result: dict[str, Any] | None
    players: list[str]
    seats: list[Seat]
    waiting: bool
    takeback: dict[str, Any] | None
    rematch: dict[str, Any] | None = None
    to_move: str | None
    plies: int = Field(ge=0)
    history: list[dict[str, Any]]
    source: str
    meta: dict[str, Any]


class CreatedSeat(Answer):
    seat: int
    type: str
    invite: str | None = None


class Created(Answer):
    """``POST /api/games``: the game, the creator's token and the invite links."""

    id: str
    url: str
    token: str
    tokens: list[str | None]
    seats: list[CreatedSeat]


class Joined(Answer):
    token: str
    seat: int
    url: str


class Uploaded(Answer):
    id: str
    url: str
    token: str


class Listed(Answer):
    """A game of ``POST /api/games/held``."""

    id: str
    game: str
    status: str
    plies: int
    players: list[str]


class Catalog(Answer):
    games: list[dict[str, Any]]
    levels: list[dict[str, Any]]


class Setup(Answer):
    game: str
    options: dict[str, Any]


class Hint(Answer):
    action: int
    ply: int


class Qr(Answer):
    svg: str


class Frame(Answer):
    id: str
    ply: int
    plies: int
    svg: str
    svg_narrow: str | None = None
    position: dict[str, Any]
    last: dict[str, Any] | None


class Record(Answer):
    """An ``asobiba-record/1`` record (docs/formats.md)."""

    format: str
    game: str
    moves: list[dict[str, Any]]


class SolutionStatus(Answer):
    status: str


class Odds(Answer):
    ply: int
    moves: list[dict[str, Any]]


REQUESTS: dict[str, type[BaseModel]] = {
    "post_setup": bodies.SetupBody,
    "create_game": bodies.NewGameBody,
    "join_seat": bodies.JoinBody,
    "seat_to_computer": bodies.ComputerSeatBody,
    "held_games": bodies.HeldBody,
    "post_takeback": bodies.TakebackBody,
    "name_seat": bodies.NameBody,
    "post_rematch": bodies.RematchBody,
    "post_resign": bodies.ResignBody,
    "qr_code": bodies.QrBody,
    "upload_record": bodies.RecordBody,
    "post_move": bodies.MoveBody,
    "post_moves": LessonBody,
    "start_study": StudyBody,
    "post_review_try": TryBody,
    "estimate_study": StudyBody,
}
"""The request body of each operation that takes one (by operation id: the route's function)."""
OPTIONAL_BODY = {"post_resign"}
"""The operations whose body may be left out."""

STUDY_READS = {"study_status", "study_results", "study_plot", "share_study"}
"""The operations of a study that need its token or a share key and change no game."""
ACTING = {"seat_to_computer", "name_seat", "post_rematch", "post_move", "post_undo", "post_takeback",
          "post_resign", "post_stop", "post_verb", "post_hint", "cancel_study", *STUDY_READS}
"""The operations that need a token (``Authorization: Bearer``): a seat's, or a study's (its
starter's to cancel or share it; its starter's or a share key to read it)."""

CHANGING = ACTING - {"post_hint", *STUDY_READS} | {"join_seat"}
"""The operations that change a stored game: 409 when another change of it came first (another
server process's, docs/operations.md, "Several processes")."""

def needs_token(routers: Sequence[APIRouter]) -> Callable[[str, str], bool]:
    """Whether a request (method, path) goes to one of the :data:`ACTING` routes of ``routers``,
    which refuse it with 401 without a token."""
    acting = [r for router in routers for r in router.routes
              if isinstance(r, APIRoute) and r.name in ACTING]

    def needs(method: str, path: str) -> bool:
        return any(method in (r.methods or ()) and r.path_regex.match(path) for r in acting)

    return needs


EXTRA_ERRORS: dict[str, tuple[int, ...]] = {
    "post_setup": (409,),
    "create_game": (409,),
    "upload_record": (409,),
    "post_hint": (503,),
    "build_solutions": (409,),
    "start_study": (409,),
    "post_review": (409, 503),
    "post_review_try": (409, 503),
    "get_review_choices": (409,),
    "estimate_study": (409, 503),
    **{operation: (409,) for operation in sorted(CHANGING)},
}
"""Statuses beyond those every operation of its kind can answer."""

STATUS_WORDS = {400: "Bad input (the one error shape)", 401: "No seat token (a spectator)",
                403: "A token, invite or origin that is not allowed", 404: "No such game or thing",
                409: "In conflict with the game's rules (a well-formed body they refuse) or with "
                     "what is under way", 413: "Body too large",
                415: "Not application/json", 429: "Past a rate limit or quota",
                503: "Busy: try again in a moment"}

LINKS: dict[str, dict[str, dict[str, Any]]] = {
    "create_game": {
        "PlayMove": {"operationId": "post_move", "parameters": {"game_id": "$response.body#/id"},
                     "description": "with the creator's token ($response.body#/token) as Bearer"},
        "GetGame": {"operationId": "get_game", "parameters": {"game_id": "$response.body#/id"}},
        "GetRecord": {"operationId": "get_record", "parameters": {"game_id": "$response.body#/id"}},
    },
    "post_move": {
        "GetRecord": {"operationId": "get_record", "parameters": {"game_id": "$response.body#/id"}},
        "GetFrame": {"operationId": "get_frame",
                     "parameters": {"game_id": "$response.body#/id", "ply": "$response.body#/plies"}},
    },
    "upload_record": {
        "GetGame": {"operationId": "get_game", "parameters": {"game_id": "$response.body#/id"}},
        "GetRecord": {"operationId": "get_record", "parameters": {"game_id": "$response.body#/id"}},
    },
}


def answers(model: Any = None) -> dict[str, Any]:
    """A route's ``responses`` entry for a successful answer of ``model`` (None: any JSON)."""
    if model is None:
        return {"description": "The answer (any JSON)", "content": {"application/json": {"schema": {}}}}
    return {"model": model, "description": "The answer"}


def statuses(operation_id: str, method: str, path: str) -> set[int]:
    """The error statuses an operation can answer (see the module docstring)."""
    found = {400, 429}  # a Host refused or a bad parameter; the per-address rate
    if method == "post":
        found |= {403, 413, 415}  # an Origin refused, the body limit, the content type
    if "{" in path:
        found.add(404)
    if operation_id in ACTING:
        found |= {401, 403}
    return found | set(EXTRA_ERRORS.get(operation_id, ()))


SEAT = {"oneOf": [
    {"type": "object", "properties": {"type": {"enum": ["human", "invite"]}}, "required": ["type"],
     "additionalProperties": False},
    {"type": "object", "properties": {"type": {"const": "computer"}, "level": {"enum": list(LEVELS)}},
     "required": ["type"], "additionalProperties": False},
]}
"""A seat of a new game (:mod:`.seats`): a person here, a person invited, the computer at a level."""


def per_game(schema: dict[str, Any]) -> dict[str, Any]:
    """A body schema naming a game as one alternative per game at the web table and number of
    players (:func:`~.option_rules.seatings`), each with the options it takes and, for a new
    game, as many seats; options may be left out for the defaults' number of players only."""
    variants = []
    for game in descriptors():
        if not game.at_web_table:
            continue
        for seating in seatings(game.id):
            one = copy.deepcopy(schema)
            one.pop("title", None)
            one["title"] = f"{game.id}, {seating.players} players"
            properties = one["properties"]
            properties["game"] = {"const": game.id}
            if seating.default:
                properties["options"] = {"anyOf": [seating.schema, {"type": "null"}]}
            else:
                properties["options"] = seating.schema
                one["required"] = [*one.get("required", []), "options"]
            if "seats" in properties:
                properties["seats"] = {"anyOf": [{"type": "array", "items": SEAT, "minItems": seating.players,
                                                  "maxItems": seating.players}, {"type": "null"}]}
            variants.append(one)
    return {"title": schema.get("title"), "oneOf": variants}


@cache
def body_schemas() -> dict[str, Any]:
    """The schemas of the request bodies and of ``Error``, as ``components.schemas`` holds them."""
    models: list[type[BaseModel]] = [*REQUESTS.values(), Error]
    _, defs = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    schemas: dict[str, Any] = defs.get("$defs", {})
    for per_game_body in (bodies.SetupBody, bodies.NewGameBody, bodies.RecordBody):
        schemas[per_game_body.__name__] = per_game(schemas[per_game_body.__name__])
    return schemas


@cache
def validator(model: type[BaseModel]) -> Draft202012Validator:
    schema = {"components": {"schemas": body_schemas()}, "$ref": REF.format(model=model.__name__)}
    return Draft202012Validator(schema)


def fits(model: type[BaseModel], data: Any) -> bool:
    """Whether ``data`` fits the request schema of ``model`` in ``/api/openapi.json``."""
    return validator(model).is_valid(data)


@asynccontextmanager
async def game_refusals(model: type[BaseModel], data: Any,
                        kinds: tuple[type[AsobibaError], ...] = GAME_RULES) -> AsyncIterator[None]:
    """Within: a refusal of the game's rules (``kinds``: :data:`~.errors.GAME_RULES` unless told)
    of a body that fits its schema is :class:`~.errors.RulesRefused` (409); of one that does not,
    it stays a 400 (checked off the event loop: the first check builds the schemas, about a
    second)."""
    try:
        yield
    except kinds as exc:
        if await asyncio.to_thread(fits, model, data):
            raise RulesRefused(exc) from exc
        raise


def openapi(app: FastAPI) -> dict[str, Any]:
    """The schema of ``app``, completed as the module docstring says (built once)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    schema = get_openapi(title=app.title, version=app.version, routes=app.routes,
                         description=__doc__.split("\n\n")[0])
    components = schema.setdefault("components", {})
    components.setdefault("schemas", {}).update(copy.deepcopy(body_schemas()))
    components["securitySchemes"] = {"seatToken": {"type": "http", "scheme": "bearer"}}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            oid = operation["operationId"]
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)  # bad parameters are 400 here
            for status in sorted(statuses(oid, method, path)):
                responses[str(status)] = {
                    "description": STATUS_WORDS[status],
                    "content": {"application/json": {"schema": {"$ref": REF.format(model="Error")}}}}
            model = REQUESTS.get(oid)
            if model is not None:
                operation["requestBody"] = {"required": oid not in OPTIONAL_BODY, "content": {
                    "application/json": {"schema": {"$ref": REF.format(model=model.__name__)}}}}
            if oid in ACTING:
                operation["security"] = [{"seatToken": []}]
            for status, answer in responses.items():
                if status.startswith("2") and oid in LINKS:
                    answer["links"] = LINKS[oid]
    app.openapi_schema = schema
    return schema
