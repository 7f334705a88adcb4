"""Fixtures for the web table tests: an in-process client, a real server process, Chromium."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from asobiba.core.game import sample_chance
from asobiba.core.registry import make_game
from asobiba.web.app import create_app

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh, empty store: SQLite in a temporary folder, or the server database named by
    ``ASOBIBA_TEST_DB_URL`` (e.g. ``postgresql+psycopg://user:pw@localhost/asobiba_test``),
    emptied before each test, to run the same tests against PostgreSQL."""
    url = os.environ.get("ASOBIBA_TEST_DB_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    from sqlalchemy import create_engine

    from asobiba.web import shared_limits, studyslot
    from asobiba.web.store import metadata

    engine = create_engine(url)
    for tables in (metadata, studyslot.metadata, shared_limits.metadata):
        tables.drop_all(engine)
    engine.dispose()
    return url


CREATOR_PAGES: list[object] = []
"""The pages of the ``page`` fixture now open: the browser of the test's creator, which holds the
seats of every game the test creates through :meth:`Server.api` (as the lobby's browser would)."""


def hold(page: object, game_id: str, token: str) -> None:
    """Let ``page`` hold a game's seats as the browser that created it: its token in localStorage
    (seats.js), written before the page's scripts run, on every navigation."""
    held = json.dumps({"tokens": [token], "invites": {}})
    page.add_init_script(  # type: ignore[attr-defined]
        f"localStorage.setItem({json.dumps('asobiba.game.' + game_id)}, {json.dumps(held)});"
    )


def as_creator(page: object, server: Server) -> object:
    """``page`` as the browser that created the games of ``server``'s test so far: it holds their
    seats (for pages of contexts a test opens itself; the ``page`` fixture is one already)."""
    for game_id, token in server.holder.tokens.items():
        hold(page, game_id, token)
    return page


GAME_PATH = re.compile(r"^/(?:api/games|ws/games)/([0-9a-f]+)(?:/|$)")


class Holder:
    """The tokens of the games a test created, sent as their creator's browser would: an
    ``Authorization`` header on requests to a game, the ``token.`` subprotocol on its socket.
    ``spectator=True`` (or an explicit header or subprotocols) sends none."""

    def __init__(self) -> None:
        self.tokens: dict[str, str] = {}

    def created(self, method: str, path: str, response: httpx.Response, pages: list[object] = ()) -> None:
        made = path.split("?")[0] in ("/api/games", "/api/records")
        if method.upper() == "POST" and made and response.status_code == 201:
            data = response.json()
            self.tokens[data["id"]] = data["token"]
            for page in pages:
                hold(page, data["id"], data["token"])

    def token_for(self, path: str) -> str | None:
        m = GAME_PATH.match(path)
        return self.tokens.get(m.group(1)) if m else None

    def headers(self, path: str, kwargs: dict) -> None:
        spectator = kwargs.pop("spectator", False)
        token = self.token_for(path)
        headers = dict(kwargs.get("headers") or {})
        if token and not spectator and "authorization" not in {k.lower() for k in headers}:
            headers["Authorization"] = f"Bearer {token}"
        kwargs["headers"] = headers


class HolderClient(TestClient):
    """A TestClient that acts as the creator of the games it creates (:class:`Holder`)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.holder = Holder()

    def request(self, method: str, url: str, **kwargs: object) -> httpx.Response:  # type: ignore[override]
        self.holder.headers(str(url), kwargs)
        response = super().request(method, url, **kwargs)  # type: ignore[arg-type]
        self.holder.created(method, str(url), response)
        return response

    def held(self, query: str = "") -> list[dict]:
        """The games list of the browser that created this client's games."""
        tokens = list(self.holder.tokens.values())
        response = self.post(f"/api/games/held{query}", json={"tokens": tokens})
        assert response.status_code == 200, response.text
        return response.json()

    def websocket_connect(self, url: str, subprotocols: list[str] | None = None, **kwargs: object):  # type: ignore[override]
        spectator = kwargs.pop("spectator", False)
        token = self.holder.token_for(url)
        if subprotocols is None and token and not spectator:
            subprotocols = ["asobiba", f"token.{token}"]
        return super().websocket_connect(url, subprotocols, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def client(db_url: str) -> Iterator[HolderClient]:
    with HolderClient(create_app(db_url)) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``asobiba.web.server.serve`` in a subprocess on 127.0.0.1 and a free port.

    The solver's tables directory is an empty one next to the database (``XDG_DATA_HOME``), so no
    test hashes or uses a real table; ``fake_solutions=True`` serves with ``fake_solutions.FakeSolutions``;
    ``serve_options``: more keyword arguments of ``serve`` (e.g. ``{"address_rate": 1}``)."""

    def __init__(self, db: Path, *, fake_solutions: bool = False,
                 serve_options: dict[str, object] | None = None) -> None:
        self.db = db
        self.fake_solutions = fake_solutions
        self.serve_options = serve_options or {}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.holder = Holder()

    def start(self) -> Server:
        if self.fake_solutions:
            code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent.parent)!r}); "
                    f"from web.fake_solutions import serve; serve({self.port}, {str(self.db)!r})")
        else:
            options = "".join(f", {k}={v!r}" for k, v in self.serve_options.items())
            code = (f"from asobiba.web.server import serve; "
                    f"serve('127.0.0.1', {self.port}, {str(self.db)!r}{options})")
        env = {**os.environ, "XDG_DATA_HOME": str(self.db.parent / "xdg-data")}
        self.process = subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        deadline = time.monotonic() + 90  # a loaded machine may take a while to import and open
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server exited at start-up: {err}")
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()  # never left behind
        raise RuntimeError("the server did not answer within 90 s")

    def kill(self) -> None:
        """Stop the process at once (SIGKILL: no clean shutdown, like a crash)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None

    def api(self, method: str, path: str, **kwargs: object) -> httpx.Response:
        """A request as the creator of the games this server's tests created (:class:`Holder`)."""
        self.holder.headers(path, kwargs)
        response = httpx.request(method, f"{self.url}{path}", timeout=60, **kwargs)  # type: ignore[arg-type]
        self.holder.created(method, path, response, CREATOR_PAGES)
        return response

    def diceout_after(self, options: dict, seed: int, line: list[int]) -> tuple[str, str]:
        """A two-human Dice Out game (``seed``) with ``line`` played through the API: its id and the
        colour to move."""
        body = {"game": "diceout", "options": options, "seats": [{"type": "human"}] * 2, "seed": seed}
        gid = self.api("POST", "/api/games", json=body).json()["id"]
        for action in line:
            self.api("POST", f"/api/games/{gid}/moves", json={"action": action}).raise_for_status()
        return gid, self.api("GET", f"/api/games/{gid}").json()["to_move"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "served.sqlite3").start()
    yield srv
    srv.kill()


@pytest.fixture
def fake_solutions_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose solution table builds are quick fakes that advance by themselves."""
    srv = Server(tmp_path / "served.sqlite3", fake_solutions=True).start()
    yield srv
    srv.kill()


@pytest.fixture
def server_factory() -> Iterator[type[Server]]:
    """The Server class, for tests that stop and start servers themselves."""
    started: list[Server] = []

    class Tracked(Server):
        def start(self) -> Server:
            started.append(self)
            return super().start()

    yield Tracked
    for srv in started:
        srv.kill()


class JapaneseBrowser:
    """A browser whose pages are a Japanese person's unless a test says otherwise: the page speaks
    the browser's language (Playwright's is en-US), so each context is ``ja-JP`` by default."""

    def __init__(self, browser: object) -> None:
        self.browser = browser

    def new_context(self, **kwargs: object) -> object:
        kwargs.setdefault("locale", "ja-JP")
        return self.browser.new_context(**kwargs)  # type: ignore[attr-defined]

    def new_page(self, **kwargs: object) -> object:
        kwargs.setdefault("locale", "ja-JP")
        return self.browser.new_page(**kwargs)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed (apt-get install chromium); browser tests need it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield JapaneseBrowser(b)
        b.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    CREATOR_PAGES.append(pg)
    yield pg
    CREATOR_PAGES.remove(pg)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: $ASOBIBA_SCREENSHOTS (e.g. docs/screenshots) or a temporary folder.
    The Japanese ones need a Japanese font (Debian's fonts-noto-cjk), else their text is boxes."""
    folder = Path(os.environ.get("ASOBIBA_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _line_to(seed: int, options: dict, wanted) -> list[int]:
    """Moves (found by seeded random play) from the table's seeded opening roll of a Dice Out game
    with ``options`` to a position where ``wanted(state, actions)`` holds."""
    game = make_game("diceout", options)
    rng = random.Random(1)
    for _attempt in range(400):
        state = game.new_state()
        state = state.apply(sample_chance(state, random.Random(f"{seed}/0")))
        line: list[int] = []
        while not state.is_terminal and len(line) < 60:
            actions = state.legal_actions()
            if wanted(state, actions):
                return line
            moves = [a for a in actions if state.action_to_notation(a) != "pass"]
            action = rng.choice(moves or actions)
            line.append(action)
            state = state.apply(action)
    raise AssertionError("no such Dice Out position found")


def _declarable_line(seed: int) -> list[int]:
    """A ``declare=manual`` line to a position where the player to move can declare."""
    return _line_to(seed, {"declare": "manual"},
                    lambda state, actions: any(state.action_to_notation(a) == "declare" for a in actions))


def _winning_line(seed: int) -> list[int]:
    """A line to a position where the player to move wins in one move (search proves it)."""
    def wins_at_once(state, actions) -> bool:
        me = state.current_player
        return any((after := state.apply(a)).is_terminal and after.ranks()[me] == 1 for a in actions)

    return _line_to(seed, {}, wins_at_once)


@pytest.fixture
def declarable_line():
    return _declarable_line


@pytest.fixture
def winning_line():
    return _winning_line
