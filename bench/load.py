"""Load bench of the web table: N games played at once over WebSockets (docs/benchmarks.md,
"Web table under load").

Every game is a Dice Out between two people, each seat a client of its own on its own WebSocket.
The players choose random legal moves but never a goal corner and never the declaration, so a game
lasts until a draw (the move limit or a repetition); a finished game is replaced by a new one.

* ``--mode human``: each game moves about once a second (the seat to move waits 0.5–1.5 s).
* ``--mode saturation``: every client moves as soon as it sees it is to move.

A few seats ask for a hint before each move (``--hints``), and one client of the first game never
reads what it is sent (``--slow-readers``): the server must cut it off while the game goes on.

Each client keeps of the game only what it reads (the seats, the turn, the moves, the status and
its legal moves, made whole from protocol 2's compact form): it parses every frame and counts its
bytes, but does not splice the board pictures, which it never looks at.

It measures the moves per second, the latency of a move (sent → the frame that shows it, at the
client that sent it) as p50/p95/p99, the bytes of frames each client is sent per move, and the CPU
each side spends per move: the server processes' (from /proc: the ones it started, or those named
with ``--pid``; the median over 2-second windows and over the whole run, also with their child
processes: hint workers, ``--workers``) and the bench's own clients'. It checks that no move is lost
or duplicated: a started server is killed with SIGKILL at the end (no clean shutdown) and its
SQLite database is read directly (otherwise the games are read over HTTP); every move a client saw
acknowledged must be stored at its ply, and no seat has more moves stored than it sent.

Several servers: ``--url`` may be given more than once (servers started elsewhere), or
``--servers N`` starts N ``asobiba serve`` processes on one ``--db`` (PostgreSQL: a SQLite file
belongs to one process). The games are spread over the servers, and the two seats of a game connect
to different ones when there are several (the worst case: every process follows every move of its
games), or to the one that made the game with ``--together`` (as behind the proxy of
docs/operations.md, which sends every request of a game to one process). ``--kill-one`` SIGKILLs
one server process mid-run (the first: the first ``--pid``, serving the first ``--url``, or the
first started; at ``--kill-at`` seconds; one ``--url`` with several ``--pid`` is a proxy in front of
those processes): its clients reconnect to the others and carry on, and the check counts what was
lost or duplicated. A move sent but never acknowledged because its server died is counted apart
(``unconfirmed``): it was never promised.

Loopback only: the bench refuses any other address, every client connects from an address of its
own in 127.0.0.0/8 (so the per-address limits of the server see many clients), and it stops by
itself after ``--seconds``.

    python bench/load.py --games 50 --mode human --seconds 30
    python bench/load.py --games 200 --mode saturation --seconds 30 --json /tmp/load.json
    python bench/load.py --games 100 --servers 2 --db postgresql+psycopg://… --kill-one \
        --server-arg=--broker --server-arg=…
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import resource
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from asobiba.core.record import saved_game
from asobiba.web import frames

GAME = "diceout"
OPTIONS = {"declare": "manual"}
"""An undeclared dice out changes nothing, so a game ends only at a goal corner (never chosen here)
or by a draw."""
CORNERS = ("a", "e")
PACE = (0.5, 1.5)
"""Seconds a seat waits before moving at human pace."""
HINT_EVERY = 3.0
"""Seconds between the hints one asking seat asks for."""
SETTLE = 5.0
"""Seconds given at the end to the answers of moves still under way."""


@dataclass
class Tally:
    """What all clients saw."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    acked: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    hints: int = 0
    hints_refused: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    disconnects: Counter[str] = field(default_factory=Counter)
    frames_in: int = 0
    bytes_in: int = 0
    """Frames and bytes (of their text) the clients were sent."""
    bytes_by_type: Counter[str] = field(default_factory=Counter)
    resyncs: int = 0
    """Delta frames that did not follow the moment a client had (it asked for the whole state)."""
    unconfirmed: int = 0
    """Moves sent whose server died before it said whether they were stored (never promised)."""
    reconnects: int = 0


@dataclass
class GameLog:
    """What the clients of one game know of it, for the check against the store."""

    id: str
    history: list[dict[str, Any]] = field(default_factory=list)
    """The longest ``history`` a state frame showed (acknowledged moves)."""
    tokens: list[str | None] = field(default_factory=lambda: [None, None])
    sent: Counter[str] = field(default_factory=Counter)
    """Move frames sent, by seat name."""


class Run:
    """One bench run: the options, the servers, the shared tally, the games' logs."""

    def __init__(self, args: argparse.Namespace, bases: list[str]) -> None:
        self.args = args
        self.bases = bases
        self.tally = Tally()
        self.logs: list[GameLog] = []
        self.start = time.monotonic()
        self.deadline = self.start + args.seconds
        self.http: dict[tuple[str, str], httpx.AsyncClient] = {}
        self.dead: set[str] = set()
        """The servers (addresses) this bench killed."""
        self.killed: list[int] = []
        """The processes this bench killed."""
        self.carries_on = len(bases) > 1 or args.kill_one
        """Whether a client whose server went away connects again (to the next server, or to the
        same address: a proxy in front of several processes)."""

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def server(self, index: int) -> str:
        """The ``index``-th server still alive, counting round the list."""
        alive = [b for b in self.bases if b not in self.dead] or self.bases
        return alive[index % len(alive)]

    def client_for(self, address: str, base: str) -> httpx.AsyncClient:
        """An HTTP client of ``base`` that connects from ``address``."""
        if (address, base) not in self.http:
            # plain HTTP on loopback: verify=False spares loading the CA store for every client
            transport = httpx.AsyncHTTPTransport(local_address=address, verify=False)
            self.http[address, base] = httpx.AsyncClient(base_url=base, transport=transport, timeout=30,
                                                         verify=False)
        return self.http[address, base]

    async def new_game(self, address: str, seed: int, index: int) -> tuple[GameLog, list[str | None]]:
        """A new two-person game, made on the ``index``-th server (the next if it does not answer);
        its log and each seat's token (None when the server hands out none)."""
        body = {"game": GAME, "options": OPTIONS, "seats": [{"type": "human"}] * 2, "seed": seed}
        for attempt in range(50):
            try:
                answer = await self.client_for(address, self.server(index + attempt)).post(
                    "/api/games", json=body)
            except httpx.TransportError:
                await asyncio.sleep(0.2)
                continue
            if answer.status_code != 429:
                break
            await asyncio.sleep(0.2)
        else:
            raise RuntimeError("no server made a game in 50 tries")
        answer.raise_for_status()
        data = answer.json()
        tokens = data.get("tokens") or [None, None]
        log = GameLog(data["id"], tokens=list(tokens))
        self.logs.append(log)
        self.tally.games_started += 1
        return log, list(tokens)


def source_address(index: int) -> str:
    """The loopback address the clients of game ``index`` connect from (never 127.0.0.1)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


def seat_protocols(token: str | None, protocol: int) -> list[Subprotocol]:
    """How a client presents its seat's token on the game socket (as the page does), and whether
    it takes delta frames (protocol 2; a server that does not know them answers with protocol 1)."""
    offered = [Subprotocol(frames.SUBPROTOCOL)] if protocol == 2 else []
    return [*offered, Subprotocol("asobiba"), *([Subprotocol(f"token.{token}")] if token else [])]


def choose(legal: list[dict[str, Any]], rng: random.Random, rows: int) -> dict[str, Any] | None:
    """A random legal move that is neither a verb nor a step onto a goal corner."""
    goals = {f"{c}{r}" for c in CORNERS for r in (1, rows)}
    moves = [m for m in legal if m.get("verb") is None and m.get("to") not in goals]
    return rng.choice(moves or legal) if (moves or legal) else None


READ = frozenset({"players", "history", "plies", "moves", "status", "to_move", "legal", "options"})
"""The keys of the game a client reads (never the board pictures: it counts their bytes, no more)."""


def read(game: dict[str, Any], subprotocol: str | None) -> dict[str, Any]:
    """What a client keeps of a frame's game (a ``state`` frame's, or a delta's change of it): the
    keys it reads (:data:`READ`), with the legal moves of protocol 2 made whole."""
    kept = {k: v for k, v in game.items() if (k[1:] if k[:1] in frames.MARKS else k) in READ}
    if subprotocol == frames.SUBPROTOCOL and "legal" in kept:
        kept["legal"] = frames.expand_moves(kept["legal"])
    return kept


RECONNECTS = 5
"""The most times one seat connects again after its server went away."""


class Seat:
    """The client of one seat: moves when it is to move, measures, and checks what it is told."""

    def __init__(self, run: Run, log: GameLog, seat: int, token: str | None, asks_hints: bool,
                 rng: random.Random, server: int) -> None:
        self.run, self.log, self.seat, self.token = run, log, seat, token
        self.asks_hints, self.rng = asks_hints, rng
        self.server = server
        """Which server (counting round the live ones) this seat connects to."""
        self.name: str | None = None
        self.pending: tuple[int, str, float] | None = None
        """The move under way: its ply, notation and when it was sent."""
        self.hint_sent: float | None = None
        self.last_hint = 0.0
        self.mover: asyncio.Task[None] | None = None
        self.finished = False
        self.reconnected = False
        self.game: dict[str, Any] | None = None
        """The game as last seen, and the number of its moment (deltas apply to it)."""
        self.moment: int | None = None

    async def play(self, address: str) -> None:
        """Connect and play until the game ends or the run is over; when the server goes away
        (no close frame), connect to the next one (at most :data:`RECONNECTS` times)."""
        for attempt in range(RECONNECTS + 1):
            base = self.run.server(self.server + attempt)
            url = "ws" + base.removeprefix("http") + f"/ws/games/{self.log.id}"
            try:
                async with connect(url, subprotocols=seat_protocols(self.token, self.run.args.protocol),
                                   local_addr=(address, 0),
                                   max_size=None, open_timeout=30) as ws:
                    try:
                        await self._receive(ws)
                        return
                    finally:
                        if self.mover is not None:
                            self.mover.cancel()
            except ConnectionClosed as exc:
                if exc.rcvd is not None or not self.run.carries_on:
                    self.run.tally.disconnects[f"closed {exc.rcvd.code if exc.rcvd else 'no frame'}"] += 1
                    return
            except OSError:
                if not self.run.carries_on:
                    raise
                await asyncio.sleep(0.2)
            if self.run.over():
                return
            self.run.tally.reconnects += 1
            self.reconnected = True

    async def _receive(self, ws: ClientConnection) -> None:
        stop_at = self.run.deadline + SETTLE
        while not self.finished:
            remaining = stop_at - time.monotonic()
            if remaining <= 0 or (self.run.over() and self.pending is None):
                return
            try:
                text = await asyncio.wait_for(ws.recv(decode=False), remaining)
            except TimeoutError:
                return
            self.run.tally.frames_in += 1
            self.run.tally.bytes_in += len(text)
            frame = json.loads(text)
            kind = frame.get("type")
            self.run.tally.bytes_by_type[str(kind)] += len(text)
            if kind == "state":
                self.game, self.moment = read(frame["game"], ws.subprotocol), frame.get("v")
                self._state(ws, self.game)
            elif kind == "delta":
                if self.game is None or frame["base"] != self.moment:  # a moment missed: ask again
                    self.game = None
                    self.run.tally.resyncs += 1
                    await _send(ws, {"type": "sync"})
                    continue
                self.game = frames.apply(self.game, read(frame["game"], ws.subprotocol))
                self.moment = frame["v"]
                self._state(ws, self.game)
            elif kind == "hint":
                self.run.tally.hints += 1
                self.hint_sent = None
            elif kind == "error":
                self._error(ws, frame)

    def _state(self, ws: ClientConnection, game: dict[str, Any]) -> None:
        if self.name is None:
            self.name = game["players"][self.seat]
        if len(game["history"]) > len(self.log.history):
            self.log.history = game["history"]
        self._acknowledge(game)
        if game["status"] != "playing":
            self.finished = True
            if self.seat == 0:
                self.run.tally.games_finished += 1
            return
        if game["to_move"] == self.name and self.pending is None and self.mover is None \
                and not self.run.over():
            self.mover = asyncio.create_task(self._move(ws, game))

    def _acknowledge(self, game: dict[str, Any]) -> None:
        if self.reconnected:  # the first state from a new server: a move under way not stored is lost
            self.reconnected = False
            if self.pending is not None and game["plies"] <= self.pending[0]:
                self.pending = None
                self.run.tally.unconfirmed += 1
        if self.pending is None or game["plies"] <= self.pending[0]:
            return
        ply, notation, sent = self.pending
        self.pending = None
        if game["moves"][ply] == notation:
            self.run.tally.acked += 1
            self.run.tally.latencies.append(time.monotonic() - sent)
        else:
            self.run.tally.refused["another move took the ply"] += 1

    def _error(self, ws: ClientConnection, frame: dict[str, Any]) -> None:
        message = frame.get("message", "")
        if self.hint_sent is not None and self.pending is None:
            self.hint_sent = None
            self.run.tally.hints_refused[_short(message)] += 1
            return
        self.run.tally.refused[_short(message)] += 1
        self.pending = None
        asyncio.create_task(_send(ws, {"type": "sync"}))  # the refusal changed nothing: look again

    async def _move(self, ws: ClientConnection, game: dict[str, Any]) -> None:
        try:
            if self.run.args.mode == "human":
                await asyncio.sleep(self.rng.uniform(*PACE))
            if self.asks_hints and time.monotonic() - self.last_hint >= HINT_EVERY:
                await self._hint(ws)
            if self.run.over():
                return
            move = choose(game["legal"], self.rng, game["options"]["rows"])
            if move is None:
                return
            self.pending = (game["plies"], move["notation"], time.monotonic())
            self.log.sent[self.name or ""] += 1
            self.run.tally.sent += 1
            await _send(ws, {"type": "move", "action": move["action"], "ply": game["plies"]})
        finally:
            self.mover = None

    async def _hint(self, ws: ClientConnection) -> None:
        """Ask for a hint and wait (at most 10 s) for its answer before moving."""
        self.last_hint = time.monotonic()
        self.hint_sent = self.last_hint
        await _send(ws, {"type": "hint"})
        while self.hint_sent is not None and time.monotonic() - self.last_hint < 10:
            await asyncio.sleep(0.05)
        if self.hint_sent is not None:
            self.run.tally.hints_refused["no answer within 10 s"] += 1
            self.hint_sent = None


async def _send(ws: ClientConnection, frame: dict[str, Any]) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps(frame))


def _short(message: str) -> str:
    return message if len(message) <= 70 else message[:69] + "…"


async def drive_game(run: Run, index: int) -> None:
    """Games one after another from the address of ``index`` until the run is over."""
    address = source_address(index)
    rng = random.Random(index)
    seed = index * 1000
    while not run.over():
        log, tokens = await run.new_game(address, seed, index)
        seed += 1
        seats = [Seat(run, log, s, tokens[s], asks_hints=index < run.args.hints and s == 0, rng=rng,
                      server=index + (0 if run.args.together else s)) for s in range(2)]
        results = await asyncio.gather(*(s.play(address) for s in seats), return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                run.tally.disconnects[f"{type(result).__name__}: {_short(str(result))}"] += 1
                await asyncio.sleep(1)


class SlowReader:
    """A client of a game that completes the WebSocket handshake and then never reads."""

    def __init__(self, base: str, game_id: str, token: str | None) -> None:
        url = urlsplit(base)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.bind(("127.0.0.254", 0))
        self.sock.connect((url.hostname, url.port))
        auth = f"Sec-WebSocket-Protocol: asobiba, token.{token}\r\n" if token else ""
        request = (f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   f"Sec-WebSocket-Version: 13\r\n{auth}\r\n")
        self.sock.sendall(request.encode())

    def cut_off(self) -> str:
        """Read what is left: whether the server closed or dropped the connection."""
        self.sock.settimeout(2)
        received = 0
        try:
            while chunk := self.sock.recv(1 << 16):
                received += len(chunk)
        except TimeoutError:
            return f"still open ({received} bytes waiting)"
        except ConnectionResetError:
            return f"cut off by the server (reset after {received} bytes waiting)"
        finally:
            self.sock.close()
        return f"cut off by the server (closed after {received} bytes waiting)"


# -- checking the store --------------------------------------------------------------------------

Stored = dict[str, list[tuple[str, str]]]
"""Every game's stored moves: (who moved — a seat name or "chance" —, notation) per ply."""


def stored_moves_sqlite(db: Path, game_ids: list[str]) -> Stored:
    """Every game's stored moves, read from the SQLite file itself; who moved each is found by
    replaying them."""
    wanted = set(game_ids)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        options = {gid: json.loads(o) for gid, o in conn.execute("SELECT id, options FROM games")
                   if gid in wanted}
        actions: dict[str, list[tuple[int, str]]] = {gid: [] for gid in wanted}
        for gid, action, notation in conn.execute(
                "SELECT game_id, action, notation FROM moves ORDER BY game_id, ply"):
            if gid in wanted:
                actions[gid].append((action, notation))
    return {gid: _movers(options[gid], moves) for gid, moves in actions.items() if gid in options}


def _movers(options: dict[str, Any], moves: list[tuple[int, str]]) -> list[tuple[str, str]]:
    state = saved_game(GAME, options).new_state()
    out = []
    for action, notation in moves:
        player = state.current_player
        out.append(("chance" if player < 0 else state.game.player_names[player], notation))
        state = state.apply(action)
    return out


async def stored_moves_http(run: Run) -> Stored:
    out = {}
    for index, log in enumerate(run.logs):  # one address each: the server limits each address
        client = run.client_for(source_address(index), run.server(0))
        game = (await client.get(f"/api/games/{log.id}")).json()
        out[log.id] = [(e["player"], e["notation"]) for e in game["history"]]
    return out


def check(logs: list[GameLog], stored: Stored) -> tuple[int, int]:
    """(lost, duplicated): acknowledged moves missing from the store or stored at another ply, and
    moves stored for a seat beyond the moves its client sent."""
    lost = duplicated = 0
    for log in logs:
        moves = stored.get(log.id, [])
        lost += sum(1 for e in log.history
                    if e["ply"] >= len(moves) or moves[e["ply"]][1] != e["notation"])
        by_seat = Counter(player for player, _ in moves if player != "chance")
        duplicated += sum(max(0, count - log.sent[seat]) for seat, count in by_seat.items())
    return lost, duplicated


# -- the server ----------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, folder: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "asobiba", "serve", "--port", str(port), "--db", db, *extra]
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "xdg")}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    with httpx.Client(verify=False, timeout=2) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise SystemExit(f"load: the server exited with status {process.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if client.get(f"{base}/api/catalog").status_code == 200:
                    return process, base
            time.sleep(0.2)
    process.kill()
    raise SystemExit("load: the server did not answer within 60 s")


def loopback_only(url: str) -> str:
    host = urlsplit(url).hostname or ""
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    if not ok:
        raise SystemExit(f"load: {url} is not a loopback address; this bench only targets this computer")
    return url.rstrip("/")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (Linux); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pids: list[int]) -> list[int]:
    """``pids`` and every process started under them (hint workers, ``--workers``), from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], list(pids)
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, ()))
    return found


class CpuMeter:
    """The CPU the server processes use, sampled every :data:`WINDOW` seconds against the moves
    acknowledged meanwhile: the processes themselves (``server``) and with their children
    (``server_tree``; a child that ends between two samples takes its last window's time with it)."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.windows: list[tuple[float, float, int]] = []
        """Per window: CPU seconds of the processes, of their trees, moves acknowledged."""
        self.totals = {"server": 0.0, "server_tree": 0.0}

    def sample(self) -> tuple[float, float]:
        own = sum(cpu_seconds(pid) for pid in self.pids)
        return own, sum(cpu_seconds(pid) for pid in descendants(self.pids))

    async def run(self, run: Run) -> None:
        own, tree = self.sample()
        acked = run.tally.acked
        while True:
            await asyncio.sleep(WINDOW)
            now_own, now_tree = self.sample()
            now_acked = run.tally.acked
            # a killed process's time is gone from /proc: never count a window as negative
            self.windows.append((max(0.0, now_own - own), max(0.0, now_tree - tree), now_acked - acked))
            self.totals["server"] += self.windows[-1][0]
            self.totals["server_tree"] += self.windows[-1][1]
            own, tree, acked = now_own, now_tree, now_acked

    def median_ms(self, which: int) -> float | None:
        """The median over the windows with moves of the CPU milliseconds per move."""
        rates = [1000 * w[which] / w[2] for w in self.windows if w[2] > 0]
        return round(statistics.median(rates), 3) if rates else None


WINDOW = 2.0
"""Seconds between two samples of the servers' CPU."""


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# -- the run -------------------------------------------------------------------------------------

async def bench(args: argparse.Namespace, bases: list[str], meter: CpuMeter | None,
                victim: tuple[int, str] | None) -> tuple[Run, SlowReader | None]:
    """The run; ``victim``: the process (and the URL it serves) to SIGKILL at ``--kill-at``."""
    run = Run(args, bases)
    slow: SlowReader | None = None
    drivers = [asyncio.create_task(drive_game(run, i)) for i in range(args.games)]
    if args.slow_readers:
        while not run.logs and not run.over():
            await asyncio.sleep(0.1)
        if run.logs:
            slow = SlowReader(bases[0], run.logs[0].id, run.logs[0].tokens[0])
    helpers = [asyncio.create_task(_progress(run))]
    if meter is not None:
        helpers.append(asyncio.create_task(meter.run(run)))
    if victim is not None:
        helpers.append(asyncio.create_task(_kill(run, *victim)))
    await asyncio.gather(*drivers, return_exceptions=True)
    for helper in helpers:
        helper.cancel()
    for client in run.http.values():
        await client.aclose()
    return run, slow


async def _kill(run: Run, pid: int, base: str) -> None:
    await asyncio.sleep(run.args.kill_at)
    if len(run.bases) > 1:  # new games and reconnecting clients go to the others from now on
        run.dead.add(base)  # (one address: a proxy, which sends them to the processes left)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
        run.killed.append(pid)
    print(f"  {time.monotonic() - run.start:5.0f} s: killed server process {pid} ({base}) with SIGKILL",
          file=sys.stderr, flush=True)


async def _progress(run: Run) -> None:
    while True:
        await asyncio.sleep(10)
        elapsed = time.monotonic() - run.start
        print(f"  {elapsed:5.0f} s: {run.tally.acked} moves acknowledged, "
              f"load {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)


def report(args: argparse.Namespace, run: Run, slow: str | None, lost: int, duplicated: int,
           load: tuple[float, float, float], clients_cpu: float, meter: CpuMeter | None) -> dict[str, Any]:
    """Print the figures (and return them): ``clients_cpu`` is the CPU seconds the bench's clients
    used, ``meter`` the servers' CPU (when this bench knows their processes)."""
    tally = run.tally
    moves_per_s = tally.acked / args.seconds

    def per_move(value: float) -> float | None:
        return round(value / tally.acked, 3) if tally.acked else None

    server = meter.totals if meter is not None else {}
    figures = {
        "mode": args.mode, "games": args.games, "seconds": args.seconds, "servers": len(run.bases),
        "moves_acknowledged": tally.acked, "moves_sent": tally.sent, "moves_per_s": round(moves_per_s, 1),
        "p50_ms": round(percentile(tally.latencies, 0.50) * 1000, 1),
        "p95_ms": round(percentile(tally.latencies, 0.95) * 1000, 1),
        "p99_ms": round(percentile(tally.latencies, 0.99) * 1000, 1),
        "mean_ms": round(statistics.fmean(tally.latencies) * 1000, 1) if tally.latencies else None,
        "lost": lost, "duplicated": duplicated, "unconfirmed": tally.unconfirmed,
        "reconnects": tally.reconnects, "killed": run.killed, "resyncs": tally.resyncs,
        "protocol": args.protocol,
        "refused": dict(tally.refused), "hints": tally.hints, "hints_refused": dict(tally.hints_refused),
        "games_started": tally.games_started, "games_finished": tally.games_finished,
        "disconnects": dict(tally.disconnects), "slow_reader": slow,
        "loadavg": load,
        "frames_in": tally.frames_in, "bytes_in": tally.bytes_in, "bytes_by_type": dict(tally.bytes_by_type),
        # each move is seen by the two clients of its game
        "bytes_per_move_per_client": per_move(tally.bytes_in / 2),
        "cpu_s": {"clients": round(clients_cpu, 2), **{k: round(v, 2) for k, v in server.items()}},
        "client_cpu_ms_per_move": per_move(1000 * clients_cpu),
        "server_cpu_ms_per_move": per_move(1000 * server["server"]) if server else None,
        "server_cpu_ms_per_move_median": meter.median_ms(0) if meter is not None else None,
        "server_tree_cpu_ms_per_move": per_move(1000 * server["server_tree"]) if server else None,
        "server_tree_cpu_ms_per_move_median": meter.median_ms(1) if meter is not None else None,
    }
    print(f"mode {args.mode}, {args.games} games, {args.seconds:.0f} s, {len(run.bases)} server(s); "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1/5/15 min, at the end)")
    print(f"  moves/s {moves_per_s:.1f} ({tally.acked} acknowledged of {tally.sent} sent)")
    print(f"  latency p50 {figures['p50_ms']} ms, p95 {figures['p95_ms']} ms, p99 {figures['p99_ms']} ms")
    print(f"  lost {lost}, duplicated {duplicated}; unconfirmed {tally.unconfirmed}, "
          f"reconnects {tally.reconnects}" + (f", killed process {run.killed[0]}" if run.killed else ""))
    print(f"  refused {dict(tally.refused) or 0}; hints {tally.hints} answered, "
          f"refused {dict(tally.hints_refused) or 0}")
    print(f"  games started {tally.games_started}, finished {tally.games_finished}; "
          f"disconnects {dict(tally.disconnects) or 0}")
    if slow is not None:
        print(f"  slow reader: {slow}")
    print(f"  sent to the clients (protocol {args.protocol}): {tally.frames_in} frames, "
          f"{tally.bytes_in} bytes "
          f"({figures['bytes_per_move_per_client']} bytes per move per client: "
          + ", ".join(f"{k} {v}" for k, v in tally.bytes_by_type.most_common())
          + f"); {tally.resyncs} resyncs")
    line = f"  CPU per move: clients {figures['client_cpu_ms_per_move']} ms"
    if meter is not None:
        line += (f"; server {figures['server_cpu_ms_per_move_median']} ms median of {WINDOW:.0f}-s windows "
                 f"({figures['server_cpu_ms_per_move']} ms over the run), with child processes "
                 f"{figures['server_tree_cpu_ms_per_move_median']} ms "
                 f"({figures['server_tree_cpu_ms_per_move']} ms)")
    print(line)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games played at once")
    parser.add_argument("--mode", choices=("human", "saturation"), default="human")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long moves are sent")
    parser.add_argument("--hints", type=int, default=3, help="games whose first seat asks for hints")
    parser.add_argument("--slow-readers", type=int, default=1, choices=(0, 1))
    parser.add_argument("--url", action="append", default=[],
                        help="a server already running on this computer (repeatable; default: start one)")
    parser.add_argument("--pid", type=int, action="append", default=[],
                        help="the process of the --url server at the same place, for its CPU and "
                        "--kill-one (repeatable)")
    parser.add_argument("--servers", type=int, default=1, help="servers to start (with --db)")
    parser.add_argument("--together", action="store_true",
                        help="both seats of a game on the server that made it (default: on different ones)")
    parser.add_argument("--db", help="the database of the started servers (default: a new SQLite file)")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="more arguments for the started servers' 'asobiba serve'")
    parser.add_argument("--kill-one", action="store_true",
                        help="SIGKILL the first server's process mid-run")
    parser.add_argument("--kill-at", type=float, help="seconds into the run (default: half of --seconds)")
    parser.add_argument("--protocol", type=int, choices=(1, 2), default=2,
                        help="2: the clients take delta frames; 1: whole state frames only")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 2000 or not 1 <= args.seconds <= 600:
        parser.error("--games must be 1–2000 and --seconds 1–600")
    if not 1 <= args.servers <= 16 or (args.url and args.servers > 1):
        parser.error("--servers must be 1–16, and is for started servers (not with --url)")
    if args.servers > 1 and args.db is None:
        parser.error("--servers > 1 needs --db: a shared database (a SQLite file belongs to one process)")
    if args.kill_one and (max(len(args.url), len(args.pid)) if args.url else args.servers) < 2:
        parser.error("--kill-one needs two server processes or more (--url, or --pid behind one proxy "
                     "--url, or --servers), so that the clients can carry on")
    if args.kill_one and args.url and not args.pid:
        parser.error("--kill-one with --url needs the --pid of the server to kill")
    args.kill_at = args.seconds / 2 if args.kill_at is None else args.kill_at
    if not 0 < args.kill_at < args.seconds:
        parser.error("--kill-at must be within the run")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 8 * args.games + 256)), hard))

    with tempfile.TemporaryDirectory(prefix="asobiba-load-") as folder:
        sqlite = Path(folder) / "load.sqlite3" if args.db is None and not args.url else None
        processes: list[subprocess.Popen[bytes]] = []
        try:
            if args.url:
                bases, pids = [loopback_only(u) for u in args.url], list(args.pid)
            else:
                bases = []
                for _ in range(args.servers):
                    process, base = start_server(args.db or str(sqlite), Path(folder), args.server_arg)
                    processes.append(process)
                    bases.append(base)
                pids = [p.pid for p in processes]
            victim = (pids[0], bases[0]) if args.kill_one else None  # the first server
            meter = CpuMeter(pids) if pids else None
            clients_cpu = -own_cpu_seconds()
            run, slow = asyncio.run(bench(args, bases, meter, victim))
            clients_cpu += own_cpu_seconds()
            slow_state = slow.cut_off() if slow is not None else None
            load = os.getloadavg()
            if sqlite is not None:
                for process in processes:
                    process.send_signal(signal.SIGKILL)  # no clean shutdown: what was stored is stored
                    process.wait(30)
                stored = stored_moves_sqlite(sqlite, [log.id for log in run.logs])
            else:
                stored = asyncio.run(_stored_over_http(args, run))
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
                    process.wait(30)
        lost, duplicated = check(run.logs, stored)
        figures = report(args, run, slow_state, lost, duplicated, load, clients_cpu, meter)
        if args.json:
            args.json.write_text(json.dumps(figures, indent=1))
    return 1 if lost or duplicated else 0


async def _stored_over_http(args: argparse.Namespace, run: Run) -> Stored:
    fresh = Run(args, run.bases)
    fresh.logs, fresh.dead = run.logs, run.dead
    try:
        return await stored_moves_http(fresh)
    finally:
        for client in fresh.http.values():
            await client.aclose()


if __name__ == "__main__":
    sys.exit(main())
