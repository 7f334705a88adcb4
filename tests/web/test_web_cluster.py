"""Several server processes on one PostgreSQL and its LISTEN/NOTIFY broker (docs/operations.md,
"Several processes"): clients of one game on different processes see the same moves in order, a
process SIGKILLed loses nothing and its clients carry on through another (directly, or behind
nginx), the same move sent to two processes is accepted once, and a lost broker connection is found
again and its clients resynced.

These tests need a PostgreSQL database they may empty: ``ASOBIBA_TEST_PG_URL`` (scripts/test.sh
starts a local server and sets it)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from web.conftest import free_port
from web.processes import children, database_held, nginx_http
from web.test_web_attacks import NGINX
from websockets.sync.client import ClientConnection, connect

from asobiba.web.cluster import TTL
from asobiba.web.store import Store, metadata, resolve_db_url

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
HUMANS = [{"type": "human"}, {"type": "invite"}]


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """The tests' PostgreSQL database, held by this file while it runs (:func:`database_held`)."""
    url = os.environ.get("ASOBIBA_TEST_PG_URL")
    if not url:
        pytest.fail("several processes need PostgreSQL: set ASOBIBA_TEST_PG_URL to a database these "
                    "tests may empty (scripts/test.sh does)")
    with database_held():
        engine = create_engine(resolve_db_url(url))
        metadata.drop_all(engine)
        engine.dispose()
        yield url


class Process:
    """``asobiba serve --db URL --broker URL`` on a loopback port of its own."""

    def __init__(self, url: str, home: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        env = {**ENV, "XDG_DATA_HOME": str(home)}
        home.mkdir(parents=True, exist_ok=True)
        self.log = home / "stderr.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "asobiba", "serve", "--port", str(self.port), "--db", url,
             "--broker", url, "--proxy", "127.0.0.1", "--allow-host", "127.0.0.1", *extra],
            stdout=subprocess.DEVNULL, stderr=self.log.open("wb"), env=env)

    def ready(self) -> Process:
        wait_for(self.url, self.process, self.log)
        return self

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path | None = None) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = log.read_text() if log is not None else ""
            raise RuntimeError(f"exited at start-up: {said}")
        try:
            if httpx.get(f"{url}/api/catalog", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within 90 s")


@pytest.fixture(scope="module")
def processes(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Process]]:
    """Three processes, started together once for the module (the tests that kill one each kill
    another, and run last)."""
    home = tmp_path_factory.mktemp("cluster")
    started = [Process(pg_url, home / name) for name in ("a", "b", "c")]
    try:
        yield [process.ready() for process in started]
    finally:
        for process in started:
            process.kill()


@pytest.fixture
def pair(processes: list[Process]) -> tuple[Process, Process]:
    """The first two processes still running."""
    alive = [p for p in processes if p.process.poll() is None]
    return alive[0], alive[1]


WAIT = 20 * TTL
"""How long a test waits for what the servers should do within a lease's life (:data:`TTL`,
3 s) or a few of them: twenty lives, so that a loaded machine (a load average of 5 and more on
two cores) never fails a test that passes in a second or two when quiet. It is a bound on a
failure, not the time anything takes: every wait returns as soon as its frame comes."""
get = functools.partial(httpx.get, timeout=WAIT)
post = functools.partial(httpx.post, timeout=WAIT)


def socket(base: str, game_id: str, token: str | None = None) -> ClientConnection:
    """A client of the game (a spectator without ``token``), straight to loopback (no proxy)."""
    offered = ["asobiba", f"token.{token}"] if token is not None else ["asobiba"]
    return connect(f"{base}/ws/games/{game_id}", subprotocols=offered, open_timeout=WAIT,  # type: ignore[arg-type]
                   proxy=None, legacy=True)


def state(ws: ClientConnection, plies: int, timeout: float = WAIT, until=lambda game: True,
          back: bool = False) -> dict:
    """The first state frame of ``ws`` at ``plies`` plies for which ``until`` holds (the frames
    before it are checked to come in order, unless moves are taken ``back``)."""
    deadline = time.monotonic() + timeout
    seen = -1
    while True:
        frame = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if frame["type"] != "state":
            continue
        game = frame["game"]
        assert back or game["plies"] >= seen, (game["plies"], seen)  # never back in time
        seen = game["plies"]
        if seen == plies and until(game):
            return game


def two_devices(first: Process, second: Process) -> tuple[str, str, str]:
    """A game of two people made through ``first``, seat 1 taken through ``second``: its id and
    the two seats' tokens."""
    made = post(f"{first.url}/api/games", json={"game": "diamond", "seats": HUMANS}).json()
    invite = made["seats"][1]["invite"].rsplit("/", 1)[1]
    joined = post(f"{second.url}/api/games/{made['id']}/seats/1/join", json={"invite": invite})
    assert joined.status_code == 200, joined.text
    return made["id"], made["token"], joined.json()["token"]


def stored_moves(url: str, game_id: str) -> list[str]:
    store = Store(resolve_db_url(url))
    try:
        stored = store.load(game_id)
        assert stored is not None
        return [m.notation for m in stored.moves]
    finally:
        store.close()


def test_the_same_move_sent_to_two_processes_is_accepted_once(pair: tuple[Process, Process],
                                                              pg_url: str) -> None:
    first, second = pair
    body = {"game": "diamond", "seats": [{"type": "human"}] * 2}
    made = post(f"{first.url}/api/games", json=body).json()
    gid, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    watchers = [socket(p.ws, gid) for p in pair]  # live on both
    for ply in range(4):
        position = get(f"{first.url}/api/games/{gid}").json()
        assert position["plies"] == ply
        action = position_legal(position)[0]
        start = threading.Barrier(2)

        def send(base: str, action: int = action, ply: int = ply, start: threading.Barrier = start) -> int:
            start.wait()
            return post(f"{base}/api/games/{gid}/moves", headers=auth, timeout=30,
                              json={"action": action, "ply": ply}).status_code

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(send, [p.url for p in pair]))
        assert sorted(answers)[0] == 200 and sorted(answers)[1] in (400, 409), answers  # once
        for watcher in watchers:  # the loser's process too shows the move that won
            assert state(watcher, ply + 1)["plies"] == ply + 1
    assert len(stored_moves(pg_url, gid)) == 4
    for watcher in watchers:
        watcher.close()


def position_legal(game: dict) -> list[int]:
    from asobiba.core.registry import make_game

    return make_game(game["game"], game["options"]).state_from_json(game["position"]).legal_actions()


def test_a_lost_broker_connection_is_found_again_and_clients_resync(pair: tuple[Process, Process],
                                                                   pg_url: str) -> None:
    first, second = pair
    gid, red, white = two_devices(first, second)
    watcher = socket(second.ws, gid, white)
    view = state(watcher, 0)
    engine = create_engine(resolve_db_url(pg_url))
    with engine.begin() as conn:  # cut every broker connection of this database
        cut = conn.execute(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name = 'asobiba-broker' AND datname = current_database()")).scalar()
    assert cut == len(pair) + 1  # the third process's too
    auth = {"Authorization": f"Bearer {red}"}
    action = position_legal(get(f"{first.url}/api/games/{gid}").json())[0]
    moved = post(f"{first.url}/api/games/{gid}/moves", headers=auth, json={"action": action})
    assert moved.status_code == 200
    view = state(watcher, 1)  # heard, or read again once the second process listened again
    deadline = time.monotonic() + 10
    while True:
        with engine.connect() as conn:
            listening = conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE application_name = 'asobiba-broker' AND datname = current_database()")).scalar()
        if listening == cut:
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    engine.dispose()
    watcher.send(json.dumps({"type": "move", "action": view["legal"][0]["action"], "ply": 1}))
    assert state(watcher, 2)["to_move"] == "red"
    red_view = get(f"{first.url}/api/games/{gid}").json()
    assert red_view["plies"] == 2  # the first process heard of it through its new connection
    watcher.close()


def nginx_upstream(prefix: Path, port: int, upstreams: list[int]) -> str:
    """The configuration of docs/operations.md, "Several processes", on loopback ports."""
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in upstreams)
    return nginx_http(prefix, f"""  map $uri $asobiba_game {{
    ~^/(?:api|ws)/games/(?<id>[^/]+) $id;
    default "";
  }}
  upstream asobiba {{
    hash $asobiba_game consistent;
{servers}  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://asobiba;
      proxy_next_upstream error timeout;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
    }}
  }}
""")


def test_a_takeback_asked_on_one_process_is_answered_on_another(pair: tuple[Process, Process]) -> None:
    first, second = pair
    gid, red, white = two_devices(first, second)
    sockets = [socket(first.ws, gid, red), socket(second.ws, gid, white)]
    views = [state(ws, 0) for ws in sockets]
    for ply in range(2):
        sockets[ply % 2].send(json.dumps({"type": "move", "action": views[ply % 2]["legal"][0]["action"],
                                          "ply": ply}))
        views = [state(ws, ply + 1) for ws in sockets]
    sockets[0].send(json.dumps({"type": "undo"}))
    asked = state(sockets[1], 2, until=lambda g: g["takeback"] is not None)  # heard on the second
    assert asked["takeback"] == {"by": [0], "waiting": [1]}
    sockets[1].send(json.dumps({"type": "takeback", "accept": True}))
    assert state(sockets[0], 0, back=True)["takeback"] is None  # granted there, seen here
    for ws in sockets:
        ws.close()


def connected(port: int) -> bool:
    """Whether a TCP connection to the loopback ``port`` is established (nginx keeps none open
    to its upstreams but the WebSockets it carries)."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state_code = line.split()[1], line.split()[3]
            if int(local.rsplit(":", 1)[1], 16) == port and state_code == "01":
                return True
    return False


def hold_lease(url: str, game_id: str) -> None:
    """Give the game's computer-move lease to a process that will never renew it (3 s left)."""
    engine = create_engine(resolve_db_url(url))
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM leases WHERE game_id = :g"), {"g": game_id})
        conn.execute(text("INSERT INTO leases VALUES (:g, 'move', 'gone', "
                          "extract(epoch from clock_timestamp()) + 3)"), {"g": game_id})
    engine.dispose()


def start_nginx(prefix: Path, upstreams: list[int]) -> tuple[subprocess.Popen[bytes], int]:
    """Debian's nginx with the configuration of the docs in front of ``upstreams``, and its port."""
    if not os.path.exists(NGINX):
        pytest.fail("Debian's nginx is not installed (apt-get install nginx); the proxy test needs it")
    prefix.mkdir()
    port = free_port()
    (prefix / "nginx.conf").write_text(nginx_upstream(prefix, port, upstreams))
    proxy = subprocess.Popen([NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"),
                              "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"],
                             stderr=subprocess.DEVNULL)
    wait_for(f"http://127.0.0.1:{port}", proxy)
    return proxy, port


def test_behind_nginx_the_clients_of_one_game_reach_one_process(pair: tuple[Process, Process],
                                                                tmp_path: Path) -> None:
    proxy, port = start_nginx(tmp_path / "nginx", [p.port for p in pair])
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        for _ in range(4):  # games made through the proxy (no game in the path: any process)
            made = post(f"{base}/api/games", json={"game": "diamond", "seats": HUMANS}).json()
            invite = made["seats"][1]["invite"].rsplit("/", 1)[1]
            joined = post(f"{base}/api/games/{made['id']}/seats/1/join", json={"invite": invite})
            assert joined.status_code == 200, joined.text
            tokens = (made["token"], joined.json()["token"])
            sockets = [socket(ws_base, made["id"], token) for token in tokens]
            state(sockets[0], 0, until=lambda g: all(s["connected"] for s in g["seats"]))
            assert sum(connected(p.port) for p in pair) == 1  # both seats on the game's process
            for ws in sockets:
                ws.close()
            deadline = time.monotonic() + 10
            while any(connected(p.port) for p in pair) and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        proxy.terminate()
        proxy.wait(10)


def test_behind_nginx_one_process_killed_mid_game(pair: tuple[Process, Process], pg_url: str,
                                                  tmp_path: Path) -> None:
    proxy, port = start_nginx(tmp_path / "nginx", [p.port for p in pair])
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        body = {"game": "diamond", "seats": [{"type": "human"}, {"type": "computer", "level": "intro"}]}
        made = post(f"{base}/api/games", json=body).json()
        gid, token = made["id"], made["token"]
        people_gid, red, white = two_devices(pair[0], pair[1])
        player = socket(ws_base, gid, token)
        view = state(player, 0)
        for ply in (0, 2):  # the person moves, the computer answers
            player.send(json.dumps({"type": "move", "action": view["legal"][0]["action"], "ply": ply}))
            view = state(player, ply + 2)
        serving = next(p for p in pair if connected(p.port))  # the player's process
        serving.kill()  # mid-game
        player.close()
        hold_lease(pg_url, gid)  # as if the dead process was working out the computer's next move
        player = socket(ws_base, gid, token)  # nginx finds the living process
        view = state(player, 4)
        player.send(json.dumps({"type": "move", "action": view["legal"][0]["action"], "ply": 4}))
        view = state(player, 6)  # the lease runs out (TTL), the computer goes on within seconds
        assert len(stored_moves(pg_url, gid)) == 6 and view["moves"] == stored_moves(pg_url, gid)
        for ply in range(2):  # the two people carry on too, whichever process they were on
            people = [socket(ws_base, people_gid, tok) for tok in (red, white)]
            seen = [state(ws, ply) for ws in people]
            people[ply % 2].send(json.dumps({"type": "move", "action": seen[ply % 2]["legal"][0]["action"],
                                             "ply": ply}))
            assert state(people[1 - ply % 2], ply + 1)["plies"] == ply + 1
            for ws in people:
                ws.close()
        assert len(stored_moves(pg_url, people_gid)) == 2
        player.close()
    finally:
        proxy.terminate()
        proxy.wait(10)


def test_two_processes_one_game_and_one_of_them_killed(pair: tuple[Process, Process], pg_url: str) -> None:
    first, second = pair
    gid, red, white = two_devices(first, second)
    sockets = [socket(first.ws, gid, red), socket(second.ws, gid, white)]
    acknowledged: list[str] = []
    views = [state(ws, 0, until=lambda g: all(s["connected"] for s in g["seats"])) for ws in sockets]
    for ply in range(6):
        mover = sockets[ply % 2]
        move = views[ply % 2]["legal"][0]
        mover.send(json.dumps({"type": "move", "action": move["action"], "ply": ply}))
        views = [state(ws, ply + 1) for ws in sockets]
        assert views[0]["moves"] == views[1]["moves"]
        acknowledged.append(views[0]["moves"][-1])
    first.kill()
    sockets[0].close()
    state(sockets[1], 6, until=lambda g: not g["seats"][0]["connected"])  # its presence ran out
    sockets[0] = socket(second.ws, gid, red)  # red carries on through the second process
    view = state(sockets[0], 6)
    assert view["moves"] == acknowledged and view["to_move"] == "red"
    sockets[0].send(json.dumps({"type": "move", "action": view["legal"][0]["action"], "ply": 6}))
    acknowledged.append(state(sockets[1], 7)["moves"][-1])
    assert stored_moves(pg_url, gid) == acknowledged  # every acknowledged move, once
    for ws in sockets:
        ws.close()


def test_workers_serve_one_port_and_one_that_dies_is_replaced(pg_url: str, tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    parent = subprocess.Popen([sys.executable, "-m", "asobiba", "serve", "--port", str(port), "--db", pg_url,
                               "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env={**ENV, "XDG_DATA_HOME": str(tmp_path)})
    try:
        wait_for(url, parent)
        assert parent.stdout is not None and "2 processes" in parent.stdout.readline().decode()
        workers = children(parent.pid)
        assert len(workers) == 2
        body = {"game": "diamond", "seats": [{"type": "human"}] * 2}
        made = post(f"{url}/api/games", json=body).json()
        os.kill(min(workers), 9)
        deadline = time.monotonic() + 60
        while len(children(parent.pid) - workers) < 1:  # another one started
            assert time.monotonic() < deadline
            time.sleep(0.1)
        for _ in range(6):  # whichever process answers, the game is the same
            assert get(f"{url}/api/games/{made['id']}", timeout=30).status_code == 200
        parent.terminate()
        assert parent.wait(20) == 0
        assert not children(parent.pid)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(10)


def test_sqlite_serves_one_process(tmp_path: Path) -> None:
    db = str(tmp_path / "one.sqlite3")
    for option in (["--workers", "2"], ["--broker", "postgresql://u@127.0.0.1/x"]):
        done = subprocess.run([sys.executable, "-m", "asobiba", "serve", "--db", db, *option],
                              capture_output=True, text=True, timeout=60, env=ENV)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "SQLite serves one process" in done.stderr
