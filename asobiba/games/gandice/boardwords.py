"""The Gandice battle mat in words, for a person who hears it (the descriptor's ``board_words``;
docs/rules/gandice.md, "Summoning", "The attack" and "Outcomes").

Every die in a deck is a cell of the mat (``d<uid>``); it reads its name, its owner, its kind
(an item, a weapon…), its summon state or fusion and what it last showed:
「ギダン（プレイヤー1）：召喚、立ちを見せています」 / "Gidan (Player 1): summoned, showing standing".
The position goes seat by seat through the dice in play and how many lie in the graveyard, then
says whose turn it is and what they decide (as the mat's top line does). A move reads as the
move list says it, after who made it: 「プレイヤー1：ギダンで紅蓮のイスルギを攻撃」.
"""

from __future__ import annotations

from ...core.game import CHANCE
from ...core.names import Names
from .dice import OUTCOME_NAMES
from .labels import KINDS, OUTCOMES, SEATS, SUMMON_STATES, cell_name
from .notation import die_names
from .phases import DECK, GRAVE
from .state import GandiceState
from .svg import status_words
from .words import move_words


def _die(state: GandiceState, u: int) -> Names:
    """A die in a deck with all the mat shows of it."""
    die = state.lineup.dice[u]
    name = die_names(state, u)
    seat = SEATS[state.lineup.names[state.owner[u]]]
    parts = []
    if die.kind != "character":
        parts.append(KINDS.get(die.kind, Names(die.kind, die.kind)))
    if not die.is_item:
        fused = state.fusion[u] != -1
        parts.append(Names("合身", "fused") if fused else SUMMON_STATES[state.summon[u]])
    if state.shown[u] >= 0:
        shows = OUTCOMES[OUTCOME_NAMES[state.shown[u]]]
        parts.append(Names(f"{shows.ja}を見せています", f"showing {shows.en}"))
    return Names(f"{name.ja}（{seat.ja}）：{'、'.join(p.ja for p in parts)}",
                 f"{name.en} ({seat.en}): {', '.join(p.en for p in parts)}")


class GandiceBoardWords:
    """What the page reads out of the battle mat (:class:`~asobiba.core.descriptor.BoardWords`)."""

    def cells(self, state: GandiceState) -> dict[str, Names]:
        return {cell_name(u): _die(state, u) for u in range(len(state.lineup.dice))
                if state.loc[u] == DECK}

    def position(self, state: GandiceState) -> Names:
        lines = []
        for p, seat_id in enumerate(state.lineup.names):
            seat = SEATS[seat_id]
            mine = [u for u in range(len(state.lineup.dice)) if state.owner[u] == p]
            dice = [_die(state, u) for u in mine if state.loc[u] == DECK]
            grave = sum(1 for u in mine if state.loc[u] == GRAVE)
            ja = "／".join(d.ja for d in dice) or "場のダイスなし"
            en = "; ".join(d.en for d in dice) or "no dice in play"
            lines.append(Names(f"{seat.ja}：{ja}。墓地に{grave}個。",
                               f"{seat.en}: {en}. {grave} in the graveyard."))
        now = status_words(state)
        lines.append(Names(f"{now.ja}。", f"{now.en[:1].upper()}{now.en[1:]}."))
        return Names("".join(n.ja for n in lines), " ".join(n.en for n in lines))

    def played(self, state: GandiceState, action: int) -> Names:
        said = move_words(state, action).text
        if state.current_player == CHANCE:
            return said
        seat = SEATS[state.lineup.names[state.current_player]]
        return Names(f"{seat.ja}：{said.ja}", f"{seat.en}: {said.en}")


BOARD_WORDS = GandiceBoardWords()
