"""Who sits at each seat: a person at the creating browser (``{"type": "human"}``), a person
invited to join from another device (``{"type": "invite"}``: the seat stays open until its invite
is used), or the computer at a strength level (``{"type": "computer", "level": "intro"}``). The
five levels of :mod:`asobiba.ai.levels`: 入門・よわい・ふつう・つよい・最強 (docs/ai.md).

A seat is a :class:`Seat`; stored, it is ``{"type": "human"}`` (with ``"open": true`` while
invited and not yet taken, and ``"name"`` once the person gave one: :mod:`.friends`) or
``{"type": "computer", "level": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..ai.levels import LEVEL_NAMES_JA
from ..ai.levels import LEVELS as LEVEL_IDS
from ..core.errors import AsobibaError
from ..core.match import COMPUTER, HUMAN


@dataclass(frozen=True)
class Seat:
    """Who sits at one seat: a person (:data:`~asobiba.core.match.HUMAN`; ``open`` while their
    invite has not been used) or the computer (:data:`~asobiba.core.match.COMPUTER`) at ``level``.

    >>> Seat.computer("weak").to_json()
    {'type': 'computer', 'level': 'weak'}
    >>> Seat.from_json({"type": "human", "open": True}) == Seat.invited()
    True
    """

    kind: str
    level: str = ""
    """The computer's level id (empty for a person)."""
    open: bool = False
    name: str = ""
    """The name the person sitting here gave (:func:`~.friends.parse_name`; empty: none)."""

    @classmethod
    def person(cls, name: str = "") -> Seat:
        return cls(HUMAN, name=name)

    @classmethod
    def invited(cls) -> Seat:
        return cls(HUMAN, open=True)

    @classmethod
    def computer(cls, level: str) -> Seat:
        return cls(COMPUTER, level)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        if self.open:
            data["open"] = True
        if self.kind == COMPUTER:
            data["level"] = self.level
        if self.name:
            data["name"] = self.name
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        """A seat as :meth:`to_json` stored it."""
        if data.get("type") == COMPUTER:
            return cls.computer(str(data.get("level", "normal")))
        if data.get("open"):
            return cls.invited()
        name = data.get("name")
        return cls.person(name if isinstance(name, str) else "")

_NAMES_EN = {
    "intro": "Beginner",
    "weak": "Weak",
    "normal": "Normal",
    "strong": "Strong",
    "strongest": "Strongest",
}
LEVELS: dict[str, dict[str, str]] = {
    level: {"ja": LEVEL_NAMES_JA[level], "en": _NAMES_EN[level]} for level in LEVEL_IDS
}
"""The computer levels (asobiba.ai.levels) with their names in both languages."""


class SeatError(AsobibaError):
    """A seat list that does not fit the game."""


def parse_seats(raw: Any, num_players: int) -> list[Seat]:
    """Validate a seat list from a client; default: seat 0 a person, the others the computer."""
    if raw is None:
        return [Seat.person()] + [Seat.computer("normal") for _ in range(num_players - 1)]
    if not isinstance(raw, list):
        raise SeatError("seats must be a JSON list")
    if len(raw) != num_players:
        raise SeatError(f"this game has {num_players} seats, {len(raw)} given")
    return [_parse_seat(i, seat) for i, seat in enumerate(raw)]


def _parse_seat(index: int, seat: Any) -> Seat:
    if not isinstance(seat, dict):
        raise SeatError(f"seat {index + 1} must be an object")
    kind = seat.get("type")
    if kind == "human" and set(seat) <= {"type"}:
        return Seat.person()
    if kind == "invite" and set(seat) <= {"type"}:
        return Seat.invited()
    if kind == "computer" and set(seat) <= {"type", "level"}:
        return Seat.computer(parse_level(seat.get("level", "normal"), index))
    if kind not in ("human", "invite", "computer"):
        raise SeatError(f"seat {index + 1}: type must be 'human', 'invite' or 'computer'")
    raise SeatError(f"seat {index + 1}: unexpected keys {sorted(set(seat) - {'type', 'level'})}")


def parse_level(level: Any, index: int) -> str:
    """A computer level id from a client (``index``: the seat, for the message)."""
    if not isinstance(level, str) or level not in LEVELS:
        raise SeatError(
            f"seat {index + 1}: unknown level {level!r:.40} (levels: {', '.join(LEVELS)})"
        )
    return level
