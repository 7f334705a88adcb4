"""The Gandice battle mat in words, for a person who hears it (the descriptor's ``board_words``;
docs/rules/gandice.md, "Summoning", "The attack" and "Outcomes").

Every die in a deck is a cell of the mat (``d<uid>``); it reads the texts drawn on it, then in
brackets its owner, its kind (an item, a weapon…), a fusion and what it last showed:
「立 ギダン 召喚（プレイヤー1、立ちを見せています）」 / "ST Gidan summoned (Player 1, showing standing)".
The position goes seat by seat through the dice in play and how many lie in the graveyard, then
says whose turn it is and what they decide (as the mat's top line does). A move reads as the
move list says it, after who made it: 「プレイヤー1：ギダンで紅蓮のイスルギを攻撃」.
"""

from __future__ import annotations

from ...core.game import CHANCE
from ...core.names import Names
from .dice import OUTCOME_NAMES
from .labels import KINDS, OUTCOME_MARKS, OUTCOMES, SEATS, SUMMON_STATES, cell_name
from .notation import die_names
from .phases import DECK, GRAVE
from .state import GandiceState
from .svg import KIND_MARK, status_words
from .words import move_words


def _die(state: GandiceState, u: int) -> Names:
    """A die in a deck with all the mat shows of it: first the texts drawn on it, in their order
    (its kind's mark, an item's bonus, the mark of what it shows, its name, its summon state), so
    that what is heard begins with what is seen; then, in brackets, its owner and the rest in
    words."""
    die = state.lineup.dice[u]
    name = die_names(state, u)
    shown = OUTCOME_NAMES[state.shown[u]] if state.shown[u] >= 0 else None
    fused = state.fusion[u] != -1
    seen: list[Names] = []
    mark = KIND_MARK.get(die.kind)
    if mark:
        seen.append(Names(mark, mark))
    if die.is_item and die.bonus:
        seen.append(Names(f"+{die.bonus}", f"+{die.bonus}"))
    if shown:
        seen.append(OUTCOME_MARKS[shown])
    seen.append(name)
    if die.is_fighter and not fused:
        seen.append(SUMMON_STATES[state.summon[u]])
    more = [SEATS[state.lineup.names[state.owner[u]]]]
    if die.kind != "character":
        more.append(KINDS.get(die.kind, Names(die.kind, die.kind)))
    if fused:
        more.append(Names("合身", "fused"))
    if shown:
        shows = OUTCOMES[shown]
        more.append(Names(f"{shows.ja}を見せています", f"showing {shows.en}"))
    return Names(f"{' '.join(n.ja for n in seen)}（{'、'.join(n.ja for n in more)}）",
                 f"{' '.join(n.en for n in seen)} ({', '.join(n.en for n in more)})")


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
