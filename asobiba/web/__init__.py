"""The web table: ``asobiba serve`` (FastAPI + uvicorn, SQLite/PostgreSQL via SQLAlchemy).

Modules, one job each:

* :mod:`.store`     — persistence (games and their moves; every move committed before it is acknowledged),
* :mod:`.seats`     — who plays each seat (a person or the computer at a strength level),
* :mod:`.table`     — one game being played: the referee (legality, chance, verbs, undo, resign),
* :mod:`.view`      — the JSON a browser or script sees of a table (position, SVG board, legal moves),
* :mod:`.catalog`   — the games offered, read from their descriptors (``GET /api/catalog``),
* :mod:`.rooms`     — live tables in memory, computer moves off the event loop, WebSocket fan-out,
* :mod:`.solutions` — the games' exact solution tables: status and background builds,
* :mod:`.protocol`  — parsing client commands (HTTP bodies and WebSocket frames),
* :mod:`.errors`    — refusals, and how they reach people in both languages,
* :mod:`.api`, :mod:`.sockets`, :mod:`.app`, :mod:`.server` — HTTP routes, the WebSocket, the app, uvicorn.

No module here names a game: everything game-specific comes from the game descriptors
(:mod:`asobiba.core.descriptor`). The protocol is documented in ``docs/protocol.md``.
"""
