"""What the server lets in (docs/operations.md, "Security"), as one ASGI middleware.

* **Host** — when the server knows where it listens (``asobiba serve``), a request's ``Host`` must
  name it: a loopback name (``127.0.0.1``, ``localhost``, ``[::1]``) with the bound port, the bound
  address itself, or a name given with ``--allow-host`` (any port). This stops DNS rebinding.
  Refused with 400.
* **Origin** — a POST or a WebSocket that carries an ``Origin`` must come from the page's own origin
  (the request's ``Host``) or one given with ``--allow-origin``. Refused with 403.
* **JSON only** — a POST must say ``Content-Type: application/json`` (so a plain HTML form or a
  "simple" cross-site request cannot act); only a POST without a body may leave the content type
  out. Refused with 415.
* **Body size** — at most :data:`BODY_LIMIT` (1 MB), :data:`RECORD_LIMIT` (8 MB) for record
  uploads; checked on ``Content-Length`` and counted while the body streams in. Refused with 413.
* **Headers** — every answer carries a Content-Security-Policy without inline script (inline style
  is allowed: the board pictures style themselves), no framing, ``nosniff`` and a same-origin
  referrer policy.

Every refusal is ``{"error": "one line"}``.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import AsobibaError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

BODY_LIMIT = 1024 * 1024
"""The largest request body (1 MB), and the largest WebSocket message."""
RECORD_LIMIT = 8 * 1024 * 1024
"""The largest record upload (8 MB): ``POST /api/records``."""
RECORD_PATH = "/api/records"
MESSAGE_LIMIT = BODY_LIMIT

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")


class TooLarge(AsobibaError):
    """A request body over its limit (HTTP 413)."""

    status = 413


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name to bind) reaches this computer only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def split_host(host: str) -> tuple[str, int | None]:
    """``"name:port"`` → (lower-case name, port); no port → 80; a bad port → None."""
    name, port = host.lower(), "80"
    if name.startswith("["):
        end = name.find("]")
        name, rest = name[: end + 1], name[end + 1:]
        if rest:
            port = rest.removeprefix(":")
    elif ":" in name:
        name, _, port = name.rpartition(":")
    return name, int(port) if port.isdigit() and len(port) <= 5 else None


@dataclass(frozen=True)
class Access:
    """Which Host names and Origins the server accepts.

    ``hosts``: accepted ``Host`` values — ``"name:port"`` (exactly) or ``"name"`` (any port); None
    accepts any Host (an app without a bound address, such as one driven in-process by tests).
    ``origins``: more origins allowed to act, beside the page's own."""

    hosts: frozenset[str] | None = None
    origins: frozenset[str] = frozenset()

    @classmethod
    def bound(cls, host: str, port: int, allow_hosts: tuple[str, ...] = (),
              allow_origins: tuple[str, ...] = ()) -> Access:
        """For a server bound to ``host``:``port`` (``asobiba serve``)."""
        name = f"[{host.strip('[]')}]" if ":" in host else host
        wildcard = host.strip("[]") in ("0.0.0.0", "::", "")
        names = [f"{n}:{port}" for n in (*LOOPBACK_NAMES, *(() if wildcard else (name,)))]
        return cls(frozenset(n.lower() for n in (*names, *allow_hosts)),
                   frozenset(o.lower().rstrip("/") for o in allow_origins))

    def host_allowed(self, host: str) -> bool:
        if self.hosts is None:
            return True
        name, port = split_host(host)
        return port is not None and (name in self.hosts or f"{name}:{port}" in self.hosts)

    def origin_allowed(self, origin: str, host: str) -> bool:
        origin = origin.lower().rstrip("/")
        scheme, _, netloc = origin.partition("://")
        return origin in self.origins or (scheme in ("http", "https") and netloc == host.lower())


class Guard:
    """The ASGI middleware that applies :class:`Access`, the body limits and the headers."""

    def __init__(self, app: Callable[..., Awaitable[None]], access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self._refusal(scope, headers)
        if scope["type"] == "websocket":
            if refusal is not None:
                return await send({"type": "websocket.close", "code": 1008})
            return await self.app(scope, receive, send)
        send = _with_headers(send, CSP)
        if refusal is not None:
            return await _answer(send, *refusal)
        if scope["method"] == "POST":
            receive = _counted(receive, RECORD_LIMIT if scope["path"] == RECORD_PATH else BODY_LIMIT)
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not self.access.host_allowed(host):
            return 400, f"this server does not answer to the host name {_cut(host)!r}"
        acting = scope["type"] == "websocket" or scope["method"] not in ("GET", "HEAD", "OPTIONS")
        origin = headers.get("origin")
        if acting and origin is not None and not self.access.origin_allowed(origin, host):
            return 403, f"requests from {_cut(origin)!r} are not allowed (see --allow-origin)"
        if scope["type"] == "http" and scope["method"] == "POST":
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            length = headers.get("content-length", "0")
            bodiless = length == "0" and "transfer-encoding" not in headers
            if kind != "application/json" and (kind or not bodiless):
                return 415, "a POST must have the content type application/json"
            limit = RECORD_LIMIT if scope["path"] == RECORD_PATH else BODY_LIMIT
            if not length.isdigit() or int(length) > limit:
                return 413, f"the request body is larger than {limit // 2**20} MB"
        return None


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _counted(receive: Receive, limit: int) -> Receive:
    """``receive`` that raises :class:`TooLarge` once the body passes ``limit`` bytes."""
    seen = 0

    async def counted() -> Message:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > limit:
            raise TooLarge(f"the request body is larger than {limit // 2**20} MB")
        return message

    return counted


def _with_headers(send: Send, csp: str) -> Send:
    extra = [
        (b"content-security-policy", csp.encode()),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"same-origin"),
    ]

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *extra]
        await send(message)

    return sending


async def _answer(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
