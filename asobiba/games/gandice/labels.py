"""What a person reads of a Gandice battle at the web table, in both languages: seats, outcomes,
summon states, kinds of dice, card effects (docs/rules/gandice.md, "Outcomes", "Kinds of dice"),
and the board cell of a die. Shared by the battle mat (:mod:`.svg`), the moves in words
(:mod:`.words`) and the catalog the page reads (:mod:`.web`).
"""

from __future__ import annotations

from ...core.names import Names

SEATS: dict[str, Names] = {f"p{i}": Names(f"プレイヤー{i}", f"Player {i}") for i in range(1, 5)}

OUTCOMES: dict[str, Names] = {
    "stand": Names("立ち", "standing"),
    "inverted": Names("逆立ち", "upside down"),
    "side": Names("横倒し", "on its side"),
    "special": Names("特殊目", "the special eye"),
    "face:0": Names("閉じ目（0）", "the closed eye (0)"),
    **{f"face:{n}": Names(str(n), str(n)) for n in range(1, 7)},
}
"""What a die shows, in words."""

OUTCOME_MARKS: dict[str, Names] = {
    "stand": Names("立", "ST"), "inverted": Names("逆", "INV"), "side": Names("横", "SD"),
    "special": Names("特", "SP"), **{f"face:{n}": Names(str(n), str(n)) for n in range(7)},
}
"""What a die shows, as the short mark drawn on it (and the bar chart's heads)."""

PLACE_MARKS: dict[str, tuple[Names, Names]] = {
    "grave": (Names("墓", "RIP"), Names("墓地（倒された）", "in the graveyard (defeated)")),
    "aside": (Names("進", "EVO"), Names("進化して脇へ", "set aside by evolving")),
    "retired": (Names("退", "OLD"), Names("退いた", "retired")),
}
"""Where a die out of play lies: the short mark on its chip, and that mark in words."""


def mark_words(mark: Names, words: Names) -> str:
    """A mark and its words in both languages, for a tooltip: 「特＝特殊目 · SP = the special eye」."""
    if mark.ja == words.ja:
        return f"{words.ja} · {words.en}"
    return f"{mark.ja}＝{words.ja} · {mark.en} = {words.en}"

SUMMON_STATES: tuple[Names, ...] = (
    Names("未召喚", "unsummoned"), Names("半召喚", "half-summoned"), Names("召喚", "summoned"),
)
"""By summon state (UNSUMMONED, HALF, SUMMONED)."""

KINDS: dict[str, Names] = {
    "character": Names("キャラ", "character"), "weapon": Names("武具", "weapon"),
    "curse": Names("呪術", "curse"), "evolution": Names("進化", "evolution"),
    "super_eye": Names("超眼", "super eye"), "core": Names("核", "core"),
}

ABILITIES: dict[str, Names] = {"betrayal": Names("裏切り", "betrayal")}


def effect_words(effect: str) -> Names:
    """A card's effect in words (``bonus:+2`` → 合計に+2)."""
    if effect.startswith("bonus:"):
        n = effect.split("+")[1]
        return Names(f"合計に+{n}", f"+{n} to the total")
    if effect == "reroll_own":
        return Names("自分のダイスを振り直す", "re-roll your own die")
    return Names("相手に振り直させる", "the opponent re-rolls")


def cell_name(u: int) -> str:
    """The board cell (``data-cell``, ``data-die``) of die ``u``."""
    return f"d{u}"
