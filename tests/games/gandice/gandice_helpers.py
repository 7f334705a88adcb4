"""Helpers shared by the Gandice tests: build games and force chance outcomes by notation."""

from __future__ import annotations

from asobiba.games.gandice.dice import SUMMON_STATE_NAMES
from asobiba.games.gandice.game import GandiceGame
from asobiba.games.gandice.options import GandiceOptions
from asobiba.games.gandice.phases import DECK, LOC_NAMES
from asobiba.games.gandice.state import GandiceState


def game(**options) -> GandiceGame:
    options.setdefault("first", "p1")
    return GandiceGame(GandiceOptions(**options))


def play(state: GandiceState, *moves: str) -> GandiceState:
    for text in moves:
        state = state.play_notation(text)
    return state


def summon_all(g: GandiceGame, outcome: str = "special", **overrides: str) -> GandiceState:
    """Roll every character die with ``outcome`` (special = summoned), except the named ones."""
    state = g.new_state()
    while state.phase == 0 and state.purpose == 0:  # the summon roll
        die = state.pending[0]
        name = g.lineup.dice[die].name
        state = state.play_notation(f"roll {name}:{overrides.get(name, outcome)}")
    return state


def uid(state: GandiceState, seat: int, name: str) -> int:
    dice = state.lineup.dice
    return next(u for u in range(len(dice)) if state.owner[u] == seat and dice[u].name == name)


def where(state: GandiceState, seat: int, name: str) -> str:
    """'summoned' / 'half' / 'unsummoned' for a die in the deck, else its location name."""
    u = uid(state, seat, name)
    if state.loc[u] == DECK and state.lineup.dice[u].is_fighter:
        return SUMMON_STATE_NAMES[state.summon[u]]
    return LOC_NAMES[state.loc[u]]


def bury(state: GandiceState, seat: int, names: set[str]) -> GandiceState:
    """The same position with the named dice of ``seat`` in its graveyard (through position JSON)."""
    data = state.to_json()
    player = data["players"][seat]
    dice = state.lineup.dice
    for entry in list(player["dice"]):
        if dice[entry["uid"]].name in names:
            player["dice"].remove(entry)
            player["graveyard"].append({"uid": entry["uid"], "id": entry["id"]})
    return state.game.state_from_json(data)
