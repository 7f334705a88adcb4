"""The one form of a game's id (docs/protocol.md, "Game ids"): twelve lower-case hexadecimal digits,
48 random bits, as :func:`new_game_id` makes them.

Every route with a game id in its path (the API, the pages, the game WebSocket) takes it through
the path converter ``game`` (``{game_id:game}``), so an id of any other form — a NUL byte, a quote,
a kilobyte of text — matches no route: it is a 404 (the not-found page for a page, close code 4404
for the socket) before any code of the route runs, and never reaches the store.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import Path
from starlette.convertors import Convertor, register_url_convertor

GAME_ID_BYTES = 6
GAME_ID_PATTERN = f"[0-9a-f]{{{2 * GAME_ID_BYTES}}}"
"""A game id: the hex digits of :data:`GAME_ID_BYTES` random bytes."""


def new_game_id() -> str:
    """A new game's id (random: ids say nothing of how many games there are)."""
    return secrets.token_hex(GAME_ID_BYTES)


class GameIdConvertor(Convertor[str]):
    """Starlette's path converter ``game``: only a game id of :data:`GAME_ID_PATTERN` matches."""

    regex = GAME_ID_PATTERN

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("game", GameIdConvertor())

GameIdPath = Annotated[str, Path(pattern=f"^{GAME_ID_PATTERN}$",
                                 description="A game id: twelve lower-case hex digits.")]
"""A route's ``game_id`` parameter as ``/api/openapi.json`` states it (the converter has already
refused every other form, so the pattern only tells clients)."""
