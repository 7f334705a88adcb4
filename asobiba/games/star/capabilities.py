"""What the games on the star declare alike in their descriptors (docs/architecture.md, "The game
descriptor"): the pictures, the path of a move, the board in words (:mod:`.words`), the computer's
knowledge (:mod:`.heuristic`), the agent kind ``kernel`` and the compiled engine (:mod:`.kernel`);
each game adds its own seats, lobby and commands.

The core's capability Protocols take any :class:`~asobiba.core.game.State`, while the functions
here take the star engine's :class:`~.game.StarState`: the generic layers only ever hand a game's
capabilities states of that game, which the Protocols cannot say, so each function is cast to its
Protocol once, here.
"""

from __future__ import annotations

from typing import Any, cast

from ...core.descriptor import (
    BoardWords,
    CompiledEngine,
    Evaluate,
    Explain,
    Knowledge,
    MovePaths,
    MovePriors,
    SvgRenderer,
    TextRenderer,
)
from ...core.game import Game
from . import heuristic
from .game import move_paths, star_game
from .render import render_text
from .svg import render_svg
from .words import BOARD_WORDS as _BOARD_WORDS


def compiled(game: Game) -> CompiledEngine:
    """The compiled engine (loaded on first use: it brings numba)."""
    from .kernel.versus import KernelBench

    return KernelBench(star_game(game))


def kernel_agent(game: Game, **params: Any) -> Any:
    """The agent kind ``kernel``: alpha-beta on the compiled engine (loaded on first use: it
    brings numba)."""
    from .kernel.agent import KernelAgent

    return KernelAgent(star_game(game), **params)


RENDER_SVG = cast(SvgRenderer, render_svg)
RENDER_TEXT = cast(TextRenderer, render_text)
MOVE_PATHS = cast(MovePaths, move_paths)
BOARD_WORDS = cast(BoardWords, _BOARD_WORDS)

KNOWLEDGE = Knowledge(
    evaluate=cast(Evaluate, heuristic.evaluate),
    levels=heuristic.level_specs,
    move_priors=cast(MovePriors, heuristic.move_priors),
    explain=cast(Explain, heuristic.explain),
    evaluators={name: cast(Evaluate, evaluate) for name, evaluate in heuristic.EVALUATORS.items()},
    baselines=heuristic.BASELINES,
    agents={"kernel": kernel_agent},
)
"""The computer players' knowledge of every game on the star."""
