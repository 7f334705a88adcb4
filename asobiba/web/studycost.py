"""What a page's study will cost, told before it starts (``POST /api/studies/estimate``;
docs/study/README.md, "The study page"): the games and CPU time of :mod:`asobiba.study.costs`, as
``asobiba study … --dry-run`` gives them, from a shorter calibration.

The calibration costs CPU, so it is bounded like a hint: it runs in the server's hint pool
(:meth:`~.workers.Workers.hint`: refused as busy past its queue), spends at most
:data:`CALIBRATION` CPU seconds over all the study's cells (a quarter of a cell's share timing
moves, the rest only to finish its first game), and an address may have :data:`BURST` estimates
worked out in a row, then one every ``3600 / HOURLY`` seconds (429 with ``Retry-After``; counted
by each server process in its memory). An estimate is kept :data:`KEEP` seconds per study
(its command, every setting that changes its games): asking again for the same study costs no
calibration and no quota.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..core.errors import Explained
from ..core.names import Names
from ..study.costs import FACTOR, Estimate, estimate
from ..study.plan import Study
from .limits import Bucket, _bucket

CALIBRATION = 2.0
"""The most CPU seconds of calibration one estimate costs, over all its cells."""
HOURLY = 120
"""Estimates worked out an hour per address, past the burst."""
BURST = 20
"""Estimates an address may have worked out in a row."""
KEEP = 600.0
"""Seconds an estimate is kept for its study."""
KEPT = 256
"""The most estimates kept (the oldest go first)."""

TOO_MANY_ESTIMATES = Names("見積もりの依頼が多すぎます。少し待ってからどうぞ。",
                           "too many estimates asked for from this address; try again in a moment")


BUSY = Names("サーバーが混み合っていて見積もれません。少し待ってからどうぞ。",
             "the server is too busy to estimate the study; try again in a moment")


class EstimatesSpent(Explained):
    """An address past its estimates (HTTP 429)."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY_ESTIMATES)
        self.retry_after = retry_after


def calibrate(study: Study) -> Estimate:
    """The study's estimate from at most :data:`CALIBRATION` CPU seconds (in the hint pool)."""
    share = CALIBRATION / len(study.cells)
    return estimate(study, budget=share / 4, longest=share)


def answer(study: Study, found: Estimate) -> dict[str, Any]:
    """The estimate as the route answers it."""
    return {
        "games": found.games,
        "seconds": round(found.seconds, 2),
        "at_least": found.at_least,
        "factor": None if found.at_least else FACTOR,
        "calibration": CALIBRATION,
        "command": f"{study.command()} --dry-run",
        "cells": [{"label": c.label, "games": c.games, "seconds": round(c.seconds, 2), "at_least": c.at_least}
                  for c in found.cells],
    }


class Estimates:
    """This process's kept estimates and the addresses' buckets."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._kept: OrderedDict[str, tuple[float, dict[str, Any]]] = OrderedDict()
        self._buckets: dict[str, Bucket] = {}
        self._lock = threading.Lock()

    def kept(self, study: Study) -> dict[str, Any] | None:
        """The kept estimate of ``study``, if one is still kept."""
        key = study.command()
        with self._lock:
            found = self._kept.get(key)
            if found is None or self.clock() - found[0] > KEEP:
                self._kept.pop(key, None)
                return None
            return found[1]

    def take(self, address: str) -> None:
        """Count one estimate worked out for ``address``, or refuse it (:class:`EstimatesSpent`)."""
        with self._lock:
            if not _bucket(self._buckets, address, HOURLY / 3600, BURST).take():
                raise EstimatesSpent(math.ceil(3600 / HOURLY))

    def keep(self, study: Study, found: dict[str, Any]) -> None:
        with self._lock:
            self._kept[study.command()] = (self.clock(), found)
            self._kept.move_to_end(study.command())
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
