"""Friends at one table (docs/play.md, "Playing again with friends"): the name a person gives their
seat, and the rematch everyone seated agrees to. Pure logic, no I/O (the rooms store and broadcast).

A **name** is at most :data:`MAX_NAME` characters of letters, digits, marks (the voicing marks of
kana), spaces and a few joiners (``-_.'・ー``), nothing else: no free text, no control or direction
characters, no line breaks, no emoji. It is normalised (NFC, spaces squeezed) before it is checked;
an empty name takes the name away. Only the holder of a person's seat names it.

A **rematch** is an offer one seated person makes once the game is over; it reaches every other
device that holds a person's seat, and the new game starts when all of them accept (one device alone,
or against the computer: at once). Anyone seated may decline, and the offer is gone. The new game
has the same rules, everyone one seat on (so colours and who starts change: seat ``i`` goes to
``i + 1``), the computer at the same levels, and the people's names; each device's key moves with
its person to their new seats, so the same token acts there and no link is handed out. The old
game keeps the new one's id (``game``), so whoever comes back to it late is sent on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import Explained, Refusal
from ..core.names import Names
from .errors import Forbidden
from .holders import HOLDER, Actor, SeatKey
from .seats import Seat

MAX_NAME = 16
"""The longest name, in characters (after normalising)."""
JOINERS = frozenset("-_.'・ー")
"""The characters a name may hold besides letters, digits, marks and spaces."""
SPACES = frozenset(" \u3000")
"""The spaces a name may hold (the ideographic one too); each run becomes one plain space."""

class NameRefused(Explained):
    """A name that fits the request's schema but is not a plain short name (HTTP 409, as what a
    game's rules refuse of a well-formed body)."""

    status = 409


NAME_REFUSED = NameRefused(Names(
    f"名前は{MAX_NAME}文字までの文字・数字・空白（と -_.'・ー）で書いてください。",
    f"a name is up to {MAX_NAME} letters, digits and spaces (and -_.'・ー)",
))
NOT_YOURS = Forbidden(Names("その席を持っていません。", "this token does not hold that seat"))
NOT_SEATED = Forbidden(Names("再戦を申し込めるのは、この対局の席にいる人だけです。",
                             "only a person seated in this game can answer a rematch"))


def parse_name(raw: Any) -> str:
    """A seat's name from a client, normalised; refused unless it is a short plain name.

    >>> parse_name("  Hana  ko ")
    'Hana ko'
    >>> parse_name("ｶﾞ")  # NFC keeps half-width kana as they are
    'ｶﾞ'
    >>> parse_name("")
    ''
    """
    if not isinstance(raw, str) or len(raw) > 4 * MAX_NAME:
        raise NAME_REFUSED
    if any(c.isspace() and c not in SPACES for c in raw):  # no line breaks or tabs
        raise NAME_REFUSED
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if len(name) > MAX_NAME or not all(_allowed(c) for c in name):
        raise NAME_REFUSED
    return name


def _allowed(char: str) -> bool:
    category = unicodedata.category(char)
    return char == " " or char in JOINERS or category[0] in "LN" or category in ("Mn", "Mc")


def name_seat(seats: list[Seat], actors: Sequence[Actor], seat: int, name: str) -> None:
    """Give person's seat ``seat`` the ``name`` (its holder only); refuse and change nothing else."""
    if not 0 <= seat < len(seats) or not any(seat in actor.seats for actor in actors):
        raise NOT_YOURS
    if not seats[seat].is_human or seats[seat].open:
        raise NOT_YOURS
    seats[seat] = Seat.person(name)


@dataclass
class Rematch:
    """A rematch offer of a finished game: who made it (a holder key's digest), the digests of the
    devices yet to accept, and once all did, the new game's id."""

    by: str
    pending: set[str] = field(default_factory=set)
    game: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "pending": sorted(self.pending), "game": self.game}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Rematch | None:
        if not data:
            return None
        return cls(str(data["by"]), set(data.get("pending", ())), data.get("game"))


def devices(keys: Sequence[SeatKey], seats: Sequence[Seat]) -> list[SeatKey]:
    """The holder keys of people's seats (one per device that plays)."""
    return [k for k in keys if k.kind == HOLDER and any(seats[s].is_human for s in k.seats)]


def seated(actors: Sequence[Actor], keys: Sequence[SeatKey], seats: Sequence[Seat]) -> Actor:
    """The actor who holds a person's seat of the game (spectators and uploaders are refused)."""
    held = {k.digest for k in devices(keys, seats)}
    for actor in actors:
        if actor.key.digest in held:
            return actor
    raise NOT_SEATED


def answer(offer: Rematch | None, actor: Actor, accept: bool, keys: Sequence[SeatKey],
           seats: Sequence[Seat], finished: bool) -> Rematch | None:
    """The offer after ``actor`` answers (``accept``: offer or accept; else decline): None once
    declined; its ``pending`` empty once everyone accepted. Refused before the game is over and
    after the new game started."""
    if not finished:
        raise Refusal(Names("再戦は対局が終わってからです。", "a rematch waits until the game is over"))
    if offer is not None and offer.game is not None:
        raise Refusal(Names("再戦はもう始まっています。", "the rematch has already started"))
    if not accept:
        return None
    if any(seat.open for seat in seats):
        raise Refusal(Names("招待した席が空いたままでは再戦できません。",
                            "a rematch needs every invited seat taken"))
    if offer is None:
        others = {k.digest for k in devices(keys, seats)} - {actor.key.digest}
        return Rematch(actor.key.digest, others)
    offer.pending.discard(actor.key.digest)
    return offer


def next_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The rematch's seats: everyone one seat on (seat ``i``'s sitter goes to ``i + 1``)."""
    n = len(seats)
    return [seats[(i - 1) % n] for i in range(n)]


def next_keys(keys: Sequence[SeatKey], n: int) -> list[SeatKey]:
    """The rematch's keys: each device's key (the same digest) holds its people's new seats; an
    invite is never carried over."""
    return [SeatKey(HOLDER, k.digest, tuple(sorted((s + 1) % n for s in k.seats)), k.creator)
            for k in keys if k.kind == HOLDER]


def offer_view(offer: Rematch | None, keys: Sequence[SeatKey]) -> dict[str, Any] | None:
    """The offer as everyone may see it: the seats of who made it, those yet to accept, and the
    new game's id once it started. Digests never appear."""
    if offer is None:
        return None
    by = next((list(k.seats) for k in keys if k.kind == HOLDER and k.digest == offer.by), [])
    waiting = sorted(s for k in keys if k.kind == HOLDER and k.digest in offer.pending for s in k.seats)
    return {"by": by, "waiting": waiting, "game": offer.game}
