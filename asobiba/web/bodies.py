"""The JSON bodies of the HTTP API as Pydantic models with limits (docs/protocol.md, "HTTP API").

A body is read by :func:`~asobiba.core.reading.parse_json` (nested at most 100 levels, numbers
finite, integers of at most 4,300 digits), then checked here with strict types: an integer is an
integer (``1.9`` is refused, never rounded), option values are booleans, integers, strings (at most
64 KiB) or lists of them or of small objects (a game reads them, e.g. a deck given whole), every
list and string has a bound, and options that name a file on the server are refused. A body that
does not fit raises :class:`~asobiba.web.protocol.ProtocolError` naming the first problem in one
line.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from ..core.reading import parse_json
from ..core.record import FORMAT
from ..core.registry import game_class
from .guard import TooLarge
from .protocol import MAX_SEATS, ProtocolError
from .seats import LEVELS

MAX_SEED = 2**63 - 1
"""Seeds are stored in a 64-bit column: 0 … 2^63 − 1."""
MAX_RECORD_PLIES = 20_000
"""The most actions an uploaded record may hold (each is replayed and checked)."""

MAX_OPTION_TEXT = 65_536
"""The longest text an option value may be (e.g. dice added to a catalog as text)."""

Text = Annotated[StrictStr, Field(max_length=200)]
Scalar = StrictBool | StrictInt | Annotated[StrictStr, Field(max_length=MAX_OPTION_TEXT)]
Item = Scalar | Annotated[dict[Annotated[str, Field(max_length=64)], Any], Field(max_length=16)]
OptionValue = Scalar | Annotated[list[Item], Field(max_length=64)] | None
"""None leaves an option at its default (a game's own options carry it, e.g. no catalog file)."""
OptionsIn = Annotated[dict[Annotated[str, Field(max_length=64)], OptionValue], Field(max_length=64)]
GameId = Annotated[StrictStr, Field(max_length=64)]
MAX_OPTIONS = 128 * 1024
"""The most bytes a game's options may take as compact JSON (e.g. a dice catalog given as text)."""
MAX_META = 4096
"""The most bytes a game's ``meta`` may take as compact JSON (UTF-8): free-form notes of its maker
(e.g. the lobby settings it was made with), stored with the game and shown once to each client."""


def small_meta(meta: dict[str, Any]) -> dict[str, Any]:
    size = len(json.dumps(meta, ensure_ascii=False, separators=(",", ":")).encode())
    if size > MAX_META:
        raise ValueError(f"meta takes {size} bytes as JSON; at most {MAX_META} are kept")
    return meta


Meta = Annotated[dict[Annotated[str, Field(max_length=200)], Any], AfterValidator(small_meta)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SetupBody(Body):
    """``POST /api/setup``."""

    game: GameId
    options: OptionsIn | None = None


class NewGameBody(SetupBody):
    """``POST /api/games`` (the seats are checked against the game by :mod:`.seats`)."""

    seats: Annotated[list[Any], Field(max_length=16)] | None = None
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] | None = None
    meta: Meta | None = None


Secret = Annotated[StrictStr, Field(min_length=1, max_length=128)]


class JoinBody(Body):
    """``POST /api/games/{id}/seats/{n}/join``: the invite (the invite link's last segment)."""

    invite: Secret


class ComputerSeatBody(Body):
    """``POST /api/games/{id}/seats/{n}/computer``: the level (checked by :mod:`.seats`)."""

    level: Annotated[StrictStr, Field(max_length=200, json_schema_extra={"enum": list(LEVELS)})]


class TakebackBody(Body):
    """``POST /api/games/{id}/takeback``: the answer to a takeback request."""

    accept: StrictBool


class ResignBody(Body):
    """``POST /api/games/{id}/resign`` (the body may be left out): the seats that resign, each one
    the token holds (without ``seats``: every person's seat it holds)."""

    seats: Annotated[list[Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)]],
                     Field(min_length=1, max_length=MAX_SEATS)] = None  # type: ignore[assignment]  # None when omitted: typed non-null so JSON null is refused


class NameBody(Body):
    """``POST /api/games/{id}/seats/{n}/name``: the seat's name (checked by :mod:`.friends`)."""

    name: Annotated[StrictStr, Field(max_length=64)]


class RematchBody(Body):
    """``POST /api/games/{id}/rematch``: offer or accept (``true``) or decline (``false``)."""

    accept: StrictBool


class HeldBody(Body):
    """``POST /api/games/held``: the tokens a browser keeps (its games are listed)."""

    tokens: Annotated[list[Secret], Field(max_length=500)]


class MoveBody(Body):
    """``POST /api/games/{id}/moves``: exactly one of ``move`` (notation) and ``action`` (id), and
    optionally the ply the client saw (read by :func:`~asobiba.web.protocol.parse_move`)."""

    model_config = ConfigDict(json_schema_extra={"oneOf": [{"required": ["move"]}, {"required": ["action"]}]})

    move: Annotated[StrictStr, Field(min_length=1, max_length=200, pattern=r"\S")] = None  # type: ignore[assignment]  # None when omitted: typed non-null so JSON null is refused
    action: StrictInt = None  # type: ignore[assignment]  # None when omitted (as move)
    ply: Annotated[StrictInt, Field(ge=0)] = None  # type: ignore[assignment]  # None when omitted (as move)


class QrBody(Body):
    """``POST /api/qr``: a link to draw as a QR code."""

    text: Annotated[StrictStr, Field(min_length=1, max_length=500)]


class RecordMove(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    player: Text | None = None
    action: StrictInt | None = None
    notation: Text | None = None


class RecordBody(BaseModel):
    """``POST /api/records``: an ``asobiba-record/1`` record; its ``result`` is never read (the
    replay decides it)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Annotated[StrictStr, Field(max_length=200, json_schema_extra={"const": FORMAT})]
    game: GameId
    options: OptionsIn | None = None
    start: dict[str, Any] | None = None
    moves: Annotated[list[RecordMove], Field(max_length=MAX_RECORD_PLIES)]
    result: Any = None
    meta: Meta | None = None


M = TypeVar("M", bound=BaseModel)


def read_json(raw: bytes, what: str = "the request body") -> Any:
    """A request's JSON (:func:`~asobiba.core.reading.parse_json`; an empty body is ``null``), a
    number written with a zero fraction (``3.0``) read as the integer it is, as JSON Schema reads
    it (a fraction is never rounded: ``1.9`` stays a float, refused where an integer is due)."""
    return _integral(parse_json(raw or b"null", ProtocolError, f"{what}: "))


def _integral(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _integral(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_integral(v) for v in value]
    return value


def read_body(raw: bytes, model: type[M], what: str = "the request body") -> tuple[M, dict[str, Any]]:
    """The body (``what``, for messages) checked against ``model``, and the JSON object it was
    read from."""
    data = read_json(raw, what)
    if not isinstance(data, dict):
        raise ProtocolError(f"{what} must be a JSON object")
    try:
        body = model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        problem = "unexpected field" if first["type"] == "extra_forbidden" else first["msg"]
        problem = problem.removeprefix("Value error, ")
        raise ProtocolError(f"{what}: {where}: {problem}") from None
    if isinstance(body, SetupBody | RecordBody) and body.options:
        size = len(json.dumps(body.options, ensure_ascii=False, separators=(",", ":")).encode())
        if size > MAX_OPTIONS:
            raise TooLarge(f"{what}: options take {size} bytes as JSON; at most {MAX_OPTIONS} are kept")
        refuse_local_options(body.game, body.options, what)
    return body, data


def refuse_local_options(game_id: str, options: dict[str, Any], what: str) -> None:
    """Refuse options that name something on the server (a file path: the option spec's
    ``local``) unless they are left empty; only the command line sets them."""
    specs = game_class(game_id).options_class.specs()
    for name, value in options.items():
        spec = specs.get(name)
        if spec is not None and spec.local and value not in (None, ""):
            raise ProtocolError(
                f"{what}: options.{name}: names a file on the server; the web table does not take it"
            )
