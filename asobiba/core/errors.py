"""Errors that reach users.

Every error raised for bad input is an :class:`AsobibaError`; its message is one line that names
what is wrong. The CLI prints it and exits with status 2, the web server answers HTTP 4xx.
"""

from __future__ import annotations

from .names import Names


def one_line(message: str, limit: int = 300) -> str:
    """``message`` on one line, cut to ``limit`` characters: messages may quote input, which may be
    long or hostile, and are never echoed back whole."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


class AsobibaError(ValueError):
    """Base class for user-facing errors with a one-line message."""


class OptionError(AsobibaError):
    """An unknown rule option, or a value outside what the option allows."""


class PositionError(AsobibaError):
    """A position (JSON or built in code) that cannot occur under the rules."""


class NotationError(AsobibaError):
    """Text that does not parse as a move, a cell or a record."""


class IllegalMoveError(AsobibaError):
    """A well-formed move that the rules do not allow in this position."""


class RecordError(AsobibaError):
    """A game record that is malformed or does not replay."""


class UnknownGameError(AsobibaError):
    """A game id that asobiba does not know."""


class Explained(AsobibaError):
    """An error said in both languages; its one line is the English (``text`` has both)."""

    def __init__(self, text: Names) -> None:
        super().__init__(text.en)
        self.text = text


class Refusal(Explained, IllegalMoveError):
    """Something a player asked for that the table turns down, said in both languages."""


class Unreadable(Explained, NotationError):
    """Text that does not read as a move or a cell, said in both languages."""


class RecordRefused(Explained, RecordError):
    """A record that is not one or does not replay, said in both languages (which move, and why)."""
