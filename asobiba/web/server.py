"""``asobiba serve``: one uvicorn process serving the web table.

The database is opened and the socket bound before anything is announced, so a database that
cannot be used or a port in use is a one-line error (status 2) and never a "serving" line followed
by a failure. Connections are bounded (:mod:`.connections`). The database URL is shown with its password
masked; binding an address other than loopback prints a warning.

A WebSocket whose handler has finished is cut off (the TCP connection aborted) if it has not closed
within :data:`CLOSE_GRACE` seconds: a client that stopped reading never takes the close frame, and
without this its connection would wait on its full send buffer for ever. Each WebSocket's kernel
send buffer is kept to :data:`SEND_BUFFER` bytes, so a client that stops reading is noticed (its
frames stop going out) after a few frames rather than megabytes (docs/operations.md, "Slow clients").
A text message that is not UTF-8 closes its WebSocket with :data:`INVALID_TEXT` and one log line.

Several processes (docs/operations.md, "Several processes"): ``workers`` processes serve one port
(the socket is bound once, then the processes are forked and all accept on it); a process that dies
is started again, and stopping the server (SIGINT, SIGTERM) stops them all and waits
:data:`STOP_GRACE` seconds for them. They share the store, which must then be PostgreSQL, and hear
of one another's changes through the broker (:mod:`.broker`): ``broker`` is the store's own
database URL (several processes without one name use the store's). SQLite serves one process:
``workers`` or ``broker`` with it is refused.

Frames go out uncompressed (no per-message deflate): compressing each client's copy of every state
frame cost the server a fifth of its time under load, for frames of a few kilobytes
(docs/benchmarks.md, "Web table under load").
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

import segno
import uvicorn
from sqlalchemy.engine import make_url
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from ..core.errors import AsobibaError
from .address import PublicUrl, lan_address
from .app import create_app
from .connections import Connections, HttpProtocol
from .guard import MESSAGE_LIMIT, Access, is_loopback
from .limits import Limits
from .shared_limits import Share
from .store import check_db, resolve_db_url
from .studyplan import MAX_SECONDS

MAX_RATE = 10_000.0
"""The largest ``--address-rate`` (requests a second)."""
MAX_CONNECTIONS = 10_000
"""The largest ``--address-connections``."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive HTTP connection stays open."""
CLOSE_GRACE = 5.0
"""Seconds a finished WebSocket may take to close before its connection is aborted."""
SEND_BUFFER = 64 * 1024
"""The kernel send buffer asked for each WebSocket connection (the kernel may double it)."""
INVALID_TEXT = 1007
"""The close code of a WebSocket text message that is not UTF-8 (invalid payload data)."""
MAX_WORKERS = 64
"""The most ``--workers``."""
STOP_GRACE = 10.0
"""Seconds the processes of ``--workers`` have to stop before they are killed."""
RESTART_PAUSE = 1.0
"""Seconds before a process that died within :data:`RESTART_PAUSE` × 5 of its start is started again."""


class ServeError(AsobibaError):
    """The server cannot listen where it was asked to."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    allow_hosts: tuple[str, ...] = (),
    allow_origins: tuple[str, ...] = (),
    api_docs: bool = False,
    allow_builds: bool = False,
    address_rate: float = Limits.address_rate,
    address_connections: int = Limits.address_connections,
    proxies: tuple[str, ...] = (),
    public_url: str | None = None,
    lan: bool = False,
    study_seconds: int = MAX_SECONDS,
    workers: int = 1,
    broker: str | None = None,
) -> None:
    """Serve until interrupted. ``db``: a SQLAlchemy URL or a file path; None → the default
    SQLite file in the user's data directory (created if missing). ``allow_hosts``: more names
    the Host header may carry; ``allow_origins``: more origins allowed to act; ``allow_builds``:
    build solution tables when asked; ``address_rate``: requests a second per client address
    (0: no per-address limits); ``address_connections``: open connections per client address;
    ``proxies``: the addresses of reverse proxies whose ``X-Forwarded-For`` names the client
    (from any other peer the header is ignored); ``public_url``: the address other people open,
    which invite links start with; ``lan``: listen on this computer's local network address and
    show it; ``study_seconds``: the longest a study of the study page may run; ``workers``: how many
    processes serve the port; ``broker``: the database URL whose notifications tell the processes of
    one another's changes (docs/operations.md)."""
    if not 1 <= port <= 65535:
        raise ServeError(f"port {port} is not between 1 and 65535")
    if not (math.isfinite(address_rate) and 0 <= address_rate <= MAX_RATE):
        raise ServeError(f"--address-rate must be a number from 0 (off) to {MAX_RATE:g}, "
                         f"not {address_rate}")
    if not 1 <= address_connections <= MAX_CONNECTIONS:
        raise ServeError(f"--address-connections must be from 1 to {MAX_CONNECTIONS}, "
                         f"not {address_connections}")
    if not 1 <= study_seconds <= MAX_SECONDS:
        raise ServeError(f"--study-seconds must be from 1 to {MAX_SECONDS}, not {study_seconds}")
    for proxy in proxies:
        try:
            ipaddress.ip_address(proxy)
        except ValueError:
            raise ServeError(f"--proxy takes an IP address, not {proxy!r}") from None
    public = PublicUrl.parse(public_url) if public_url is not None else None
    if lan:
        host = lan_address()
        public = public or PublicUrl("http", host, port)
    if not 1 <= workers <= MAX_WORKERS:
        raise ServeError(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}")
    url = check_db(resolve_db_url(db))
    broker_url = shared_broker(url, broker, workers)
    sock = _bind(host, port)
    hosts = (*allow_hosts, public.host) if public is not None else allow_hosts
    origins = (*allow_origins, public.origin) if public is not None else allow_origins
    access = Access.bound(host, port, hosts, origins)
    limits = Limits(address_rate=address_rate, address_burst=max(1.0, 6 * address_rate),
                    address_connections=address_connections)
    share = Share(processes=workers)  # each process's part of the per-address limits
    app = create_app(url, access=access, api_docs=api_docs, limits=limits, allow_builds=allow_builds,
                     hint_processes=True, public_url=public, study_seconds=study_seconds,
                     broker=broker_url, share=share)
    shown = make_url(url).render_as_string(hide_password=True)
    processes = f"; {workers} processes" if workers > 1 else ""
    shared = "; changes shared through its notifications" if broker_url is not None else ""
    print(f"asobiba: serving http://{_netloc(host)}:{port}/  (games stored in {shown}{processes}{shared})",
          flush=True)
    if lan and public is not None:
        _show_for_friends(public)
    elif not is_loopback(host):
        print(f"asobiba: warning: listening on {host}, not only on this computer; anyone who can "
              "reach it can play and read every game. Put it behind a reverse proxy with TLS "
              "(docs/operations.md) and name the public host with --allow-host.",
              file=sys.stderr, flush=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MESSAGE_LIMIT, ws=WebSocketProtocol,
                            http=HttpProtocol, ws_per_message_deflate=False,
                            proxy_headers=bool(proxies), forwarded_allow_ips=list(proxies),
                            timeout_keep_alive=KEEP_ALIVE)
    config.connections = Connections(address_connections, proxies, share=share)  # type: ignore[attr-defined]  # uvicorn's Config has no slot for it; the protocols read it back
    if workers == 1:
        uvicorn.Server(config).run(sockets=[sock])
    else:
        supervise(workers, lambda: uvicorn.Server(config).run(sockets=[sock]))


def shared_broker(url: str, broker: str | None, workers: int) -> str | None:
    """The broker's URL for a store at ``url`` (None: one process alone), or a one-line error:
    SQLite serves one process; a broker must be the store's own PostgreSQL database (its
    notifications are sent inside the changes' transactions)."""
    if broker is None and workers == 1:
        return None
    store = make_url(url)
    if store.get_backend_name() != "postgresql":
        raise ServeError("--workers and --broker need a PostgreSQL store (--db postgresql://…); "
                         "SQLite serves one process")
    if broker is None:
        return url
    try:
        given = make_url(resolve_db_url(broker))
    except Exception:
        raise ServeError(f"--broker takes a postgresql:// URL, not {broker!r:.80}") from None
    if given.get_backend_name() != "postgresql":
        raise ServeError("--broker takes the store's own postgresql:// URL (its LISTEN/NOTIFY)")
    where = (given.host or "localhost", given.port or 5432, given.database)
    if where != (store.host or "localhost", store.port or 5432, store.database):
        raise ServeError("--broker must name the store's own database (the notifications are "
                         "sent inside each change's transaction)")
    return given.render_as_string(hide_password=False)


def supervise(count: int, run: Callable[[], None]) -> None:
    """Run ``run`` in ``count`` forked processes until SIGINT or SIGTERM, starting again any that
    dies; then stop them all (SIGTERM, and SIGKILL after :data:`STOP_GRACE` seconds)."""
    started: dict[int, float] = {}
    stopping = False

    def spawn() -> None:
        pid = os.fork()
        if pid == 0:  # the child serves until told to stop
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            code = 0
            try:
                run()
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        started[pid] = time.monotonic()

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in started:
            with _gone():
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for _ in range(count):
        spawn()
    deadline: float | None = None
    while started:
        if stopping and deadline is None:
            deadline = time.monotonic() + STOP_GRACE
        try:
            pid, status = os.waitpid(-1, os.WNOHANG if deadline is not None else 0)
        except InterruptedError:
            continue
        except ChildProcessError:
            break
        if pid == 0:
            if deadline is not None and time.monotonic() > deadline:
                for left in started:
                    with _gone():
                        os.kill(left, signal.SIGKILL)
            time.sleep(0.05)
            continue
        began = started.pop(pid, None)
        if began is None or stopping:
            continue
        print(f"asobiba: process {pid} ended ({_ending(status)}); starting another", file=sys.stderr,
              flush=True)
        if time.monotonic() - began < 5 * RESTART_PAUSE:
            time.sleep(RESTART_PAUSE)
        if not stopping:
            spawn()


def _ending(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return f"status {os.waitstatus_to_exitcode(status)}"


def _gone() -> contextlib.suppress:
    """Ignore a process that is already gone."""
    return contextlib.suppress(ProcessLookupError)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, but a connection still open :data:`CLOSE_GRACE` seconds after
    its handler finished is aborted, and its send buffer is small (see the module docstring)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def connection_lost(self, exc: Exception | None) -> None:
        self.config.connections.release(self.transport)  # type: ignore[attr-defined]  # set by serve()
        super().connection_lost(exc)

    def on_task_complete(self, task: asyncio.Task[Any]) -> None:
        super().on_task_complete(task)
        self.loop.call_later(CLOSE_GRACE, self._abort_if_open)

    def send_receive_event_to_app(self) -> None:
        """A text message that is not UTF-8 closes the connection with 1007 (invalid payload) and
        one line in the log (uvicorn's own check logs a traceback); every other message goes on."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                client = self.client[0] if self.client else "?"
                self.logger.warning("client %s sent a WebSocket text message that is not UTF-8; "
                                    "closed with 1007", client)
                self.conn.send_close(INVALID_TEXT)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()

    def _abort_if_open(self) -> None:
        if not self.disconnected and self.transport is not None:
            self.transport.abort()


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or a one-line error."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _show_for_friends(public: PublicUrl) -> None:
    """The address to open on the other devices of the same network, and its QR code."""
    print(f"asobiba: on the phones and computers of the same Wi-Fi, open {public.origin}/ "
          "(or scan this code):", flush=True)
    segno.make(f"{public.origin}/", error="m").terminal(out=sys.stdout, compact=True, border=2)
    print("asobiba: anyone on this network can play and read every game; stop the server "
          "(Ctrl+C) when you are done.", file=sys.stderr, flush=True)


def _netloc(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
