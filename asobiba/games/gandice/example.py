"""The rules' example battle (対戦例), 闇ダイス組 (p1, attacks first) against イスルギ組 (p2);
docs/rules/gandice.md, "The example battle".

The rules show the opening summon only as pictures; asobiba fixes it so that the narrative holds:
闇ダイス組 ends with ギダン summoned, 美雅羅 half-summoned and 爪牙 unsummoned; イスルギ組 rolls one
die standing (紅蓮のイスルギ), which summons all three (全召喚). The battle is written in action
notation, chance outcomes forced; the tests replay it step by step.
"""

from __future__ import annotations

from collections.abc import Iterable

from .game import GandiceGame
from .options import GandiceOptions
from .state import GandiceState

OPTIONS = GandiceOptions(decks=("yami", "isurugi"), first="p1")

OPENING = (
    "roll ギダン:special",  # 召喚
    "roll 爪牙:side",  # 未召喚
    "roll 美雅羅:face:2",  # 半召喚
    "roll イスルギ:face:4",
    "roll 紅蓮のイスルギ:stand",  # 全召喚
    "roll 青嵐のイスルギ:face:1",
)

EXCHANGES: tuple[tuple[str, ...], ...] = (
    # 1. ギダン attacks 紅蓮のイスルギ: both special; weapon 1 → 4; 武具・羅 special → 3+3+2 = 8. Holds.
    ("attack ギダン>紅蓮のイスルギ", "roll ギダン:special", "roll 紅蓮のイスルギ:special",
     "item 武具・黒鉄", "roll 武具・黒鉄:face:1", "item 武具・羅", "roll 武具・羅:special"),
    # 2. 紅蓮のイスルギ rolls 5 against the unsummoned 爪牙, which cannot defend.
    ("attack 紅蓮のイスルギ>爪牙", "roll 紅蓮のイスルギ:face:5"),
    # 3. ギダン 3 (no item) against 青嵐のイスルギ 3 + 呪術・笑童児 special 3 = 6; betrayal takes 美雅羅.
    ("attack ギダン>青嵐のイスルギ", "roll ギダン:special", "roll 青嵐のイスルギ:special",
     "no-item", "item 呪術・笑童児", "roll 呪術・笑童児:special", "betray 美雅羅"),
    # 4. イスルギ falls on its side: the attack fails.
    ("attack イスルギ>ギダン", "roll イスルギ:side"),
    # 5. ギダン special + 武具・羅 special = 8 against 紅蓮のイスルギ 5.
    ("attack ギダン>紅蓮のイスルギ", "roll ギダン:special", "roll 紅蓮のイスルギ:face:5",
     "item 武具・羅", "roll 武具・羅:special"),
    # 6. イスルギ 4 against ギダン 3: 闇ダイス組 has no character die left.
    ("attack イスルギ>ギダン", "roll イスルギ:face:4", "roll ギダン:face:3"),
)


def play_script(state: GandiceState, moves: Iterable[str]) -> list[GandiceState]:
    """Play notation lines (each must be legal); return every state after each line."""
    out = []
    for text in moves:
        state = state.play_notation(text)
        out.append(state)
    return out


def opening() -> GandiceState:
    """The position after the opening summon: 闇ダイス組 to attack."""
    return play_script(GandiceGame(OPTIONS).new_state(), OPENING)[-1]
