"""Where a game's evaluation and level table come from.

Each game keeps its game knowledge in ``asobiba/games/<id>/heuristic.py``, a module with:

* ``evaluate(state) -> list[float]`` (required): estimated value of every seat in [-1, 1] for a
  non-terminal state (chance nodes included);
* ``move_priors(state, actions) -> list[float]`` (optional): cheap scores, higher = more promising,
  used for move ordering and playout policies;
* ``explain(state, action) -> tuple[str, str]`` (optional): a one-sentence reason (ja, en) for hints;
* ``LEVEL_TABLE`` (optional): level name -> agent spec (see :mod:`asobiba.ai.levels`);
* ``BASELINES`` (optional): extra arena agent names -> agent spec;
* ``EVALUATORS`` (optional): extra named evaluation functions that specs may refer to.

A game without such a module still gets agents: its evaluation is neutral (0 for everyone), so search
only sees proven results. Tests register toy games' heuristics with :func:`register`.
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

from ..core.game import Game, State

_REGISTRY: dict[str, Any] = {}


def register(game_id: str, heuristic: Any) -> None:
    """Use ``heuristic`` (a module or any object with the attributes above) for ``game_id``."""
    _REGISTRY[game_id] = heuristic


def _neutral(state: State) -> list[float]:
    return [0.0] * state.game.num_players


NEUTRAL = SimpleNamespace(evaluate=_neutral)


def heuristic_for(game: Game) -> Any:
    """The heuristic of ``game``: registered, else ``asobiba.games.<id>.heuristic``, else neutral."""
    found = _REGISTRY.get(game.id)
    if found is not None:
        return found
    try:
        found = importlib.import_module(f"asobiba.games.{game.id}.heuristic")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"asobiba.games.{game.id}.heuristic", f"asobiba.games.{game.id}"):
            raise
        found = NEUTRAL
    _REGISTRY[game.id] = found
    return found
