"""The study page's studies, run in the background (docs/study/README.md, "The study page").

* ``GET /api/studies/choices/{game}`` — what the page may compare in a game (:mod:`.studyplan`);
* ``POST /api/studies`` — start a study (202: its status, its ``id`` and a ``token`` that cancels it);
  while one runs another is refused (409 with ``Retry-After``, in both languages);
* ``GET /api/studies/current`` — the latest study's status, or ``null``;
* ``GET /api/studies/{id}`` — a study's status: its state, games played and expected, the ETA, and
  every figure with its interval so far (updated after every game);
* ``POST /api/studies/{id}/cancel`` — stop it (``Authorization: Bearer <token>``);
* ``GET /api/studies/{id}/json`` and ``…/plot.png``, ``…/plot.svg`` — the results, the same JSON and
  plots ``asobiba study --json FILE --out DIR`` writes, once a study has finished a round.

One study runs at a time per server. Its games are played in one process of its own
(:class:`WorkerEngine`: never on the event loop, one core at most), driven by the command line's
rounds (:func:`~asobiba.study.run.run_study`) in a thread; it stops at its interval width, at its
games, at its time cap (at most :data:`~.studyplan.MAX_SECONDS`, or the server's
``study_seconds``), when cancelled, or when the server stops (its process ends with the server's,
even when that is killed). Only the latest study is kept: its JSON in memory, its plots in a
temporary folder removed when the next study starts and when the server stops.
"""

from __future__ import annotations

import io
import json
import math
import multiprocessing
import os
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
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import Field
from rich.console import Console

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
from .studyplan import MAX_SECONDS, StudyBody, choices, plan
from .workers import follow_parent

router = APIRouter(prefix="/api/studies")

RUNNING, DONE, CANCELLED, TIMED_OUT, FAILED = "running", "done", "cancelled", "timed_out", "failed"
LOOK = 0.2
"""Seconds between two looks at a cancel or the time cap while a game is being played."""
PLOTS = ("png", "svg")


class StudyRunning(Explained):
    """A study asked for while another runs (HTTP 409, with ``Retry-After``)."""

    status = 409

    def __init__(self, text: Names, retry_after: int) -> None:
        super().__init__(text)
        self.retry_after = retry_after


class Stopped(Exception):
    """The study stops before its end: ``state`` says why."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state


NO_TOKEN = Names("この検証を止めるには、始めたときの合い言葉が必要です。",
                 "cancelling a study needs the token it was started with")
WRONG_TOKEN = Names("この検証を始めたのは別の人です。止められるのは始めた人だけです。",
                    "this token did not start this study; only its starter can cancel it")


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
    """A study's status (``POST /api/studies``, ``GET /api/studies/{id}``)."""

    id: str
    game: str
    compare: str
    state: str = Field(pattern=f"^({RUNNING}|{DONE}|{CANCELLED}|{TIMED_OUT}|{FAILED})$")
    games: int
    expected: int
    elapsed: float
    eta: float | None
    seconds: int
    command: str
    cells: list[StudyCell]
    downloads: dict[str, str]
    error: str | None


class Started(StudyStatus):
    token: str


class StudyChoices(Answer):
    game: str
    name: dict[str, str]
    compare: list[dict[str, Any]]
    levels: list[dict[str, Any]]
    limits: dict[str, int]


class StudyRun:
    """One study as it runs: what its thread has gathered, read by the routes (under ``lock``)."""

    def __init__(self, study: Study, seconds: int) -> None:
        self.id = secrets.token_hex(8)
        self.token = secrets.token_urlsafe(18)
        self.study = study
        self.seconds = seconds
        self.begun = time.monotonic()
        self.ended: float | None = None
        self.state = RUNNING
        self.error: str | None = None
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.folder = Path(tempfile.mkdtemp(prefix="asobiba-study-"))
        self.rounds = [Tally() for _ in study.cells]
        """The tallies of the rounds finished (what the JSON holds)."""
        self.live = deepcopy(self.rounds)
        """The same with the games of the round being played, game by game (what the page shows)."""
        self.expected = sum(t.still_to_play(study) for t in self.rounds)
        self.json: str | None = None
        self.plots: dict[str, Path] = {}

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
            self.json = data
            done = sum(t.games for t in tallies)
            self.expected = done + sum(t.still_to_play(self.study) for t in tallies)

    def finish(self, state: str, error: str | None = None) -> None:
        with self.lock:
            self.state, self.error, self.ended = state, error, time.monotonic()

    def status(self, base: str) -> dict[str, Any]:
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
            for kind in self.plots:
                downloads[kind] = f"{base}/{self.id}/plot.{kind}"
            return {"id": self.id, "game": study.game_id, "compare": study.compare, "state": self.state,
                    "games": played, "expected": expected, "elapsed": round(elapsed, 1), "eta": eta,
                    "seconds": self.seconds, "width": study.width, "confidence": study.confidence,
                    "command": study.command(), "cells": cells, "downloads": downloads,
                    "error": self.error}

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


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


def work(run: StudyRun) -> None:
    """The study's thread: play it to its end, then draw its plots (in this thread, off the loop)."""
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
    if run.json is not None and not run.stop.is_set():
        try:
            paths = write_plots(json.loads(run.json), run.folder)
            with run.lock:
                run.plots = {path.suffix.lstrip("."): path for path in paths}
        except Exception as exc:  # matplotlib's many kinds: the JSON stays, the error is shown
            error = one_line(f"the plot failed: {exc}")
    run.finish(state, error)


class Studies:
    """The server's one study slot (see the module docstring)."""

    def __init__(self, seconds: int = MAX_SECONDS) -> None:
        self.seconds = max(1, min(seconds, MAX_SECONDS))
        self.current: StudyRun | None = None
        self._thread: threading.Thread | None = None
        self._starting = threading.Lock()

    def start(self, study: Study, seconds: int) -> StudyRun:
        """Start ``study`` unless one runs (:class:`StudyRunning`)."""
        with self._starting:
            if self._thread is not None and self._thread.is_alive() and self.current is not None:
                raise self._busy(self.current)
            if self.current is not None:
                self.current.close()
            run = self.current = StudyRun(study, min(seconds, self.seconds))
            self._thread = threading.Thread(target=work, args=(run,), name="study", daemon=True)
            self._thread.start()
            return run

    @staticmethod
    def _busy(run: StudyRun) -> StudyRunning:
        left = run.status("")["eta"]
        wait = max(1, math.ceil(left if left is not None else run.seconds))
        return StudyRunning(Names(
            f"いまは別の検証（{run.study.game_id}）を実行中です。同時に実行できるのは1つだけです。"
            f"約{wait}秒後にもう一度どうぞ。",
            f"another study ({run.study.game_id}) is running; one runs at a time: "
            f"try again in about {wait} s"), wait)

    def get(self, study_id: str) -> StudyRun:
        run = self.current
        if run is None or not secrets.compare_digest(run.id.encode(), study_id.encode()):
            raise NotFound("no such study (only the latest one is kept)")
        return run

    def close(self) -> None:
        """Stop the study (its process ends) and remove its files."""
        run, thread = self.current, self._thread
        if run is not None:
            run.stop.set()
        if thread is not None:
            thread.join(10)
        if run is not None:
            run.close()


def studies_of(request: Request) -> Studies:
    return request.app.state.studies


@router.get("/choices/{game}", response_model=None, responses={200: answers(StudyChoices)})
async def study_choices(game: str) -> dict[str, Any]:
    """What the study page may compare in ``game``, and the bounds of a study."""
    return choices(game)


@router.post("", status_code=202, response_model=None, responses={202: answers(Started)})
async def start_study(request: Request) -> JSONResponse:
    """Start a study in the background; 409 with ``Retry-After`` while another runs."""
    body, data = read_body(await request.body(), StudyBody)
    async with game_refusals(StudyBody, data, kinds=(ProtocolError,)):  # what the game offers
        study = plan(body)
    try:
        run = studies_of(request).start(study, body.seconds)
    except StudyRunning as exc:
        return JSONResponse({"error": one_line(str(exc)), **translations(exc)}, status_code=409,
                            headers={"Retry-After": str(exc.retry_after)})
    return JSONResponse({**run.status(router.prefix), "token": run.token}, status_code=202)


@router.get("/current", response_model=None, responses={200: answers(StudyStatus | None)})
async def current_study(request: Request) -> dict[str, Any] | None:
    """The latest study's status (``null`` when none was started since the server started)."""
    run = studies_of(request).current
    return None if run is None else run.status(router.prefix)


@router.get("/{study_id}", response_model=None, responses={200: answers(StudyStatus)})
async def study_status(request: Request, study_id: str) -> dict[str, Any]:
    return studies_of(request).get(study_id).status(router.prefix)


@router.post("/{study_id}/cancel", response_model=None, responses={200: answers(StudyStatus)})
async def cancel_study(request: Request, study_id: str) -> dict[str, Any]:
    """Stop a study (the token it was started with, as Bearer); a finished one just answers."""
    run = studies_of(request).get(study_id)
    token = bearer(request.headers.get("authorization"))
    if not token:
        raise Unauthorized(NO_TOKEN)
    if not secrets.compare_digest(token.encode(), run.token.encode()):
        raise Forbidden(WRONG_TOKEN)
    run.stop.set()
    return run.status(router.prefix)


@router.get("/{study_id}/json", response_model=None, responses={200: answers()})
async def study_results(request: Request, study_id: str) -> Response:
    """The study's JSON (``asobiba study --json``) as of its last finished round, as a download."""
    run = studies_of(request).get(study_id)
    if run.json is None:
        raise NotFound("the study has not finished a round yet")
    name = f"asobiba-study-{run.study.game_id}-{run.study.compare}.json"
    return Response(run.json, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/{study_id}/plot.{kind}", response_model=None,
            responses={200: {"description": "The plot", "content": {"image/png": {}, "image/svg+xml": {}}}})
async def study_plot(request: Request, study_id: str, kind: str) -> FileResponse:
    """The study's plot (``asobiba study --out``) once it has ended."""
    run = studies_of(request).get(study_id)
    if kind not in PLOTS:
        raise NotFound(f"plots are {' and '.join(PLOTS)}, not {kind!r:.10}")
    path = run.plots.get(kind)
    if path is None:
        raise NotFound("the study has no plot yet (it is drawn when the study ends)")
    return FileResponse(path, filename=f"asobiba-study-{run.study.game_id}-{run.study.compare}.{kind}")

