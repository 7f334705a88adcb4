"""The ASGI app: API routes, the game WebSocket, the static page (no build step).

``create_app(db_url)`` is what ``asobiba serve`` runs and what tests use. Pages (``/``,
``/game/{id}``, ``/replay/{id}``, ``/games``, ``/learn/{game}``, ``/study/{game}``) all serve the
same page (:mod:`.page`); the page's ES modules route on the path. A game id the store does not
know, a game without lessons at ``/learn/`` or without a study at ``/study/`` and any other
unknown path get that page as the not-found page,
with 404. The lobby's catalog is built at start-up. Every request
passes :class:`~asobiba.web.guard.Guard`; every error is
``{"error": "one line"}`` (400 for bad input, also where FastAPI itself checks a path or query
value; 404 for what does not exist; 413 for a body too large; 503 with ``Retry-After`` while the
database does not answer, :class:`~.errors.StoreUnavailable`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect
from starlette.types import Scope

from ..core.errors import AsobibaError, one_line
from ..core.registry import descriptors
from . import api, contract, learn, reviews, services, sockets, studies
from .address import PublicUrl
from .api_docs import add_api_docs
from .broker import Broker
from .cluster import Cluster, new_origin
from .errors import GameNotFound, NotFound, http_status, translations
from .guard import Access, Guard
from .limits import AddressLimits, Limits
from .lobby import CLIENT_PREFIX, lobby_games
from .page import Shell
from .rooms import Rooms
from .shared_limits import Share, SharedLimits
from .solutions import SolutionBuilds
from .store import Store, resolve_db_url
from .studyplan import MAX_SECONDS, studied
from .studyslot import StudyQuota
from .workers import Workers

STATIC = Path(__file__).parent / "static"
ROUTERS = (sockets.router, api.router, reviews.router, services.router, learn.router, studies.router)
"""The routers of the game WebSocket and the API, in the order they are included (the socket first:
a connection is matched at once, not after every route of the API)."""
OPENAPI_PATH = "/api/openapi.json"
GAME_PAGE = re.compile(r"/(?:game|replay)/[^/]+(?:/join/[^/]+/[^/]+)?")
"""The paths of a game's pages, whatever the form of the id in them (:mod:`.ids`)."""
log = logging.getLogger("asobiba.web")


class Revalidated(StaticFiles):
    """Static files a browser keeps but asks about again (``Cache-Control: no-cache`` with the
    ``ETag`` and ``Last-Modified`` StaticFiles gives): an unchanged module costs a 304 with no
    body, and a new version of the page is never served from a stale cache (the modules import one
    another by plain, unversioned paths)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.setdefault("Cache-Control", "no-cache")
        return response


def create_app(
    db_url: str,
    solutions: SolutionBuilds | None = None,
    *,
    access: Access | None = None,
    api_docs: bool = False,
    limits: Limits | None = None,
    allow_builds: bool = False,
    hint_processes: bool = False,
    public_url: PublicUrl | None = None,
    study_seconds: int = MAX_SECONDS,
    broker: str | None = None,
    study_quota: StudyQuota | None = None,
    share: Share | None = None,
) -> FastAPI:
    """The web table over the database at ``db_url`` (a SQLAlchemy URL or a SQLite file path).

    ``solutions``: the solution table builds (default: each game's tables where its solver keeps
    them). ``access``: the Host names and Origins accepted (default: any Host, same-origin
    Origins). ``api_docs``: serve the interactive API page at ``/api/docs`` (:mod:`.api_docs`;
    raises :class:`~.api_docs.NoApiDocs` without Swagger UI's package). ``limits``: the rate
    limits (default: none, as for an app driven in-process by tests; ``asobiba serve`` passes
    them). ``allow_builds``: whether the default ``solutions`` build
    tables when asked. ``hint_processes``: work hints out in a separate process
    (:mod:`.workers`; ``asobiba serve`` does). ``public_url``: the address other people open,
    which invite links start with (:mod:`.address`). ``study_seconds``: the longest a study of the
    study page may run (:mod:`.studies`). ``broker``: the PostgreSQL URL whose
    notifications tell this process of the changes other processes store (:mod:`.broker`; None: it
    serves alone). ``study_quota``: the bounds of the study slot's queue and of each address's
    studies (:mod:`.studyslot`). ``share``: how many processes serve, of which each keeps its part
    of the per-address limits (:mod:`.shared_limits`; with a broker they are counted in the store)."""
    share = share or Share()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        origin = new_origin() if broker is not None else None
        store = Store(resolve_db_url(db_url), origin)
        workers = Workers(hint_processes=hint_processes)
        if origin is not None:
            share.store = SharedLimits(store.engine)
        cluster = Cluster(store, origin, share) if origin is not None else None
        rooms = app.state.rooms = Rooms(store, workers, cluster)
        app.state.solutions = solutions or SolutionBuilds(allow=allow_builds)
        app.state.limits = limits
        app.state.studies = studies.Studies(store.engine, origin or new_origin(), study_seconds,
                                                 study_quota)
        await asyncio.to_thread(lobby_games)  # built once, before the first page asks
        listener = None
        if broker is not None and cluster is not None:
            await cluster.start()
            listener = Broker(broker, rooms.changed, rooms.resync)
            await listener.start()
        try:
            yield
        finally:
            if listener is not None:
                await listener.close()
            await app.state.rooms.close()
            await asyncio.to_thread(app.state.studies.close)
            if cluster is not None:
                await cluster.close()
            app.state.solutions.close()
            workers.close()
            store.close()

    app = FastAPI(
        title="asobiba web table",
        lifespan=lifespan,
        docs_url=None,  # our own page, below (:mod:`.api_docs`)
        redoc_url=None,
        openapi_url=None,  # served below, built off the event loop
        generate_unique_id_function=lambda route: route.name,
    )
    app.openapi = lambda: contract.openapi(app)  # type: ignore[method-assign]  # FastAPI's documented way to own the schema
    # text (pages, modules, styles, JSON) goes out compressed to browsers that accept gzip
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    if limits is not None and limits.address_rate > 0:
        app.add_middleware(AddressLimits, limits=limits, needs_token=contract.needs_token(ROUTERS),
                           share=share)
    app.add_middleware(Guard, access=access or Access())  # outermost: refusals get its headers

    @app.exception_handler(AsobibaError)
    async def user_error(_request: Request, exc: AsobibaError) -> JSONResponse:
        """Every refusal; one that says when to try again (a store that does not answer: 503)
        says it in ``Retry-After`` too."""
        retry = getattr(exc, "retry_after", None)
        return JSONResponse({"error": one_line(str(exc)), **translations(exc)},
                            status_code=http_status(exc),
                            headers=None if retry is None else {"Retry-After": str(retry)})

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return JSONResponse({"error": one_line(f"{where}: {first.get('msg')}")}, status_code=400)

    @app.exception_handler(ClientDisconnect)
    async def went_away(request: Request, _exc: ClientDisconnect) -> Response:
        """A client that left in the middle of its request's body: one line in the log."""
        client = request.client.host if request.client else "?"
        log.warning("client %s went away during %s %s", client, request.method, request.url.path)
        return Response(status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 404 and request.method == "GET" and is_page_path(request.url.path):
            game = GAME_PAGE.fullmatch(request.url.path)  # of an id of another form, say: no game
            return shell.page(missing="game" if game else "page")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # every method of the path, not only those of one route
            headers["Allow"] = ", ".join(sorted(allowed(app, request.url.path)))
        return JSONResponse({"error": one_line(str(exc.detail))}, status_code=exc.status_code,
                            headers=headers)

    for router in ROUTERS:
        app.include_router(router)
    for game in descriptors():  # each game's own page module, from its package
        if game.at_web_table and game.client is not None:
            app.mount(f"{CLIENT_PREFIX}/{game.id}", Revalidated(directory=game.client.folder),
                      name=f"client-{game.id}")
    if api_docs:
        add_api_docs(app)
    app.mount("/static", Revalidated(directory=STATIC), name="static")

    shell = Shell(STATIC, public_url)

    async def game_or_missing(request: Request, game_id: str) -> HTMLResponse:
        try:
            await request.app.state.rooms.get(game_id)
        except GameNotFound:
            return shell.page(missing="game")
        return shell.page()

    @app.get(OPENAPI_PATH, include_in_schema=False)
    async def openapi_json() -> JSONResponse:
        """The contract (:mod:`.contract`; built once, off the event loop: listing the games'
        options takes a second)."""
        return JSONResponse(await asyncio.to_thread(app.openapi))

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return shell.page()

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        """The page's service worker (:mod:`.page`)."""
        return shell.service_worker()

    @app.get("/games", include_in_schema=False)
    async def games_page() -> HTMLResponse:
        return shell.page()

    @app.get("/game/{game_id:game}", include_in_schema=False)
    async def game_page(request: Request, game_id: str) -> HTMLResponse:
        return await game_or_missing(request, game_id)

    @app.get("/game/{game_id:game}/join/{seat}/{invite}", include_in_schema=False)
    async def join_page(request: Request, game_id: str, seat: int, invite: str) -> HTMLResponse:
        """An invite link: the page takes the seat, keeps its token and shows the game."""
        return await game_or_missing(request, game_id)

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> HTMLResponse:
        """How to play a game (its lessons); a game without lessons gets the not-found page."""
        return shell.page() if game in learn.learnable() else shell.page(missing="page")

    @app.get("/study/{game}", include_in_schema=False)
    async def study_page(game: str) -> HTMLResponse:
        """The study page of a game; a game without a study gets the not-found page."""
        try:
            studied(game)
        except NotFound:
            return shell.page(missing="page")
        return shell.page()

    @app.get("/replay/{game_id:game}", include_in_schema=False)
    async def replay_page(request: Request, game_id: str) -> HTMLResponse:
        return await game_or_missing(request, game_id)

    return app


def allowed(app: FastAPI, path: str) -> set[str]:
    """The methods the routes of ``path`` answer."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, APIRoute) and route.path_regex.match(path):
            methods |= route.methods or set()
    return methods


def is_page_path(path: str) -> bool:
    """Whether a path is one a person may type (not the API's, the static files' or a socket's)."""
    return not path.startswith(("/api/", "/static/", "/ws/"))
