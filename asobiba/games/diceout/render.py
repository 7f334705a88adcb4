"""Text picture of a Dice Out position (``render_text``; docs/rules/diceout.md).

Rank ``rows`` is at the top, rank 1 (red's home) at the bottom. A cell shows its stack as owner
letter + top value, and the height when more than one die is stacked: ``R3`` (a red 3),
``W2x3`` (a white 2 on top of a stack of three). ``.`` is an empty cell; EXIT corners are
bracketed (``[ .  ]``, ``[R3  ]``). Covered faces are not shown, as on the real board. The last
move is marked: its start cell in parentheses ``( .  )``, its end between ``>`` and ``<``. Under the
files a legend says all this in both languages. While the dice are being placed, the status line
names the values the placer rolled and what the other colour rolled or has placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import is_move, move_cells
from .board import COLOUR_NAMES, COLOURS, FILES, NUM_FILES
from .phases import TURN
from .slots import arrangement_of

if TYPE_CHECKING:
    from .state import DiceOutState

_ANSI = ("\x1b[1;31m", "\x1b[1;37m")
_RESET = "\x1b[0m"
_EXIT_ANSI = "\x1b[33m"
_MARKED = "\x1b[4m"

LEGEND = (
    "R3 red die showing 3 · W2x3 white 2 atop 3 dice · [ ] EXIT · ( ) > < last move\n"
    "R3＝赤のダイス（上の目3）、W2x3＝白の2（3段の山）、[ ]＝EXIT、( ) > <＝直前の手"
)


def cell_label(seat: int, value: int, height: int) -> str:
    """``R3`` / ``W2x3``: owner letter, top value, and the height of a taller stack."""
    text = f"{'RW'[seat]}{value}"
    return text + (f"x{height}" if height > 1 else "")


def render_text(state: DiceOutState, color: bool = False, last_move: int | None = None) -> str:
    bd = state.board
    stacks = state.stacks()
    moved_from = moved_to = -1
    if last_move is not None and is_move(last_move):
        moved_from, moved_to = move_cells(bd, last_move)
    lines = []
    for rank in range(bd.rows - 1, -1, -1):
        cells = []
        for file in range(NUM_FILES):
            cell = bd.cell(file, rank)
            stack = stacks.get(cell)
            if stack:
                seat, value = stack[-1]
                text = cell_label(seat, value, len(stack)).ljust(4)
                if color:
                    text = _ANSI[seat] + (_MARKED if cell == moved_to else "") + text + _RESET
            else:
                text = " .  "
            if cell in bd.exits:
                left, right = ("[", "]") if not color else (_EXIT_ANSI + "[" + _RESET,
                                                            _EXIT_ANSI + "]" + _RESET)
            elif cell == moved_from:
                left, right = "(", ")"
            elif cell == moved_to:
                left, right = ">", "<"
            else:
                left, right = " ", " "
            cells.append(left + text + right)
        lines.append(f"{rank + 1} " + "".join(cells).rstrip())
    lines.append("  " + "".join(f"  {f}   " for f in FILES).rstrip())
    lines.append(LEGEND)
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: DiceOutState) -> str:
    if state.is_chance:
        return "set-up: roll the dice / 準備：ダイスを振ります"
    if state.rolled:
        return _placing_status(state)
    if state.winner >= 0:
        return f"game over after {state.ply} plies / {state.ply}手で終局"
    en = f"{COLOURS[state.to_move]} to move (ply {state.ply})"
    ja = f"{_ja(state.to_move)}の番（ここまで{state.ply}手）"
    for seat in (0, 1):
        if state.shows_dice_out(seat):
            en += f"; {COLOURS[seat]} shows Dice Out (all dice alike)"
            ja += f"、{_ja(seat)}はダイスアウト（目がそろっています）"
    if state.phase != TURN:  # a declaration window
        en += "; 'declare' (Dice Out!) or 'pass'"
        ja += "、宣言は declare、パスは pass"
    return f"{en}\n{ja}"


def _placing_status(state: DiceOutState) -> str:
    """``red to place 1,2,3 on b1 c1 d1 (e.g. place 1,2,3); white rolled 1,3,3 and places next``,
    and the same in Japanese on the line below."""
    placer, other = state.to_move, 1 - state.to_move
    bd = state.board
    values = _values(state.rolled[placer])
    cells = " ".join(bd.names[c] for c in bd.home[placer])
    en = f"{COLOURS[placer]} to place {values} on {cells} (e.g. place {values})"
    ja = f"{_ja(placer)}が {values} を {cells} に置く番（例: place {values}）"
    if state.dice[other]:
        shown = _values(arrangement_of(state.dice[other]))
        en += f"; {COLOURS[other]} placed {shown}"
        ja += f"、{_ja(other)}は {shown} と置きました"
    else:
        rolled = _values(state.rolled[other])
        en += f"; {COLOURS[other]} rolled {rolled} and places next"
        ja += f"、{_ja(other)}は {rolled} を振り、次に置きます"
    return f"{en}\n{ja}"


def _ja(seat: int) -> str:
    return COLOUR_NAMES[COLOURS[seat]].ja


def _values(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values))
