"""What the games on the star declare alike in their descriptors (docs/architecture.md, "The game
descriptor"): the computer's knowledge (:mod:`.heuristic`), the agent kind ``kernel`` and the
compiled engine (:mod:`.kernel`), each game adding its own seats, lobby and commands."""

from __future__ import annotations

from typing import Any

from ...core.descriptor import CompiledEngine, Knowledge
from ...core.game import Game
from . import heuristic


def compiled(game: Game) -> CompiledEngine:
    """The compiled engine (loaded on first use: it brings numba)."""
    from .kernel.versus import KernelBench

    return KernelBench(game)  # type: ignore[arg-type]


def kernel_agent(game: Game, **params: Any) -> Any:
    """The agent kind ``kernel``: alpha-beta on the compiled engine (loaded on first use: it
    brings numba)."""
    from .kernel.agent import KernelAgent

    return KernelAgent(game, **params)  # type: ignore[arg-type]


KNOWLEDGE = Knowledge(
    evaluate=heuristic.evaluate,
    levels=heuristic.level_specs,
    move_priors=heuristic.move_priors,
    explain=heuristic.explain,
    evaluators=heuristic.EVALUATORS,
    baselines=heuristic.BASELINES,
    agents={"kernel": kernel_agent},
)
"""The computer players' knowledge of every game on the star."""
