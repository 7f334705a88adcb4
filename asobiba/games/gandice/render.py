"""Text picture of a Gandice position, for the terminal player and logs (docs/rules/gandice.md).

Every label is in English and Japanese. The head line counts turns as the rules do — each
player's turn is one turn, so with two players turn 7 is the first player's fourth — against the
``max_turns`` limit. Each player's character dice carry their summon state (● summoned, ◐ half,
○ unsummoned; a fused unit is ●…[合身]); a legend line explains the marks. A finished battle
says only that it is over: the ranks are the result line's (the terminal's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dice import SUMMON_STATE_JA, SUMMON_STATE_NAMES
from .notation import card_label, die_label, unit_label
from .phases import ASIDE, DECK, GRAVE, PHASE_NAMES, PURPOSE_NAMES

if TYPE_CHECKING:
    from .state import GandiceState

_MARK = ("○", "◐", "●")  # unsummoned, half, summoned
LEGEND = "  ".join([*(f"{m} {en} {ja}" for m, en, ja in zip(_MARK[::-1], SUMMON_STATE_NAMES[::-1],
                                                              SUMMON_STATE_JA[::-1], strict=True)),
                     "[合身] fused unit 合身ユニット"])
_PHASE_JA = ("ダイス", "先攻決め", "手番", "アイテム", "裏切り", "墓場送り", "進化", "終了")
_PURPOSE_JA = ("召喚", "再召喚", "勝負", "アイテム", "核の合身", "進化チャレンジ")


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if color else text


def render_text(state: GandiceState, color: bool = False) -> str:
    lu = state.lineup
    limit = state.game.options.max_turns
    turn = min(state.turn + 1, limit)  # never past the limit
    lines = [f"眼魔伝ガンダイス  turn ターン {turn}/{limit} (all players' turns counted / 全員の手番を通算)"]
    for p, name in enumerate(lu.names):
        head = f"{name} {lu.deck_names[p]}"
        if p in state.out:
            head += "  (out 脱落)"
        elif state.phase != len(PHASE_NAMES) - 1 and p == state.turn_player:
            head = _paint(head + "  ◀", "1", color)
        lines.append(head)
        units, items = [], []
        for u in range(len(lu.dice)):
            if state.owner[u] != p or state.loc[u] != DECK:
                continue
            die = lu.dice[u]
            if die.is_item:
                items.append(f"{die_label(state, u)}(+{die.bonus})" if die.bonus else die_label(state, u))
            elif state.fusion[u] == u:
                units.append(_paint(f"●{unit_label(state, u)}[合身]", "33", color))
            elif state.fusion[u] == -1:
                units.append(f"{_MARK[state.summon[u]]}{die_label(state, u)}")
        lines.append("  characters キャラ: " + ("  ".join(units) or "-"))
        lines.append("  items アイテム: " + ("  ".join(items) or "-"))
        grave = [die_label(state, u) for u in range(len(lu.dice))
                 if state.owner[u] == p and state.loc[u] == GRAVE]
        aside = [die_label(state, u) for u in range(len(lu.dice))
                 if state.owner[u] == p and state.loc[u] == ASIDE]
        cards = [card_label(state, c) + ("(used 使用済)" if state.cards_used[c] else "")
                 for c in range(len(lu.cards)) if lu.card_owner[c] == p]
        if grave:
            lines.append("  graveyard 墓場: " + "  ".join(grave))
        if aside:
            lines.append("  evolution dice 進化: " + "  ".join(aside))
        if cards:
            lines.append("  cards 小札絵: " + "  ".join(cards))
    lines.append(LEGEND)
    if state.last is not None:
        lines.append(_last(state, state.last))
    lines.append(_status(state))
    return "\n".join(lines)


_RESULT_TEXT = {
    "fail": "attack fails (side) / 攻撃失敗（横倒し）",
    "win": "attacker wins / 攻撃側の勝ち",
    "hold": "defence holds / 防御成功",
    "tie": "tie: defender drops a step / 同点：防御側が1段下がる",
    "counter": "counter-attack / カウンター",
}


def _last(state: GandiceState, last: tuple[int, int, int, int, str]) -> str:
    att, dfn, a, d, result = last
    shown = [f"{die_label(state, u)} {t if t >= 0 else '-'}" for u, t in ((att, a), (dfn, d))]
    return f"last attack 直前の勝負: {' vs '.join(shown)} → {_RESULT_TEXT[result]}"


def _status(state: GandiceState) -> str:
    names = state.lineup.names
    if state.final is not None:
        if state.turn >= state.game.options.max_turns:
            return "game over: the turn limit was reached / 終局：ターン上限に達しました"
        return "game over / 終局"
    x = state.x
    parts = [f"phase 段階: {PHASE_NAMES[state.phase]} {_PHASE_JA[state.phase]}"]
    if state.pending:
        parts.append(f"{PURPOSE_NAMES[state.purpose]} roll of {die_label(state, state.pending[0])} / "
                     f"{_PURPOSE_JA[state.purpose]}のロール")
    if x is not None:
        a, d = unit_label(state, x.att), unit_label(state, x.dfn)
        shown = [f"{a} ({x.total(0) if x.rolled[0] else '-'})",
                 f"{d} ({x.total(1) if x.rolled[1] else '-'})"]
        parts.append(" vs ".join(shown))
    if state.current_player >= 0:
        parts.append(f"to move 手番: {names[state.current_player]}")
    return "  |  ".join(parts)
