"""Gandice evaluation for the computer players (rules: docs/rules/gandice.md).

A seat's strength is what it still has to fight with:

* **Summon states** — every unit (a character die, or a fusion counted by its lead) in the deck is
  worth more summoned than half-summoned, and more half-summoned than unsummoned: only summoned
  units may attack, and an unsummoned one cannot even defend.
* **Items left** — weapon and curse dice still in the deck, and unused cards, each add a little:
  they swing exchanges decided on a special eye.
* **Exact exchange odds** — at the start of a turn the side to move holds the initiative. Its best
  attack is judged by the exact odds of the two dice tables (attacker falls on its side / wins
  outright standing or inverted / compares numbers; the defender likewise, with a counter-blow
  when it stands), items left out: expected units taken minus expected units lost.

Seats still alive share the places not yet decided by elimination: each gets
``mid + spread · 0.9 tanh((own strength - others' average) / 1.5)``; an eliminated seat holds the
value of its final place. ``exchange_odds`` is public for hints and tests.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from . import actions as A
from .dice import HALF, SIDE, SUMMONED, UNSUMMONED, is_upright, value
from .forecast import attack_odds
from .phases import TURN
from .state import GandiceState

SUMMON_WORTH = {UNSUMMONED: 0.55, HALF: 0.8, SUMMONED: 1.0}
W_ITEM = 0.3
W_CARD = 0.2
W_INITIATIVE = 0.6
SCALE = 1.5
SQUASH = 0.9


@functools.cache
def exchange_odds(
    attacker: tuple[tuple[int, float], ...], defender: tuple[tuple[int, float], ...],
    defender_state: int,
) -> tuple[float, float, float]:
    """``(defender beaten, attacker beaten, defender drops a step)`` for one exchange, no items.

    Attacker: side → the attack fails; stand/inverted → the defender is beaten at once; else its
    number. An unsummoned defender cannot roll and is beaten. Otherwise the defender rolls: side →
    beaten; stand/inverted → counter-blow, the attacker is beaten; else the higher number wins
    (higher defender: nothing happens; a tie drops the defender one summon step).
    """
    beaten = lost = drop = 0.0
    for a, pa in attacker:
        if a == SIDE:
            continue
        if is_upright(a) or defender_state == UNSUMMONED:
            beaten += pa
            continue
        va = value(a)
        for d, pd in defender:
            p = pa * pd
            if d == SIDE:
                beaten += p
            elif is_upright(d):
                lost += p
            elif va > value(d):
                beaten += p
            elif va == value(d):
                drop += p
    return beaten, lost, drop


def _unit_worth(state: Any, u: int) -> float:
    return SUMMON_WORTH[SUMMONED] if state.is_summoned(u) else SUMMON_WORTH[state.summon[u]]


def _strength(state: Any, seat: int) -> float:
    lu = state.lineup
    total = sum(_unit_worth(state, u) for u in state.units(seat))
    for u, die in enumerate(lu.dice):
        if die.is_item and state.owner[u] == seat and state.loc[u] == 0:
            total += W_ITEM
    for c, owner in enumerate(lu.card_owner):
        if owner == seat and not state.cards_used[c]:
            total += W_CARD
    return total


def attack_gain(state: Any, a: int, t: int) -> float:
    """Expected worth taken minus worth lost when unit ``a`` attacks die ``t``, by the exact odds
    of one exchange without items."""
    lu = state.lineup
    t_state = SUMMONED if state.is_summoned(t) else state.summon[t]
    beaten, lost, drop = exchange_odds(lu.dice[a].table, lu.dice[t].table, t_state)
    return (
        beaten * _unit_worth(state, t) - lost * _unit_worth(state, a)
        + drop * (_unit_worth(state, t) - SUMMON_WORTH[max(t_state - 1, 0)])
    )


def best_attack(state: Any, seat: int) -> tuple[float, int, int]:
    """``(expected gain, attacker, target)`` of ``seat``'s best attack by exact odds (gain may be
    negative; attacker -1 when it has no summoned unit)."""
    best = (-math.inf, -1, -1)
    mine = [u for u in state.units(seat) if state.is_summoned(u)]
    targets = [t for p in state.alive() if p != seat for t in state.units(p)]
    for a in mine:
        for t in targets:
            gain = attack_gain(state, a, t)
            if gain > best[0]:
                best = (gain, a, t)
    return best if best[1] >= 0 else (0.0, -1, -1)


def evaluate(state: GandiceState) -> list[float]:
    """Value of every seat in [-1, 1] (see the module docstring)."""
    n = state.game.num_players
    out_order = list(state.out)
    alive = state.alive()
    strength = {p: _strength(state, p) for p in alive}
    if state.phase == TURN and state.actor in strength:
        gain, _, _ = best_attack(state, state.actor)
        strength[state.actor] += W_INITIATIVE * max(gain, 0.0)
    places = [1 - 2 * (k - 1) / (n - 1) for k in range(1, len(alive) + 1)]
    mid = sum(places) / len(places) if places else 0.0
    spread = (max(places) - min(places)) / 2 if len(places) > 1 else 0.0
    values = []
    for p in range(n):
        if p not in strength:
            rank = n - out_order.index(p)
            values.append(1 - 2 * (rank - 1) / (n - 1))
            continue
        others = [strength[o] for o in alive if o != p]
        gap = strength[p] - (sum(others) / len(others) if others else 0.0)
        values.append(mid + spread * SQUASH * math.tanh(gap / SCALE))
    return values


LEVEL_SPECS: dict[str, dict[str, Any]] = {
    "intro": {"agent": "style", "attacks": "reckless"},
    "weak": {"agent": "style", "attacks": "timid"},
    "normal": {"agent": "style", "attacks": "careless"},
    "strong": {"agent": "style", "attacks": "exchange"},
    "strongest": {"agent": "expectimax", "turns": 1, "max_nodes": 20_000, "time_limit": 4.5},
}
"""The levels differ in how they play (:mod:`.styles`, :mod:`.search`): 入門 flips a coin between
re-summoning and attacking; よわい will not fight until every unit is summoned; ふつう always attacks,
any unit at any die; つよい picks the attack with the best exact odds of the exchange; none of them
ever spends an item. 最強 reads its whole turn — every roll with its exact probability, both
sides' item replies — and judges where the next turn starts. Dice decide much of a battle:
docs/ai.md gives the measured steps and the whole range of skill."""

BASELINES: dict[str, dict[str, Any]] = {
    "worst": {"agent": "greedy", "blunder": 1.0},
    "expectimax-2": {"agent": "expectimax", "turns": 2, "beam": 2, "reply_nodes": 5_000,
                     "max_nodes": 200_000, "time_limit": 60.0},
}
"""Arena names besides the levels: ``worst`` always plays the move the evaluation rates lowest (the
floor of the range of skill); ``expectimax-2`` also reads the next player's whole turn (its two
moves rated best) until 5 000 positions are read, the deeper search of the study in docs/ai.md
(2–5 s a move on this machine under load; its time limit is only a safety cap)."""


def explain(state: GandiceState, action: int) -> tuple[str, str] | None:
    """For an attack, the exact odds of the exchange, as the table's odds bar shows them (items
    spent as both sides best would: :func:`~.forecast.attack_odds`) and without items; for a
    re-summon, what it hopes to raise."""
    base, a, t = A.split(action)
    notation = state.action_to_notation(action)
    if base == A.ATTACK:
        lu = state.lineup
        t_state = SUMMONED if state.is_summoned(t) else state.summon[t]
        beaten, lost, _ = exchange_odds(lu.dice[a].table, lu.dice[t].table, t_state)
        win, loss = round(100 * beaten), round(100 * lost)
        played = {o.id: round(100 * o.p) for o in attack_odds(state, action) or ()}
        if played and (played["win"], played["counter"]) != (win, loss):
            return (
                f"{notation}：アイテムの応酬まで含めると、相手を倒す確率は{played['win']}%、返り討ちは"
                f"{played['counter']}%です（アイテムなしなら{win}%と{loss}%）。",
                f"{notation}: with the items both sides would spend, it beats the defender "
                f"{played['win']}% of the time and is struck down {played['counter']}% of the time "
                f"({win}% and {loss}% without items).",
            )
        return (
            f"{notation}：相手を倒す確率は{win}%、返り討ちは{loss}%です。",
            f"{notation}: it beats the defender {win}% of the time and is struck down {loss}% of "
            f"the time.",
        )
    if base == A.RESUMMON:
        weak = sum(1 for u in state.units(state.actor) if not state.is_summoned(u))
        if not weak:
            return (
                f"{notation}：全員召喚済みですが、攻撃より振り直しの見込みが高いと読みました。",
                f"{notation}: every unit is summoned, yet the search rates a re-roll above any "
                f"attack.",
            )
        return (
            f"{notation}：召喚できていない{weak}体を呼び直します。",
            f"{notation}: re-rolls to summon the {weak} unit(s) not yet fully summoned.",
        )
    return None
