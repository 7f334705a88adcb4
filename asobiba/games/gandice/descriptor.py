"""Gandice as the rest of asobiba sees it (docs/architecture.md, "The game descriptor")."""

from __future__ import annotations

from typing import Any

from ...core.descriptor import GameDescriptor, Knowledge, Names
from . import heuristic
from .game import GandiceGame
from .search import expectimax_agent
from .styles import style_agent
from .svg import render_svg


def commands() -> Any:
    """``asobiba gandice …``: the dice catalog, exact odds, fitting (loaded on first use)."""
    from .cli import app

    return app


DESCRIPTOR = GameDescriptor(
    game_class=GandiceGame,
    rules_page="docs/rules/gandice.md",
    notation=Names(
        ja="手は `moves` で一覧できる書き方で入力します（例: attack 1 2、resummon）。",
        en="Type a move as `moves` lists it (e.g. attack 1 2, resummon).",
    ),
    knowledge=Knowledge(
        evaluate=heuristic.evaluate,
        levels=lambda game: heuristic.LEVEL_SPECS,
        explain=heuristic.explain,
        baselines=heuristic.BASELINES,
        agents={"expectimax": expectimax_agent, "style": style_agent},
    ),
    render_svg=render_svg,
    commands=commands,
)
