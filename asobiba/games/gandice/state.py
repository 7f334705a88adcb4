"""The Gandice battle as an immutable state machine (the rules: docs/rules/gandice.md).

Every roll is a chance node (phase ``roll``) and every choice is a decision of one seat. The flow:

* ``roll``/summon — every character die of every player is rolled, one chance node per die; then
  the summon table applies (全召喚 / 全開召喚 / everyone rolls again), see :meth:`_summon_done`;
* ``first`` — a fair chance node when option ``first=random``;
* ``turn`` — the seat to move re-summons or attacks (one own summoned unit against one opponent
  character die);
* the exchange (:class:`Exchange`): attacker roll, defender roll, attacker item step, defender item
  step, judgement; item dice, cards, fusion and betrayal are sub-steps;
* after a win: ``bury`` (a beaten fusion gives up one member) and ``evolve`` (evolution challenge).

A *unit* is a single character die or a fusion (合身), named by its lead die (the super-eye or the
core die that called the fusion); ``fusion[u]`` is the lead of ``u``'s fusion or -1.
States are immutable; fields are ints and tuples so that copying is cheap.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import IllegalMoveError, NotationError
from asobiba.core.game import CHANCE, TERMINAL, State
from asobiba.core.names import Names

from . import actions as A
from .callout import callout
from .dice import (
    HALF,
    SIDE,
    SPECIAL,
    SUMMONED,
    UNSUMMONED,
    is_upright,
    summon_state,
    value,
)
from .notation import action_cells, action_to_notation, notation_to_action
from .phases import (
    ASIDE,
    BETRAY,
    BURY,
    CORE_FIRST,
    DECK,
    EVOLVE,
    EVOLVE_ROLL,
    FALLS,
    FIRST,
    GRAVE,
    ITEM,
    ITEM_ROLL,
    NUMBER,
    ONE_BLOW,
    OVER,
    RESUMMON,
    RETIRED,
    ROLL,
    SUMMON,
    TURN,
    UNIT,
    Exchange,
)
from .position import state_to_json
from .render import render_text

if TYPE_CHECKING:
    from .game import GandiceGame
    from .lineup import Lineup

def _put(pair: tuple, side: int, v: Any) -> tuple:
    return (v, pair[1]) if side == 0 else (pair[0], v)


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def classify(outcomes: tuple[int, ...]) -> tuple[int, int, bool]:
    """Read a unit roll: ``(FALLS | ONE_BLOW | NUMBER, value, special)``.

    One die: side falls, stand/inverted is a one-blow result, anything else is its number.
    A fused core rolls two dice (docs/rules/gandice.md, "Core fusion" and "Readings the rules
    leave open"): any upright die is a one-blow result, both on their side falls, otherwise the
    values add up (a die on its side counts 0) and a special eye on either die opens the item step.
    """
    if any(is_upright(o) for o in outcomes):
        return ONE_BLOW, 0, False
    if all(o == SIDE for o in outcomes):
        return FALLS, 0, False
    return NUMBER, sum(value(o) for o in outcomes), any(o == SPECIAL for o in outcomes)


FIELDS = (
    "game", "phase", "actor", "purpose", "side", "pending", "rolls", "turn_player", "turn",
    "owner", "loc", "summon", "fusion", "cards_used", "x", "out", "final", "shown", "last",
)
"""Every field of a state; ``shown`` and ``last`` are for display and stay out of
:meth:`GandiceState.key`."""


class GandiceState(State):

    game: GandiceGame
    phase: int
    actor: int  # seat deciding (decision phases)
    purpose: int  # what the pending roll is for (phase roll)
    side: int  # exchange side concerned by the roll / item step
    pending: tuple[int, ...]  # dice still to roll, in order
    rolls: tuple[tuple[int, int], ...]  # (die, outcome) rolled so far in a multi-die roll
    turn_player: int
    turn: int  # completed turns
    owner: tuple[int, ...]
    loc: tuple[int, ...]
    summon: tuple[int, ...]
    fusion: tuple[int, ...]
    cards_used: tuple[bool, ...]
    x: Exchange | None  # the exchange in progress (phases of a battle), else None
    out: tuple[int, ...]  # seats eliminated, in order
    final: tuple[int, ...] | None  # ranks once over
    shown: tuple[int, ...]  # the outcome each die showed when last rolled, -1 if never (display)
    last: tuple[int, int, int, int, str] | None  # last judged exchange (not part of the key)

    @property
    def fight(self) -> Exchange:
        """The exchange in progress, read only in the phases of a battle (where ``x`` is set)."""
        x = self.x
        if x is None:
            raise RuntimeError("no exchange in progress")
        return x

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls, game: GandiceGame) -> GandiceState:
        lu = game.lineup
        n = len(lu.dice)
        s = object.__new__(cls)
        s.game = game
        s.phase, s.actor, s.purpose, s.side = ROLL, -1, SUMMON, -1
        s.pending = s._summon_order_all(lu)
        s.rolls = ()
        s.turn_player, s.turn = 0, 0
        s.owner = lu.home
        s.loc = tuple(ASIDE if a else DECK for a in lu.aside)
        s.summon = (UNSUMMONED,) * n
        s.fusion = (-1,) * n
        s.cards_used = (False,) * len(lu.cards)
        s.x, s.out, s.final, s.shown, s.last = None, (), None, (-1,) * n, None
        return s

    @staticmethod
    def _summon_order_all(lu: Lineup) -> tuple[int, ...]:
        return tuple(u for u, d in enumerate(lu.dice) if d.is_fighter and not lu.aside[u])

    def _with(self, **changes: Any) -> GandiceState:
        """A copy with some fields changed (one dict copy: states stay cheap to derive)."""
        s = object.__new__(GandiceState)
        fields = self.__dict__.copy()
        fields.update(changes)
        s.__dict__ = fields
        return s

    # -- queries --------------------------------------------------------------------------------
    @property
    def lineup(self) -> Lineup:
        return self.game.lineup

    @property
    def current_player(self) -> int:
        if self.phase in (ROLL, FIRST):
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.actor

    def alive(self) -> list[int]:
        return [p for p in range(self.lineup.players) if p not in self.out]

    def fighters(self, seat: int) -> list[int]:
        """Character dice (any kind of fighter) of ``seat`` in its deck."""
        owner, loc = self.owner, self.loc
        return [
            u for u, fighter in enumerate(self.lineup.fighter)
            if fighter and owner[u] == seat and loc[u] == DECK
        ]

    def units(self, seat: int) -> list[int]:
        """Units of ``seat``: unfused fighters and fusion leads."""
        return [u for u in self.fighters(seat) if self.fusion[u] in (-1, u)]

    def members(self, lead: int) -> list[int]:
        return [u for u, f in enumerate(self.fusion) if f == lead]

    def is_summoned(self, u: int) -> bool:
        return self.fusion[u] != -1 or self.summon[u] == SUMMONED

    def roll_table(self) -> tuple[tuple[int, float], ...]:
        die = self.pending[0]
        d = self.lineup.dice[die]
        if d.kind == "super_eye" and self.fusion[die] == die:
            return d.fused_table
        return d.table

    # -- interface ------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == ROLL:
            return [A.ROLL + o for o, _ in self.roll_table()]
        if phase == FIRST:
            return [A.FIRST + p for p in self.alive()]
        if phase == TURN:
            return self._turn_actions()
        if phase == ITEM:
            return self._item_actions()
        if phase == BETRAY:
            return [A.BETRAY + u for u in self._betrayal_targets()]
        if phase == BURY:
            return [A.BURY + u for u in self.members(self.fight.unit(1 - self.fight.winner))]
        if phase == EVOLVE:
            return [A.NO_EVOLVE] + [A.EVOLVE + e for e in self._evolution_dice()]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return [(A.ROLL + o, p) for o, p in self.roll_table()]
        if self.phase == FIRST:
            alive = self.alive()
            return [(A.FIRST + p, 1.0 / len(alive)) for p in alive]
        return []

    @property
    def reason(self) -> str | None:
        """How a finished battle ended (a key of the descriptor's ``end_reasons``; docs/rules/
        gandice.md, "Elimination and result"): ``full_open`` (a full-open summon won at once),
        ``last_standing`` (one player still has dice in play) or ``turn_limit``; None while it
        goes on."""
        if self.final is None:
            return None
        if self.turn >= self.game.options.max_turns:
            return "turn_limit"
        return "last_standing" if len(self.alive()) == 1 else "full_open"

    def ranks(self) -> list[int]:
        if self.final is None:
            raise ValueError("the game is not over")
        return list(self.final)

    def key(self) -> Hashable:
        fields = self.__dict__
        return tuple(fields[name] for name in FIELDS[1:-2])

    def action_to_notation(self, action: int) -> str:
        return action_to_notation(self, action)

    def callout(self, action: int) -> Names | None:
        return callout(self, action)

    def notation_to_action(self, text: str) -> int:
        """Parse notation in names or with catalog ids (docs/rules/gandice.md, "Notation")."""
        action = notation_to_action(self, text)
        if action is not None:
            return action
        if self.is_terminal:
            raise IllegalMoveError("the game is over")
        raise NotationError(f"{text.strip()!r} is not a legal move here")

    def describe_action(self, action: int) -> dict[str, Any]:
        origin, target = action_cells(self, action)
        return {"from": origin, "to": target, "notation": action_to_notation(self, action)}

    def action_origin(self, action: int) -> str | None:
        return action_cells(self, action)[0]

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    def render_text(self, color: bool = False) -> str:
        return render_text(self, color)

    # -- legal decisions --------------------------------------------------------------------------
    def _turn_actions(self) -> list[int]:
        me = self.actor
        out = [A.RESUMMON]
        mine = [u for u in self.units(me) if self.is_summoned(u)]
        targets = [t for p in self.alive() if p != me for t in self.units(p)]
        out.extend(A.attack(a, t) for a in mine for t in targets)
        return out

    def _item_actions(self) -> list[int]:
        me, lu, x = self.actor, self.lineup, self.fight
        unit = x.unit(self.side)
        out = [A.NO_ITEM]
        out.extend(
            A.ITEM + u for u in range(len(lu.dice))
            if self.owner[u] == me and self.loc[u] == DECK and lu.dice[u].is_item
        )
        out.extend(
            A.CARD + c for c in range(len(lu.cards))
            if lu.card_owner[c] == me and not self.cards_used[c]
        )
        die = lu.dice[unit]
        if self.fusion[unit] == -1 and die.partners:
            free = [
                u for u in self.fighters(me)
                if u != unit and self.fusion[u] == -1 and lu.dice[u].id in die.partners
            ]
            if die.kind == "super_eye":
                out.extend(A.FUSE + u for u in free if self.summon[u] == SUMMONED)
            else:
                out.extend(A.core_fuse(i, j) for i in free for j in free if i < j)
        return out

    def _betrayal_targets(self) -> list[int]:
        other = self.fight.unit(1 - self.side)
        return [
            u for u in self.fighters(self.owner[other]) if u != other and self.fusion[u] == -1
        ]

    def _evolution_dice(self) -> list[int]:
        w = self.fight.unit(self.fight.winner)
        die = self.lineup.dice[w]
        if die.kind != "character" or not die.family or self.fusion[w] != -1:
            return []
        dice = self.lineup.dice
        return [
            e for e in range(len(dice))
            if self.loc[e] == ASIDE and self.owner[e] == self.owner[w]
            and dice[e].family == die.family
        ]

    # -- apply ----------------------------------------------------------------------------------
    def apply(self, action: int) -> GandiceState:
        return self._apply(action)._tidy()

    def _tidy(self) -> GandiceState:
        """Clear fields that mean nothing in the new phase, so equal positions have equal keys."""
        phase = self.phase
        changes: dict[str, Any] = {}
        if phase != ROLL:
            changes.update(purpose=-1, pending=(), rolls=())
        if phase in (ROLL, FIRST, OVER):
            changes["actor"] = -1
        if not (phase in (ITEM, BETRAY) or (phase == ROLL and self.purpose in (UNIT, ITEM_ROLL, CORE_FIRST))):
            changes["side"] = -1
        if any(getattr(self, k) != v for k, v in changes.items()):
            return self._with(**changes)
        return self

    def _apply(self, action: int) -> GandiceState:
        base, a, b = A.split(action)
        if base == A.ROLL:
            return self._rolled(a)
        if base == A.FIRST:
            return self._with(phase=TURN, actor=a, turn_player=a)
        if base == A.RESUMMON:
            me = self.actor
            pending = tuple(u for u in self.fighters(me) if self.fusion[u] == -1)
            return self._with(phase=ROLL, purpose=RESUMMON, pending=pending, rolls=())._next_roll()
        if base == A.ATTACK:
            x = Exchange(att=a, dfn=b)
            return self._with(x=x)._unit_roll(0)
        if base == A.NO_ITEM:
            return self._with(x=self.fight._replace(done=_put(self.fight.done, self.side, True)))._advance()
        if base == A.ITEM:
            x = self.fight._replace(done=_put(self.fight.done, self.side, True), item=a)
            return self._with(
                x=x, loc=_set(self.loc, a, GRAVE), phase=ROLL, purpose=ITEM_ROLL,
                pending=(a,), rolls=(),
            )
        if base == A.CARD:
            return self._card(a)
        if base == A.FUSE:
            lead = self.fight.unit(self.side)
            fusion = _set(_set(self.fusion, lead, lead), a, lead)
            return self._with(fusion=fusion)._unit_roll(self.side)
        if base == A.CORE_FUSE:
            lead = self.fight.unit(self.side)
            return self._with(
                x=self.fight._replace(partners=(a, b)), phase=ROLL, purpose=CORE_FIRST,
                pending=(lead,), rolls=(),
            )
        if base == A.BETRAY:
            return self._with(owner=_set(self.owner, a, self.actor))._advance()
        if base == A.BURY:
            return self._bury(a)
        if base == A.EVOLVE:
            w = self.fight.unit(self.fight.winner)
            return self._with(
                x=self.fight._replace(item=a), phase=ROLL, purpose=EVOLVE_ROLL, pending=(w,), rolls=()
            )
        if base == A.NO_EVOLVE:
            return self._end_turn()
        raise ValueError(f"unknown action {action}")

    def _card(self, c: int) -> GandiceState:
        side = self.side
        card = self.lineup.cards[c]
        x = self.fight._replace(done=_put(self.fight.done, side, True))
        s = self._with(x=x, cards_used=_set(self.cards_used, c, True))
        if card.effect == "reroll_own":
            return s._unit_roll(side)
        if card.effect == "reroll_opponent":
            return s._unit_roll(1 - side)
        return s._with(x=x._replace(bonus=_put(x.bonus, side, x.bonus[side] + card.bonus)))._advance()

    # -- rolls ----------------------------------------------------------------------------------
    def _next_roll(self) -> GandiceState:
        """Continue a multi-die roll, or finish it when no die is left to roll."""
        if self.pending:
            return self
        if self.purpose == SUMMON:
            return self._summon_done()
        if self.purpose == RESUMMON:
            return self._resummon_done()
        return self._unit_rolled(classify(tuple(o for _, o in self.rolls)))

    def _rolled(self, outcome: int) -> GandiceState:
        """The next pending die lands on ``outcome`` (and shows it until it is rolled again)."""
        die = self.pending[0]
        shown = _set(self.shown, die, outcome)
        purpose = self.purpose
        if purpose in (SUMMON, RESUMMON, UNIT):
            return self._with(
                pending=self.pending[1:], rolls=self.rolls + ((die, outcome),), shown=shown
            )._next_roll()
        s = self._with(shown=shown)
        if purpose == ITEM_ROLL:
            return s._item_rolled(outcome)
        if purpose == CORE_FIRST:
            return s._core_first_rolled(outcome)
        return s._evolve_rolled(outcome)

    def _unit_roll(self, side: int) -> GandiceState:
        """Roll one side's unit: its die (fused table for a super-eye fusion) or, for a core
        fusion, the two called core dice (docs/rules/gandice.md, "Core fusion")."""
        unit = self.fight.unit(side)
        if self.fusion[unit] == unit and self.lineup.dice[unit].kind == "core":
            pending = tuple(m for m in self.members(unit) if m != unit)
        else:
            pending = (unit,)
        return self._with(phase=ROLL, purpose=UNIT, side=side, pending=pending, rolls=())

    def _unit_rolled(self, reading: tuple[int, int, bool]) -> GandiceState:
        """Side falls → that side loses; upright → that side wins at once (docs/rules/gandice.md,
        "The attack", steps 1–2)."""
        kind, val, special = reading
        side, x = self.side, self.fight
        if kind == FALLS:
            return self._record("fail")._end_turn() if side == 0 else self._win(0)
        if kind == ONE_BLOW:
            return self._win(side)
        x = x._replace(
            val=_put(x.val, side, val),
            rolled=_put(x.rolled, side, True),
            special=_put(x.special, side, special),
        )
        return self._with(x=x)._advance()

    def _item_rolled(self, outcome: int) -> GandiceState:
        """An item die adds its number; its special eye adds 3 + bonus and triggers its ability
        (docs/rules/gandice.md, "The attack", step 3)."""
        x, side = self.fight, self.side
        die = self.lineup.dice[x.item]
        add = 3 + die.bonus if outcome == SPECIAL else value(outcome)
        s = self._with(x=x._replace(bonus=_put(x.bonus, side, x.bonus[side] + add), item=-1))
        if outcome == SPECIAL and die.ability == "betrayal" and s._betrayal_targets():
            return s._with(phase=BETRAY, actor=self.owner[x.unit(side)])
        return s._advance()

    def _core_first_rolled(self, outcome: int) -> GandiceState:
        """The core die's second roll (docs/rules/gandice.md, "Core fusion"): special → fused, then
        roll the two called dice; upright → fused and the exchange won outright; any other outcome
        is judged as it is, unfused."""
        x, side = self.fight, self.side
        lead = x.unit(side)
        s = self._with(x=x._replace(partners=()))
        if outcome == SPECIAL or is_upright(outcome):
            fusion = self.fusion
            for u in (lead,) + x.partners:
                fusion = _set(fusion, u, lead)
            s = s._with(fusion=fusion)
            if outcome == SPECIAL:
                return s._unit_roll(side)
        return s._unit_rolled(classify((outcome,)))

    def _evolve_rolled(self, outcome: int) -> GandiceState:
        """Evolution challenge (docs/rules/gandice.md, "The attack", step 5): special → the die is
        replaced for good by the evolution die."""
        if outcome != SPECIAL:
            return self._end_turn()
        w, e = self.fight.unit(self.fight.winner), self.fight.item
        loc = _set(_set(self.loc, w, RETIRED), e, DECK)
        summon = _set(_set(self.summon, w, UNSUMMONED), e, SUMMONED)
        return self._with(loc=loc, summon=summon)._end_turn()

    # -- summoning --------------------------------------------------------------------------------
    def _apply_summon(self, seat_rolls: Sequence[tuple[int, int]], summon: tuple[int, ...]) -> tuple:
        """Summon table (docs/rules/gandice.md, "Summoning"): an upright die summons every die of its
        player (全召喚)."""
        if any(is_upright(o) for _, o in seat_rolls):
            for u, _ in seat_rolls:
                summon = _set(summon, u, SUMMONED)
            return summon
        for u, o in seat_rolls:
            summon = _set(summon, u, summon_state(o))
        return summon

    def full_open_winner(self, rolls: tuple[tuple[int, int], ...]) -> int | None:
        """The seat that wins at once by 全開召喚 when the summon or re-summon roll in progress
        ends with ``rolls``, or None (docs/rules/gandice.md, "Summoning" and "A turn").

        Opening summon: the one player whose character dice all stand upright or upside down
        (two or more such players roll again instead). Re-summon challenge: only with option
        ``resummon_full_open``, when every unit of the player was rolled (no fusion) and every
        die landed upright.
        """
        seats = self._upright_seats(rolls)
        if self.purpose == SUMMON:
            return seats[0] if len(seats) == 1 else None
        me = self.turn_player
        if (
            self.purpose == RESUMMON
            and self.game.options.resummon_full_open
            and seats == [me]
            and len(rolls) == len(self.units(me))
        ):
            return me
        return None

    def _summon_done(self) -> GandiceState:
        """After everyone's summon roll: 全開召喚 wins at once; two or more → all roll again."""
        winner = self.full_open_winner(self.rolls)
        if winner is not None:
            return self._finish((winner,))
        if self._upright_seats(self.rolls):
            return self._with(pending=self._summon_order_all(self.lineup), rolls=())
        summon = self.summon
        for rolls in self._rolls_by_seat(self.rolls).values():
            summon = self._apply_summon(rolls, summon)
        first = self.game.options.first
        s = self._with(summon=summon, rolls=(), pending=(), purpose=-1)
        if first == "random":
            return s._with(phase=FIRST)
        seat = self.lineup.names.index(first)
        return s._with(phase=TURN, actor=seat, turn_player=seat)

    def _resummon_done(self) -> GandiceState:
        """Re-summon challenge: the summon table again (全召喚 included); 全開召喚 only with
        option ``resummon_full_open``."""
        winner = self.full_open_winner(self.rolls)
        if winner is not None:
            return self._finish((winner,))
        summon = self._apply_summon(self.rolls, self.summon)
        return self._with(summon=summon, rolls=())._end_turn()

    def _upright_seats(self, rolls: tuple[tuple[int, int], ...]) -> list[int]:
        """Seats whose every die in ``rolls`` landed upright (standing or upside down)."""
        return [
            p for p, seat_rolls in self._rolls_by_seat(rolls).items()
            if all(is_upright(o) for _, o in seat_rolls)
        ]

    def _rolls_by_seat(self, rolls: tuple[tuple[int, int], ...]) -> dict[int, list[tuple[int, int]]]:
        out: dict[int, list[tuple[int, int]]] = {}
        for u, o in rolls:
            out.setdefault(self.owner[u], []).append((u, o))
        return out

    # -- the exchange -----------------------------------------------------------------------------
    def _advance(self) -> GandiceState:
        """Next step of the attack sequence (docs/rules/gandice.md, "The attack", steps 1–4)."""
        x = self.fight
        if not x.rolled[0]:
            return self._unit_roll(0)
        if not x.rolled[1]:
            if self.fusion[x.dfn] == -1 and self.summon[x.dfn] == UNSUMMONED:
                return self._win(0)  # an unsummoned die cannot defend
            return self._unit_roll(1)
        for side in (0, 1):
            if x.done[side]:
                continue
            unit = x.unit(side)
            if x.special[side] and self.is_summoned(unit):
                return self._with(phase=ITEM, side=side, actor=self.owner[unit])
            x = x._replace(done=_put(x.done, side, True))
        s = self._with(x=x)
        a, d = x.total(0), x.total(1)
        if a > d:
            return s._win(0)
        if a < d:
            return s._record("hold")._end_turn()
        return s._record("tie")._tie()

    def _record(self, result: str) -> GandiceState:
        """Remember the judged exchange (totals -1 where a side never rolled) for display."""
        x = self.fight
        totals = [x.total(side) if x.rolled[side] else -1 for side in (0, 1)]
        return self._with(last=(x.att, x.dfn, totals[0], totals[1], result))

    def _tie(self) -> GandiceState:
        """A tie: the attacker stays; the defender drops one step, a fusion comes apart
        (docs/rules/gandice.md, "The attack", step 4, and "Super-eye fusion")."""
        d = self.fight.dfn
        if self.fusion[d] == d:
            return self._unfuse(d)._end_turn()
        step = HALF if self.summon[d] == SUMMONED else UNSUMMONED
        return self._with(summon=_set(self.summon, d, step))._end_turn()

    def _unfuse(self, lead: int) -> GandiceState:
        fusion, summon = self.fusion, self.summon
        for m in self.members(lead):
            fusion = _set(fusion, m, -1)
            summon = _set(summon, m, SUMMONED)
        return self._with(fusion=fusion, summon=summon)

    def _win(self, side: int) -> GandiceState:
        """The other side's unit goes to the graveyard; a fusion first gives up one member."""
        x = self.fight._replace(winner=side)
        loser = x.unit(1 - side)
        s = self._with(x=x)._record("win" if side == 0 else "counter")
        if self.fusion[loser] == loser:
            return s._with(phase=BURY, actor=self.owner[loser])
        s = s._with(loc=_set(self.loc, loser, GRAVE), summon=_set(self.summon, loser, UNSUMMONED))
        return s._after_win()

    def _bury(self, u: int) -> GandiceState:
        lead = self.fight.unit(1 - self.fight.winner)
        s = self._unfuse(lead)
        return s._with(loc=_set(s.loc, u, GRAVE), summon=_set(s.summon, u, UNSUMMONED))._after_win()

    def _after_win(self) -> GandiceState:
        """The winning attacker may try an evolution challenge, a countering defender too with
        option ``evolve_after_counter``, unless the battle is over (docs/rules/gandice.md,
        "The attack", step 5)."""
        alive = [p for p in self.alive() if self.fighters(p)]
        allowed = self.fight.winner == 0 or self.game.options.evolve_after_counter
        if len(alive) > 1 and allowed and self._evolution_dice():
            winner = self.fight.unit(self.fight.winner)
            return self._with(phase=EVOLVE, actor=self.owner[winner])
        return self._end_turn()

    # -- end of turn and of the battle --------------------------------------------------------------
    def _end_turn(self) -> GandiceState:
        out = self.out
        for p in range(self.lineup.players):
            if p not in out and not self.fighters(p):
                out = out + (p,)
        s = self._with(out=out, x=None, pending=(), rolls=(), purpose=-1, side=-1)
        alive = s.alive()
        if len(alive) <= 1:
            return s._finish(tuple(alive))
        turn = self.turn + 1
        if turn >= self.game.options.max_turns:
            return s._with(turn=turn)._finish(tuple(alive))
        n = self.lineup.players
        nxt = next(p for k in range(1, n + 1) if (p := (self.turn_player + k) % n) in alive)
        return s._with(phase=TURN, actor=nxt, turn_player=nxt, turn=turn)

    def _finish(self, winners: tuple[int, ...]) -> GandiceState:
        """Ranks: ``winners`` share first place, other players still in share the next place,
        eliminated players follow, the last eliminated first."""
        n = self.lineup.players
        ranks = [0] * n
        for p in winners:
            ranks[p] = 1
        place = len(winners) + 1
        rest = [p for p in self.alive() if p not in winners]
        for p in rest:
            ranks[p] = place
        place += len(rest)
        for p in reversed(self.out):
            ranks[p] = place
            place += 1
        return self._with(phase=OVER, actor=-1, final=tuple(ranks), x=None, pending=(), rolls=())
