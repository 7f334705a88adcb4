"""Reading text from outside — files a command is given, JSON and TOML from a file, a request, a
frame or an option (docs/formats.md, "Reading files and text"): every such text is read here.

* A file: a regular file only (a FIFO, a device such as ``/dev/zero`` or a folder is refused
  before anything is read, so reading never blocks nor runs on), at most :data:`MAX_FILE_BYTES`,
  UTF-8.
* JSON (:func:`parse_json`; :func:`parse_json_prefix` for JSON followed by more text): valid
  Unicode, numbers finite and of at most 4,300 digits, nested at most :data:`MAX_DEPTH` levels.
* TOML (:func:`parse_toml`): nested at most :data:`MAX_DEPTH` levels, in brackets (arrays, inline
  tables) and in the tables it makes (dotted keys, ``[a.b.c]`` headers). The standard library's
  parser calls itself for each bracket, so 3,000 of them would exhaust Python's stack: the text's
  brackets are counted first, strings and comments read as the parser reads them.

Anything else raises the caller's error class with one line (the file or what it is named first).
"""

from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

import pydantic_core

from .errors import AsobibaError, PositionError

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file read (8 MB): positions, records, catalogs, tallies, studies."""
MAX_DEPTH = 100
"""The most levels of arrays and objects (tables) inside one another in JSON or TOML from outside
(every real document has fewer than ten; the parsers need a few of Python's frames per level)."""


def read_text_file(path: str | Path, error: type[AsobibaError] = PositionError) -> str:
    """The text of a regular file of at most :data:`MAX_FILE_BYTES`, UTF-8; problems raise
    ``error`` with one line. Every file a command is given goes through here."""
    try:
        # non-blocking: opening a FIFO for reading must not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise error(f"cannot read {path}: not a regular file")
    with os.fdopen(fd, "rb") as file:
        try:
            raw = file.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise error(f"cannot read {path}: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path} is not UTF-8 text") from None


def read_json_file(path: str | Path, error: type[AsobibaError] = PositionError) -> Any:
    """The JSON of a regular file (see :func:`read_text_file` and :func:`parse_json`)."""
    return parse_json(read_text_file(path, error), error, f"{path}: ")


def parse_json(raw: str | bytes, error: type[Exception], prefix: str = "") -> Any:
    """JSON text from outside (see the module docstring); else ``error`` with one line (starting
    with ``prefix``)."""
    try:
        data = pydantic_core.from_json(raw, allow_inf_nan=False)
    except ValueError as exc:
        if "recursion limit" in str(exc):  # the parser's own bound, past ours
            raise error(f"{prefix}{_too_deep('JSON')}") from None
        raise error(f"{prefix}malformed JSON ({exc})") from None
    problem = _problem(data, MAX_DEPTH, "JSON")
    if problem is not None:
        raise error(f"{prefix}{problem}")
    return data


_JSON_MARK = re.compile(r'[\[\]{}"]')
_JSON_STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*', re.S)


def parse_json_prefix(text: str, error: type[Exception], prefix: str = "") -> tuple[Any, str]:
    """The JSON array or object that ``text`` starts with (as :func:`parse_json` reads it) and the
    text after it, e.g. ``{…} moves 3 5`` in a line of the engine protocol."""
    start = len(text) - len(text.lstrip())
    if not text.startswith(("{", "["), start):
        raise error(f"{prefix}malformed JSON (an object or an array must come first)")
    depth, pos = 0, start
    while (mark := _JSON_MARK.search(text, pos)) is not None:
        char, pos = mark.group(), mark.end()
        if char == '"':
            pos = _JSON_STRING_BODY.match(text, pos).end() + 1  # type: ignore[union-attr]
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"{prefix}{_too_deep('JSON')}")
        else:
            depth -= 1
            if depth == 0:
                return parse_json(text[start:pos], error, prefix), text[pos:]
    raise error(f"{prefix}malformed JSON (it does not end)")


def parse_toml(text: str, error: type[Exception], prefix: str = "") -> dict[str, Any]:
    """TOML text from outside (see the module docstring); else ``error`` with one line (starting
    with ``prefix``)."""
    if _toml_brackets_too_deep(text):
        raise error(f"{prefix}{_too_deep('TOML')}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{prefix}malformed TOML ({exc})") from None
    for value in data.values():  # the document's own table is no level
        problem = _problem(value, MAX_DEPTH, "TOML")
        if problem is not None:
            raise error(f"{prefix}{problem}")
    return data


def _too_deep(kind: str) -> str:
    return f"malformed {kind} (nested more than {MAX_DEPTH} levels)"


def _problem(value: Any, room: int, kind: str) -> str | None:
    """What is wrong with parsed ``kind`` data, if anything: an infinite number (JSON like
    ``1e400``), or more levels of lists and objects than ``room`` (the walk stops there)."""
    if isinstance(value, float):
        return None if math.isfinite(value) else f"malformed {kind} (a number is too large)"
    if isinstance(value, dict | list):
        if room <= 0:
            return _too_deep(kind)
        for item in value.values() if isinstance(value, dict) else value:
            problem = _problem(item, room - 1, kind)
            if problem is not None:
                return problem
    return None


_TOML_MARK = re.compile(r"""[\[\]{}"'#]""")
"""What changes the nesting or starts a string or a comment, outside strings."""
_ML_BASIC_BODY = re.compile(r'(?:[^"\\]|\\.|"(?!""))*', re.S)
_BASIC_BODY = re.compile(r'(?:[^"\\\n]|\\.)*')
_LITERAL_BODY = re.compile(r"[^'\n]*")


def _toml_brackets_too_deep(text: str) -> bool:
    """Whether more than :data:`MAX_DEPTH` brackets (``[`` of arrays and headers, ``{`` of inline
    tables) are open at once anywhere the parser would reach: strings and comments are skipped as
    ``tomllib`` reads them (a multi-line string's closing quotes may be followed by one or two
    more of its text), and the count stops where a string does not end (the parser stops there)."""
    depth, pos = 0, 0
    while (mark := _TOML_MARK.search(text, pos)) is not None:
        char, pos = mark.group(), mark.end()
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth = max(depth - 1, 0)
        elif char == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        else:
            string_end = _string_end(text, pos - 1, char)
            if string_end is None:
                return False
            pos = string_end
    return False


def _string_end(text: str, start: int, quote: str) -> int | None:
    """Where the string that starts at ``start`` ends (None: it does not, and the parser stops)."""
    triple = quote * 3
    if text.startswith(triple, start):
        if quote == '"':
            end = _ML_BASIC_BODY.match(text, start + 3).end()  # type: ignore[union-attr]
            if not text.startswith(triple, end):
                return None
        else:
            end = text.find(triple, start + 3)
            if end < 0:
                return None
        end += 3
        for _ in range(2):  # up to two quotes more belong to the text
            if text.startswith(quote, end):
                end += 1
        return end
    body = _BASIC_BODY if quote == '"' else _LITERAL_BODY
    end = body.match(text, start + 1).end()  # type: ignore[union-attr]
    return end + 1 if text.startswith(quote, end) else None
