"""TCP connections of ``asobiba serve``: read timeouts and a cap per client address (docs/operations.md,
"Bounded work").

A connection is counted from the moment it is accepted, before it has said anything, so that
connections which never finish a request (a "slowloris" attack) are bounded too:

* **Per address** — at most :attr:`Connections.per_address` connections of one peer address are
  open at once (with several processes on one database, each holds its part: the cap divided by
  the processes serving, :mod:`.shared_limits`); a connection past that is closed as soon as it
  is accepted. The reverse proxies
  named with ``--proxy`` carry many clients and are not capped (limit there).
* **In all** — at most :attr:`Connections.total` connections are open (kept below the files the
  process may open, so that the database and the static files can always be opened).
* **Headers** — a request's line and headers may take at most :data:`HEADER_LIMIT` bytes.
* **Timeouts** — a request's headers must arrive within :data:`HEADER_TIMEOUT` seconds of the
  connection (or of the request's first byte on a kept-alive connection), and its body within
  :data:`BODY_TIMEOUT` seconds of its headers; a connection that is late is closed. An idle
  kept-alive connection is closed after uvicorn's keep-alive timeout.
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .shared_limits import Share

HEADER_TIMEOUT = 5.0
"""Seconds a request's headers may take to arrive."""
BODY_TIMEOUT = 30.0
"""Seconds a request's body may take to arrive after its headers (an 8 MB record at 2 Mbit/s)."""
HEADER_LIMIT = 64 * 1024
"""The most bytes a request's line and headers may take (with the body that came with them)."""
RESERVED_FILES = 256
"""Files kept free for the process itself (the database, static files, workers' pipes)."""


def open_file_limit() -> int:
    """The most connections to hold: the files this process may open, less those it needs."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, soft - RESERVED_FILES)


class Connections:
    """The open connections of one server, by peer address."""

    def __init__(self, per_address: int, proxies: tuple[str, ...] = (), total: int | None = None,
                 share: Share | None = None) -> None:
        self.per_address = per_address
        self.share = share or Share()
        self.proxies = frozenset(proxies)
        self.total = open_file_limit() if total is None else total
        self.open: dict[str, int] = {}
        self.counted: dict[int, str] = {}
        """The address of each counted transport (by id), so that it is released once."""

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; False if it must be closed (its address or the server is full)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        held = self.open.get(address, 0)
        cap = max(1, int(self.share.part(self.per_address)))
        if len(self.counted) >= self.total or (held >= cap and address not in self.proxies):
            return False
        self.open[address] = held + 1
        self.counted[id(transport)] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """Forget a connection that went (any number of times)."""
        address = self.counted.pop(id(transport), None)
        if address is None:
            return
        self.open[address] -= 1
        if not self.open[address]:
            del self.open[address]


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the cap and the timeouts of the module docstring (the server's
    :class:`Connections` comes with its config, as ``config.connections``)."""

    def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.counter: Connections = config.connections
        self.reading: asyncio.TimerHandle | None = None
        self.head: int | None = 0
        """Bytes received of the current request's line and headers (None once they are in)."""
        self.heads = 0
        """How many requests' headers have come in."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's own takes a Transport, not asyncio's BaseTransport
        super().connection_made(transport)
        if not self.counter.admit(transport):
            transport.abort()
            return
        self._deadline(HEADER_TIMEOUT)

    def connection_lost(self, exc: Exception | None) -> None:
        self._deadline(None)
        self.counter.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        heads, reading_head = self.heads, self.head is not None
        super().data_received(data)
        if reading_head and self.heads == heads and self.head is not None:  # all of it headers
            self.head += len(data)
            if self.head > HEADER_LIMIT:
                self.transport.abort()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.reading is None:
            self._deadline(HEADER_TIMEOUT)

    def on_headers_complete(self) -> None:
        self.head = None
        self.heads += 1
        self._deadline(BODY_TIMEOUT)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.head = 0
        self._deadline(None)
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._deadline(None)
        super().handle_websocket_upgrade()

    def _deadline(self, seconds: float | None) -> None:
        """Close the connection unless the next part of the request comes within ``seconds``
        (None: no deadline)."""
        if self.reading is not None:
            self.reading.cancel()
        self.reading = None if seconds is None else self.loop.call_later(seconds, self._late)

    def _late(self) -> None:
        self.reading = None
        if not self.transport.is_closing():
            self.transport.abort()
