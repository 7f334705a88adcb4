"""The page every address of the web table serves (docs/protocol.md, "The page"): ``static/index.html``
with the whole module graph preloaded, so that the browser asks for every ES module at once
instead of discovering them import by import (``<link rel="modulepreload">`` for each file of
``static/js/``, read once when the app is made).

An address that leads nowhere — a game id the store does not know, any other unknown path — gets
the same page with HTTP 404 and ``<body data-missing="game">`` (or ``"page"``): the page then shows
that there is no such game or page, and opens no WebSocket.

The page can be put on a phone's home screen (docs/play.md, "On the home screen"): it links the web
app manifest (``static/manifest.webmanifest``: its names, 192 and 512 px icons, ``display:
standalone``, the theme colour), and ``/sw.js`` is the service worker, ``static/sw.js`` with the
list of the page's own static files and a version (their SHA-256) written in, so that a changed
file makes a new worker and a new cache.

When the server was told the address other people open (``--public-url`` or ``--lan``), the page
carries it as ``<meta name="asobiba-public-url">``: invite links and their QR codes start with it
(docs/play.md, "Playing with friends on the same Wi-Fi").
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Literal

from fastapi.responses import HTMLResponse, Response

from .address import PublicUrl

Missing = Literal["game", "page"]

_SCRIPT = '<script type="module"'


class Shell:
    """``index.html`` of a static folder, with the module preloads written in."""

    def __init__(self, static: Path, public_url: PublicUrl | None = None) -> None:
        html = (static / "index.html").read_text(encoding="utf-8")
        if public_url is not None:  # validated: scheme, host and port only, nothing to escape
            html = html.replace("</title>", "</title>\n  <meta name=\"asobiba-public-url\" "
                                f'content="{public_url.origin}">', 1)
        modules = sorted(path.name for path in (static / "js").glob("*.js"))
        preloads = "".join(f'<link rel="modulepreload" href="/static/js/{name}">\n  '
                           for name in modules)
        assert html.count(_SCRIPT) == 1, "index.html loads one module script"
        self.html = html.replace(_SCRIPT, preloads + _SCRIPT)
        self.worker = _worker(static)

    def page(self, missing: Missing | None = None) -> HTMLResponse:
        """The page (status 200), or the not-found page for a missing game or path (404)."""
        if missing is None:
            return HTMLResponse(self.html, headers={"Cache-Control": "no-cache"})
        html = self.html.replace("<body>", f'<body data-missing="{missing}">', 1)
        return HTMLResponse(html, status_code=404, headers={"Cache-Control": "no-cache"})

    def service_worker(self) -> Response:
        """``/sw.js``: the service worker, for the whole site (its scope is ``/``)."""
        return Response(self.worker, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


OFFLINE_FILES = ("offline.html", "manifest.webmanifest", "favicon.svg", "icon-192.png", "icon-512.png",
                 "style.css", "learn.css", "study.css")
"""The static files the service worker keeps besides the page's modules (``static/js/*.js``)."""


def _worker(static: Path) -> str:
    """``static/sw.js`` with the files it keeps and their version written in."""
    names = [*OFFLINE_FILES, *sorted(f"js/{path.name}" for path in (static / "js").glob("*.js"))]
    version = hashlib.sha256()
    for name in names:
        version.update(name.encode() + b"\0" + (static / name).read_bytes())
    code = (static / "sw.js").read_text(encoding="utf-8")
    files = json.dumps([f"/static/{name}" for name in names])
    code = code.replace('const VERSION = "unversioned";', f'const VERSION = "{version.hexdigest()[:16]}";', 1)
    return code.replace("const FILES = [/* the static files */];", f"const FILES = {files};", 1)
