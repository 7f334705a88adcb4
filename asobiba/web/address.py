"""The address other people open (docs/play.md, "Playing with friends on the same Wi-Fi").

``asobiba serve --public-url URL`` names it (a reverse proxy's https name, or this computer's
address on the home network); ``asobiba serve --lan`` finds this computer's address on the local
network (:func:`choose_lan_address`) and uses it. Invite links, their QR codes and the spectator
link start with that address; without one they start with the address the page was opened at.

Finding the LAN address sends nothing: a UDP socket "connected" to a documentation address only
asks the kernel which local address it would use (:func:`lan_candidates`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..core.errors import AsobibaError


class AddressError(AsobibaError):
    """A public URL that is not a plain http(s) address, or no LAN address to be found."""


@dataclass(frozen=True)
class PublicUrl:
    """``scheme://host[:port]``, validated: the base of every link shown to another device."""

    scheme: str
    host: str
    """Lower case; an IPv6 address in brackets."""
    port: int | None

    @classmethod
    def parse(cls, text: str) -> PublicUrl:
        """``http(s)://host[:port]`` with nothing after it but an optional ``/``; anything else
        (a path, a query, user names, another scheme) is refused with a one-line error."""
        if not isinstance(text, str) or len(text) > 200 or any(c.isspace() for c in text):
            raise AddressError(f"--public-url must be an http or https address, not {text[:80]!r}")
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError:
            raise AddressError(f"--public-url {text[:80]!r} has a bad host or port") from None
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise AddressError(f"--public-url must be http://host[:port] or https://host[:port], "
                               f"not {text[:80]!r}")
        if parts.username is not None or parts.password is not None:
            raise AddressError("--public-url must not carry a user name or password")
        if parts.path not in ("", "/") or parts.query or parts.fragment or "\\" in text:
            raise AddressError(f"--public-url names the site only, without a path: {text[:80]!r}")
        host = parts.hostname.lower()
        if ":" in host:
            host = f"[{host}]"
        elif not all(c.isalnum() or c in "-." for c in host):
            raise AddressError(f"--public-url has a bad host name: {host[:80]!r}")
        return cls(parts.scheme.lower(), host, port)

    @property
    def origin(self) -> str:
        """``scheme://host[:port]``, the port left out when it is the scheme's own."""
        default = {"http": 80, "https": 443}[self.scheme]
        port = "" if self.port in (None, default) else f":{self.port}"
        return f"{self.scheme}://{self.host}{port}"

    def __str__(self) -> str:
        return self.origin


HOME_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
"""The private IPv4 ranges home and office networks hand out (RFC 1918)."""


def is_lan_address(address: str) -> bool:
    """Whether ``address`` is an IPv4 address that other devices on a home network can reach: a
    private one (10/8, 172.16/12, 192.168/16) or another unicast address, but not loopback,
    link-local, multicast, reserved or unspecified."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return (ip.version == 4 and not ip.is_loopback and not ip.is_link_local
            and not ip.is_multicast and not ip.is_unspecified and not ip.is_reserved)


def choose_lan_address(candidates: Iterable[str]) -> str | None:
    """The address to listen on and show for ``--lan``: the first private candidate (a home
    network's), else the first other usable one, else None.

    >>> choose_lan_address(["127.0.0.1", "169.254.3.4", "192.168.1.20", "10.0.0.5"])
    '192.168.1.20'
    >>> choose_lan_address(["127.0.1.1", "::1"]) is None
    True
    """
    usable = [a for a in dict.fromkeys(candidates) if is_lan_address(a)]
    private = [a for a in usable if any(ipaddress.ip_address(a) in n for n in HOME_NETWORKS)]
    chosen = private or usable
    return chosen[0] if chosen else None


def lan_candidates() -> list[str]:
    """This computer's IPv4 addresses, best guess first; no packet is sent (a UDP ``connect``
    only picks the local address a route would use)."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent by a UDP connect
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    return found


def lan_address() -> str:
    """This computer's address on the local network, or a one-line error."""
    chosen = choose_lan_address(lan_candidates())
    if chosen is None:
        raise AddressError("no local network address found (is this computer on a Wi-Fi?); "
                           "use --host and --public-url instead of --lan")
    return chosen
