"""The engine's review of a finished game at the web table (docs/protocol.md, "Reviews").

* ``GET /api/games/{id}/review?level=L`` — anyone with the game's link: ``{"status": "done",
  "review": {...}}`` (the JSON of docs/formats.md, "Reviews"), ``{"status": "running", "done": n,
  "total": N}`` while it is worked out, ``{"status": "none"}`` before anyone asked, or
  ``{"status": "unfinished"}`` for a game still being played. Reading never starts any work.
* ``POST /api/games/{id}/review?level=L`` — start the review of a finished game (409 for one still
  played); answers as the GET does. A review is worked out once: it is stored with the game
  (:meth:`~.store.Store.save_review`), survives restarts and is read by every server process.
* ``GET /api/games/{id}/review/choices?ply=N`` — the legal moves of decision ``N`` with their
  cells and words (:func:`~.view.move_cells`), for trying another move there.
* ``POST /api/games/{id}/review/try`` ``{"ply", "action", "level"}`` — "learn from your
  mistakes": judge a move tried instead of the one played at decision ``ply``; answers
  ``{"judgement", "as_good", "after", "best": {...}}`` (``as_good``: judged best or good).

The work runs in the hints' pool (:mod:`.workers`), one decision at a time, so that a hint never
waits behind a whole review; past the pool's queue a decision waits and is tried again. Quotas:
at most :data:`MOST_RUNNING` reviews are worked out at once in a process (503 past that) and one
at a time per client address (:data:`PER_ADDRESS`, 429), whoever asks — a player or a spectator; a
try is a hint's work, refused as busy when the pool's queue is full, and one try at a time per
address is judged (429). With several processes the review of a game is worked out by the one that
holds its lease (:mod:`.cluster`); another answers ``running`` without figures.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from ..ai.appraise import analysis_level
from ..ai.review import DEFAULT_LEVEL, DEFAULT_SEED, MoveReview, Review, appraiser, review_move, summarise
from ..core.descriptor import Appraise
from ..core.errors import Explained, Refusal
from ..core.names import Names
from .bodies import read_body
from .contract import Answer, answers
from .ids import GameIdPath
from .reviewbody import NORMAL, Level, TryBody
from .rooms import Rooms
from .table import Table
from .view import move_cells
from .workers import Busy, Workers

router = APIRouter(prefix="/api")
log = logging.getLogger("asobiba.web")

MOST_RUNNING = 2
"""Reviews worked out at once in one server process."""
PER_ADDRESS = 1
"""Reviews one client address may have running at once."""
MOST_DECISIONS = 2_000
"""The longest game reviewed, in decisions (longer ones, uploaded records, are refused: 409)."""
RETRY_SECONDS = 0.5
"""How long a decision waits before it is handed to a full pool again."""

assert NORMAL == DEFAULT_LEVEL
LevelQuery = Annotated[Level, Query(description="The analysis level (intro … strongest).")]

UNFINISHED = Names("振り返りは終わった対局でできます。", "only a finished game can be reviewed")
TOO_MANY = Names("このアドレスからの振り返りが進行中です。終わってからどうぞ。",
                 "a review asked from this address is still being worked out; wait for it")
BUSY = Names("サーバーが混み合っています。少し待ってからもう一度振り返りを頼んでください。",
             "the server is busy with other reviews; ask again in a moment")
TRYING = Names("前に試した手を調べているところです。お待ちください。",
                "the move tried before from this address is still being judged; wait for it")
TOO_LONG = Names(f"{MOST_DECISIONS}手を超える対局は振り返れません。",
                  f"games of more than {MOST_DECISIONS} decisions are not reviewed")
NO_SUCH_DECISION = Names("その手番は振り返りにありません。", "no decision of the review at this ply")


class ReviewQuota(Explained):
    """A review asked from an address that has one running (HTTP 429)."""

    status = 429


class ReviewsBusy(Explained):
    """More reviews than a server process works out at once, or a try with the pool full (503)."""

    status = 503


class NotReviewed(Explained):
    """A review of a game still being played, or of a game that declares no appraise (409)."""

    status = 409


class ReviewStatus(Answer):
    """Where the review of a game stands; ``review`` when it is done (docs/formats.md, "Reviews")."""

    status: Literal["done", "running", "none", "unfinished"]
    done: int | None = None
    total: int | None = None
    review: dict[str, Any] | None = None


class Tried(Answer):
    """A move tried in a reviewed position, judged."""

    judgement: str
    as_good: bool
    after: float
    best: dict[str, Any]


@dataclass
class Job:
    """A review being worked out in this process."""

    address: str
    total: int
    done: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """The reviews being worked out in this process (one per app, made on first use)."""

    def __init__(self) -> None:
        self.jobs: dict[tuple[str, str], Job] = {}
        self.addresses: Counter[str] = Counter()
        self.trying: set[str] = set()
        """The addresses with a try being judged (one at a time each)."""

    @staticmethod
    def of(request: Request) -> Reviews:
        found = getattr(request.app.state, "reviews", None)
        if found is None:
            found = request.app.state.reviews = Reviews()
        return found

    async def status(self, rooms: Rooms, table: Table, level: str) -> dict[str, Any] | str:
        """The status object, or the stored review's JSON text (served as it is kept)."""
        if not table.finished:
            return {"status": "unfinished"}
        stored = await asyncio.to_thread(rooms.ledger.store.load_review, table.id, level)
        if stored is not None and stored[0] == table.plies:
            return stored[1]
        job = self.jobs.get((table.id, level))
        if job is not None:
            return {"status": "running", "done": job.done, "total": job.total}
        return {"status": "none"}

    async def start(self, rooms: Rooms, table: Table, level: str, address: str) -> dict[str, Any] | str:
        found = await self.status(rooms, table, level)
        if isinstance(found, str) or found["status"] != "none":
            if isinstance(found, dict) and found["status"] == "unfinished":
                raise NotReviewed(UNFINISHED)
            return found
        if self.addresses[address] >= PER_ADDRESS:
            raise ReviewQuota(TOO_MANY)
        if len(self.jobs) >= MOST_RUNNING:
            raise ReviewsBusy(BUSY)
        cluster = rooms.cluster
        lease = f"review:{level}"
        if cluster is not None and not await cluster.take(table.id, lease):
            return {"status": "running"}  # another process works it out
        decisions = await asyncio.to_thread(_decisions, table)
        key = (table.id, level)
        if key in self.jobs:  # asked for twice at once: the first goes on
            if cluster is not None:
                await cluster.drop(table.id, lease)
            return {"status": "running", "done": self.jobs[key].done, "total": self.jobs[key].total}
        if len(decisions) > MOST_DECISIONS:
            if cluster is not None:
                await cluster.drop(table.id, lease)
            raise NotReviewed(TOO_LONG)
        job = Job(address, len(decisions))
        self.jobs[key] = job
        self.addresses[address] += 1
        job.task = asyncio.create_task(self._run(rooms, table, level, decisions, job, lease))

        def done(_task: asyncio.Task[None]) -> None:
            self.jobs.pop(key, None)
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]

        job.task.add_done_callback(done)
        return {"status": "running", "done": 0, "total": job.total}

    async def _run(self, rooms: Rooms, table: Table, level: str,
                   decisions: list[tuple[int, Any, int]], job: Job, lease: str) -> None:
        workers: Workers = rooms.driver.workers
        moves: list[MoveReview] = []
        try:
            for ply, state, action in decisions:
                moves.append(await _in_pool(workers, state, action, ply, level))
                job.done += 1
            body = await asyncio.to_thread(_stored, table, level, decisions, moves)
            await asyncio.to_thread(rooms.ledger.store.save_review, table.id, level, table.plies, body)
        except Exception:  # a review that fails is logged and can be asked for again
            log.exception("review of game %s failed", table.id)
        finally:
            if rooms.cluster is not None:
                await rooms.cluster.drop(table.id, lease)


def _stored(table: Table, level: str, decisions: list[tuple[int, Any, int]],
            moves: list[MoveReview]) -> str:
    """The review as it is stored and served: its JSON, each best move with its cells."""
    game = table.game
    done = Review(game.id, analysis_level(game, level), DEFAULT_SEED, moves,
                  summarise(game.id, game.player_names, moves))
    out = done.to_json()
    for (_ply, state, _action), move in zip(decisions, out["moves"], strict=True):
        move["best"]["cells"] = move_cells(state, move["best"]["action"])
    return json.dumps({"status": "done", "review": out}, ensure_ascii=False, separators=(",", ":"))


def _decisions(table: Table) -> list[tuple[int, Any, int]]:
    """Every decision of a game: (ply, the position, the action played)."""
    states, actions = table.states, table.actions
    return [(ply, states[ply], action) for ply, action in enumerate(actions)
            if states[ply].current_player >= 0]


async def _in_pool(workers: Workers, state: Any, action: int, ply: int, level: str) -> MoveReview:
    """One decision judged in the hints' pool, waiting while the pool's queue is full."""
    while True:
        try:
            found: MoveReview = await workers.hint(_judge, state, action, ply, level)
            return found
        except Busy:
            await asyncio.sleep(RETRY_SECONDS)


def _judge(state: Any, action: int, ply: int, level: str) -> MoveReview:
    appraise: Appraise[Any] = appraiser(state.game.id)
    return review_move(appraise, state, action, ply, level=analysis_level(state.game, level),
                       seed=DEFAULT_SEED)


def _answer(found: dict[str, Any] | str) -> Response:
    body = found if isinstance(found, str) else json.dumps(found, ensure_ascii=False)
    return Response(body, media_type="application/json")


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _reviewable(table: Table) -> None:
    if table.descriptor.appraise is None:
        raise NotReviewed(Names("このゲームは振り返りができません。", "this game cannot be reviewed"))


@router.get("/games/{game_id:game}/review", response_model=None, responses={200: answers(ReviewStatus)})
async def get_review(request: Request, game_id: GameIdPath, level: LevelQuery = NORMAL) -> Response:
    """Where the engine's review of the game stands (the review itself once it is done)."""
    rooms: Rooms = request.app.state.rooms
    table = await rooms.get(game_id)
    return _answer(await Reviews.of(request).status(rooms, table, level))


@router.post("/games/{game_id:game}/review", response_model=None, responses={200: answers(ReviewStatus)})
async def post_review(request: Request, game_id: GameIdPath, level: LevelQuery = NORMAL) -> Response:
    """Start the engine's review of a finished game (once: it is stored with the game)."""
    rooms: Rooms = request.app.state.rooms
    table = await rooms.get(game_id)
    _reviewable(table)
    return _answer(await Reviews.of(request).start(rooms, table, level, _address(request)))


def _decision(table: Table, ply: int) -> Any:
    """The position of the decision at ``ply`` of a finished game (400 for any other ply)."""
    _reviewable(table)
    if not table.finished:
        raise NotReviewed(UNFINISHED)
    if not 0 <= ply < table.plies or table.states[ply].current_player < 0:
        raise Refusal(NO_SUCH_DECISION)
    return table.states[ply]


class Choices(Answer):
    """The legal moves of one decision of a finished game, with their cells and words."""

    ply: int
    seat: int
    choices: list[dict[str, Any]]


@router.get("/games/{game_id:game}/review/choices", response_model=None, responses={200: answers(Choices)})
async def get_review_choices(request: Request, game_id: GameIdPath,
                             ply: Annotated[int, Query(ge=0, le=2**31)]) -> dict[str, Any]:
    """The moves that could have been played at decision ``ply``, to try one instead."""
    rooms: Rooms = request.app.state.rooms
    table = await rooms.get(game_id)
    state = _decision(table, ply)

    def work() -> dict[str, Any]:
        return {"ply": ply, "seat": state.current_player,
                "choices": [move_cells(state, a) for a in state.legal_actions()]}

    return await asyncio.to_thread(work)


@router.post("/games/{game_id:game}/review/try", response_model=None, responses={200: answers(Tried)})
async def post_review_try(request: Request, game_id: GameIdPath) -> dict[str, Any]:
    """Judge a move tried instead of the one played at a decision of a finished game."""
    body, _ = read_body(await request.body(), TryBody)
    rooms: Rooms = request.app.state.rooms
    table = await rooms.get(game_id)
    state = _decision(table, body.ply)
    if body.action not in state.legal_actions():
        raise Refusal(Names("その局面では指せない手です。", "that move is not legal in this position"))
    reviews, address = Reviews.of(request), _address(request)
    if address in reviews.trying:
        raise ReviewQuota(TRYING)
    reviews.trying.add(address)
    try:
        tried: MoveReview = await rooms.driver.workers.hint(_judge, state, body.action, body.ply,
                                                            body.level)
    except Busy:
        raise ReviewsBusy(BUSY) from None
    finally:
        reviews.trying.discard(address)
    out = tried.to_json()
    out["best"]["cells"] = move_cells(state, tried.best_action)
    return {"judgement": tried.judgement, "label": out["label"],
            "as_good": tried.judgement in ("best", "good"),
            "after": out["after"], "after_worth": out["after_worth"], "loss": out["loss"],
            "notation": tried.notation, "best": out["best"]}
