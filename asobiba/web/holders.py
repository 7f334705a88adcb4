"""Who holds the seats of a web game (docs/protocol.md, "Seat tokens").

A person's seat belongs to whoever holds its secret: a **token** for a seat taken, an **invite**
for a seat still open. Secrets are random (256 bits for tokens, 128 for invites), handed out once
and stored only as their SHA-256 digest; a presented secret is hashed and compared with every key
of the game in constant time. The browser that creates a game holds one token for all the seats it
plays (one device, any number of people); each invite, used once, gives its seat a token of its
own. A request without a secret is a spectator's: it may watch, never act.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

HOLDER = "holder"
"""A key that holds seats (its secret is the token a browser sends)."""
INVITE = "invite"
"""A key that opens one seat once (its secret is the last part of the invite link)."""

MAX_SECRET = 128
"""The longest secret a client may present (longer ones are refused before hashing)."""


@dataclass(frozen=True)
class SeatKey:
    """One stored key of a game: its kind, the digest of its secret, the seats it holds or opens,
    and whether it is the creator's (the creator may give an open seat to the computer)."""

    kind: str
    digest: str
    seats: tuple[int, ...]
    creator: bool = False

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "digest": self.digest, "seats": list(self.seats),
                "creator": self.creator}


@dataclass(frozen=True)
class Actor:
    """Who sends a request: the seats their token holds (the holder key's digest names them)."""

    key: SeatKey

    @property
    def seats(self) -> tuple[int, ...]:
        return self.key.seats

    @property
    def creator(self) -> bool:
        return self.key.creator


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_invite() -> str:
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def find(keys: Iterable[SeatKey], kind: str, secret: str) -> SeatKey | None:
    """The key of ``kind`` whose secret is ``secret`` (every key compared, in constant time)."""
    if not secret or len(secret) > MAX_SECRET:
        return None
    wanted = digest(secret)
    found = None
    for key in keys:
        if hmac.compare_digest(key.digest, wanted) and key.kind == kind:
            found = key
    return found


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None without one)."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None
