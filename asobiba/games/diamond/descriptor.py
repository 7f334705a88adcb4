"""Diamond Game as the rest of asobiba sees it (docs/architecture.md, "The game descriptor")."""

from __future__ import annotations

from typing import Any

from ...core.descriptor import (
    CompiledEngine,
    Counterpart,
    GameDescriptor,
    Knowledge,
    Lobby,
    Names,
    StudySubjects,
)
from ...core.game import Game
from . import heuristic
from .game import DiamondGame, move_paths
from .geometry import COLOUR_NAMES, COLOURS
from .notation import typed_cell
from .render import render_text
from .svg import render_svg


def compiled(game: Game) -> CompiledEngine:
    """The compiled engine (loaded on first use: it brings numba)."""
    from .kernel.versus import KernelBench

    return KernelBench(game)  # type: ignore[arg-type]


def commands() -> Any:
    """``asobiba diamond cross``: the crossing puzzle (loaded on first use: it brings numba)."""
    from .crossing.cli import crossing_app

    return crossing_app("diamond")


def kernel_agent(game: Game, **params: Any) -> Any:
    """The agent kind ``kernel``: alpha-beta on the compiled engine (loaded on first use: it
    brings numba)."""
    from .kernel.agent import KernelAgent

    return KernelAgent(game, **params)  # type: ignore[arg-type]


OPENSPIEL = Counterpart(
    game="chinese_checkers",
    parameters={"players": 2, "max_moves": 1000},
    options={"players": 2, "pieces": 10, "king": False},
    differences=(
        "the same 121-hole star, 10 pieces a side on opposite points and no kings, but asobiba "
        "closes the four other points, which OpenSpiel lets pieces enter, and an OpenSpiel "
        "action is one step or one hop (a chain is several actions, the mover choosing to hop "
        "on or stop) where an asobiba action is a whole move"
    ),
)
"""OpenSpiel's Chinese checkers, two players: its nearest game here is ``pieces=10 king=false``."""


DESCRIPTOR = GameDescriptor(
    game_class=DiamondGame,
    rules_page="docs/rules/diamond.md",
    notation=Names(
        ja="手は「出発-到着」で書きます（例: k7-k8）。穴の名前は行の文字と左からの番号です"
           "（端末では盤の右の図）。",
        en="A move is FROM-TO (e.g. k7-k8); a hole is its row letter and its number from the left "
           "(in the terminal, the key beside the star).",
    ),
    seat_names={colour: COLOUR_NAMES[colour] for colour in COLOURS},
    knowledge=Knowledge(
        evaluate=heuristic.evaluate,
        levels=heuristic.level_specs,
        move_priors=heuristic.move_priors,
        explain=heuristic.explain,
        evaluators=heuristic.EVALUATORS,
        baselines=heuristic.BASELINES,
        agents={"kernel": kernel_agent},
    ),
    render_svg=render_svg,
    render_text=render_text,
    parse_cell=typed_cell,
    lobby=Lobby(
        tagline=Names(
            ja="星形の盤で、飛び越しを重ねて向かいの陣地へ。王駒はまとめて飛べます。",
            en="Race across the star by chains of jumps; kings leap whole lines.",
        ),
        options=("players", "board", "king", "pieces", "long_jump"),
        defaults={"players": 3},
    ),
    move_paths=move_paths,
    commands=commands,
    compiled=compiled,
    counterparts={"openspiel": OPENSPIEL},
    study=StudySubjects(players_option="players", options=("long_jump", "goal_block", "king")),
)
