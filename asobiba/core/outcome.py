"""How a game ended: the :class:`Outcome` of a match (docs/architecture.md, "A game in progress").

A match ends in one of three ways, its ``reason``:

* :data:`RULES` — the engine says the game is over; the ranks and returns are the engine's, and
  ``ending`` is the engine's own word for how it ended when it gives one (a key of the
  descriptor's ``end_reasons``, e.g. ``declared``);
* :data:`RESIGN` — one or more seats resigned (the seats one holder plays, never all of the
  game's): they share last place, everyone else shares first, and ``resigned`` names them
  (player names of the game, in seat order);
* :data:`STOPPED` — whoever created a game between computers stopped it: everyone shares first.

In JSON (the web's game frames and stored games) an outcome is the object
``{"ranks", "returns", "reason"}`` plus ``"ending"`` or ``"resigned"`` (a list of names) when
set; a record keeps only ``{"ranks", "returns"}`` (docs/formats.md, "Records").

>>> outcome = Outcome.resignation(["red", "white"], [0])
>>> outcome.ranks, outcome.returns, outcome.resigned
((2, 1), (-1.0, 1.0), ('red',))
>>> outcome.to_json()
{'ranks': [2, 1], 'returns': [-1.0, 1.0], 'reason': 'resign', 'resigned': ['red']}
>>> Outcome.from_json(outcome.to_json()) == outcome
True
>>> Outcome.resignation(["red", "yellow", "green"], [0, 1]).ranks
(2, 2, 1)

Games stored when ``resigned`` was one name still read (``"resigned": "red"``):

>>> Outcome.from_json({"ranks": [2, 1], "returns": [-1.0, 1.0], "reason": "resign",
...                    "resigned": "red"}).resigned
('red',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .game import State, returns_from_ranks

RULES = "rules"
RESIGN = "resign"
STOPPED = "stopped"
REASONS = (RULES, RESIGN, STOPPED)


@runtime_checkable
class EndReason(Protocol):
    """A terminal state that says why the game ended (a key of its descriptor's ``end_reasons``)."""

    reason: str


@runtime_checkable
class Placings(Protocol):
    """A state of a game where seats finish one by one while the others play on: each seat's place
    once it is decided (0 while it still plays)."""

    def placings(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Outcome:
    """The end of a match: every seat's rank (1 = first; equal ranks share a place) and return,
    why it ended (:data:`REASONS`), the engine's ``ending`` and who ``resigned``."""

    ranks: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    ending: str | None = None
    """The engine's reason for the end of a game the rules ended, when it gives one."""
    resigned: tuple[str, ...] = ()
    """The player names of the seats that resigned (none unless ``reason`` is :data:`RESIGN`)."""

    @classmethod
    def by_rules(cls, state: State) -> Outcome:
        """The outcome of a terminal ``state``, with the engine's ``reason`` attribute as the
        ending when it has one (:class:`EndReason`)."""
        ending = state.reason if isinstance(state, EndReason) and state.reason else None
        return cls(tuple(state.ranks()), tuple(state.returns()), RULES, ending=ending)

    @classmethod
    def resignation(cls, player_names: Sequence[str], seats: Sequence[int]) -> Outcome:
        """``seats`` (some, not all, of the game's) resigned: they share last place and everyone
        else shares first."""
        n, out = len(player_names), sorted(set(seats))
        if not out or len(out) == n or not all(0 <= s < n for s in out):
            raise ValueError(f"a resignation is of some of the {n} seats, not {out}")
        last = n - len(out) + 1
        ranks = [last if i in out else 1 for i in range(n)]
        return cls(tuple(ranks), tuple(returns_from_ranks(ranks)), RESIGN,
                   resigned=tuple(player_names[s] for s in out))

    @classmethod
    def stopped(cls, seats: int) -> Outcome:
        """A game between computers stopped by its creator: every seat shares first place."""
        ranks = [1] * seats
        return cls(tuple(ranks), tuple(returns_from_ranks(ranks)), STOPPED)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ranks": list(self.ranks), "returns": list(self.returns),
                                "reason": self.reason}
        if self.ending is not None:
            data["ending"] = self.ending
        if self.resigned:
            data["resigned"] = list(self.resigned)
        return data

    def record_json(self) -> dict[str, Any]:
        """What a record keeps of it: ``{"ranks", "returns"}``."""
        return {"ranks": list(self.ranks), "returns": list(self.returns)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """An outcome as :meth:`to_json` wrote it (ValueError for anything else)."""
        if not isinstance(data, Mapping) or data.get("reason") not in REASONS:
            raise ValueError(f"not an outcome: {data!r:.80}")
        ranks, returns = data.get("ranks"), data.get("returns")
        if not (isinstance(ranks, list) and isinstance(returns, list) and len(ranks) == len(returns)):
            raise ValueError(f"an outcome needs ranks and returns of every seat: {data!r:.80}")
        resigned = data.get("resigned") or ()
        return cls(tuple(ranks), tuple(returns), data["reason"], data.get("ending"),
                   (resigned,) if isinstance(resigned, str) else tuple(resigned))
