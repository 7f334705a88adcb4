"""The five computer levels, and making any named agent for any game.

Levels, weakest first: 入門 ``intro``, よわい ``weak``, ふつう ``normal``, つよい ``strong``,
最強 ``strongest``. Each game maps them to agents and budgets in the knowledge its descriptor
declares (``Knowledge.levels``, :mod:`asobiba.core.descriptor`); a game without a table gets
:data:`DEFAULT_SPECS`. Budgets are counted in nodes or iterations so that a level plays the same move
for the same seed; the time limit in each spec is only a safety cap under :data:`LEVEL_BUDGETS`.

An agent spec is a dict: ``{"agent": KIND, ...parameters}`` with KIND one of

* ``random`` — uniform random;
* ``greedy`` — one ply; ``spread``, ``miss`` and ``blunder`` make it err (:class:`~.simple.GreedyAgent`);
* ``alphabeta`` — ``max_nodes``, ``max_depth`` (:class:`~.alphabeta.AlphaBetaAgent`);
* ``mcts`` — ``iterations``, ``exploration``, ``playout_plies`` (:class:`~.mcts.MCTSAgent`);
* a kind of the game's own, named in the knowledge's ``agents`` (e.g. a search on a compiled
  engine), built by its factory from the spec's other parameters;

plus optional ``eval`` (a name in the knowledge's ``evaluators``, default its ``evaluate``),
``priors`` (true: pass the knowledge's ``move_priors``), ``time_limit`` (seconds, safety cap) and
``exact`` (true: when the knowledge's ``exact(game)`` gives solved positions, play their perfect
moves and search only where they have no answer).

Arena names besides the levels: ``random``, ``greedy``, and the knowledge's ``baselines``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.descriptor import Knowledge, SolvedPositions
from ..core.errors import AsobibaError
from ..core.game import Game, State
from ..core.registry import descriptor
from .agent import Agent
from .alphabeta import AlphaBetaAgent
from .mcts import MCTSAgent
from .simple import GreedyAgent, RandomAgent

LEVELS = ("intro", "weak", "normal", "strong", "strongest")

LEVEL_NAMES_JA = {
    "intro": "入門",
    "weak": "よわい",
    "normal": "ふつう",
    "strong": "つよい",
    "strongest": "最強",
}

LEVEL_BUDGETS = {"intro": 0.2, "weak": 0.2, "normal": 0.5, "strong": 2.0, "strongest": 5.0}
"""Longest think time per move (seconds) that each level is calibrated to stay under."""

DEFAULT_SPECS: dict[str, dict[str, Any]] = {
    "intro": {"agent": "greedy", "spread": 2.0, "miss": 0.3},
    "weak": {"agent": "greedy", "spread": 0.5},
    "normal": {"agent": "alphabeta", "max_nodes": 2_000, "time_limit": 0.45},
    "strong": {"agent": "alphabeta", "max_nodes": 10_000, "time_limit": 1.8},
    "strongest": {"agent": "alphabeta", "max_nodes": 40_000, "time_limit": 4.5},
}

COMMON_BASELINES: dict[str, dict[str, Any]] = {
    "random": {"agent": "random"},
    "greedy": {"agent": "greedy"},
}


class UnknownAgentError(AsobibaError):
    """An agent or level name that this game does not know."""


def knowledge_of(game: Game) -> Knowledge[Any]:
    """What the computer knows of ``game`` (its descriptor's ``knowledge``)."""
    return descriptor(game.id).knowledge


def level_specs(game: Game) -> Mapping[str, Mapping[str, Any]]:
    """The level -> agent spec table of ``game``."""
    levels = knowledge_of(game).levels
    return DEFAULT_SPECS if levels is None else levels(game)


def agent_specs(game: Game) -> dict[str, Mapping[str, Any]]:
    """Every agent name ``make_agent`` accepts for ``game``, with its spec."""
    specs: dict[str, Mapping[str, Any]] = dict(level_specs(game))
    specs.update(COMMON_BASELINES)
    specs.update(knowledge_of(game).baselines)
    return specs


def agent_names(game: Game) -> list[str]:
    return list(agent_specs(game))


def make_agent(game: Game, name: str, seed: int | None = None) -> Agent:
    """A ready agent for ``game``: a level (``intro`` … ``strongest``) or an arena agent name."""
    specs = agent_specs(game)
    spec = specs.get(name)
    if spec is None:
        known = ", ".join(specs)
        raise UnknownAgentError(f"unknown agent {name!r} for {game.id} (known: {known})")
    return build_agent(game, spec, name=name, seed=seed)


def build_agent(game: Game, spec: Mapping[str, Any], *, name: str, seed: int | None) -> Agent:
    """Turn one spec (see the module docstring) into an agent."""
    knowledge = knowledge_of(game)
    params = dict(spec)
    kind = params.pop("agent")
    eval_name = params.pop("eval", None)
    evaluate = knowledge.evaluate if eval_name is None else knowledge.evaluators[eval_name]
    if params.pop("priors", False):
        params["priors"] = knowledge.move_priors
    exact = params.pop("exact", False)
    if kind == "random":
        agent: Any = RandomAgent(seed=seed, name=name)
    elif kind == "greedy":
        agent = GreedyAgent(evaluate, seed=seed, name=name, **params)
    elif kind == "alphabeta":
        agent = AlphaBetaAgent(evaluate, seed=seed, name=name, **params)
    elif kind == "mcts":
        agent = MCTSAgent(evaluate, seed=seed, name=name, **params)
    elif kind in knowledge.agents:
        agent = knowledge.agents[kind](game, seed=seed, name=name, **params)
    else:
        raise UnknownAgentError(f"agent spec {name!r} has unknown kind {kind!r}")
    if exact and knowledge.exact is not None:
        solved = knowledge.exact(game)
        if solved is not None:
            agent = ExactAgent(solved, agent)
    built: Agent = agent
    return built


class ExactAgent:
    """Plays a solved table's best move where the table knows the position, else defers."""

    def __init__(self, table: SolvedPositions[Any], fallback: Any) -> None:
        self.table = table
        self.fallback = fallback
        self.name = fallback.name

    def choose(self, state: State) -> int:
        action = self.table.best_action(state)
        return action if action is not None else self.fallback.choose(state)
