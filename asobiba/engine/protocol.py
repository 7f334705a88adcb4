"""The lines of the asobiba engine protocol (docs/research.md, "The engine protocol").

The host writes one command a line; the engine answers each in the lines named here and nothing
else. Action ids are asobiba's (docs/rules/<id>.md, "Action ids"); every line is at most
:data:`MAX_LINE` characters of UTF-8 text.

==============================================  =============================================
host → engine                                   engine → host
==============================================  =============================================
``asobiba``                                     ``id name …``, ``id game GAME``,
                                                ``option name K kind KIND default D`` per rule
                                                option, then ``asobibaok``
``isready``                                     ``readyok``
``setoption name K value V``                    nothing (``error …`` if refused)
``newgame``                                     nothing: the start, with the options set
``position start [moves A …]``                  nothing (``error …`` if an action is illegal)
``position json {…} [moves A …]``               the same, from a position JSON (one line)
``legal``                                       ``legal A …`` (the actions of the side to act),
                                                or at a chance node ``chance A:P …`` (each
                                                outcome and its probability)
``notation A``                                  ``notation A TEXT``
``go [level L] [nodes N] [movetime MS]``        ``info …`` lines, then ``bestmove A``
``quit``                                        the engine exits
==============================================  =============================================

``info`` lines carry ``depth D``, ``nodes N``, ``value V`` (the expected result for the side to
move, -1 … 1) and ``pv A …``. Any line the engine cannot take gets exactly one line
``error MESSAGE`` and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LINE = 1_000_000
"""The longest line either side accepts (a position JSON of a large battle fits)."""

COMMANDS = ("asobiba", "isready", "setoption", "newgame", "position", "legal", "notation", "go",
            "quit")


class ProtocolError(ValueError):
    """A line that breaks the protocol (the message is one line)."""


@dataclass(frozen=True)
class Go:
    """What ``go`` asks for: a level, a node (or iteration) budget, a time budget in ms."""

    level: str | None = None
    nodes: int | None = None
    movetime: int | None = None


def words(line: str) -> list[str]:
    if len(line) > MAX_LINE:
        raise ProtocolError(f"line longer than {MAX_LINE} characters")
    if any(ord(c) < 32 and c not in "\t" for c in line):
        raise ProtocolError("control characters in the line")
    return line.split()


def positive(text: str, what: str) -> int:
    if not text.isdigit() or int(text) < 1 or len(text) > 12:
        raise ProtocolError(f"{what} must be a positive whole number, not {text!r}")
    return int(text)


def action_ids(texts: list[str]) -> list[int]:
    out = []
    for text in texts:
        if not text.isdigit() or len(text) > 12:
            raise ProtocolError(f"an action is a non-negative whole number, not {text!r}")
        out.append(int(text))
    return out


def parse_go(args: list[str]) -> Go:
    """``go [level L] [nodes N] [movetime MS]`` (each at most once)."""
    seen: dict[str, str] = {}
    if len(args) % 2:
        raise ProtocolError("go takes pairs: level L, nodes N, movetime MS")
    for key, value in zip(args[::2], args[1::2], strict=True):
        if key not in ("level", "nodes", "movetime") or key in seen:
            raise ProtocolError(f"go: unexpected {key!r} (level, nodes, movetime, each once)")
        seen[key] = value
    return Go(
        level=seen.get("level"),
        nodes=positive(seen["nodes"], "nodes") if "nodes" in seen else None,
        movetime=positive(seen["movetime"], "movetime") if "movetime" in seen else None,
    )


def split_moves(args: list[str]) -> tuple[list[str], list[int]]:
    """``… moves A B`` → (the words before ``moves``, the actions after it)."""
    if "moves" in args:
        at = args.index("moves")
        return args[:at], action_ids(args[at + 1:])
    return args, []


def parse_setoption(args: list[str]) -> tuple[str, str]:
    """``setoption name K value V`` (V may hold spaces; empty V is allowed)."""
    if len(args) < 3 or args[0] != "name" or args[2] != "value":
        raise ProtocolError("setoption must read: setoption name K value V")
    return args[1], " ".join(args[3:])
