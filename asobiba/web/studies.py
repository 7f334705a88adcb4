"""The study page's studies, run in the background (docs/study/README.md, "The study page";
docs/operations.md, "Studies").

* ``GET /api/studies/choices/{game}`` — what the page may compare in a game (:mod:`.studyplan`);
* ``POST /api/studies`` — ask for a study (202: its status, its ``id`` and its ``token``, the one
  secret that reads, cancels and shares it). It runs at once if the server's study slot is free,
  else it waits in the queue (``state: "queued"``, ``position``: how many are before it); a full
  queue is 409 with its length and ``Retry-After``, an address past its quota 429 with
  ``Retry-After`` (:mod:`.studyslot`);
* ``POST /api/studies/estimate`` — the same body: the games and CPU time the study would take,
  from a short calibration in the hint pool, without starting it (:mod:`.studycost`: 429 with
  ``Retry-After`` past the address's estimates, 503 when the pool is busy);
* ``GET /api/studies/queue`` — the slot: whether a study runs (its game, how long it may still
  take) and how many wait — nothing of anyone's study;
* ``GET /api/studies/{id}`` — a study's status (``Authorization: Bearer`` its token or a share
  key): its state, games played and expected, the ETA, every figure with its interval so far, and
  how long its results are kept;
* ``POST /api/studies/{id}/cancel`` — stop it (its token);
* ``POST /api/studies/{id}/share`` — make a share key (its token): a link that reads the study,
  and no more (a new one replaces the old);
* ``GET /api/studies/{id}/json`` and ``…/plot.png``, ``…/plot.svg`` — the results (token or share
  key), the same JSON and plots ``asobiba study --json FILE --out DIR`` writes, once a study has
  finished a round.

The slot, the queue, the quotas and the kept results are rows of the store (:mod:`.studyslot`), so
they hold for the whole server however many processes share its database, and any process answers
for any study. A study runs in the process that claimed it: its games in one process of its own
(:class:`WorkerEngine`: never on the event loop, one core at most), driven by the command line's
rounds (:func:`~asobiba.study.run.run_study`) in a thread; a second thread stores its status every
:data:`~.studyslot.BEAT` seconds and hears of a cancel made through another process. It stops at
its interval width, at its games, at its time cap (at most :data:`~.studyplan.MAX_SECONDS`, or the
server's ``study_seconds``), when cancelled, or when its server process stops (its games' process
ends with it, even when that is killed; the study is then failed for the others).
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import math
import multiprocessing
import os
import re
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from copy import deepcopy
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field
from rich.console import Console
from sqlalchemy.engine import Engine

from ..core.errors import Explained, one_line
from ..core.names import Names
from ..study.plan import Study
from ..study.play import Job, Played, play_many
from ..study.plots import write_plots
from ..study.report import json_text, study_json
from ..study.run import Tally, run_study
from ..study.stats import wilson
from .bodies import read_body
from .contract import Answer, answers, game_refusals
from .errors import Forbidden, NotFound, Unauthorized, translations
from .holders import bearer
from .protocol import ProtocolError
from .studycost import BUSY as ESTIMATE_BUSY
from .studycost import Estimates, answer, calibrate
from .studyplan import MAX_SECONDS, StudyBody, choices, plan, studied
from .studyslot import BEAT, QUEUED, QueueFull, QuotaSpent, StudyQuota, StudyRow, StudySlot, matches
from .workers import Busy, follow_parent

router = APIRouter(prefix="/api/studies")
log = logging.getLogger("asobiba.web")

RUNNING, DONE, CANCELLED, TIMED_OUT, FAILED = "running", "done", "cancelled", "timed_out", "failed"
STATES = (QUEUED, RUNNING, DONE, CANCELLED, TIMED_OUT, FAILED)
LOOK = 0.2
"""Seconds between two looks at a cancel or the time cap while a game is being played."""
PLOTS = ("png", "svg")
PLOT_TYPES = {"png": "image/png", "svg": "image/svg+xml"}
STUDY_ID = re.compile(r"[0-9a-f]{16}")
"""The form of a study's id (:func:`secrets.token_hex` of 8 bytes)."""


class Stopped(Exception):
    """The study stops before its end: ``state`` says why."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state


NO_TOKEN = Names("この検証を見るには、始めたときの合い言葉か共有の鍵が必要です。",
                 "a study is read with the token it was started with, or a share key "
                 "(Authorization: Bearer)")
WRONG_TOKEN = Names("この合い言葉ではこの検証を見られません。",
                    "this token neither started this study nor was shared for it")
NOT_STARTER = Names("止めたり共有したりできるのは、検証を始めた人（その合い言葉）だけです。",
                    "only the study's token (its starter's) cancels or shares it; a share key reads it")
PROCESS_STOPPED = "the server process that ran it stopped"


class StudyCell(Answer):
    """One figure so far: ``a``'s score against ``b`` (a pair), else the first player's score."""

    label: str
    a: str | None
    b: str | None
    games: int
    share: float | None
    low: float
    high: float
    half_width: float
    stopped_by: str | None


class StudyStatus(Answer):
    """A study's status (``POST /api/studies``, ``GET /api/studies/{id}``): ``position`` is how
    many studies run or wait before a queued one; ``expires`` the seconds its results are still
    kept (once it has ended)."""

    id: str
    game: str
    compare: str
    state: str = Field(pattern=f"^({'|'.join(STATES)})$")
    games: int
    expected: int
    elapsed: float
    eta: float | None
    seconds: int
    command: str
    cells: list[StudyCell]
    downloads: dict[str, str]
    error: str | None
    position: int | None
    expires: float | None


class Started(StudyStatus):
    token: str


class Shared(Answer):
    """A share key of a study and the page's link that reads it with the key."""

    share: str
    link: str


class RunningStudy(Answer):
    """The study running: its game (id and name) and the seconds it may still take."""

    game: str
    name: dict[str, str]
    left: int


class StudyQueue(Answer):
    """The server's study slot: the study running (its game, the seconds it may still take) and
    how many wait, of at most ``limit``."""

    running: RunningStudy | None
    waiting: int
    limit: int


class StudyChoices(Answer):
    game: str
    name: dict[str, str]
    compare: list[dict[str, Any]]
    levels: list[dict[str, Any]]
    limits: dict[str, int]


class StudyRun:
    """One study as it runs here: what its thread has gathered, read by the routes (under ``lock``)."""

    def __init__(self, study_id: str, study: Study, seconds: int) -> None:
        self.id = study_id
        self.study = study
        self.seconds = seconds
        self.begun = time.monotonic()
        self.ended: float | None = None
        self.state = RUNNING
        self.error: str | None = None
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.over = threading.Event()
        """Set once the study's end is stored."""
        self.rounds = [Tally() for _ in study.cells]
        """The tallies of the rounds finished (what the JSON holds)."""
        self.live = deepcopy(self.rounds)
        """The same with the games of the round being played, game by game (what the page shows)."""
        self.expected = sum(t.still_to_play(study) for t in self.rounds)
        self.json: str | None = None
        self.json_stored = False
        """Whether the store has the JSON as it is now."""

    def check(self) -> None:
        """Raise :class:`Stopped` when cancelled or past the time cap."""
        if self.stop.is_set():
            raise Stopped(CANCELLED)
        if time.monotonic() - self.begun > self.seconds:
            raise Stopped(TIMED_OUT)

    def played(self, job: Job, result: Played) -> None:
        with self.lock:
            cell = self.study.cells[job.cell]
            self.live[job.cell].add(cell.score(job.number, result), result)

    def round_done(self, tallies: list[Tally]) -> None:
        data = json_text(study_json(self.study, tallies))
        with self.lock:
            self.rounds = deepcopy(tallies)
            self.live = deepcopy(tallies)
            self.json, self.json_stored = data, False
            done = sum(t.games for t in tallies)
            self.expected = done + sum(t.still_to_play(self.study) for t in tallies)

    def new_json(self) -> str | None:
        """The JSON if the store does not have it yet (then it is taken to have it)."""
        with self.lock:
            if self.json is None or self.json_stored:
                return None
            self.json_stored = True
            return self.json

    def status(self, base: str, plots: Sequence[str] = ()) -> dict[str, Any]:
        """The status answer (``base``: the study routes' path, for the download links)."""
        with self.lock:
            study = self.study
            played = sum(t.games for t in self.live)
            elapsed = (self.ended or time.monotonic()) - self.begun
            expected = max(self.expected, played)
            eta = None
            if self.state == RUNNING and played:
                eta = round(min(elapsed / played * (expected - played), self.seconds - elapsed), 1)
            cells = []
            for cell, tally in zip(study.cells, self.live, strict=True):
                lo, hi = wilson(tally.score, tally.counted, study.confidence)
                cells.append({"label": cell.label, "a": cell.a, "b": cell.b, "games": tally.games,
                              "share": round(tally.score / tally.counted, 4) if tally.counted else None,
                              "low": round(lo, 4), "high": round(hi, 4),
                              "half_width": round((hi - lo) / 2, 4), "stopped_by": tally.stopped})
            downloads = {}
            if self.json is not None:
                downloads["json"] = f"{base}/{self.id}/json"
            for kind in plots:
                downloads[kind] = f"{base}/{self.id}/plot.{kind}"
            return {"id": self.id, "game": study.game_id, "compare": study.compare, "state": self.state,
                    "games": played, "expected": expected, "elapsed": round(elapsed, 1), "eta": eta,
                    "seconds": self.seconds, "width": study.width, "confidence": study.confidence,
                    "command": study.command(), "cells": cells, "downloads": downloads,
                    "error": self.error, "position": None, "expires": None}

    def finish(self, state: str, error: str | None = None) -> None:
        with self.lock:
            self.state, self.error, self.ended = state, error, time.monotonic()


class WorkerEngine:
    """A study engine (:class:`~asobiba.study.engines.Engine`) of one process of its own, started
    for the study and ended with it: each game is one task, so a cancel or the time cap is seen
    within :data:`LOOK` seconds, and the game being played is ended with its process."""

    name = "web"

    def __init__(self, run: StudyRun) -> None:
        self.study_run = run
        self._pool: Any = None

    def run(self, jobs: Sequence[Job]) -> Iterator[tuple[Job, Played]]:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(1, initializer=follow_parent, initargs=(os.getpid(),))
        results = self._pool.imap(play_many, [[job] for job in jobs])
        for _ in jobs:
            while True:
                self.study_run.check()
                try:
                    done = results.next(timeout=LOOK)
                except multiprocessing.TimeoutError:
                    continue
                break
            for job, result in done:
                self.study_run.played(job, result)
                yield job, result

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


def play(run: StudyRun) -> tuple[str, str | None, dict[str, bytes]]:
    """Play the study to its end, then draw its plots (in its thread, off the loop): its end
    state, its error and its plots."""
    engine = WorkerEngine(run)
    state, error = DONE, None
    try:
        run.check()
        run_study(run.study, engine, Console(file=io.StringIO()), on_round=run.round_done)
    except Stopped as stopped:
        state = stopped.state
    except Exception as exc:  # a failure of a game's code or of the process: the page shows it
        state, error = FAILED, one_line(str(exc) or type(exc).__name__)
    finally:
        engine.close()
    plots: dict[str, bytes] = {}
    if run.json is not None and not run.stop.is_set():
        folder = Path(tempfile.mkdtemp(prefix="asobiba-study-"))
        try:
            for path in write_plots(json.loads(run.json), folder):
                plots[path.suffix.lstrip(".")] = path.read_bytes()
        except Exception as exc:  # matplotlib's many kinds: the JSON stays, the error is shown
            error = one_line(f"the plot failed: {exc}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return state, error, plots


class Studies:
    """This process's part in the server's study slot (see the module docstring): the study it
    runs, if any, and the store's rows (:class:`~.studyslot.StudySlot`)."""

    def __init__(self, engine: Engine, origin: str, seconds: int = MAX_SECONDS,
                 quota: StudyQuota | None = None) -> None:
        self.slot = StudySlot(engine, quota)
        self.origin = origin
        self.seconds = max(1, min(seconds, MAX_SECONDS))
        self.local: StudyRun | None = None
        self.estimates = Estimates()
        self._threads: list[threading.Thread] = []
        self._advancing = threading.Lock()
        self._closing = False

    def start(self, body: StudyBody, address: str) -> tuple[str, str]:
        """Ask for a study (its id and token), or refuse it (:class:`~.studyslot.QuotaSpent`,
        :class:`~.studyslot.QueueFull`)."""
        study_id, token = secrets.token_hex(8), secrets.token_urlsafe(18)
        running, _, now = self.slot.occupancy()
        self.slot.enqueue(study_id, token, address, body.model_dump_json(), self._left(running, now))
        self.advance()
        return study_id, token

    def _left(self, row: StudyRow | None, now: float) -> int:
        """The seconds the running study ``row`` may still take (0 for none)."""
        if row is None or row.started is None:
            return 0
        cap = min(int(json.loads(row.body).get("seconds", MAX_SECONDS)), self.seconds)
        return max(1, math.ceil(row.started + cap - now))

    def advance(self) -> None:
        """Run the next queued study here if the slot is free (and this process runs none)."""
        with self._advancing:
            if self._closing or (self.local is not None and not self.local.over.is_set()):
                return
            row = self.slot.claim(self.origin)
            if row is None:
                return
            try:
                body = StudyBody.model_validate_json(row.body)
                study = plan(body)
            except Exception as exc:  # asked for of a server that offered it, no longer offered here
                said = self._unplanned(row, one_line(str(exc) or type(exc).__name__))
                self.slot.finish(row.id, self.origin, FAILED, json.dumps(said), None, {})
                return
            run = self.local = StudyRun(row.id, study, min(body.seconds, self.seconds))
            self._threads = [threading.Thread(target=self._work, args=(run,), name="study", daemon=True),
                             threading.Thread(target=self._beat, args=(run,), name="study-beat",
                                              daemon=True)]
            for thread in self._threads:
                thread.start()

    def _work(self, run: StudyRun) -> None:
        state, error, plots = play(run)
        if self._closing and state == CANCELLED:
            error = "the server stopped"
        final = {**run.status(router.prefix, sorted(plots)), "state": state, "error": error, "eta": None}
        try:
            self.slot.finish(run.id, self.origin, state, json.dumps(final), run.json, plots)
        except Exception as exc:  # the store is gone: the study is failed for the others at its TTL
            log.warning("cannot store the end of study %s: %s", run.id, one_line(str(exc))[:200])
        run.finish(state, error)
        run.over.set()
        if not self._closing:
            try:
                self.advance()
            except Exception as exc:
                log.warning("cannot start the next study: %s", one_line(str(exc))[:200])

    def _beat(self, run: StudyRun) -> None:
        """Store the status every :data:`BEAT` seconds and hear of a cancel (see the module
        docstring); a study no longer this process's (its beat ran out) stops."""
        failing = False
        while not run.over.wait(BEAT):
            try:
                results = run.new_json()
                if not self.slot.beat(run.id, self.origin, json.dumps(run.status(router.prefix)), results):
                    run.stop.set()
                failing = False
            except Exception as exc:
                if not failing:
                    log.warning("cannot store study %s's status: %s", run.id, one_line(str(exc))[:200])
                failing = True
                with run.lock:
                    run.json_stored = False

    def row(self, study_id: str, credential: str | None, starter: bool = False) -> StudyRow:
        """The study ``study_id`` if ``credential`` may read it (``starter``: act on it)."""
        row = self.slot.get(study_id) if STUDY_ID.fullmatch(study_id) else None  # no other text is looked up
        if row is None:
            raise NotFound("no such study (an ended study's results are kept for a while, then go)")
        if not credential:
            raise Unauthorized(NO_TOKEN)
        if matches(credential, row.token):
            return row
        if matches(credential, row.share) and not starter:
            return row
        raise Forbidden(NOT_STARTER if starter else WRONG_TOKEN)

    def status(self, row: StudyRow) -> dict[str, Any]:
        """The status of a study as this process knows it best: its run's if it runs here, else
        the one its process stored last."""
        run = self.local
        if run is not None and run.id == row.id and not run.over.is_set():
            return run.status(router.prefix)
        if row.state != QUEUED and row.state != RUNNING:
            found = json.loads(row.status) if row.status else self._planned(row)
        elif row.status:
            found = json.loads(row.status)
        else:
            found = self._planned(row)
        if row.state == FAILED and found["state"] == RUNNING:
            found["error"] = PROCESS_STOPPED
        found["state"], found["eta"] = row.state, found["eta"] if row.state == RUNNING else None
        found["position"] = self.slot.ahead(row) if row.state == QUEUED else None
        if row.ended is not None:
            found["expires"] = round(max(0.0, row.ended + self.slot.quota.keep - self.slot.clock()), 1)
        return found

    def _planned(self, row: StudyRow) -> dict[str, Any]:
        """The status of a study not begun (or whose process stored none)."""
        try:
            body = StudyBody.model_validate_json(row.body)
            run = StudyRun(row.id, plan(body), min(body.seconds, self.seconds))
        except Exception as exc:  # its study is no longer offered (another version of the server)
            return self._unplanned(row, one_line(str(exc) or type(exc).__name__))
        return {**run.status(router.prefix), "elapsed": 0.0}

    @staticmethod
    def _unplanned(row: StudyRow, error: str) -> dict[str, Any]:
        """The status of a study this server cannot lay out."""
        body = json.loads(row.body)
        return {"id": row.id, "game": str(body.get("game")), "compare": str(body.get("compare")),
                "state": FAILED, "games": 0, "expected": 0, "elapsed": 0.0, "eta": None,
                "seconds": int(body.get("seconds", 0)), "command": "", "cells": [], "downloads": {},
                "error": error, "position": None, "expires": None}

    def queue(self) -> dict[str, Any]:
        running, waiting, now = self.slot.occupancy()
        shown = None
        if running is not None:
            game = json.loads(running.body)["game"]
            shown = {"game": game, "name": studied(game).name.to_json(), "left": self._left(running, now)}
        return {"running": shown, "waiting": waiting, "limit": self.slot.quota.queue}

    def cancel(self, row: StudyRow) -> None:
        self.slot.cancel(row.id)
        run = self.local
        if run is not None and run.id == row.id:
            run.stop.set()

    def close(self) -> None:
        """Stop the study running here (its process ends; its end is stored)."""
        self._closing = True
        run = self.local
        if run is not None:
            run.stop.set()
        for thread in self._threads:
            thread.join(10)


def studies_of(request: Request) -> Studies:
    return request.app.state.studies


def credential(request: Request) -> str | None:
    return bearer(request.headers.get("authorization"))


def _refusal(exc: Explained, retry: int, **more: Any) -> JSONResponse:
    return JSONResponse({"error": one_line(str(exc)), **translations(exc), **more},
                        status_code=getattr(exc, "status", 400), headers={"Retry-After": str(retry)})


@router.get("/choices/{game}", response_model=None, responses={200: answers(StudyChoices)})
async def study_choices(game: str) -> dict[str, Any]:
    """What the study page may compare in ``game``, and the bounds of a study."""
    return choices(game)


@router.post("", status_code=202, response_model=None, responses={202: answers(Started)})
async def start_study(request: Request) -> JSONResponse:
    """Ask for a study: it runs now or waits in the queue; 409 with ``Retry-After`` and the
    queue's length when the queue is full, 429 with ``Retry-After`` past the address's quota."""
    body, data = read_body(await request.body(), StudyBody)
    async with game_refusals(StudyBody, data, kinds=(ProtocolError,)):  # what the game offers
        plan(body)
    studies = studies_of(request)
    address = request.client.host if request.client else "?"
    try:
        study_id, token = await asyncio.to_thread(studies.start, body, address)
    except QueueFull as exc:
        return _refusal(exc, exc.retry_after, waiting=exc.waiting)
    except QuotaSpent as exc:
        return _refusal(exc, exc.retry_after)
    row = await asyncio.to_thread(studies.row, study_id, token)
    status = await asyncio.to_thread(studies.status, row)
    return JSONResponse({**status, "token": token}, status_code=202)


class StudyCellCost(Answer):
    label: str
    games: int
    seconds: float
    at_least: bool


class StudyEstimate(Answer):
    """The most games a study plays and the CPU seconds they take (``at_least``: a lower bound,
    no calibration game finished; else within ``factor`` either way), from ``calibration`` CPU
    seconds at most."""

    games: int
    seconds: float
    at_least: bool
    factor: int | None
    calibration: float
    command: str
    cells: list[StudyCellCost]


@router.post("/estimate", response_model=None, responses={200: answers(StudyEstimate)})
async def estimate_study(request: Request) -> JSONResponse:
    """What a study would cost (the body of ``POST /api/studies``), without starting it: 429 with
    ``Retry-After`` past the address's estimates, 503 when the server's hint pool is busy."""
    body, data = read_body(await request.body(), StudyBody)
    async with game_refusals(StudyBody, data, kinds=(ProtocolError,)):  # what the game offers
        study = plan(body)
    estimates = studies_of(request).estimates
    found = estimates.kept(study)
    if found is None:
        estimates.take(request.client.host if request.client else "?")  # else EstimatesSpent: 429
        try:
            found = answer(study, await request.app.state.rooms.driver.workers.hint(calibrate, study))
        except Busy:
            raise Busy(ESTIMATE_BUSY) from None
        estimates.keep(study, found)
    return JSONResponse(found)


@router.get("/queue", response_model=None, responses={200: answers(StudyQueue)})
async def study_queue(request: Request) -> dict[str, Any]:
    """The server's study slot: the study running (its game and how long it may still take) and
    how many wait."""
    return await asyncio.to_thread(studies_of(request).queue)


def _read(studies: Studies, study_id: str, token: str | None) -> dict[str, Any]:
    row = studies.row(study_id, token)
    if row.state == QUEUED or (row.state == RUNNING and row.holder != studies.origin):
        studies.advance()  # a waiting study pushes the queue on (its predecessor's process may be gone)
        row = studies.row(study_id, token)
    return studies.status(row)


@router.get("/{study_id}", response_model=None, responses={200: answers(StudyStatus)})
async def study_status(request: Request, study_id: str) -> dict[str, Any]:
    """A study's status (its token or a share key as Bearer)."""
    return await asyncio.to_thread(_read, studies_of(request), study_id, credential(request))


def _cancel(studies: Studies, study_id: str, token: str | None) -> dict[str, Any]:
    studies.cancel(studies.row(study_id, token, starter=True))
    return studies.status(studies.row(study_id, token))


@router.post("/{study_id}/cancel", response_model=None, responses={200: answers(StudyStatus)})
async def cancel_study(request: Request, study_id: str) -> dict[str, Any]:
    """Stop a study (the token it was started with, as Bearer); an ended one just answers."""
    return await asyncio.to_thread(_cancel, studies_of(request), study_id, credential(request))


def _share(studies: Studies, study_id: str, token: str | None) -> dict[str, Any]:
    row = studies.row(study_id, token, starter=True)
    key = secrets.token_urlsafe(18)
    studies.slot.share(row.id, key)
    game = json.loads(row.body)["game"]
    return {"share": key, "link": f"/study/{game}#study={row.id}&share={key}"}


@router.post("/{study_id}/share", response_model=None, responses={200: answers(Shared)})
async def share_study(request: Request, study_id: str) -> dict[str, Any]:
    """Make a share key of a study (its token as Bearer): the link reads the study and its
    results while they are kept, and cannot cancel or share it; a new key replaces the old."""
    return await asyncio.to_thread(_share, studies_of(request), study_id, credential(request))


def _file_name(row: StudyRow, suffix: str) -> str:
    body = json.loads(row.body)
    return f"asobiba-study-{body['game']}-{body['compare']}.{suffix}"


@router.get("/{study_id}/json", response_model=None, responses={200: answers()})
async def study_results(request: Request, study_id: str) -> Response:
    """The study's JSON (``asobiba study --json``) as of its last finished round, as a download."""
    studies = studies_of(request)
    row = await asyncio.to_thread(studies.row, study_id, credential(request))
    run = studies.local
    data = run.json if run is not None and run.id == row.id and run.json is not None else row.results
    if data is None:
        raise NotFound("the study has not finished a round yet")
    return Response(data, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{_file_name(row, "json")}"'})


@router.get("/{study_id}/plot.{kind}", response_model=None,
            responses={200: {"description": "The plot", "content": {"image/png": {}, "image/svg+xml": {}}}})
async def study_plot(request: Request, study_id: str, kind: str) -> Response:
    """The study's plot (``asobiba study --out``) once it has ended."""
    studies = studies_of(request)
    row = await asyncio.to_thread(studies.row, study_id, credential(request))
    if kind not in PLOTS:
        raise NotFound(f"plots are {' and '.join(PLOTS)}, not {kind!r:.10}")
    data = await asyncio.to_thread(studies.slot.plot, row.id, kind) if kind in row.plots else None
    if data is None:
        raise NotFound("the study has no plot yet (it is drawn when the study ends)")
    return Response(data, media_type=PLOT_TYPES[kind],
                    headers={"Content-Disposition": f'attachment; filename="{_file_name(row, kind)}"'})
