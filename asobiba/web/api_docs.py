"""The interactive API page, ``/api/docs`` (``asobiba serve --api-docs``; docs/protocol.md,
"OpenAPI"): Swagger UI over ``/api/openapi.json``, every file of it served by this server.

Swagger UI's files come from the PyPI package ``swagger-ui-bundle-v2`` (the ``apidocs`` extra),
mounted at :data:`ASSETS`; the page starts it with a script of its own in the static folder, so
the page passes the same Content-Security-Policy as every other (no inline script, nothing from
another host) and asks nothing of any other host (no validator badge).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from ..core.errors import AsobibaError

DOCS_PATH = "/api/docs"
ASSETS = f"{DOCS_PATH}/assets"
PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>asobiba web table API</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="/static/api-docs.js"></script>
</body>
</html>
"""


class NoApiDocs(AsobibaError):
    """``--api-docs`` without Swagger UI's package installed."""


def swagger_folder() -> Path:
    """The folder of Swagger UI's files (raises :class:`NoApiDocs` without its package)."""
    try:
        from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]  # it ships no type hints
    except ImportError:
        raise NoApiDocs("--api-docs needs Swagger UI's package: pip install 'asobiba[apidocs]'") from None
    return Path(str(swagger_ui_path))


def add_api_docs(app: FastAPI) -> None:
    """Serve the page at :data:`DOCS_PATH` and Swagger UI's files under :data:`ASSETS`."""
    app.mount(ASSETS, StaticFiles(directory=swagger_folder()), name="api-docs-assets")

    @app.get(DOCS_PATH, include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        return HTMLResponse(PAGE)
