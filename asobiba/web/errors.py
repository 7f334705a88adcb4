"""How the web table's refusals reach people (docs/protocol.md, "Errors").

Every refusal is an :class:`~asobiba.core.errors.AsobibaError` with a one-line English message,
sent as ``error`` (HTTP bodies) or ``message`` (WebSocket frames). When the server can also say it
in Japanese the error is :class:`~asobiba.core.errors.Explained` (a refusal of the table is its
:class:`~asobiba.core.errors.Refusal`), and the answer carries ``text: {"ja", "en"}`` beside
the one line, for the page to show in its language.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import (
    AsobibaError,
    Explained,
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    one_line,
)
from ..core.names import Names


class NotFound(AsobibaError):
    """A game, verb or solution table that does not exist (HTTP 404)."""


class GameNotFound(NotFound):
    """No game with this id."""


class Unauthorized(Explained):
    """An acting request without a seat's token: a spectator's (HTTP 401)."""


class Forbidden(Explained):
    """A token or invite that does not hold the seat it acts for, or one already used (HTTP 403)."""


class NotAtTable(AsobibaError):
    """A game the web table cannot show: its descriptor declares no board picture (HTTP 400)."""


RETRY_AFTER = 5
"""The seconds a client is told to wait before trying again while the database does not answer."""
UNAVAILABLE = Names("対局の記録先（データベース）が応答しません。数秒後にもう一度お試しください。",
                    "the game store (the database) does not answer; try again in a few seconds")


class StoreUnavailable(Explained):
    """The database does not answer (HTTP 503 with ``Retry-After``). A change it was asked to keep
    is not acknowledged; the game is read again from the database, as it was last stored, once it
    answers."""

    status = 503
    retry_after = RETRY_AFTER

    def __init__(self) -> None:
        super().__init__(UNAVAILABLE)


class ComputerFailed(Explained):
    """The computer could not choose a move (an error frame to every client of the game)."""


GAME_RULES = (OptionError, PositionError, NotationError, IllegalMoveError, RecordError)
"""What a game's own rules refuse: options, a position, a move or a record (docs/protocol.md,
"Errors")."""


class RulesRefused(AsobibaError):
    """A body that fits its request schema in ``/api/openapi.json`` whose content a game's rules
    refuse all the same (HTTP 409): what no schema states, such as a record whose moves do not
    replay. It says what the game said (``refusal``), in both languages when the game does."""

    status = 409

    def __init__(self, refusal: AsobibaError) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


def http_status(exc: AsobibaError) -> int:
    """The HTTP status of a refusal: 404, 401, 403, 409 (:class:`RulesRefused`), 413
    (:class:`~.guard.TooLarge` says so), 503 (:class:`StoreUnavailable`), else 400."""
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Unauthorized):
        return 401
    if isinstance(exc, Forbidden):
        return 403
    return getattr(exc, "status", 400)


def translations(exc: AsobibaError) -> dict[str, Any]:
    """``{"text": {"ja", "en"}}`` for an error said in both languages, else nothing."""
    said = exc.refusal if isinstance(exc, RulesRefused) else exc
    return {"text": said.text.to_json()} if isinstance(said, Explained) else {}


def error_frame(exc: AsobibaError) -> dict[str, Any]:
    """The WebSocket ``error`` frame for an error."""
    return {"type": "error", "message": one_line(str(exc)), **translations(exc)}
