"""The web table: ``asobiba serve`` (FastAPI + uvicorn, SQLite/PostgreSQL via SQLAlchemy).

Modules, one job each:

* :mod:`.store`    — persistence (games and their moves; every move committed before it is acknowledged),
* :mod:`.seats`    — who plays each seat (a person or the computer at a strength level),
* :mod:`.table`    — one game being played: the referee (legality, chance, undo, resign),
* :mod:`.view`     — the JSON a browser or script sees of a table (position, SVG board, legal moves),
* :mod:`.rooms`    — live tables in memory, computer moves off the event loop, WebSocket fan-out,
* :mod:`.protocol` — parsing client commands (HTTP bodies and WebSocket frames),
* :mod:`.api`, :mod:`.sockets`, :mod:`.app`, :mod:`.server` — HTTP routes, the WebSocket, the app, uvicorn.

The protocol is documented in ``docs/web.md``.
"""
