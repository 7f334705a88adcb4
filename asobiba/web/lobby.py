"""The lobby: what the page knows of the games — every game the web table offers, read from its
descriptor — served as ``GET /api/catalog`` (docs/protocol.md, "HTTP API"; the endpoint keeps its name
for scripts; in the code "catalog" is Gandice's dice data only).

The options panel is built from each game's ``Options.specs()`` (kind, choices, min/max, ja/en
help), so a new option appears in the lobby without touching the page. The lobby never changes
while the server runs, so it is built once per process (drawing the previews and loading a game's
solution code take a moment).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.descriptor import GameDescriptor
from ..core.game import CHANCE, Game
from ..core.registry import descriptor, descriptors, make_game
from .seats import LEVELS
from .view import render_board

CLIENT_PREFIX = "/static/games"
"""Each game's page module is served from its package under ``/static/games/<id>/``."""


@cache
def lobby_games() -> dict[str, Any]:
    """``{"games": [entry…], "levels": [{"id","ja","en"}…]}`` (see :func:`entry`)."""
    return {
        "games": [entry(game) for game in descriptors() if game.at_web_table],
        "levels": [{"id": k, **v} for k, v in LEVELS.items()],
    }


def entry(game: GameDescriptor[Any]) -> dict[str, Any]:
    """One game: names, option specs (those a web client may set), what the lobby shows (and which
    options the game's own page module sets: ``lobby.panel``), the page module (``client``),
    whether moves have odds to show, whether it has lessons (``learn``: its how-to-play view at
    ``/learn/<id>``), whether it has a study (``study``: the study page at ``/study/<id>``), seats,
    verbs, endings, solutions.

    ``setup`` and ``preview`` are for the options the lobby starts from (the lobby defaults).
    """
    assert game.lobby is not None, f"{game.id} is not offered at the web table"
    defaults = dict(game.lobby.defaults)
    start = make_game(game.id, defaults)
    solutions = game.solutions() if game.solutions is not None else None
    specs = game.game_class.options_class.specs().values()
    return {
        "id": game.id,
        "name": game.name.to_json(),
        "options": [spec.to_json() for spec in specs if not spec.local],
        "lobby": {
            "tagline": game.lobby.tagline.to_json(),
            "options": list(game.lobby.options),
            "defaults": defaults,
            "panel": list(game.lobby.panel),
        },
        "client": None if game.client is None else client_url(game),
        "odds": game.move_odds is not None,
        "learn": game.lessons is not None,
        "study": game.study is not None,
        "setup": setup_of(start),
        "preview": preview(start),
        "seats": {seat: names.to_json() for seat, names in game.seat_names.items()},
        "verbs": [{"id": verb.id, "label": verb.label.to_json()} for verb in game.verbs],
        "end_reasons": {reason: names.to_json() for reason, names in game.end_reasons.items()},
        "solutions": None if solutions is None else {"option": solutions.variant_option},
    }


def client_url(game: GameDescriptor[Any]) -> str:
    """Where the page imports the game's own module from (served from its package)."""
    assert game.client is not None
    return f"{CLIENT_PREFIX}/{game.id}/{game.client.module}"


def setup(game_id: str, options: Any) -> dict[str, Any]:
    """Check options and say who plays (see :func:`setup_of`).

    Raises UnknownGameError or OptionError (one line) for bad input.
    """
    return setup_of(make_game(game_id, options if options is not None else {}))


def setup_of(game: Game) -> dict[str, Any]:
    """The normalized options, the seat names and the first mover (None if chance decides)."""
    first = game.new_state().current_player
    return {
        "game": game.id,
        "options": game.options.to_dict(),
        "players": list(game.player_names),
        "first": None if first == CHANCE or first < 0 else game.player_names[first],
    }


def preview(game: Game) -> str:
    """The board at the start for the lobby's game card: after the first chance outcome, if any,
    and after the moves that put pieces onto the board (``move_drops``, e.g. rolled dice set out),
    so the card shows the pieces in play."""
    state = game.new_state()
    if state.current_player == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    drops = descriptor(game.id).move_drops
    while drops is not None and state.current_player >= 0:
        first = state.legal_actions()[0]
        if not drops(state, first):
            break
        state = state.apply(first)
    return render_board(state, None)
