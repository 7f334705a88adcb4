"""Attacks on a real server process from one loopback address while another plays: half-open
connections, a flood of frames, clients that leave in the middle of a body, a reverse proxy, bad
``--db`` values and numbers on the command line (docs/operations.md, "Bounded work")."""

from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from web.conftest import Server, free_port
from web.processes import nginx_http

from asobiba.web.connections import HEADER_TIMEOUT

HUMANS = [{"type": "human"}] * 2
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}


def client_at(address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (a loopback address)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


def half_open(port: int, address: str, count: int) -> list[socket.socket]:
    """``count`` connections from ``address`` that start a request and never finish its headers."""
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((address, 0))
        sock.settimeout(10)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        except OSError:
            pass  # refused or closed at once: the server is shedding them
        held.append(sock)
    return held


def closed_by_server(sock: socket.socket, timeout: float) -> bool:
    sock.settimeout(timeout)
    try:
        while sock.recv(4096):
            pass
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


def play_a_game(http: httpx.Client, url: str) -> None:
    created = http.post(f"{url}/api/games", json={"game": "diamond", "seats": HUMANS})
    assert created.status_code == 201, created.text
    gid, token = created.json()["id"], created.json()["token"]
    moved = http.post(f"{url}/api/games/{gid}/moves", json={"move": "e5-f4"},
                      headers={"Authorization": f"Bearer {token}"})
    assert moved.status_code == 200 and moved.json()["plies"] == 1


@pytest.fixture
def capped(tmp_path: Path):
    srv = Server(tmp_path / "served.sqlite3", serve_options={"address_connections": 20})
    try:
        yield srv.start()
    finally:
        srv.kill()


def test_half_open_connections_from_one_address_leave_another_playing(capped: Server) -> None:
    attack = half_open(capped.port, "127.0.0.1", 300)
    try:
        with client_at("127.0.0.2") as other:
            play_a_game(other, capped.url)
            assert other.get(f"{capped.url}/api/catalog").status_code == 200
        shed = sum(closed_by_server(s, 0.2) for s in attack)
        assert shed >= 280  # past the cap of 20 they are closed as soon as they come
        assert all(closed_by_server(s, HEADER_TIMEOUT + 10) for s in attack)  # the rest time out
    finally:
        for sock in attack:
            sock.close()
    with client_at("127.0.0.1") as again:  # recovered by itself
        play_a_game(again, capped.url)


class RawSocket:
    """A WebSocket client on a plain socket that reads only when asked (frames masked, text)."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, text: str) -> None:
        data = text.encode()
        assert len(data) < 126
        mask = os.urandom(4)
        self.sock.sendall(bytes([0x81, 0x80 | len(data)]) + mask
                          + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _take(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def frames(self):
        """(opcode, payload) until the server closes."""
        while True:
            try:
                first, second = self._take(2)
            except (EOFError, OSError):
                return
            size = second & 0x7F
            if size == 126:
                size = struct.unpack(">H", self._take(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", self._take(8))[0]
            payload = self._take(size)
            yield first & 0x0F, payload
            if first & 0x0F == 8:
                return


def test_a_flood_of_frames_gets_rate_limit_errors_then_1008(server: Server) -> None:
    gid = server.api("POST", "/api/games", json={"game": "chinese_checkers", "seats": HUMANS}).json()["id"]
    ws = RawSocket(server.port, f"/ws/games/{gid}")
    for _ in range(400):
        ws.send('{"type": "sync"}')
    kinds, close = [], None
    for opcode, payload in ws.frames():
        if opcode == 1:
            frame = json.loads(payload)
            kinds.append(frame["type"] if frame["type"] != "error" else frame["message"])
        elif opcode == 8:
            close = struct.unpack(">H", payload[:2])[0]
    ws.sock.close()
    assert close == 1008
    assert any("slow down" in k for k in kinds)


def test_a_client_that_leaves_mid_body_is_one_log_line(server: Server) -> None:
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall((f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                          "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"game\"").encode())
            time.sleep(0.3)
    assert httpx.get(f"{server.url}/api/catalog").status_code == 200
    time.sleep(0.5)
    process = server.process
    server.kill()
    lines = process.stderr.read().decode().splitlines()
    assert "Traceback (most recent call last):" not in lines
    assert len([line for line in lines if "went away" in line]) == 3
    others = [line for line in lines if "went away" not in line and "resource_tracker" not in line
              and "warnings.warn" not in line]  # the tracker's words on a killed process
    assert others == [], others


NGINX = "/usr/sbin/nginx"


def nginx_conf(prefix: Path, port: int, upstream: int) -> str:
    return nginx_http(prefix, f"""  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://127.0.0.1:{upstream};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }}
  }}
""")


def test_behind_nginx_the_address_limit_counts_the_client(tmp_path: Path) -> None:
    if not os.path.exists(NGINX):
        pytest.fail("Debian's nginx is not installed (apt-get install nginx); the proxy test needs it")
    srv = Server(tmp_path / "served.sqlite3",
                 serve_options={"address_rate": 1, "proxies": ("127.0.0.1",),
                                "allow_hosts": ("127.0.0.1",)})
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    port = free_port()
    proxy = None
    try:
        srv.start()
        (prefix / "nginx.conf").write_text(nginx_conf(prefix, port, srv.port))
        proxy = subprocess.Popen([NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"),
                                  "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"],
                                 stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{url}/static/nothing", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proxy.poll() is None, \
                    (prefix / "error.log").read_text() if (prefix / "error.log").exists() else "nginx"
                time.sleep(0.1)
        with client_at("127.0.0.1") as one, client_at("127.0.0.2") as two:
            spoofed = {"X-Forwarded-For": "203.0.113.9"}  # nginx replaces it
            answers = [one.get(f"{url}/api/catalog", headers=spoofed).status_code for _ in range(20)]
            assert 429 in answers  # past its burst of 6
            assert two.get(f"{url}/api/catalog").status_code == 200  # another client is not
            direct = [two.get(f"{srv.url}/api/catalog", headers={"X-Forwarded-For": f"10.0.0.{i}"})
                      for i in range(20)]  # from a peer that is no proxy the header counts for nothing
            assert 429 in [answer.status_code for answer in direct]
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        srv.kill()


BAD_DBS = ["", "FOLDER", "/dev/zero", "FIFO", "sqlite:////nonexistent/dir/x.db", "sqlite:///:memory:",
           "postgresql+nodriver://x@127.0.0.1/x"]


def asobiba(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "asobiba", *args], capture_output=True, text=True,
                          timeout=60, env=ENV)


@pytest.mark.parametrize("db", BAD_DBS)
def test_a_bad_db_is_one_line_and_status_2_before_serving(db: str, tmp_path: Path) -> None:
    if db == "FOLDER":
        db = str(tmp_path)
    elif db == "FIFO":
        db = str(tmp_path / "fifo")
        os.mkfifo(db)
    done = asobiba("serve", "--port", str(free_port()), "--db", db)
    assert done.returncode == 2 and "serving" not in done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize("args", [["perft", "diamond", "--depth", "99999999999999999999999"],
                                  ["serve", "--address-rate", "inf"], ["serve", "--address-rate", "nan"],
                                  ["serve", "--address-rate", "-1"], ["serve", "--proxy", "a.example"]])
def test_cli_numbers_are_bounded(args: list[str]) -> None:
    if args[0] == "serve":
        args = [*args, "--port", str(free_port())]
    done = asobiba(*args)
    assert done.returncode == 2 and "serving" not in done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr



def test_headers_are_bounded_but_big_bodies_pass(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Pad: ".encode() + b"a" * 70_000)
        assert closed_by_server(sock, 10)
    moves = [{"notation": "x" * 100}] * 3000  # about 350 kB, sent in a few large chunks
    record = {"format": "asobiba-record/1", "game": "diamond", "moves": moves}
    answer = httpx.post(f"{server.url}/api/records", json=record, timeout=60)
    # read whole, then refused: it fits its schema, but its moves do not replay (409)
    assert answer.status_code == 409 and "not a move" in answer.json()["error"]
