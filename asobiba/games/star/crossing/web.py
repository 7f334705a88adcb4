"""What the crossing puzzle's page module asks the server (a descriptor's ``services``; docs/protocol.md,
"A game's own page module", and docs/rules/chinese_checkers.md, "Crossing the star alone").

* ``crossing`` — ``{"options": {...}}`` → the target of the puzzle those rules pose for one player:
  ``{"known": true, "moves", "lower_bound", "shortest": "published" | "found", "pieces", "king",
  "goal", "goal_apex", "about": {"ja", "en"}}`` (``about`` says what is known of the length;
  ``goal`` the cells to fill and ``goal_apex`` the king's, or null: a game of one ends at its move
  limit too, so the page checks that the pieces are home), or ``{"known": false, "goal",
  "goal_apex", "about"}`` when the puzzle is not played under those rules (``hop_own=false``,
  long jumps) or no crossing was found beforehand.
* ``crossing_record`` — ``{"options": {...}}`` → the best line known as a record (``asobiba-record/1``)
  of a game of one player under those rules, to be opened as a replay (``POST /api/records``).

Nothing here searches: the figures and lines are those found beforehand (:mod:`.known`); answers
are worked out once per option set and kept. A body of the wrong shape, or options the game
refuses, is refused in one line (HTTP 400).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ....core.descriptor import Service, WebClient
from ....core.errors import AsobibaError, Explained, OptionError
from ....core.names import Names
from ....core.registry import make_game
from ..game import StarGame, star_game
from ..geometry import cells_of
from ..notation import web_name
from .known import crossing_record, known_crossing
from .puzzle import puzzle_of

CLIENT = WebClient(folder=Path(__file__).with_name("client"))
"""The puzzle's page module (``client/client.js``): the target, the moves made, the score and the
best line's replay at the table, and the target in the lobby."""


class NoKnownCrossing(Explained):
    """A puzzle with no line found beforehand."""


NOT_FOUND = Names("この決まりの渡り方は、まだ調べてありません。",
                  "No crossing has been found beforehand for these rules.")


def _options(game_id: str, body: Any) -> str:
    """The body's options for one player, as canonical JSON (the key of the answers kept)."""
    if not isinstance(body, Mapping) or set(body) - {"options"}:
        raise AsobibaError("the request body must be {\"options\": {...}}")
    options = {} if body.get("options") is None else body["options"]
    if not isinstance(options, Mapping):
        raise AsobibaError("'options' must be a JSON object")
    game = make_game(game_id, {**options, "players": 1})
    return json.dumps(game.options.to_dict(), sort_keys=True)


def _home(game: StarGame) -> dict[str, Any]:
    """Where the lone colour's pieces must all stand (``"q,r"`` cells, as the board's
    ``data-cell``), and the cell its king must end on (None without a king)."""
    seat = game.seats[0]
    apex = web_name(*cells_of(seat.goal_apex)[0])
    return {"goal": [web_name(q, r) for q, r in cells_of(seat.goal_area)],
            "goal_apex": apex if game.rules.king else None}


@lru_cache(maxsize=256)
def _target(game_id: str, options: str) -> dict[str, Any]:
    game = star_game(make_game(game_id, json.loads(options)))
    home = _home(game)
    try:
        puzzle = puzzle_of(game)
    except OptionError:
        return {"known": False, **home, "about": Names(
            "自分の駒を飛び越せないときや長い飛び越しがあるときは、ひとりで渡る問題の目標はありません"
            "（手数は数えます）。",
            "No target for the crossing puzzle when pieces may not hop their own or long jumps are "
            "played (the moves are still counted).").to_json()}
    known = known_crossing(game)
    if known is None:
        return {"known": False, **home, "about": NOT_FOUND.to_json()}
    return {"known": True, "moves": known.moves, "lower_bound": known.lower_bound,
            "shortest": known.shortest, "pieces": puzzle.pieces, "king": puzzle.king, **home,
            "about": known.about().to_json()}


@lru_cache(maxsize=64)
def _record(game_id: str, options: str) -> dict[str, Any]:
    game = star_game(make_game(game_id, json.loads(options)))
    known = known_crossing(game)
    if known is None:
        raise NoKnownCrossing(NOT_FOUND)
    return crossing_record(game, known).to_json()


def services(game_id: str) -> dict[str, Service]:
    """The crossing puzzle's services of ``game_id`` (for its descriptor's ``services``)."""
    return {
        "crossing": lambda body: _target(game_id, _options(game_id, body)),
        "crossing_record": lambda body: _record(game_id, _options(game_id, body)),
    }
