"""``asobiba serve``: one uvicorn process serving the web table."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .store import resolve_db_url


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Serve until interrupted. ``db``: a SQLAlchemy URL or a file path; None → the default
    SQLite file in the user's data directory (created if missing)."""
    url = resolve_db_url(db)
    print(f"asobiba: serving http://{host}:{port}/  (games stored in {url})", flush=True)
    uvicorn.run(create_app(url), host=host, port=port, log_level="warning")
