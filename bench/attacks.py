"""The attacks of one client address on the web table, re-run (docs/benchmarks.md, "One address
against the server").

Each part starts a fresh server (``asobiba.web.server.serve`` with its defaults) on 127.0.0.1 and a
temporary database, attacks it from 127.0.0.1 and measures what another client, on 127.0.0.2, sees:

* ``nonreader``: a game with the largest meta allowed and ``--sockets`` WebSockets on it that never
  read and each send 40 ``sync`` frames; the server's resident memory before and after.
* ``halfopen``: ``--connections`` connections that start a request and never finish its headers
  (held by as many attacking processes as their open-file limits need; the server keeps its own
  limit); how many the server held, a game played from 127.0.0.2 meanwhile, and whether 127.0.0.1
  is answered again once they timed out.
* ``fairness``: the move latency of a game played from 127.0.0.2 (moves and undos over HTTP),
  alone, then while 60 sockets of 127.0.0.1 send 18 ``sync`` a second each, then while four
  clients of 127.0.0.1 fetch a 20,000-ply record over and over.

Loopback only; every part is bounded in count and time and closes all its sockets. The load
average is printed with each figure.

    python bench/attacks.py --part all
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from asobiba.core.registry import make_game
from asobiba.web.bodies import MAX_META

HUMANS = [{"type": "human"}] * 2


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split(" ")[0]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A server process on 127.0.0.1 with a temporary database."""

    def __init__(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        db = Path(self.folder.name) / "bench.sqlite3"
        code = f"from asobiba.web.server import serve; serve('127.0.0.1', {self.port}, {str(db)!r})"
        self.process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(20)
        self.folder.cleanup()


def other_client() -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=60)


def timed_moves(http: httpx.Client, url: str, count: int) -> list[float]:
    """Milliseconds of each of ``count`` moves (a move, then its undo) in a fresh game."""
    made = http.post(f"{url}/api/games", json={"game": "diamond", "seats": HUMANS}).json()
    gid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    game = make_game("diamond", {})
    action = game.new_state().notation_to_action("e5-f4")
    times = []
    for _ in range(count):
        start = time.perf_counter()
        moved = http.post(f"{url}/api/games/{gid}/moves", json={"action": action}, headers=auth)
        assert moved.status_code == 200
        times.append((time.perf_counter() - start) * 1000)
        assert http.post(f"{url}/api/games/{gid}/undo", headers=auth).status_code == 200
    return times


def figures(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms"


def nonreader(sockets: int) -> None:
    served = Served()
    try:
        record = {"format": "asobiba-record/1", "game": "diamond", "options": {"players": 2}, "moves": [],
                  "meta": {"pad": "m" * (MAX_META - 20)}}
        rid = httpx.post(f"{served.url}/api/records", json=record).json()["id"]
        time.sleep(1)
        before = rss_mb(served.process.pid)
        held = []
        for _ in range(sockets):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", served.port))
            sock.sendall((f"GET /ws/games/{rid} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                          "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n").encode())
            frame = b'{"type":"sync"}'
            mask = b"\0\0\0\0"
            sock.sendall((bytes([0x81, 0x80 | len(frame)]) + mask + frame) * 40)
            held.append(sock)
        time.sleep(5)
        after = rss_mb(served.process.pid)
        print(f"nonreader: {sockets} non-reading sockets x 40 syncs on a game with {MAX_META} bytes of meta: "
              f"server RSS {before:.0f} -> {after:.0f} MB ({(after - before) / sockets:.2f} MB a socket); "
              f"load {loadavg()}")
        for sock in held:
            sock.close()
    finally:
        served.close()


def still_open(sock: socket.socket) -> bool:
    """Whether the server still holds a non-blocking ``sock`` open."""
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


HOLDER_FILES = 15_000
"""Half-open connections one attacking process holds (below its open-file limit)."""


def hold_half_open(port: int, count: int, pipe: Connection) -> None:
    """One attacking process: ``count`` connections from 127.0.0.1 that never finish their
    headers; it reports how many the server still holds when asked, and closes them all at the end."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 500), hard))
    held: list[socket.socket] = []
    try:
        for i in range(count):
            sock = socket.socket()
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", port))
            held.append(sock)
            if i % 500 == 499:
                time.sleep(0.05)
        time.sleep(1)
        for sock in held:
            with contextlib.suppress(OSError):
                sock.send(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        pipe.send(len(held))
        while pipe.recv() == "count":
            pipe.send(sum(still_open(sock) for sock in held))
    finally:
        for sock in held:
            sock.close()


def halfopen(connections: int) -> None:
    served = Served()
    pipes, workers = [], []
    try:
        start = time.monotonic()
        for first in range(0, connections, HOLDER_FILES):
            ours, theirs = multiprocessing.Pipe()
            share = min(HOLDER_FILES, connections - first)
            worker = multiprocessing.Process(target=hold_half_open, args=(served.port, share, theirs),
                                             daemon=True)
            worker.start()
            pipes.append(ours)
            workers.append(worker)
        opened = sum(pipe.recv() for pipe in pipes)
        elapsed = time.monotonic() - start

        def held() -> int:
            for pipe in pipes:
                pipe.send("count")
            return sum(pipe.recv() for pipe in pipes)

        print(f"halfopen: {opened} half-open connections from 127.0.0.1 in {elapsed:.1f} s, "
              f"{held()} held by the server; load {loadavg()}")
        with other_client() as other:
            times = timed_moves(other, served.url, 20)
        print(f"halfopen: meanwhile 127.0.0.2 plays: {figures(times)}; load {loadavg()}")
        time.sleep(8)
        with httpx.Client(timeout=30) as again:
            ok = again.get(f"{served.url}/api/catalog").status_code
        print(f"halfopen: 8 s later {held()} are held and 127.0.0.1 is answered again ({ok}); "
              f"load {loadavg()}")
    finally:
        for pipe in pipes:
            with contextlib.suppress(OSError):
                pipe.send("stop")
        for worker in workers:
            worker.join(30)
        served.close()


async def syncing(port: int, gid: str, sockets: int, rate: float, stop: asyncio.Event) -> None:
    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws/games/{gid}", max_size=None) as ws:
            async def drain() -> None:
                with contextlib.suppress(Exception):
                    async for _ in ws:
                        pass
            reader = asyncio.create_task(drain())
            while not stop.is_set():
                with contextlib.suppress(Exception):
                    await ws.send('{"type":"sync"}')
                await asyncio.sleep(1 / rate)
            reader.cancel()

    await asyncio.gather(*(one() for _ in range(sockets)), return_exceptions=True)


def fairness(moves: int) -> None:
    served = Served()
    try:
        with other_client() as other:
            print(f"fairness: alone: {figures(timed_moves(other, served.url, moves))}; load {loadavg()}")
            made = httpx.post(f"{served.url}/api/games", json={"game": "diamond", "seats": HUMANS})
            gid = made.json()["id"]
            stop = asyncio.Event()
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_until_complete,
                                      args=(syncing(served.port, gid, 60, 18, stop),), daemon=True)
            thread.start()
            time.sleep(3)
            times = timed_moves(other, served.url, moves)
            print(f"fairness: while 60 sockets of 127.0.0.1 send 18 sync/s each: {figures(times)}; "
                  f"load {loadavg()}")
            loop.call_soon_threadsafe(stop.set)
            thread.join(30)
            state = make_game("diamond", {"max_plies": 20_000}).new_state()
            moves_list = []
            for _ in range(20_000):
                if state.is_terminal:
                    break
                action = state.legal_actions()[0]
                moves_list.append({"action": action})
                state = state.apply(action)
            record = {"format": "asobiba-record/1", "game": "diamond", "options": {"max_plies": 20_000},
                      "moves": moves_list}
            made = httpx.post(f"{served.url}/api/records", json=record, timeout=120)
            rid = made.json()["id"]
            plies = httpx.get(f"{served.url}/api/games/{rid}", timeout=60).json()["plies"]
            done = threading.Event()

            def fetch() -> None:
                with httpx.Client(timeout=120) as c:
                    while not done.is_set():
                        c.get(f"{served.url}/api/games/{rid}/record")

            fetchers = [threading.Thread(target=fetch, daemon=True) for _ in range(4)]
            for t in fetchers:
                t.start()
            time.sleep(2)
            times = timed_moves(other, served.url, moves)
            done.set()
            for t in fetchers:
                t.join(60)
            print(f"fairness: while 4 clients of 127.0.0.1 fetch a {plies}-ply record: {figures(times)}; "
                  f"load {loadavg()}")
    finally:
        served.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["nonreader", "halfopen", "fairness", "all"], default="all")
    parser.add_argument("--sockets", type=int, default=64)
    parser.add_argument("--connections", type=int, default=21_000)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    if not 1 <= args.sockets <= 64 or not 1 <= args.connections <= 30_000 or not 1 <= args.moves <= 1000:
        parser.error("--sockets 1..64, --connections 1..30000, --moves 1..1000")
    print(json.dumps({"cpus": os.cpu_count(), "load": loadavg()}))
    if args.part in ("nonreader", "all"):
        nonreader(args.sockets)
    if args.part in ("halfopen", "all"):
        halfopen(args.connections)
    if args.part in ("fairness", "all"):
        fairness(args.moves)


if __name__ == "__main__":
    main()
