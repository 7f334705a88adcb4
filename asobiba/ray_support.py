"""Connecting to Ray, for everything that runs work as Ray tasks (``--engine ray``: the studies of
:mod:`asobiba.study`, the sharded Dice Out solve): a cluster at an address, or a local Ray on loopback.
Beside the core so that the generic layers and a game may both use it; Ray itself is the extra
``asobiba[ray]``.

A cluster's address (``--address``) is ``HOST:PORT`` (Ray's head node) or ``ray://HOST:PORT`` (Ray's
client server): HOST an IP address (IPv6 in brackets) or a host name, PORT 1 to 65535; anything
else is refused before anything is looked up (:func:`ray_address`). Before Ray is asked to connect,
the address must take a TCP connection within :data:`CONNECT_TIMEOUT` seconds, so an address that
does not answer is a one-line error, not a wait without end.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from dataclasses import dataclass
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


CONNECT_TIMEOUT = 10.0
"""Seconds a cluster's address has to take a TCP connection before Ray is asked to connect."""
CLIENT = "ray://"
_HOST_NAME = re.compile(r"(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*",
                        re.IGNORECASE)
"""A host name: dot-separated labels of letters, digits and inner hyphens."""


class RayStartError(AsobibaError):
    """Ray is not installed, or cannot start or be reached, or an address is not one (one line)."""


@dataclass(frozen=True)
class RayAddress:
    """A Ray cluster's address: the head node's (``HOST:PORT``) or its client server's
    (``ray://HOST:PORT``)."""

    host: str
    """An IP address (an IPv6 one without brackets) or a host name."""
    port: int
    client: bool

    @property
    def on_loopback(self) -> bool:
        """Whether the address is this machine's loopback (127.0.0.0/8, ::1, localhost)."""
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{CLIENT if self.client else ''}{host}:{self.port}"


def ray_address(text: str) -> RayAddress:
    """``--address`` read as a :class:`RayAddress`, or a one-line :class:`RayStartError` (nothing is
    looked up or connected to here)."""
    rest = text.removeprefix(CLIENT)
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise RayStartError(f"--address must be HOST:PORT or {CLIENT}HOST:PORT (a port from 1 to "
                            f"65535), not {text[:80]!r}")
    if host.startswith("[") and host.endswith("]"):
        try:
            return RayAddress(str(ipaddress.IPv6Address(host[1:-1])), int(port), rest != text)
        except ValueError:
            pass
    else:
        try:
            return RayAddress(str(ipaddress.IPv4Address(host)), int(port), rest != text)
        except ValueError:
            numeric = host.replace(".", "").isdigit()  # 999.1.1.1: no IP address, and no name
            if not numeric and _HOST_NAME.fullmatch(host):
                return RayAddress(host.lower(), int(port), rest != text)
    raise RayStartError(f"--address {text[:80]!r}: {host[:60]!r} is neither an IP address nor a host name")


def reach(address: RayAddress, timeout: float = CONNECT_TIMEOUT) -> None:
    """Open and close a TCP connection to ``address`` within ``timeout`` seconds, or a one-line
    :class:`RayStartError`."""
    try:
        socket.create_connection((address.host, address.port), timeout=timeout).close()
    except TimeoutError:
        raise RayStartError(f"cannot reach Ray at {address}: no answer within {timeout:g} s") from None
    except OSError as exc:
        raise RayStartError(f"cannot reach Ray at {address}: {exc.strerror or exc}") from None


def connect_ray(address: str | None) -> tuple[Any, bool]:
    """Ray, connected to the cluster at ``address`` (:func:`ray_address`, :func:`reach` first) or
    to a local Ray started here (:data:`RAY_LOCAL`); and whether this call started it (then its
    caller shuts it down). A Ray already running in this process is used as it is."""
    cluster = ray_address(address) if address else None
    if cluster is None or cluster.on_loopback:  # else Ray would swap 127.0.0.1 for the network's address
        os.environ.setdefault(*LOOPBACK)
    try:
        import ray
    except ImportError:
        raise RayStartError("--engine ray needs Ray: pip install 'asobiba[ray]'") from None
    started = not ray.is_initialized()
    if started and cluster is not None:
        reach(cluster)
    if started:
        settings: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
        for attempt in range(START_ATTEMPTS):
            try:
                if cluster is not None:
                    ray.init(address=str(cluster), **settings)
                else:
                    ray.init(**RAY_LOCAL, **settings)
                break
            except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ...)
                ray.shutdown()
                if attempt + 1 == START_ATTEMPTS:
                    where = address or "a local Ray"
                    raise RayStartError(f"cannot start Ray on {where}: {exc}") from None
    return ray, started
