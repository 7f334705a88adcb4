"""Requests that reach a game's own code (docs/protocol.md, "A game's own page module").

* ``POST /api/services/{game}/{name}`` — one of the services a game declares for its page module
  (``GameDescriptor.services``, e.g. reading a dice catalog a player uploads): the JSON body goes
  to the game's function, its JSON answer comes back. The body is hostile until the game has
  checked it; its errors are one line (``text`` in both languages when it says so).
* ``GET /api/games/{id}/odds/{ply}[?action=N]`` — the exact odds of the moves of the position after
  ``ply`` actions (or of one of them), for a game that declares ``move_odds`` (e.g. the outcomes of
  each possible attack), shown before a person commits. Anyone watching may ask (the position is
  public). The work may take a while, so it runs off the event loop, once per move: answers are
  kept for the last moves asked, and a second request for a move being worked out waits for the
  first.

Both run the game's code in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from fastapi import APIRouter, Request

from ..core.errors import UnknownGameError
from ..core.game import State
from ..core.registry import descriptor
from .bodies import read_json
from .contract import Odds, answers
from .errors import NotFound
from .ids import GameIdPath
from .protocol import ProtocolError

router = APIRouter(prefix="/api")

KEEP = 1024
"""How many moves' odds are kept (the last positions asked about)."""
_answers: OrderedDict[Hashable, list[dict[str, Any]] | None] = OrderedDict()
_working: dict[Hashable, asyncio.Future[list[dict[str, Any]] | None]] = {}


@router.post("/services/{game}/{name}", response_model=None, responses={200: answers()})
async def call_service(request: Request, game: str, name: str) -> Any:
    """Run service ``name`` of ``game`` on the JSON body."""
    try:
        found = descriptor(game)
    except UnknownGameError:
        raise NotFound(f"no game {game!r:.40} at the web table") from None
    service = found.services.get(name) if found.at_web_table else None
    if service is None:
        raise NotFound(f"{game} has no service {name!r} at the web table")
    body = read_json(await request.body())
    return await asyncio.to_thread(service, body)


@router.get("/games/{game_id:game}/odds/{ply}", response_model=None, responses={200: answers(Odds)})
async def get_odds(
    request: Request, game_id: GameIdPath, ply: int, action: int | None = None
) -> dict[str, Any]:
    """``{"ply", "moves": [{"action", "odds": [{"id", "label": {ja, en}, "p"}]}]}``: the moves of
    that position that have odds to show (``?action=N``: that move only, so that a page can show
    each as soon as it is worked out)."""
    table = await request.app.state.rooms.get(game_id)
    if table.descriptor.move_odds is None:
        raise NotFound(f"{table.game.id} shows no odds of its moves")
    state = table.at(ply)
    legal = state.legal_actions() if state.current_player >= 0 else []
    if action is not None and action not in legal:
        raise ProtocolError(f"action {action} is not a legal move at ply {ply}")
    moves = []
    for move in legal if action is None else [action]:
        odds = await _odds(table.id, ply, state, move)
        if odds is not None:
            moves.append({"action": move, "odds": odds})
    return {"ply": ply, "moves": moves}


async def _odds(game_id: str, ply: int, state: State, action: int) -> list[dict[str, Any]] | None:
    """The odds of one move, worked out once (a second request waits for the first)."""
    key = (game_id, ply, state.key(), action)
    if key in _answers:
        _answers.move_to_end(key)
        return _answers[key]
    working = _working.get(key)
    if working is None:
        working = _working[key] = asyncio.ensure_future(asyncio.to_thread(odds_of, state, action))
        working.add_done_callback(lambda _done: _working.pop(key, None))
    answer = await asyncio.shield(working)
    _answers[key] = answer
    while len(_answers) > KEEP:
        _answers.popitem(last=False)
    return answer


def odds_of(state: State, action: int) -> list[dict[str, Any]] | None:
    """The odds of ``action`` as JSON, or None when it has none to show."""
    odds = descriptor(state.game.id).move_odds
    assert odds is not None
    found = odds(state, action)
    if found is None:
        return None
    return [{"id": o.id, "label": o.label.to_json(), "p": o.p} for o in found]
