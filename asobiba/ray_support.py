"""Connecting to Ray, for everything that runs work as Ray tasks (``--engine ray``: the studies of
:mod:`asobiba.study`, the sharded Dice Out solve): a cluster at an address, or a local Ray on loopback.
Beside the core so that the generic layers and a game may both use it; Ray itself is the extra
``asobiba[ray]``.
"""

from __future__ import annotations

import os
from typing import Any

from .core.errors import AsobibaError

RAY_LOCAL: dict[str, Any] = {"num_cpus": 2, "include_dashboard": False}
"""A local Ray started for the work: two CPUs, no dashboard, and loopback only (:data:`LOOPBACK`)."""

LOOPBACK = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
"""Ray swaps a node address of 127.0.0.1 for the machine's own network address unless told this (its
single-machine mode, read when ray is first imported): then every Ray process of a local Ray listens
on 127.0.0.1 only."""


START_ATTEMPTS = 2
"""Ray gives its node 30 seconds to start, which a busy machine can miss: one more try."""


class RayStartError(AsobibaError):
    """Ray is not installed, or cannot start or be reached (one line)."""


def connect_ray(address: str | None) -> tuple[Any, bool]:
    """Ray, connected to the cluster at ``address`` or to a local Ray started here
    (:data:`RAY_LOCAL`); and whether this call started it (then its caller shuts it down). A Ray
    already running in this process is used as it is."""
    if not address:
        os.environ.setdefault(*LOOPBACK)
    try:
        import ray
    except ImportError:
        raise RayStartError("--engine ray needs Ray: pip install 'asobiba[ray]'") from None
    started = not ray.is_initialized()
    if started:
        settings: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
        for attempt in range(START_ATTEMPTS):
            try:
                if address:
                    ray.init(address=address, **settings)
                else:
                    ray.init(**RAY_LOCAL, **settings)
                break
            except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ...)
                ray.shutdown()
                if attempt + 1 == START_ATTEMPTS:
                    where = address or "a local Ray"
                    raise RayStartError(f"cannot start Ray on {where}: {exc}") from None
    return ray, started
