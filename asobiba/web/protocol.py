"""Parsing what clients send (docs/protocol.md, "WebSocket protocol").

A WebSocket frame from the page is a JSON object with a ``type``:

* ``{"type": "move", "move": "b1-c2"}`` or ``{"type": "move", "action": 17}``, optionally with
  ``"ply": N`` (the number of moves the client saw; a stale move is refused),
* ``{"type": "verb", "verb": "<id>"}``: one of the game's verbs (things a person can do besides
  moving, declared by the game, e.g. a declaration),
* ``{"type": "undo"}``, ``{"type": "hint"}``, ``{"type": "sync"}`` (send me the state again),
* ``{"type": "resign", "seats": [0, 1]}``: resign the seats named, each one the client holds
  (without ``seats``: every person's seat it holds),
* ``{"type": "takeback", "accept": true|false}``: the answer to another device's takeback request
  (the asker withdraws theirs with ``false``),
* ``{"type": "auth", "tokens": ["<token>", ...]}``: the seats this client holds (also possible when
  connecting, as WebSocket subprotocols ``token.<token>``); without it a client is a spectator.

The HTTP move body ``POST /api/games/{id}/moves`` is the same object without ``type``.
Anything else raises :class:`ProtocolError` (one-line message; the server answers with an error
frame or HTTP 400 and changes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import AsobibaError
from ..core.reading import parse_json

COMMANDS = ("move", "verb", "undo", "hint", "resign", "sync", "takeback", "auth")
MAX_TOKENS = 8
"""The most tokens one client may present (a browser holds one per seat it took)."""
MAX_SEATS = 32
"""The most seats a resignation may name (more than any game has)."""


class ProtocolError(AsobibaError):
    """A message that is not JSON or not one of the commands."""


@dataclass(frozen=True)
class Command:
    kind: str
    move: str | None = None
    action: int | None = None
    ply: int | None = None
    verb: str | None = None
    accept: bool | None = None
    tokens: tuple[str, ...] = ()
    seats: tuple[int, ...] | None = None
    """The seats a resignation names (None: every person's seat of the sender)."""


def parse_frame(text: str) -> Command:
    """A WebSocket text frame → Command."""
    data = parse_json(text, ProtocolError)
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    if kind not in COMMANDS:
        raise ProtocolError(f"unknown message type {kind!r} (known: {', '.join(COMMANDS)})")
    if kind == "move":
        return parse_move(data)
    if kind == "verb":
        return parse_verb(data.get("verb"))
    if kind == "takeback":
        accept = data.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("'accept' must be true or false")
        return Command(kind, accept=accept)
    if kind == "auth":
        return Command(kind, tokens=parse_tokens(data.get("tokens")))
    if kind == "resign":
        return Command(kind, seats=parse_seat_list(data.get("seats")))
    return Command(kind)


def parse_seat_list(seats: Any) -> tuple[int, ...] | None:
    """The seats a resignation names: absent (None), or a list of at most :data:`MAX_SEATS` seat
    numbers (the rooms check that the sender holds each)."""
    if seats is None:
        return None
    if (
        not isinstance(seats, list)
        or not 0 < len(seats) <= MAX_SEATS
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < MAX_SEATS for s in seats)
    ):
        raise ProtocolError(f"'seats' must be a list of 1 to {MAX_SEATS} seat numbers (0, 1, …)")
    return tuple(seats)


def parse_tokens(tokens: Any) -> tuple[str, ...]:
    """A list of seat tokens from a client (at most :data:`MAX_TOKENS` short strings)."""
    if (
        not isinstance(tokens, list)
        or len(tokens) > MAX_TOKENS
        or not all(isinstance(t, str) and 0 < len(t) <= 128 for t in tokens)
    ):
        raise ProtocolError(f"'tokens' must be a list of at most {MAX_TOKENS} seat tokens")
    return tuple(tokens)


def parse_verb(verb: Any) -> Command:
    """A verb id (from a frame's ``"verb"`` or the URL) → Command; the rooms check the game has it."""
    if not isinstance(verb, str) or not verb.strip():
        raise ProtocolError("'verb' must be the non-empty id of one of the game's verbs")
    return Command("verb", verb=verb)


def parse_move(data: Any) -> Command:
    """A move object ``{"move": text}`` or ``{"action": int}`` (+ optional ``"ply"``) → Command."""
    if not isinstance(data, dict):
        raise ProtocolError("a move must be a JSON object")
    move, action, ply = data.get("move"), data.get("action"), data.get("ply")
    if (move is None) == (action is None):
        raise ProtocolError("a move needs exactly one of 'move' (notation) or 'action' (id)")
    if move is not None and (not isinstance(move, str) or not move.strip() or len(move) > 200):
        raise ProtocolError("'move' must be a non-empty string in the game's notation")
    if action is not None and (isinstance(action, bool) or not isinstance(action, int)):
        raise ProtocolError("'action' must be an integer")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
        raise ProtocolError("'ply' must be a non-negative integer")
    return Command("move", move=move, action=action, ply=ply)
