"""Delta frames (docs/protocol.md, "Delta frames"): what changed between two moments of a game.

Protocol 2 sends a client the whole game once — its first ``state`` frame, and again whenever it
asks (``sync``) or has missed a moment — and after that only what changed, in ``delta`` frames.
Each moment of a watched game has a number ``v``; a delta names the moment it applies to
(``base``) and the one it makes (``v``). A delta's ``game`` is a *change* of the game object, each
of its keys one of:

* ``"key": value`` — the key's new value;
* ``"-key": 1`` — the key is gone;
* ``"~key": change`` — the key's object changed as the nested change says;
* ``"+key": [kept, tail]`` — the key's list keeps its first ``kept`` entries, then ``tail`` follows
  (a list that grows as the game goes on: the history, the moves);
* ``"<key": [[at, count, parts], …]`` — the key's long text (the board picture), cut before each
  ``<`` into parts, has ``count`` parts from ``at`` replaced with ``parts``, splice by splice in
  order (``at`` counts in the list as the splices before left it).

The keys each client is sent its own of come whole: ``you`` always, ``legal`` and ``verbs`` unless
the game itself did not change (:class:`~.view.StateFrame`); the game's ``options`` and ``meta``
come with its first ``state`` frame only (:data:`ONCE`).
:func:`changes` makes a change and :func:`apply` applies one (the page does the same in
``static/js/tablesocket.js``): applying the changes from ``before`` to ``after`` gives ``after``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import repeat
from typing import Any

PROTOCOL = 2
"""The protocol version this server speaks (1: ``state`` frames only)."""
SUBPROTOCOL = "asobiba.2"
"""The WebSocket subprotocol a client offers to be sent delta frames."""

ONCE = ("options", "meta")
"""The keys a client is sent once, with its first ``state`` frame: the game's options (up to 128 KiB:
a game's own additions) and meta never change while it is played (a frame's ``position`` leaves
its options out too)."""
OWN = ("you", "legal", "verbs", *ONCE)
"""The keys each client is sent its own of (never in the common part of a frame or delta)."""
CUT = "<"
"""Long texts are compared in parts, cut before each of these."""
LONG = 512
"""The shortest text compared in parts."""

MARKS = ("<", "+", "~", "-")
"""The first characters of a change's keys that say how to apply it."""

_MISSING = object()


def changes(before: dict[str, Any], after: dict[str, Any], skip: tuple[str, ...] = OWN) -> dict[str, Any]:
    """The change from the object ``before`` to ``after`` (their keys in ``skip`` left out)."""
    out: dict[str, Any] = {}
    for key, value in after.items():
        if key in skip:
            continue
        old = before.get(key, _MISSING)
        if old is value or (type(old) is type(value) and old == value):
            continue
        if isinstance(value, str) and isinstance(old, str) and len(value) >= LONG:
            out["<" + key] = splices(old.split(CUT), value.split(CUT))
        elif isinstance(value, list) and isinstance(old, list):
            kept = kept_prefix(old, value)
            if kept:
                out["+" + key] = [kept, value[kept:]]
            else:
                out[key] = value
        elif isinstance(value, dict) and isinstance(old, dict):
            nested = changes(old, value, ()) if _plain(old) and _plain(value) else value
            if len(nested) >= len(value):  # most of it changed: the whole is shorter
                out[key] = value
            elif nested:
                out["~" + key] = nested
        else:
            out[key] = value
    for key in before:
        if key not in after and key not in skip:
            out["-" + key] = 1
    return out


def _plain(value: dict[str, Any]) -> bool:
    """Whether no key of ``value`` begins with a mark of a change (else it is sent whole)."""
    return not any(map(str.startswith, value, repeat(MARKS)))


def kept_prefix(old: Sequence[Any], new: Sequence[Any]) -> int:
    """How many first entries ``old`` and ``new`` share."""
    if len(new) >= len(old) and new[: len(old)] == old:
        return len(old)
    kept = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        kept += 1
    return kept


def splices(old: list[str], new: list[str]) -> list[list[Any]]:
    """Splices that turn the parts ``old`` into ``new``, each ``[at, count, parts]`` (``at``
    counted in the list as the splices before it left it): what both begin and end with is kept;
    between, the parts found once in each, in the same order, anchor the runs that changed."""
    out: list[list[Any]] = []
    x_start, x_end, y_start, y_end = _trim(old, new, 0, len(old), 0, len(new))
    if x_start == x_end and y_start == y_end:
        return out
    between = old[x_start:x_end]
    in_old = Counter(between)
    once_new = _once(new, y_start, y_end)
    anchors = []
    last = y_start - 1
    for i, part in enumerate(between, x_start):
        j = once_new.get(part, -1)
        if j > last and in_old[part] == 1:  # found once in each, kept in order: an anchor
            anchors.append((i, j))
            last = j
    anchors.append((x_end, y_end))
    i, j = x_start, y_start
    for a, b in anchors:
        if i < a or j < b:  # parts between this anchor and the one before
            i0, i1, j0, j1 = _trim(old, new, i, a, j, b)
            if i0 < i1 or j0 < j1:
                out.append([j0, i1 - i0, new[j0:j1]])
        i, j = a + 1, b + 1
    return out


def _trim(old: list[str], new: list[str], i: int, a: int, j: int, b: int) -> tuple[int, int, int, int]:
    """``old[i:a]`` and ``new[j:b]`` without what they both begin and end with."""
    while i < a and j < b and old[i] == new[j]:
        i += 1
        j += 1
    while i < a and j < b and old[a - 1] == new[b - 1]:
        a -= 1
        b -= 1
    return i, a, j, b


def _once(parts: list[str], start: int, end: int) -> dict[str, int]:
    """The parts found once in ``parts[start:end]``, with where."""
    window = parts[start:end]
    count = Counter(window)
    return {part: k for k, part in enumerate(window, start) if count[part] == 1}


def apply(game: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The object after ``change`` (a delta frame's ``game``), ``game`` left as it was."""
    out = dict(game)
    for key, value in change.items():
        mark, name = key[:1], key[1:]
        if mark == "<":
            parts = game[name].split(CUT)
            for at, count, new in value:
                parts[at : at + count] = new
            out[name] = CUT.join(parts)
        elif mark == "+":
            kept, tail = value
            out[name] = game[name][:kept] + tail
        elif mark == "~":
            out[name] = apply(game[name], value)
        elif mark == "-":
            out.pop(name, None)
        else:
            out[key] = value
    return out


KEPT = ("action", "notation")
"""The fields of a legal move that protocol 2 always sends (docs/protocol.md, "Compact legal moves")."""


def usual_move(move: dict[str, Any], worded: bool) -> dict[str, Any]:
    """The legal move that protocol 2 rebuilds from ``move``'s :data:`KEPT` fields and its cells
    (docs/protocol.md, "Compact legal moves"): ``from`` and ``to`` null, the path from ``from`` to
    ``to`` (those of ``move`` not null), nothing dropped and no verb played; a move with words
    (``worded``) of the ``move`` kind, reading as its notation in both languages, with no data.
    Protocol 2 leaves out of each move every field equal to this one's."""
    origin, target, notation = move.get("from"), move.get("to"), move["notation"]
    usual = {"action": move["action"], "notation": notation, "from": None, "to": None,
             "path": [c for c in (origin, target) if c is not None], "drops": []}
    if worded:
        usual.update(kind="move", words={"ja": notation, "en": notation}, data={})
    usual["verb"] = None
    return usual


def expand_moves(legal: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal moves of a protocol-2 frame (``{"words"?, "moves"}``) as protocol 1 sends them."""
    worded = legal.get("words") is True
    return [{**usual_move(move, worded), **move} for move in legal["moves"]]
