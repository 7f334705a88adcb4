"""Dice Out actions in words, for the move list, the hints and the page (the descriptor's
``move_words``; docs/rules/diceout.md, "Set-up", "A turn" and "Notation").

The opening roll reads as the players say it — 「振り出し：赤 1・3・3／白 1・2・3（赤が先手）」 — and
carries the values rolled (``data``: ``rolls`` = ``[{"player", "values"}]`` and ``first``), so the
page draws the dice from the game's own words, never by reading the notation. A placing reads
「b・c・dに3・1・2を並べる」, a declaration 「ダイスアウト！を宣言」; a move keeps its ``FROM-TO`` cell names
(``b1-c2``), which read alike in both languages. Every action's ``kind`` is ``move`` (the page's
``data-action`` of a button that plays it).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...core.descriptor import Words
from ...core.names import Names
from .actions import DECLARE_ACTION, PASS_ACTION, is_move, move_notation
from .board import COLOUR_NAMES, COLOURS, board
from .setup import (
    decode_place,
    decode_roll,
    decode_setup,
    first_player,
    is_place_action,
    is_roll_action,
    is_setup_action,
)

if TYPE_CHECKING:
    from .state import DiceOutState


def move_words(state: DiceOutState, action: int) -> Words:
    """``action`` of ``state`` in words (see the module docstring)."""
    if is_move(action):
        return _move(state.board.rows, action)
    if is_setup_action(action) or is_roll_action(action):
        red, white = decode_setup(action) if is_setup_action(action) else decode_roll(action)
        first = COLOURS[first_player(red, white, state.rules.first)]
        r, w, f = COLOUR_NAMES["red"], COLOUR_NAMES["white"], COLOUR_NAMES[first]
        ja_red, ja_white = "・".join(map(str, red)), "・".join(map(str, white))
        en_red, en_white = ", ".join(map(str, red)), ", ".join(map(str, white))
        text = Names(f"振り出し：{r.ja} {ja_red}／{w.ja} {ja_white}（{f.ja}が先手）",
                     f"Opening roll: {r.en} {en_red}; {w.en} {en_white} ({f.en} starts)")
        rolls = [{"player": "red", "values": list(red)}, {"player": "white", "values": list(white)}]
        return Words("move", text, {"rolls": rolls, "first": first})
    if is_place_action(action):
        values = decode_place(action)
        return Words("move", Names(f"b・c・dに{'・'.join(map(str, values))}を並べる",
                                   f"lines up {', '.join(map(str, values))} on b, c and d"))
    if action == DECLARE_ACTION:
        return Words("move", Names("ダイスアウト！を宣言", "declares Dice Out!"))
    assert action == PASS_ACTION
    return Words("move", Names("宣言せずに続ける", "goes on without declaring"))


@cache  # a few hundred moves on each board size, asked for at every moment: said once each
def _move(rows: int, action: int) -> Words:
    notation = move_notation(board(rows), action)
    return Words("move", Names(notation, notation))
