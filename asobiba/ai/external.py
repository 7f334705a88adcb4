"""An outside program that speaks the engine protocol, as an asobiba agent (``ext:COMMAND`` in
``asobiba arena``; docs/research.md, "The engine protocol").

The program is started once per game with ``COMMAND`` split as a shell would (no shell runs it),
greeted with ``asobiba`` (it must answer ``asobibaok`` within :data:`HELLO_SECONDS`), told the game
and its options with ``setoption`` lines, then asked ``position json {…}`` and ``go movetime MS``
for each of its moves. Everything it writes is hostile until read: a line that is not an
``info``, ``error`` or ``bestmove`` line, a ``bestmove`` that is not legal, an ``error``, or no
``bestmove`` within the move's time and :data:`GRACE_SECONDS` more, and the program is killed and
the game stops with a one-line :class:`ExternalEngineError`.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from typing import NoReturn

from ..core import Game, State
from ..core.errors import AsobibaError, one_line

PREFIX = "ext:"
HELLO_SECONDS = 10.0
GRACE_SECONDS = 2.0
MOVE_MS = 1000
"""The time each move may take, told to the program as ``go movetime``."""
MAX_LINE = 100_000


class ExternalEngineError(AsobibaError):
    """The outside program broke the protocol, failed or was too slow; it has been killed."""


def is_external(name: str) -> bool:
    return name.startswith(PREFIX)


class ExternalAgent:
    """One outside program playing one game."""

    def __init__(self, game: Game, command: str, *, name: str | None = None,
                 move_ms: int = MOVE_MS) -> None:
        self.game = game
        self.name = name or PREFIX + command
        self.move_ms = move_ms
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ExternalEngineError(f"{self.name}: the command cannot be read ({exc})") from None
        if not argv:
            raise ExternalEngineError("ext: needs a command after it")
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as exc:
            raise ExternalEngineError(f"{self.name}: cannot start it ({exc.strerror})") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._hello()

    # -- the pipe ---------------------------------------------------------------------------------
    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line[:MAX_LINE + 1].rstrip("\r\n"))
        self.lines.put(None)

    def _send(self, line: str) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            self._fail("it stopped reading")

    def _next(self, deadline: float) -> str:
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            self._fail("no answer in time")
        if line is None:
            self._fail("it exited")
        if len(line) > MAX_LINE:
            self._fail("a line too long")
        return line

    def _fail(self, why: str, line: str | None = None) -> NoReturn:
        self.close()
        shown = f": {one_line(line, 80)!r}" if line is not None else ""
        raise ExternalEngineError(f"{self.name}: {why}{shown}; killed")

    # -- the protocol -----------------------------------------------------------------------------
    def _hello(self) -> None:
        self._send("asobiba")
        deadline = time.monotonic() + HELLO_SECONDS
        while True:
            line = self._next(deadline)
            if line == "asobibaok":
                break
            if not (line.startswith("id ") or line.startswith("option ")):
                self._fail("not an answer to 'asobiba'", line)
        for key, value in self.game.options.to_dict().items():
            if value is None:
                continue
            if isinstance(value, list):
                value = ",".join(map(str, value))
            elif isinstance(value, bool):
                value = "true" if value else "false"
            if "\n" in str(value):
                continue  # text options of many lines do not travel on one line
            self._send(f"setoption name {key} value {value}")
        self._send("newgame")
        self._send("isready")
        while (line := self._next(time.monotonic() + HELLO_SECONDS)) != "readyok":
            self._fail("refused the game or its options" if line.startswith("error") else
                       "not an answer to 'isready'", line)

    def choose(self, state: State) -> int:
        position = json.dumps(state.to_json(), ensure_ascii=False, separators=(",", ":"))
        self._send(f"position json {position}")
        self._send(f"go movetime {self.move_ms}")
        deadline = time.monotonic() + self.move_ms / 1000 + GRACE_SECONDS
        while True:
            line = self._next(deadline)
            if line.startswith("info ") or line == "info":
                continue
            if line.startswith("error"):
                self._fail("answered with an error", line)
            parts = line.split()
            if len(parts) == 2 and parts[0] == "bestmove" and parts[1].isdigit():
                action = int(parts[1])
                if action not in state.legal_actions():
                    self._fail("an illegal bestmove", line)
                return action
            self._fail("garbage", line)

    def close(self) -> None:
        """Ask the program to quit, and kill it if it does not at once."""
        process = self.process
        if process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.write("quit\n")
                process.stdin.flush()
                process.wait(timeout=0.5)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
