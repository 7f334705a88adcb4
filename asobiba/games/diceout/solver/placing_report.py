"""The placing part of the Dice Out study page: its figure and its bilingual section.

Both read the boards as stored in the study JSON (the ``"placing"`` facts of :mod:`.placing`).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from matplotlib.figure import Figure

from .palette import RESULT_COLOURS
from .placing import SCENARIOS, VALUE_SETS, Values, arrangements, digits, pair_key, start_weights
from .table import DRAW, LOSS, WIN

SCENARIO_NAMES = {
    "rolled": ("order rolled", "振った順"),
    "first_chooses": ("only the first player chooses", "先手だけが選ぶ"),
    "second_chooses": ("only the second player chooses", "後手だけが選ぶ"),
    "both_choose": ("both choose", "両者が選ぶ"),
}
RESULT_LABELS = {WIN: "first player wins", DRAW: "draw", LOSS: "first player loses"}
PLOT_NAME = "diceout-placing.png"


def plot_placing(boards: list[dict], path: Path) -> None:
    """One panel per board: the first player's win / draw / loss shares for each way of placing."""
    fig = Figure(figsize=(10, 1.2 + 1.6 * len(boards)))
    axes = fig.subplots(len(boards), 1, sharex=True, squeeze=False)[:, 0]
    for ax, board in zip(axes, boards, strict=True):
        chances = board["placing"]["chances"]
        rows = range(len(SCENARIOS))
        left = [0.0] * len(SCENARIOS)
        for result in (WIN, DRAW, LOSS):
            widths = [100 * chances[s][result] for s in SCENARIOS]
            ax.barh(rows, widths, left=left, color=RESULT_COLOURS[result], label=RESULT_LABELS[result])
            for y, (x, w) in enumerate(zip(left, widths, strict=True)):
                if w >= 4:
                    ax.text(x + w / 2, y, f"{w:.1f}%", ha="center", va="center", color="white", fontsize=9)
            left = [x + w for x, w in zip(left, widths, strict=True)]
        ax.set_yticks(list(rows), [SCENARIO_NAMES[s][0] for s in SCENARIOS], fontsize=9)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_title(f"5×{board['rows']}", fontsize=10, loc="left")
        ax.grid(axis="x", alpha=0.3)
    axes[-1].set_xlabel("first player's chances under the set-up roll rule (%)")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper right", ncols=3, fontsize=9)
    fig.suptitle("Dice Out: who lines the rolled dice up, and what it is worth", x=0.02, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(path, dpi=110)


def share(p: Fraction) -> str:
    """A probability as a percentage, with the exact fraction when it is neither 0 nor 1."""
    text = f"{float(100 * p):.4g}%"
    return text if p in (0, 1) else f"{text} ({p})"


def chances_cell(exact: dict[str, str]) -> str:
    return " / ".join(share(Fraction(exact[r])) for r in (WIN, DRAW, LOSS))


def value_text(value: list) -> str:
    """``W17`` (the first player wins in 17 plies), ``L26`` (loses in 26) or ``D`` (draw)."""
    result, plies = value
    return "D" if result == DRAW else f"{result[0].upper()}{plies}"


def unordered(values: tuple[int, ...]) -> str:
    return "·".join(map(str, values))


def arrangement_list(choices: list[str], values: Values) -> str:
    """The listed arrangements, or ``any`` when every arrangement of ``values`` is listed."""
    return "any" if len(choices) == len(arrangements(values)) else "/".join(choices)


def summary_lines(boards: list[dict]) -> list[str]:
    names = " | ".join(f"{en} {ja}" for en, ja in SCENARIO_NAMES.values())
    lines = [f"| board 盤 | {names} |", "|---" * (1 + len(SCENARIOS)) + "|"]
    for board in boards:
        exact = board["placing"]["chances_exact"]
        lines.append(f"| 5×{board['rows']} | " + " | ".join(chances_cell(exact[s]) for s in SCENARIOS) + " |")
    return lines


def points(p: Fraction) -> str:
    """A difference of probabilities in percentage points, with its sign."""
    return f"{float(100 * p):+.2f}"


def board_sentences(board: dict) -> list[str]:
    """What the choice changes on this board, in English and Japanese."""
    exact = board["placing"]["chances_exact"]
    win = {s: Fraction(exact[s][WIN]) for s in SCENARIOS}
    rows = board["rows"]
    if all(exact[s] == exact["rolled"] for s in SCENARIOS):
        return [f"- 5×{rows}: the four ways of placing give the same chances: under the roll rule no "
                "arrangement changes the result, only how many plies it takes.",
                f"  5×{rows}：4 通りとも確率は同じです。ダイス振りで先攻を決める限り、並べ方で勝敗は"
                "変わらず、変わるのは手数だけです。"]
    moved = {s: points(win[s] - win["rolled"]) for s in SCENARIOS}
    return [f"- 5×{rows}: against the order rolled, the first player's win chance moves by "
            f"{moved['first_chooses']} points when only the first player chooses, by "
            f"{moved['second_chooses']} points when only the second player chooses and by "
            f"{moved['both_choose']} points when both choose.",
            f"  5×{rows}：振った順と比べた先手の勝率の変化は、先手だけが選ぶと {moved['first_chooses']} "
            f"ポイント、後手だけが選ぶと {moved['second_chooses']} ポイント、両者が選ぶと "
            f"{moved['both_choose']} ポイントです。"]


def best_table(board: dict) -> list[str]:
    """First player's values × second player's values → best arrangements and value."""
    best = board["placing"]["best"]
    weights = start_weights()
    lines = ["| first ＼ second 先手＼後手 | " + " | ".join(unordered(v) for v in VALUE_SETS) + " |",
             "|---" * (1 + len(VALUE_SETS)) + "|"]
    for a in VALUE_SETS:
        cells = []
        for b in VALUE_SETS:
            entry = best[pair_key(a, b)]
            text = f"{arrangement_list(entry['first'], a)} {value_text(entry['value'])}"
            cells.append(text if (a, b) in weights else f"*{text}*")
        lines.append(f"| {unordered(a)} | " + " | ".join(cells) + " |")
    return lines


def reply_table(board: dict) -> list[str]:
    """The pairs of rolls the roll rule deals, with the best arrangement and the best reply to it."""
    placing = board["placing"]
    lines = ["| first's roll 先手の出目 | second's roll 後手の出目 | chance 確率 | "
             "first lines up 先手の並べ方 | second answers 後手の応手 | value 結果 |",
             "|---|---|---|---|---|---|"]
    for (a, b), weight in sorted(start_weights().items()):
        entry = placing["best"][pair_key(a, b)]
        first = entry["first"][0]
        reply = placing["replies"][f"{first}-{digits(b)}"]
        lines.append(
            f"| {unordered(a)} | {unordered(b)} | {weight} | {arrangement_list(entry['first'], a)} | "
            f"{first} → {arrangement_list(reply['second'], b)} | {value_text(entry['value'])} |")
    return lines


def placing_section(boards: list[dict]) -> list[str]:
    """The page section on lining the dice up, figures and tables for every board."""
    lines = [
        "## Lining the dice up / ダイスの並べ方",
        "",
        "Dice rolled together have no order. With `placement=choose` (the default) the starting player",
        "lines their three values up on files b, c, d of their home row, then the second player lines up",
        "theirs, seeing the first arrangement; `placement=rolled` keeps the order rolled. From the opening",
        "values above, the first player's chances under the set-up roll rule in four ways of placing:",
        "",
        "- *order rolled*: nobody chooses (the chances of the table at the top);",
        "- *only the first player chooses*: the second player's values stay in the order rolled, which both",
        "  see before placing, and the first player lines up the best answer to it;",
        "- *only the second player chooses*: the first player's values stay in the order rolled and the",
        "  second player lines up the best reply;",
        "- *both choose*: the first player takes the arrangement that is best after the second player's best",
        "  reply.",
        "",
        "Each player prefers a win, then a draw, then a loss; the faster win and the slower loss.",
        "",
        "同時に振ったダイスに順番はありません。`placement=choose`（既定）では先手が自分の 3 つの目を自陣の",
        "`b`・`c`・`d` 列に好きな順に並べ、続いて後手が先手の並びを見てから自分の目を並べます。",
        "`placement=rolled` は振った順のまま並べます。上の初期配置の値から、最初のダイス振りで先攻を",
        "決めるときの先手の確率を、並べ方の 4 通りについて求めました。",
        "",
        "- *振った順*：どちらも選ばない（冒頭の表の確率）。",
        "- *先手だけが選ぶ*：後手は振った順（並べる前に両者に見えている）で、先手がそれに最善の並びを選ぶ。",
        "- *後手だけが選ぶ*：先手は振った順で、後手が最善の応手を選ぶ。",
        "- *両者が選ぶ*：先手は、後手が最善に応じたあとの値がもっともよい並びを選ぶ。",
        "",
        "どちらも勝ち、引き分け、負けの順に好み、勝ちは短く、負けは長くなる手を選びます。",
        "",
        "First player wins / draws / loses 先手の勝ち・引き分け・負け:",
        "",
        *summary_lines(boards),
        "",
        f"![placing]({PLOT_NAME})",
        "",
        "*The first player's chances under the roll rule for each way of placing (green: the first player",
        "wins, grey: draw, red: the first player loses). 図：並べ方ごとの先手の確率（緑は先手の勝ち、",
        "灰は引き分け、赤は先手の負け）。*",
        "",
    ]
    for board in boards:
        lines += board_sentences(board)
    lines += [
        "",
        "In the tables below an arrangement is the three values on files b, c, d in the board's letters, for",
        "both players (the second player, sitting opposite, sees them as d, c, b from left to right);",
        "`any` means every arrangement is best. W17: the first player wins in 17 plies, L26: loses in 26,",
        "D: draw. Cells in *italics* never come up under the roll rule (the first player's roll is not the",
        "stronger); they matter when the starter is agreed (`first=red` or `first=white`). The second table",
        "lists the pairs the roll rule deals, with their chance and the second player's best replies to the",
        "first arrangement listed. The JSON keeps these facts under `placing` for every board.",
        "",
        "下の表の並びは、両者とも盤の列名で `b`・`c`・`d` の順に書いた 3 つの目です（向かい側に座る後手から",
        "見ると左から d、c、b）。`any` はどの並びでも最善という意味です。W17 は先手が 17 手で勝ち、L26 は",
        "26 手で負け、D は引き分けです。*斜体* の組はダイス振りで先攻を決めるときには現れません",
        "（先手の出目が強くない）。先攻を決めておく場合（`first=red` / `first=white`）に使います。",
        "2 つめの表はダイス振りで現れる組とその確率、最初に挙げた先手の並びに対する後手の最善の応手です。",
        "JSON では各盤の `placing` にこれらを収めています。",
        "",
    ]
    for board in boards:
        lines += [f"### 5×{board['rows']}: best arrangements / 最善の並べ方", "", *best_table(board), "",
                  *reply_table(board), ""]
    return lines
