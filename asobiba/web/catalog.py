"""What the lobby offers: the games playable at the web table, their option specs, the levels.

The options panel is built from each game's ``Options.specs()`` (kind, choices, min/max, ja/en help),
so a new option appears in the lobby without touching the page.
"""

from __future__ import annotations

from typing import Any

from ..core.game import CHANCE, Game
from ..core.registry import game_class, make_game
from .seats import LEVELS

WEB_GAMES = ("diamond", "diceout")
"""Games with an SVG board (``asobiba/games/<id>/svg.py``) and so a web table."""


def catalog() -> dict[str, Any]:
    games = []
    for game_id in WEB_GAMES:
        cls = game_class(game_id)
        games.append(
            {
                "id": game_id,
                "name": {"ja": cls.name_ja, "en": cls.name_en},
                "options": [spec.to_json() for spec in cls.options_class.specs().values()],
                "setup": setup(game_id, {}),
                "preview": preview(make_game(game_id)),
            }
        )
    return {"games": games, "levels": [{"id": k, **v} for k, v in LEVELS.items()]}


def setup(game_id: str, options: Any) -> dict[str, Any]:
    """Check options and say who plays: seat names and the first mover (None if dice decide).

    Raises UnknownGameError or OptionError (one line) for bad input.
    """
    game = make_game(game_id, options if options is not None else {})
    first = game.new_state().current_player
    return {
        "game": game.id,
        "options": game.options.to_dict(),
        "players": list(game.player_names),
        "first": None if first == CHANCE or first < 0 else game.player_names[first],
    }


def preview(game: Game) -> str:
    """The board at the start (after the first chance outcome, if any) for the lobby's game card."""
    from .view import render_board

    state = game.new_state()
    if state.current_player == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return render_board(state, None)
