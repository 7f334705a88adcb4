"""Rate limits (docs/operations.md, "Bounded work"): per client address and per WebSocket connection.

* **Per address** — each client address may make :attr:`Limits.address_rate` requests a second
  on average (HTTP requests and WebSocket handshakes alike), in bursts of at most
  :attr:`Limits.address_burst`, and hold at most :attr:`Limits.address_sockets` WebSockets open.
  Past that an HTTP request is answered 429 with ``Retry-After`` and a handshake is refused,
  before anything else is done; a request with no ``Authorization`` to a route that needs a token
  is answered the 401 it would get anyway (``needs_token``), so that the answer to a request
  without credentials is the same whatever the rate. The page's own files (``/static/…``, which
  a browser asks for again on every page it opens: about forty modules a page) draw on a budget of
  their own,
  :attr:`Limits.address_file_rate` a second in bursts of :attr:`Limits.address_file_burst`, so
  that a person going from the lobby to a lesson and a table is never refused a module.
  ``address_rate=0`` turns the per-address limits off. Behind a
  reverse proxy named with ``asobiba serve --proxy`` the address is the client's as the proxy
  tells it (``X-Forwarded-For``); from any other peer the header is ignored.
  All the WebSockets of one address share a frame budget of :attr:`Limits.address_frame_rate`
  frames a second (bursts of :attr:`Limits.address_frame_burst`) beside each one's own, so that
  many sockets cannot add up to more work than a few. At most :attr:`Limits.address_games` new
  games (``POST /api/games`` and record uploads) an hour, in bursts of as many, are stored per
  address (429 with ``Retry-After`` past that). ``asobiba serve`` also holds at most
  :attr:`Limits.address_connections` open TCP connections per address (:mod:`.connections`).
* **Per connection** — a WebSocket may send :attr:`Limits.frame_rate` frames a second on average,
  in bursts of :attr:`Limits.frame_burst`; a frame past that is answered with an error frame and
  dropped (nothing changes; only the first frame of a run past the limit is answered, so the
  answers never pile up), and a client that goes on sending :attr:`Limits.frame_strikes` frames
  past the limit without pause is disconnected (close code 1008).

Each limit is a token bucket: it holds at most ``burst`` tokens, gains ``rate`` a second, and an
event takes one.

With several processes on one database (:mod:`.shared_limits`) the games quota is counted in the
store, and each process keeps its part of the other per-address limits (the limit divided by the
processes serving), so that the server as a whole never allows more than the limit.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import Explained
from ..core.names import Names
from .shared_limits import Share

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

TOO_MANY_REQUESTS = Names("リクエストが多すぎます。少し待ってからもう一度どうぞ。",
                          "too many requests from this address; try again in a moment")
NO_TOKEN = Names("この操作には席の鍵（トークン）が要ります。",
                 "this request needs a token (Authorization: Bearer)")
TOO_MANY_FRAMES = Names("操作が速すぎます。少し待ってからもう一度どうぞ。",
                        "too many messages on this connection; slow down")

TOO_MANY_GAMES = Names("このアドレスから作られた対局が多すぎます。しばらくしてからどうぞ。",
                       "too many games made from this address in the last hour; try again later")

CREATING = ("/api/games", "/api/records")
"""The requests that store a new game (counted by the per-address games quota), with every answer to
a rematch (:func:`creates`: the last acceptance makes the new game)."""
REMATCH = "/rematch"


def creates(path: str) -> bool:
    """Whether a POST to ``path`` may store a new game (the per-address games quota counts it)."""
    return path in CREATING or (path.startswith("/api/games/") and path.endswith(REMATCH))
ADDRESS_FRAMES = "asobiba.address_frames"
"""The scope key of a WebSocket's per-address frame bucket (shared by the address's sockets)."""

KEEP_ADDRESSES = 10_000
"""Past this many addresses remembered, those idle long enough to have a full bucket are forgotten."""


class RateLimited(Explained):
    """A request or frame past its rate limit (HTTP 429)."""

    status = 429


FILES = "/static/"
"""The path prefix of the page's own files (modules, styles, pictures)."""

@dataclass(frozen=True)
class Limits:
    """The numbers of the limits (see the module docstring)."""

    address_rate: float = 20.0
    address_burst: float = 120.0
    address_file_rate: float = 200.0
    address_file_burst: float = 1000.0
    address_sockets: int = 64
    address_frame_rate: float = 40.0
    address_frame_burst: float = 80.0
    address_games: int = 60
    address_connections: int = 128
    frame_rate: float = 20.0
    frame_burst: float = 40.0
    frame_strikes: int = 100


class Bucket:
    """A token bucket: ``take()`` is True while the rate is kept (``share``: a limit of the
    server's, of which this process keeps its part)."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "share")

    def __init__(self, rate: float, burst: float, share: Share | None = None) -> None:
        self.rate, self.burst, self.share = rate, burst, share
        self.tokens, self.stamp = self._part(burst), time.monotonic()

    def _part(self, amount: float) -> float:
        return amount if self.share is None else self.share.part(amount)

    def _fill(self, now: float) -> None:
        burst = self._part(self.burst)
        self.tokens = min(burst, self.tokens + (now - self.stamp) * self._part(self.rate))
        self.stamp = now

    def take(self) -> bool:
        self._fill(time.monotonic())
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= self._part(self.burst)


class FrameLimit:
    """The frame limit of one WebSocket connection, and the one its address shares among all its
    connections (``shared``, when the per-address limits are on)."""

    def __init__(self, limits: Limits, shared: Bucket | None = None) -> None:
        self.bucket = Bucket(limits.frame_rate, limits.frame_burst)
        self.shared = shared
        self.strikes_allowed = limits.frame_strikes
        self.strikes = 0

    def check(self) -> None:
        """Raise :class:`RateLimited` for a frame past the limit."""
        if self.bucket.take() and (self.shared is None or self.shared.take()):
            self.strikes = 0
            return
        self.strikes += 1
        raise RateLimited(TOO_MANY_FRAMES)

    @property
    def exhausted(self) -> bool:
        """Whether the client has gone on sending past the limit long enough to be cut off."""
        return self.strikes >= self.strikes_allowed


class AddressLimits:
    """The ASGI middleware that applies the per-address limits."""

    def __init__(self, app: Callable[..., Awaitable[None]], limits: Limits,
                 needs_token: Callable[[str, str], bool] = lambda _method, _path: False,
                 share: Share | None = None) -> None:
        self.app = app
        self.limits = limits
        self.share = share or Share()
        """The processes serving (each keeps its part) and the store's quotas (:mod:`.shared_limits`)."""
        self.needs_token = needs_token
        """Whether a request (method, path) is refused without a token (401) by its route."""
        self.buckets: dict[str, Bucket] = {}
        self.files: dict[str, Bucket] = {}
        self.frames: dict[str, Bucket] = {}
        self.games: dict[str, Bucket] = {}
        self.sockets: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.limits.address_rate <= 0:
            return await self.app(scope, receive, send)
        limits = self.limits
        address = (scope.get("client") or ("?", 0))[0]
        if scope["type"] == "http" and scope["path"].startswith(FILES):
            bucket = self._bucket(self.files, address, limits.address_file_rate, limits.address_file_burst)
        else:
            bucket = self._bucket(self.buckets, address, limits.address_rate, limits.address_burst)
        if not bucket.take():
            if (scope["type"] == "http" and self.needs_token(scope["method"], scope["path"])
                    and not any(k == b"authorization" for k, _ in scope["headers"])):
                return await _refuse(scope, send, NO_TOKEN, status=401)
            return await _refuse(scope, send)
        if scope["type"] == "http":
            if scope["method"] == "POST" and creates(scope["path"]) and not await self._new_game(address):
                return await _refuse(scope, send, TOO_MANY_GAMES, retry=60)
            return await self.app(scope, receive, send)
        if self.sockets.get(address, 0) >= max(1, int(self.share.part(limits.address_sockets))):
            return await _refuse(scope, send)
        scope[ADDRESS_FRAMES] = self._bucket(self.frames, address, limits.address_frame_rate,
                                             limits.address_frame_burst)
        self.sockets[address] = self.sockets.get(address, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[address] -= 1
            if not self.sockets[address]:
                del self.sockets[address]
    async def _new_game(self, address: str) -> bool:
        """Whether ``address`` may store one more game (in the store's count when it is shared;
        a store that does not answer leaves the refusal to the request itself)."""
        rate, burst = self.limits.address_games / 3600, self.limits.address_games
        shared = self.share.store
        if shared is None:
            return _bucket(self.games, address, rate, burst).take()
        try:
            return await asyncio.to_thread(shared.take, "games", address, rate, burst)
        except Exception:
            return True

    def _bucket(self, buckets: dict[str, Bucket], address: str, rate: float, burst: float) -> Bucket:
        """A divided limit's bucket of ``address`` (this process's part of it)."""
        return _bucket(buckets, address, rate, burst, self.share)


def _bucket(buckets: dict[str, Bucket], address: str, rate: float, burst: float,
            share: Share | None = None) -> Bucket:
    """The bucket of ``address`` among ``buckets`` (past :data:`KEEP_ADDRESSES` addresses, those
    with a full bucket are forgotten first)."""
    bucket = buckets.get(address)
    if bucket is None:
        if len(buckets) >= KEEP_ADDRESSES:
            now = time.monotonic()
            for idle in [a for a, b in buckets.items() if b.full(now)]:
                del buckets[idle]
        bucket = buckets[address] = Bucket(rate, burst, share)
    return bucket


async def _refuse(scope: Scope, send: Send, why: Names = TOO_MANY_REQUESTS, retry: int = 1,
                  status: int = 429) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1013})
        return
    body = json.dumps({"error": why.en, "text": why.to_json()}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 429:
        headers.append((b"retry-after", str(retry).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
