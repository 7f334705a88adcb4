"""Gandice position JSON: writing and validated reading (a contract; format in
docs/rules/gandice.md, "Position JSON").

Every die appears once, under its current holder, by instance number ``uid`` (the numbering the
options give, see :mod:`.lineup`) and catalog ``id``. A position holds everything needed to go
on exactly: the phase, a roll in progress, an exchange in progress. Reading checks every field and
raises PositionError with a one-line message naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import PositionError
from asobiba.core.game import CHANCE, TERMINAL

from .dice import OUTCOME_INDEX, OUTCOME_NAMES, SUMMON_STATE_NAMES
from .phases import (
    ASIDE,
    BETRAY,
    BURY,
    DECK,
    EVOLVE,
    GRAVE,
    ITEM,
    OVER,
    PHASE_NAMES,
    PURPOSE_NAMES,
    RETIRED,
    ROLL,
    TURN,
    UNIT,
    Exchange,
)

if TYPE_CHECKING:
    from .game import GandiceGame
    from .state import GandiceState

SIDE_NAMES = ("attacker", "defender")
RESULTS = ("fail", "win", "hold", "tie", "counter")
_LISTS = (("dice", DECK), ("graveyard", GRAVE), ("aside", ASIDE), ("retired", RETIRED))


def state_to_json(state: GandiceState) -> dict[str, Any]:
    lu = state.lineup
    players = []
    for p, name in enumerate(lu.names):
        entry: dict[str, Any] = {"name": name, "deck": state.game.options.decks[p]}
        for key, where in _LISTS:
            entry[key] = [_die_json(state, u) for u in range(len(lu.dice))
                          if state.owner[u] == p and state.loc[u] == where]
        entry["cards"] = [
            {"id": lu.cards[c].id, "used": state.cards_used[c]}
            for c in range(len(lu.cards)) if lu.card_owner[c] == p
        ]
        players.append(entry)
    player = state.current_player
    to_move = "chance" if player == CHANCE else None if player == TERMINAL else lu.names[player]
    roll = None
    if state.phase == ROLL:
        roll = {
            "purpose": PURPOSE_NAMES[state.purpose],
            "pending": list(state.pending),
            "rolled": [[u, OUTCOME_NAMES[o]] for u, o in state.rolls],
        }
    return {
        "game": "gandice",
        "options": state.game.options.to_dict(),
        "to_move": to_move,
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "turn_player": lu.names[state.turn_player],
        "players": players,
        "eliminated": [lu.names[p] for p in state.out],
        "roll": roll,
        "exchange": _exchange_json(state),
        "result": {"ranks": list(state.final)} if state.final is not None else None,
        "last_exchange": _last_json(state),
        "shown": [[u, OUTCOME_NAMES[o]] for u, o in enumerate(state.shown) if o >= 0],
    }


def _last_json(state: GandiceState) -> dict[str, Any] | None:
    """The last judged exchange, for display only (optional when reading)."""
    if state.last is None:
        return None
    att, dfn, a, d, result = state.last
    return {"attacker": att, "defender": dfn, "totals": [a, d], "result": result}


def _die_json(state: GandiceState, u: int) -> dict[str, Any]:
    die = state.lineup.dice[u]
    out: dict[str, Any] = {"uid": u, "id": die.id}
    if die.is_fighter and state.loc[u] == DECK:
        out["state"] = SUMMON_STATE_NAMES[state.summon[u]]
        out["fusion"] = state.fusion[u] if state.fusion[u] >= 0 else None
    return out


def _exchange_json(state: GandiceState) -> dict[str, Any] | None:
    x = state.x
    if x is None:
        return None
    return {
        "attacker": x.att,
        "defender": x.dfn,
        "side": SIDE_NAMES[state.side] if state.side >= 0 else None,
        "values": list(x.val),
        "bonus": list(x.bonus),
        "rolled": list(x.rolled),
        "special": list(x.special),
        "done": list(x.done),
        "item": x.item if x.item >= 0 else None,
        "partners": list(x.partners),
        "winner": SIDE_NAMES[x.winner] if x.winner >= 0 else None,
    }


# -- reading -------------------------------------------------------------------------------------
def _get(data: Mapping[str, Any], key: str, kind: type | tuple, where: str) -> Any:
    if key not in data:
        raise PositionError(f"{where}: missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(f"{where}: {key!r} has the wrong type")
    return value


def _uid(value: Any, n: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise PositionError(f"{where}: {value!r} is not a die number 0..{n - 1}")
    return value


def _seat_of(state_names: tuple[str, ...], value: Any, where: str) -> int:
    if value not in state_names:
        raise PositionError(f"{where}: {value!r} is not a player ({', '.join(state_names)})")
    return state_names.index(value)


def state_from_json(game: GandiceGame, data: Mapping[str, Any]) -> GandiceState:
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    if data.get("game", "gandice") != "gandice":
        raise PositionError(f"not a gandice position: {data.get('game')!r}")
    lu = game.lineup
    n = len(lu.dice)
    names = lu.names
    s = game.new_state()
    owner, loc = [-1] * n, [-1] * n
    summon, fusion = [0] * n, [-1] * n
    cards_used = [False] * len(lu.cards)
    players = _get(data, "players", list, "position")
    if len(players) != lu.players:
        raise PositionError(f"position: {len(players)} players, the options say {lu.players}")
    for p, entry in enumerate(players):
        where = f"player {names[p]}"
        if not isinstance(entry, Mapping):
            raise PositionError(f"{where}: must be an object")
        if entry.get("deck") != game.options.decks[p]:
            raise PositionError(f"{where}: deck {entry.get('deck')!r} is not {game.options.decks[p]!r}")
        for key, where_loc in _LISTS:
            for item in _get(entry, key, list, where):
                _read_die(lu, item, p, where_loc, f"{where} {key}", owner, loc, summon, fusion)
        cards = _get(entry, "cards", list, where)
        mine = [c for c in range(len(lu.cards)) if lu.card_owner[c] == p]
        if len(cards) != len(mine):
            raise PositionError(f"{where}: {len(cards)} cards, the deck has {len(mine)}")
        for c, card in zip(mine, cards, strict=True):
            if not isinstance(card, Mapping) or card.get("id") != lu.cards[c].id:
                raise PositionError(f"{where}: cards must be the deck's cards in order")
            if not isinstance(card.get("used"), bool):
                raise PositionError(f"{where}: card {lu.cards[c].id!r} needs 'used' true/false")
            cards_used[c] = card["used"]
    missing = [u for u in range(n) if loc[u] < 0]
    if missing:
        raise PositionError(f"position: die {missing[0]} ({lu.dice[missing[0]].id}) is missing")
    _check_fusions(lu, owner, loc, fusion)
    out = tuple(_seat_of(names, v, "eliminated") for v in _get(data, "eliminated", list, "position"))
    phase_name = _get(data, "phase", str, "position")
    if phase_name not in PHASE_NAMES:
        raise PositionError(f"position: unknown phase {phase_name!r}")
    phase = PHASE_NAMES.index(phase_name)
    turn = _get(data, "turn", int, "position")
    if not 0 <= turn <= game.options.max_turns:
        raise PositionError(f"position: turn {turn} is outside 0..max_turns")
    turn_player = _seat_of(names, data.get("turn_player"), "turn_player")
    state = s._with(
        phase=phase, turn=turn, turn_player=turn_player, owner=tuple(owner), loc=tuple(loc),
        summon=tuple(summon), fusion=tuple(fusion), cards_used=tuple(cards_used), out=out,
        actor=-1, purpose=-1, side=-1, pending=(), rolls=(), x=None, final=None,
    )
    state = _read_phase(state, data, n)
    last = data.get("last_exchange")
    if last is not None:
        state = state._with(last=_read_last(last, n))
    if data.get("shown") is not None:
        state = state._with(shown=_read_shown(data["shown"], n))
    expected = state.current_player
    to_move = data.get("to_move")
    want = "chance" if expected == CHANCE else None if expected == TERMINAL else names[expected]
    if to_move != want:
        raise PositionError(f"position: to_move is {to_move!r}, the phase says {want!r}")
    if not state.is_terminal and not state.legal_actions():
        raise PositionError("position: no legal action in this phase")
    return state


def _read_die(lu, item, p, where_loc, where, owner, loc, summon, fusion) -> None:
    if not isinstance(item, Mapping):
        raise PositionError(f"{where}: each die must be an object")
    u = _uid(item.get("uid"), len(lu.dice), where)
    die = lu.dice[u]
    if item.get("id") != die.id:
        raise PositionError(f"{where}: die {u} is {die.id!r}, not {item.get('id')!r}")
    if loc[u] >= 0:
        raise PositionError(f"{where}: die {u} ({die.id}) appears twice")
    if where_loc == ASIDE and (die.kind != "evolution" or lu.home[u] != p):
        raise PositionError(f"{where}: only the player's own evolution dice wait aside")
    if where_loc == RETIRED and die.kind != "character":
        raise PositionError(f"{where}: only character dice are retired by evolution")
    owner[u], loc[u] = p, where_loc
    if die.is_fighter and where_loc == DECK:
        state = item.get("state")
        if state not in SUMMON_STATE_NAMES:
            raise PositionError(f"{where}: die {u} needs state summoned, half or unsummoned")
        summon[u] = SUMMON_STATE_NAMES.index(state)
        lead = item.get("fusion")
        if lead is not None:
            fusion[u] = _uid(lead, len(lu.dice), f"{where} fusion")


def _read_last(last: Any, n: int) -> tuple[int, int, int, int, str]:
    if not isinstance(last, Mapping):
        raise PositionError("last_exchange: must be an object or null")
    totals = _get(last, "totals", list, "last_exchange")
    result = last.get("result")
    if len(totals) != 2 or not all(isinstance(t, int) for t in totals) or result not in RESULTS:
        raise PositionError("last_exchange: needs two totals and a known result")
    att = _uid(last.get("attacker"), n, "last_exchange")
    dfn = _uid(last.get("defender"), n, "last_exchange")
    return att, dfn, totals[0], totals[1], result


def _outcome(name: Any) -> bool:
    return isinstance(name, str) and name in OUTCOME_INDEX


def _read_shown(shown: Any, n: int) -> tuple[int, ...]:
    """What each die showed when last rolled, for display only: ``[[uid, outcome], ...]``."""
    if not isinstance(shown, list):
        raise PositionError("shown: must be a list of [uid, outcome] pairs")
    out = [-1] * n
    for pair in shown:
        if not isinstance(pair, list) or len(pair) != 2 or not _outcome(pair[1]):
            raise PositionError("shown: each entry is [uid, outcome]")
        out[_uid(pair[0], n, "shown")] = OUTCOME_INDEX[pair[1]]
    return tuple(out)


def _check_fusions(lu, owner, loc, fusion) -> None:
    for lead in set(f for f in fusion if f >= 0):
        members = [u for u, f in enumerate(fusion) if f == lead]
        die = lu.dice[lead]
        size = {"super_eye": 2, "core": 3}.get(die.kind)
        ok = (
            fusion[lead] == lead and size == len(members)
            and all(loc[m] == DECK and owner[m] == owner[lead] for m in members)
            and all(lu.dice[m].id in die.partners for m in members if m != lead)
        )
        if not ok:
            raise PositionError(f"position: fusion led by die {lead} is not a valid 合身")


def _read_phase(state: GandiceState, data: Mapping[str, Any], n: int) -> GandiceState:
    names = state.lineup.names
    phase = state.phase
    if phase == OVER:
        result = _get(data, "result", Mapping, "position")
        ranks = _get(result, "ranks", list, "result")
        if len(ranks) != len(names) or not all(
            isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= len(names) for r in ranks
        ):
            raise PositionError("result: ranks must give 1..players for every player")
        return state._with(final=tuple(ranks))
    if phase in (TURN, ITEM, BETRAY, BURY, EVOLVE):
        actor = _seat_of(names, data.get("to_move"), "to_move")
        if phase == TURN and actor != state.turn_player:
            raise PositionError("position: in phase turn the player to move is the turn player")
        state = state._with(actor=actor)
    if phase == ROLL:
        roll = _get(data, "roll", Mapping, "position")
        purpose = _get(roll, "purpose", str, "roll")
        if purpose not in PURPOSE_NAMES:
            raise PositionError(f"roll: unknown purpose {purpose!r}")
        pending = tuple(_uid(u, n, "roll pending") for u in _get(roll, "pending", list, "roll"))
        if not pending:
            raise PositionError("roll: no die left to roll")
        rolls = []
        for pair in _get(roll, "rolled", list, "roll"):
            if not isinstance(pair, list) or len(pair) != 2 or pair[1] not in OUTCOME_INDEX:
                raise PositionError("roll: each rolled entry is [uid, outcome]")
            rolls.append((_uid(pair[0], n, "roll rolled"), OUTCOME_INDEX[pair[1]]))
        state = state._with(purpose=PURPOSE_NAMES.index(purpose), pending=pending, rolls=tuple(rolls))
    x = data.get("exchange")
    needs_x = phase in (ITEM, BETRAY, BURY, EVOLVE) or (
        phase == ROLL and state.purpose >= UNIT
    )
    if needs_x != (x is not None):
        verb = "needs" if needs_x else "has no"
        raise PositionError(f"position: phase {PHASE_NAMES[phase]} {verb} exchange")
    if x is not None:
        state = _read_exchange(state, x, n)
    return state


def _read_exchange(state: GandiceState, x: Any, n: int) -> GandiceState:
    if not isinstance(x, Mapping):
        raise PositionError("exchange: must be an object")
    att = _uid(x.get("attacker"), n, "exchange attacker")
    dfn = _uid(x.get("defender"), n, "exchange defender")

    def pair(key: str, kind: type) -> tuple:
        value = _get(x, key, list, "exchange")
        if len(value) != 2 or not all(isinstance(v, kind) for v in value):
            raise PositionError(f"exchange: {key!r} must be two {kind.__name__} values")
        return tuple(value)

    side = x.get("side")
    winner = x.get("winner")
    for key, v in (("side", side), ("winner", winner)):
        if v is not None and v not in SIDE_NAMES:
            raise PositionError(f"exchange: {key!r} must be attacker, defender or null")
    item = x.get("item")
    partners = tuple(_uid(u, n, "exchange partners") for u in _get(x, "partners", list, "exchange"))
    ex = Exchange(
        att=att, dfn=dfn, val=pair("values", int), bonus=pair("bonus", int),
        rolled=pair("rolled", bool), special=pair("special", bool), done=pair("done", bool),
        item=_uid(item, n, "exchange item") if item is not None else -1,
        partners=partners, winner=SIDE_NAMES.index(winner) if winner is not None else -1,
    )
    if state.owner[att] == state.owner[dfn]:
        raise PositionError("exchange: attacker and defender belong to the same player")
    if state.phase in (BURY, EVOLVE) and ex.winner < 0:
        raise PositionError("exchange: a winner is needed while burying or evolving")
    if ex.winner < 0:
        for u, role in ((att, "attacker"), (dfn, "defender")):
            if state.loc[u] != DECK or not state.lineup.dice[u].is_fighter:
                raise PositionError(f"exchange: the {role} die {u} is not a character in a deck")
        if not state.is_summoned(att):
            raise PositionError("exchange: the attacker is not summoned")
    return state._with(x=ex, side=SIDE_NAMES.index(side) if side is not None else -1)
