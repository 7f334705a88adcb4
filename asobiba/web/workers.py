"""The thinking done for clients — computer moves and hints — in bounded pools of its own
(docs/operations.md, "Bounded work").

Neither pool is shared with storage or the event loop. Computer moves run in :data:`MOVE_THREADS`
threads (a computer player keeps what it learnt between its moves, so it lives in this process) and
are never refused: each game has at most one pending. Hints, which start afresh each time, run in
:data:`HINT_WORKERS` separate processes when ``hint_processes`` is on (``asobiba serve``), so a
hint's search never competes with the event loop for the interpreter; else in a thread. At most
:data:`HINT_QUEUE` hints wait beyond those being worked out; past that a hint is refused at once
with :class:`Busy` (HTTP 503, an error frame on the socket), in both languages, and nothing
changes. The rooms allow one hint at a time per seat (:class:`HintPending`, HTTP 429).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..core.errors import Explained
from ..core.names import Names

MOVE_THREADS = 2
"""Threads that compute computer moves at once."""
HINT_WORKERS = 1
"""Hints worked out at once (one core's worth; the event loop keeps the other)."""
HINT_QUEUE = 8
"""The most hints waiting beyond those being worked out; one more is refused as busy."""


class Busy(Explained):
    """The server has more thinking to do than it takes on now (HTTP 503)."""

    status = 503


class HintPending(Explained):
    """A hint asked for while the same seat's last one is still being worked out (HTTP 429)."""

    status = 429


BUSY = Names("サーバーが混み合っています。少し待ってからもう一度ヒントを頼んでください。",
             "the server is busy; ask for the hint again in a moment")
HINT_PENDING = Names("ヒントを考えているところです。出るまでお待ちください。",
                     "a hint for this seat is already being worked out; wait for it")


def follow_parent(parent: int) -> None:
    """In a hint process: end it as soon as the server process is gone, even when that was killed
    outright (SIGKILL leaves no time to stop the pool)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


class Workers:
    """The computer-move threads and the hint pool (see the module docstring)."""

    def __init__(self, *, hint_processes: bool = False, hint_queue: int = HINT_QUEUE) -> None:
        self.hint_limit = HINT_WORKERS + hint_queue
        self.hints_pending = 0
        """Hints handed to the pool and not finished yet."""
        self._count = threading.Lock()
        self._moves = ThreadPoolExecutor(MOVE_THREADS, thread_name_prefix="computer-moves")
        self._hints: Executor
        if hint_processes:
            self._hints = ProcessPoolExecutor(HINT_WORKERS, multiprocessing.get_context("spawn"),
                                              initializer=follow_parent, initargs=(os.getpid(),))
            self._hints.submit(int)  # start the process now, not at the first hint
        else:
            self._hints = ThreadPoolExecutor(HINT_WORKERS, thread_name_prefix="hints")

    async def move(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` for a computer move (never refused)."""
        return await asyncio.get_running_loop().run_in_executor(self._moves, fn, *args)

    async def hint(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` for a hint (in a process: ``fn`` and ``args`` must pickle); :class:`Busy`
        at once when too many hints wait."""
        with self._count:
            if self.hints_pending >= self.hint_limit:
                raise Busy(BUSY)
            self.hints_pending += 1
        future = self._hints.submit(fn, *args)
        future.add_done_callback(self._hint_done)
        return await asyncio.wrap_future(future)

    def _hint_done(self, _future: Any) -> None:
        with self._count:
            self.hints_pending -= 1

    def close(self) -> None:
        """Stop both pools; work still waiting is cancelled."""
        self._moves.shutdown(wait=False, cancel_futures=True)
        self._hints.shutdown(wait=False, cancel_futures=True)
