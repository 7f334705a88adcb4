"""The page every address of the web table serves (docs/protocol.md, "The page"): ``static/index.html``
with the whole module graph preloaded, so that the browser asks for every ES module at once
instead of discovering them import by import (``<link rel="modulepreload">`` for each file of
``static/js/``, read once when the app is made).

An address that leads nowhere — a game id the store does not know, any other unknown path — gets
the same page with HTTP 404 and ``<body data-missing="game">`` (or ``"page"``): the page then shows
that there is no such game or page, and opens no WebSocket.

When the server was told the address other people open (``--public-url`` or ``--lan``), the page
carries it as ``<meta name="asobiba-public-url">``: invite links and their QR codes start with it
(docs/play.md, "Playing with friends on the same Wi-Fi").
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from fastapi.responses import HTMLResponse

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

    def page(self, missing: Missing | None = None) -> HTMLResponse:
        """The page (status 200), or the not-found page for a missing game or path (404)."""
        if missing is None:
            return HTMLResponse(self.html, headers={"Cache-Control": "no-cache"})
        html = self.html.replace("<body>", f'<body data-missing="{missing}">', 1)
        return HTMLResponse(html, status_code=404, headers={"Cache-Control": "no-cache"})
