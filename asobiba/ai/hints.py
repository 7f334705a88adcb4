"""Hints (ヒント): the strongest level's view of a position, with a reason in Japanese and English.

``analyse(state)`` answers for the player to move:

* ``action`` / ``notation`` — the suggested move;
* ``value`` — the expected result for the mover on a 0..1 scale: with two players the win
  probability (a draw counts half), with more the expected share of the best place
  (``(return + 1) / 2``); exactly 1, 0.5 or 0 when the result is proven;
* ``verdict`` — a proven result in words, ``{"ja": "白の7手勝ち", "en": "White wins in 7"}``, else None;
* ``line`` — the principal line in notation (it stops where dice decide);
* ``reason_ja`` / ``reason_en`` — one sentence each: the game knowledge's ``explain`` when it has
  one, else the search's figures in words.

When the game's knowledge offers ``exact(game)`` and the solution knows the position, the answer
comes from it (perfect play); otherwise from the strongest level's search.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..core.descriptor import Knowledge, SolvedPositions
from ..core.errors import AsobibaError
from ..core.game import State
from ..core.names import Names
from ..core.registry import descriptor
from .agent import SearchResult, notation_line
from .alphabeta import PLY_DISCOUNT
from .levels import build_agent, knowledge_of, level_specs


@dataclasses.dataclass
class Analysis:
    action: int
    notation: str
    value: float
    verdict: dict[str, str] | None
    line: list[str]
    reason_ja: str
    reason_en: str

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def analyse(state: State, seed: int | None = 0) -> Analysis:
    """The strongest level's suggested move for the player to move, with value, line and reason."""
    if state.current_player < 0:
        raise AsobibaError("no move to suggest here: " + ("the game is over" if state.is_terminal
                                                           else "the dice decide this step"))
    game = state.game
    knowledge = knowledge_of(game)
    solver = knowledge.exact(game) if knowledge.exact is not None else None
    if solver is not None:
        known = solver.verdict(state)
        action = solver.best_action(state) if known is not None else None
        if known is not None and action is not None:
            return _from_table(state, knowledge, solver, known, action)
    spec = {k: v for k, v in level_specs(game)["strongest"].items() if k != "exact"}
    agent = build_agent(game, spec, name="strongest", seed=seed)
    if not hasattr(agent, "analyse"):
        raise AsobibaError(f"the strongest level of {game.id} cannot analyse positions")
    return _from_search(state, knowledge, agent.analyse(state))


def _from_search(state: State, knowledge: Knowledge[Any], result: SearchResult) -> Analysis:
    notation = state.action_to_notation(result.action)
    value = min(1.0, max(0.0, (result.value + 1.0) / 2.0))
    verdict = None
    if result.exact:
        plies = max(1, round((1.0 - abs(result.value)) / PLY_DISCOUNT))
        value = 1.0 if result.value > 0 else 0.0
        verdict = _verdict_text(state, "win" if result.value > 0 else "loss", plies)
    ja, en = _reason(state, knowledge, result.action, notation, value)
    return Analysis(
        result.action, notation, value, verdict, notation_line(state, result.line), ja, en
    )


def _from_table(state: State, knowledge: Knowledge[Any], solver: SolvedPositions[Any],
                known: tuple[str, int], action: int) -> Analysis:
    outcome, plies = known
    notation = state.action_to_notation(action)
    value = {"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome]
    line = [notation]
    after = state.apply(action)
    while after.current_player >= 0 and len(line) < 60:
        step = solver.best_action(after)
        if step is None:
            break
        line.append(after.action_to_notation(step))
        after = after.apply(step)
    ja, en = _reason(state, knowledge, action, notation, value)
    return Analysis(action, notation, value, _verdict_text(state, outcome, plies), line, ja, en)


def _verdict_text(state: State, outcome: str, plies: int) -> dict[str, str]:
    """A proven result for the mover in both languages, e.g. 白の7手勝ち / White wins in 7."""
    names = state.game.player_names
    mover = state.current_player
    if outcome == "draw":
        return {"ja": "最善で引き分け", "en": "draw with best play"}
    seat: int | None
    if outcome == "win":
        seat = mover
    else:
        others = [p for p in range(len(names)) if p != mover]
        seat = others[0] if len(others) == 1 else None
    if seat is None:
        return {"ja": f"最善を尽くされると勝てません（{plies}手）",
                "en": f"you cannot win against best play ({plies} plies)"}
    name: Names = descriptor(state.game.id).seat_name(names[seat])
    return {"ja": f"{name.ja}の{plies}手勝ち", "en": f"{name.en} wins in {plies}"}


def _reason(state: State, knowledge: Knowledge[Any], action: int, notation: str, value: float
            ) -> tuple[str, str]:
    if knowledge.explain is not None:
        found = knowledge.explain(state, action)
        if found is not None:
            return found
    pct = round(100 * value)
    return (
        f"{notation} が読みの中でいちばん良く、見込みはおよそ{pct}%です。",
        f"{notation} comes out best in the search, with about {pct}% expected for you.",
    )
