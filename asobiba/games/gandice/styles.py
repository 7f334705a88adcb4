"""Gandice players with a style of attack: how the lower levels choose their moves (docs/ai.md,
"Levels").

A Gandice decision is either the turn's choice (re-summon, or which own summoned unit attacks which
enemy die) or a small choice inside an exchange (use an item die, a card or a fusion after a
special eye; whom to take by betrayal; which fused member to bury; whether to try evolving).
A style sets the turn's choice the way people of different experience make it:

* ``reckless`` — flips a coin between re-summoning (rolling its summoned dice again too) and an
  attack by any own summoned unit on any enemy die;
* ``timid`` — will not fight before every unit is summoned: re-summons whenever one is not, and
  only then attacks, any unit at any die;
* ``careless`` — always attacks, any unit at any die; re-summons only when nothing can attack;
* ``exchange`` — the attack with the best exact odds of the exchange in front of it (worth
  expected to be taken minus worth expected to be lost, items left out, :func:`.heuristic.
  attack_gain`); re-summons only when nothing can attack.

Whatever the style, it never uses an item die, a card or a fusion: reading when one is worth
spending is left to the strongest level (:mod:`.search`). Betrayal targets, burying and
evolution are picked at random, except by ``exchange``, which judges them one ply ahead by the
evaluation (the next rolls averaged with their exact probabilities). A style never passes up a
move that wins at once.
"""

from __future__ import annotations

from typing import Any

from ...ai.agent import make_rng, winning_actions
from ...ai.simple import GreedyAgent
from ...core.game import Game
from . import actions as A
from . import heuristic
from .phases import ITEM, TURN
from .state import GandiceState

ATTACK_STYLES = ("reckless", "timid", "careless", "exchange")


class StyleAgent:
    """Plays by a style of attack and never spends an item (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        *,
        attacks: str = "exchange",
        seed: int | None = None,
        name: str = "style",
    ) -> None:
        if attacks not in ATTACK_STYLES:
            raise ValueError(f"attacks must be one of {', '.join(ATTACK_STYLES)}")
        self.name = name
        self.attacks = attacks
        self.rng = make_rng(seed)
        self.reader = GreedyAgent(heuristic.evaluate, seed=self.rng.getrandbits(32), name=name)

    def choose(self, state: GandiceState) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        wins = winning_actions(state)
        if wins:
            return wins[0]
        phase = state.phase
        if phase == TURN:
            return self._turn(state, actions)
        if phase == ITEM:
            return A.NO_ITEM
        if self.attacks != "exchange":
            return self.rng.choice(actions)
        return self.reader.choose(state)

    def _turn(self, state: Any, actions: list[int]) -> int:
        attacks = [a for a in actions if A.split(a)[0] == A.ATTACK]
        if not attacks:
            return A.RESUMMON
        if self.attacks == "reckless":
            return A.RESUMMON if self.rng.random() < 0.5 else self.rng.choice(attacks)
        if self.attacks == "timid":
            if not all(state.is_summoned(u) for u in state.units(state.actor)):
                return A.RESUMMON
            return self.rng.choice(attacks)
        if self.attacks == "careless":
            return self.rng.choice(attacks)
        gains = {a: heuristic.attack_gain(state, *A.split(a)[1:]) for a in attacks}
        best = max(gains.values())
        return self.rng.choice([a for a in attacks if gains[a] == best])


def style_agent(game: Game, **params: Any) -> StyleAgent:
    """The agent kind ``style`` (declared in the descriptor's knowledge)."""
    return StyleAgent(game, **params)
