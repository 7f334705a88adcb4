"""Gandice players with a style: how a level picks its attacks and uses its items (docs/ai.md,
"Gandice").

A Gandice decision is either the turn's choice (re-summon, or which own summoned unit attacks which
enemy die) or a small choice inside an exchange (use an item die, a card or a fusion after a
special eye; whom to take by betrayal; which fused member to bury; whether to try evolving).
A style sets how each is made, the way people of different experience play:

``attacks``
    * ``reckless`` — any move of the turn at random: it re-summons on a whim as often as it
      attacks, rolling its summoned dice again too;
    * ``careless`` — any own summoned unit against any enemy die, at random; re-summons only when
      nothing can attack;
    * ``exchange`` — the attack with the best exact odds of the exchange in front of it (worth
      expected to be taken minus worth expected to be lost, items left out); re-summons only when
      nothing can attack;
    * ``odds`` — reads the exact odds: the move the evaluation rates best one ply ahead, the
      attack roll and the defence roll averaged with their probabilities.
``items``
    * ``never`` — keeps its item dice, cards and fusions for ever;
    * ``eager`` — spends one at every chance, even when already ahead;
    * ``behind`` — spends one only when its total does not beat the other side's;
    * ``odds`` — the one-ply reading above (whether the die's odds are worth spending it now).

Betrayal targets, burying and evolution follow ``odds``, except that the ``reckless`` and
``careless`` styles pick them at random. A style never passes up a move that wins at once.
"""

from __future__ import annotations

from typing import Any

from ...ai.agent import make_rng, winning_actions
from ...ai.simple import GreedyAgent
from ...core.game import Game, State
from . import actions as A
from . import heuristic
from .phases import ITEM, TURN

ATTACK_STYLES = ("reckless", "careless", "exchange", "odds")
ITEM_STYLES = ("never", "eager", "behind", "odds")


class StyleAgent:
    """Plays by an attack style and an item style (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        *,
        attacks: str = "odds",
        items: str = "odds",
        seed: int | None = None,
        name: str = "style",
    ) -> None:
        if attacks not in ATTACK_STYLES:
            raise ValueError(f"attacks must be one of {', '.join(ATTACK_STYLES)}")
        if items not in ITEM_STYLES:
            raise ValueError(f"items must be one of {', '.join(ITEM_STYLES)}")
        self.name = name
        self.attacks = attacks
        self.items = items
        self.rng = make_rng(seed)
        self.reader = GreedyAgent(heuristic.evaluate, seed=self.rng.getrandbits(32), name=name)

    def choose(self, state: State) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        wins = winning_actions(state)
        if wins:
            return wins[0]
        phase = state.phase  # type: ignore[attr-defined]
        if phase == TURN:
            return self._turn(state, actions)
        if phase == ITEM:
            return self._item(state, actions)
        if self.attacks in ("reckless", "careless"):
            return self.rng.choice(actions)
        return self.reader.choose(state)

    # -- the turn's choice ----------------------------------------------------------------------
    def _turn(self, state: Any, actions: list[int]) -> int:
        if self.attacks == "reckless":
            return self.rng.choice(actions)
        attacks = [a for a in actions if A.split(a)[0] == A.ATTACK]
        if not attacks:
            return A.RESUMMON
        if self.attacks == "careless":
            return self.rng.choice(attacks)
        if self.attacks == "exchange":
            gains = {a: heuristic.attack_gain(state, *A.split(a)[1:]) for a in attacks}
            best = max(gains.values())
            return self.rng.choice([a for a in attacks if gains[a] == best])
        return self.reader.choose(state)

    # -- inside an exchange ---------------------------------------------------------------------
    def _item(self, state: Any, actions: list[int]) -> int:
        spend = [a for a in actions if a != A.NO_ITEM]
        if self.items == "odds":
            return self.reader.choose(state)
        if self.items == "never" or not spend:
            return A.NO_ITEM
        if self.items == "behind":
            x, side = state.x, state.side
            if x.rolled[1 - side] and x.total(side) > x.total(1 - side):
                return A.NO_ITEM
        return self.rng.choice(spend)


def style_agent(game: Game, **params: Any) -> StyleAgent:
    """The agent kind ``style`` (declared in the descriptor's knowledge)."""
    return StyleAgent(game, **params)
