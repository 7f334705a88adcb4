"""The Dice Out board in words, for a person who hears it (the descriptor's ``board_words``;
docs/rules/diceout.md, "Board and coordinates", "A turn" and "Dice Out and the result").

A square reads its name, then its die and the stack under it from the top, then an EXIT corner and
whose goal it is: 「c3：赤の3、下に白の2」 / "c3: Red's 3, on White's 2"; 「a5：空き、EXIT（赤のゴール）」
/ "a5: empty, EXIT (Red's goal)". A covered die's value is said too: it does not change while
covered, and a player who sees the board saw it arrive. The position lists each colour's dice
from its top dice (「赤：b1に3、c3に3（白の2の上）…」), says a colour that shows Dice Out, then whose turn
it is. A move reads as it happened: 「赤がb1の2をc2へ動かし、白の1に乗せました。3を見せています」 /
"Red moved the 2 on b1 to c2, onto White's 1; it shows 3".
"""

from __future__ import annotations

from ...core.names import Names
from .actions import is_move, move_cells
from .board import COLOUR_NAMES, COLOURS
from .phases import PLACE, SETUP
from .state import DRAW, DiceOutState
from .words import move_words

Die = tuple[int, int]
"""(seat, value)."""


def _die(die: Die) -> Names:
    colour = COLOUR_NAMES[COLOURS[die[0]]]
    return Names(f"{colour.ja}の{die[1]}", f"{colour.en}'s {die[1]}")


def _stack(stack: list[Die]) -> Names:
    """A stack from the top: 「赤の3、下に白の2・赤の1」 / "Red's 3, on White's 2 and Red's 1"."""
    top, under = _die(stack[-1]), [_die(d) for d in reversed(stack[:-1])]
    if not under:
        return top
    below = Names.listed(under)
    return Names(f"{top.ja}、下に{below.ja}", f"{top.en}, on {below.en}")


class DiceOutBoardWords:
    """What the page reads out of a Dice Out board (:class:`~asobiba.core.descriptor.BoardWords`)."""

    def cells(self, state: DiceOutState) -> dict[str, Names]:
        bd = state.board
        stacks = state.stacks()
        out = {}
        for cell, name in enumerate(bd.names):
            held = _stack(stacks[cell]) if cell in stacks else Names("空き", "empty")
            ja, en = f"{name}：{held.ja}", f"{name}: {held.en}"
            if cell in bd.exits:
                goal = COLOUR_NAMES[COLOURS[0 if cell in bd.targets[0] else 1]]
                ja, en = f"{ja}、EXIT（{goal.ja}のゴール）", f"{en}, EXIT ({goal.en}'s goal)"
            out[name] = Names(ja, en)
        return out

    def position(self, state: DiceOutState) -> Names:
        if state.phase == SETUP:
            return Names("赤と白の振り出しの前です。", "Red and White are yet to roll.")
        bd = state.board
        stacks = state.stacks()
        lines = []
        for seat, colour in enumerate(COLOURS):
            said = []
            for cell, stack in stacks.items():
                for level, die in enumerate(stack):
                    if die[0] != seat:
                        continue
                    under = [_die(d) for d in reversed(stack[:level])]
                    on = Names.listed(under) if under else None
                    over = len(stack) - 1 - level
                    ja = f"{bd.names[cell]}に{die[1]}" + (f"（{on.ja}の上）" if on else "")
                    en = f"{die[1]} on {bd.names[cell]}" + (f" (on {on.en})" if on else "")
                    if over:
                        ja, en = f"{ja}（上に{over}個）", f"{en} (covered by {over})"
                    said.append(Names(ja, en))
            name = COLOUR_NAMES[colour]
            if not said and state.phase == PLACE:
                rolled = state.rolled[seat]
                said.append(Names(f"振った目 {'・'.join(map(str, rolled))}（まだ並べていません）",
                                  f"rolled {', '.join(map(str, rolled))} (not placed yet)"))
            dice = Names("、".join(s.ja for s in said), "; ".join(s.en for s in said))
            out = Names(f"{name.ja}：{dice.ja}。", f"{name.en}: {dice.en}.")
            if state.shows_dice_out(seat):
                out = Names(f"{out.ja}{name.ja}はダイスアウトを見せています。",
                            f"{out.en} {name.en} shows Dice Out.")
            lines.append(out)
        lines.append(_turn(state))
        return Names("".join(n.ja for n in lines), " ".join(n.en for n in lines))

    def played(self, state: DiceOutState, action: int) -> Names:
        mover = COLOUR_NAMES[COLOURS[state.to_move]]
        if not is_move(action):
            said = move_words(state, action).text
            if state.phase == SETUP:
                return said
            return Names(f"{mover.ja}：{said.ja}", f"{mover.en} {said.en}")
        bd = state.board
        stacks = state.stacks()
        frm, to = move_cells(bd, action)
        value = stacks[frm][-1][1]
        shows = value % 3 + 1
        ja = f"{mover.ja}が{bd.names[frm]}の{value}を{bd.names[to]}へ動かし"
        en = f"{mover.en} moved the {value} on {bd.names[frm]} to {bd.names[to]}"
        if to in stacks:
            under = _die(stacks[to][-1])
            ja, en = f"{ja}、{under.ja}に乗せました。", f"{en}, onto {under.en}"
        else:
            ja, en = f"{ja}ました。", en
        ja, en = f"{ja}{shows}を見せています。", f"{en}; it shows {shows}."
        left = stacks[frm][:-1]
        if left:
            bared, square = _die(left[-1]), bd.names[frm]
            ja, en = f"{ja}{square}に{bared.ja}が現れました。", f"{en} {bared.en} is uncovered on {square}."
        if to in bd.targets[state.to_move]:
            ja, en = f"{ja}ゴールのEXITです。", f"{en} It is on a goal EXIT."
        return Names(ja, en)


def _turn(state: DiceOutState) -> Names:
    """Whose turn it is, or how the game ended."""
    if state.is_terminal:
        if state.winner == DRAW:
            return Names("引き分けで終わりました。", "The game ended in a draw.")
        winner = COLOUR_NAMES[COLOURS[state.winner]]
        return Names(f"{winner.ja}の勝ちで終わりました。", f"{winner.en} won.")
    colour = COLOUR_NAMES[COLOURS[state.to_move]]
    return Names(f"{colour.ja}の番です。", f"{colour.en} to move.")


BOARD_WORDS = DiceOutBoardWords()
