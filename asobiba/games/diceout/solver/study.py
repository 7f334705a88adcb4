"""The Dice Out opening study, computed from finished tables (``asobiba study diceout``).

For every board studied:

* the value of every opening set-up: each player's three values stand on files b, c, d of their home
  row, in a given arrangement (docs/rules/diceout.md, "Set-up"); rolls whose three values match are
  rolled again, so each player has 24 possible arrangements;
* the first player's chances under the set-up roll rule (the stronger roll starts: higher maximum, then
  more dice showing it; equal strength → both roll again), using the engine's exact chance node, with
  the values in the order rolled;
* what choosing the arrangement is worth (:mod:`.placing`);
* the longest forced win among live positions, with its principal variation, and the share of draws.

By the two symmetries of the game (turning the board with the colours swapped, and the a↔e mirror) the
value of a set-up only depends on (the first player's arrangement, the second player's arrangement),
both read on files b, c, d in the board's letters: red starting with A against white's B is worth what
white starting with A against red's B is.

The page and the JSON are written from the boards' JSON, so :func:`restudy` can redo the placing facts
and the page from an earlier study's JSON without the tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ....core.errors import AsobibaError
from ....core.reading import parse_json, read_text_file
from ..board import RED, WHITE
from ..setup import ROLLS, decode_setup, outcome_starter, setup_outcomes
from ..state import home_slots
from . import kernels
from .palette import RESULT_COLOURS
from .placing import Openings, pair_key, parse_openings, placing_json
from .placing_report import PLOT_NAME, placing_section, plot_placing
from .positions import coordinates
from .table import DRAW, LOSS, WIN, Table, decode, flip, preference

STUDY_JSON = "diceout-study.json"
REPORT_KEYS = ("rows", "placements", "passes", "live_positions", "draw_share_all", "draw_share_live",
               "first_player_roll_rule", "default_fixed_setup_red_first", "longest_forced_win_live",
               "longest_forced_loss_live", "longest_example", "openings")
"""What the page needs from each board of the study JSON."""


class StudyFileError(AsobibaError):
    """A study JSON that cannot be read or lacks what the page needs."""


def opening_value(table: Table, first_roll, second_roll) -> tuple[str, int]:
    """Value for the first player (red here) of the set-up where red rolled ``first_roll`` and starts."""
    grid = table.board.grid
    red = home_slots(grid, RED, first_roll)
    white = home_slots(grid, WHITE, second_roll)
    return decode(table.code(*coordinates(table.board, red, white, RED)))


@dataclass
class BoardStudy:
    rows: int
    placements: int
    passes: int
    openings: Openings
    first_player: dict[str, Fraction]
    fixed_default: tuple[str, int]
    draws_all: int
    draws_live: int
    live: int
    longest_win: int
    longest_loss: int
    longest_example: dict
    distances: dict[str, list[int]]

    def to_json(self) -> dict:
        return {
            "rows": self.rows,
            "placements": self.placements,
            "passes": self.passes,
            "live_positions": self.live,
            "draw_share_all": self.draws_all / self.placements,
            "draw_share_live": self.draws_live / self.live,
            "first_player_roll_rule": {k: float(v) for k, v in self.first_player.items()},
            "first_player_roll_rule_exact": {k: str(v) for k, v in self.first_player.items()},
            "default_fixed_setup_red_first": list(self.fixed_default),
            "longest_forced_win_live": self.longest_win,
            "longest_forced_loss_live": self.longest_loss,
            "longest_example": self.longest_example,
            "openings": {pair_key(a, b): list(v) for (a, b), v in self.openings.items()},
            "placing": placing_json(self.openings),
        }


def study_board(table: Table) -> BoardStudy:
    meta = table.meta
    rows = table.rows
    openings = {(a, b): opening_value(table, a, b) for a in ROLLS for b in ROLLS}
    chances = {WIN: Fraction(0), DRAW: Fraction(0), LOSS: Fraction(0)}
    for action, probability in setup_outcomes("roll"):
        red, white = decode_setup(action)
        first, second = (red, white) if outcome_starter(action, "roll") == 0 else (white, red)
        chances[openings[first, second][0]] += Fraction(probability)
    counts_all = meta["codes_all"]
    counts_live = meta["codes_live"]
    placements = sum(counts_all) - counts_all[255]
    live = sum(counts_live) - counts_live[255]
    wins = [counts_live[2 * d - 1] for d in range(1, 128)]
    losses = [counts_live[2 * d] for d in range(1, 128)]
    longest_win = max((d + 1 for d, c in enumerate(wins) if c), default=0)
    longest_loss = max((d + 1 for d, c in enumerate(losses) if c), default=0)
    return BoardStudy(
        rows=rows,
        placements=placements,
        passes=meta["passes"],
        openings=openings,
        first_player=chances,
        fixed_default=opening_value(table, (1, 2, 3), (2, 3, 1)),
        draws_all=counts_all[0],
        draws_live=counts_live[0],
        live=live,
        longest_win=longest_win,
        longest_loss=longest_loss,
        longest_example=longest_example(table, 2 * longest_win - 1) if longest_win else {},
        distances={WIN: wins[:longest_win], LOSS: losses[:longest_loss]},
    )


def is_live(table: Table, row: int, col: int) -> bool:
    geo = table.board
    red, white = geo.sets[row], geo.sets[col]
    return bool(kernels._live(red, white, *geo.red_targets())
                and kernels._live(white, red, *geo.white_targets()))


def longest_example(table: Table, code: int) -> dict:
    """A live red-to-move position with ``code`` and its principal variation."""
    n = table.board.n_sets
    for row in range(n):
        cols = np.flatnonzero(table.values[row] == code)
        for col in cols:
            if is_live(table, row, int(col)):
                return {"position": position_json(table, row, int(col)),
                        "line": principal_variation(table, row, int(col))}
    return {}


def position_json(table: Table, row: int, col: int) -> dict:
    """Position JSON (docs/formats.md, "Positions") of table entry ``(row, col)``, red to move."""
    stacks: dict[str, list] = {}
    sets = table.board.sets
    names = table.board.grid.names
    dice = [(int(s), "red") for s in sets[row]] + [(int(s), "white") for s in sets[col]]
    for slot, colour in sorted(dice, key=lambda d: d[0] % 3):
        stacks.setdefault(names[slot // 3], []).append([colour, slot % 3 + 1])
    return {"game": "diceout", "options": {"rows": table.rows}, "to_move": "red",
            "stacks": dict(sorted(stacks.items()))}


def principal_variation(table: Table, row: int, col: int, limit: int = 200) -> list[str]:
    """Best play from ``(row, col)``: the winner wins fastest, the loser loses slowest."""
    geo = table.board
    names = geo.grid.names
    t0, t1 = geo.red_targets()
    buf = np.zeros((kernels.MAX_CANDIDATES, 5), dtype=np.int64)
    line: list[str] = []
    turned = False  # the table's red is white on the real board every other ply
    while len(line) < limit:
        n = kernels.position_moves(row, col, geo.sets, geo.rank_of_colex, geo.rotated, geo.neighbours,
                                   t0, t1, geo.cells, buf)
        options = []
        for frm, to, outcome, child_row, child_col in buf[:n].tolist():
            if outcome == kernels.OUT_WIN:
                value = (WIN, 1)
            elif outcome == kernels.OUT_SUICIDE:
                value = (LOSS, 1)
            else:
                value = flip(*decode(table.code(child_row, child_col)))
            if turned:
                frm, to = geo.rotate_cell(frm), geo.rotate_cell(to)
            options.append((preference(*value), f"{names[frm]}-{names[to]}", outcome,
                            child_row, child_col))
        if not options:
            options = [((0, 0), "pass", kernels.OUT_CHILD, int(geo.rotated[col]), int(geo.rotated[row]))]
        _, notation, outcome, row, col = min(options)
        line.append(notation)
        if outcome != kernels.OUT_CHILD or table.code(row, col) == 0:
            break
        turned = not turned
    return line


def plot_openings(study: BoardStudy, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    labels = ["".join(map(str, r)) for r in ROLLS]
    grid = np.zeros((len(ROLLS), len(ROLLS)))
    fig, ax = plt.subplots(figsize=(11, 10))
    for i, a in enumerate(ROLLS):
        for j, b in enumerate(ROLLS):
            result, plies = study.openings[a, b]
            grid[i, j] = {LOSS: 0, DRAW: 1, WIN: 2}[result]
            ax.text(j, i, str(plies) if plies else "", ha="center", va="center", fontsize=6, color="white")
    ax.imshow(grid, cmap=ListedColormap([RESULT_COLOURS[LOSS], RESULT_COLOURS[DRAW], RESULT_COLOURS[WIN]]),
              vmin=0, vmax=2)
    ax.set_xticks(range(len(ROLLS)), labels, rotation=90, fontsize=7)
    ax.set_yticks(range(len(ROLLS)), labels, fontsize=7)
    ax.set_xlabel("second player's roll (files b c d)")
    ax.set_ylabel("first player's roll (files b c d)")
    ax.set_title(f"Dice Out 5×{study.rows}: value for the first player "
                 "(green win, grey draw, red loss; number = plies)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_distances(studies: list[BoardStudy], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    for ax, result in zip(axes, (WIN, LOSS), strict=True):
        for study in studies:
            counts = np.array(study.distances[result], dtype=float)
            counts[counts == 0] = np.nan  # leave gaps where no position has that distance
            ax.semilogy(range(1, len(counts) + 1), counts, marker=".", label=f"5×{study.rows}")
        ax.set_xlabel("plies to the end with best play")
        ax.set_title(f"live positions the side to move {'wins' if result == WIN else 'loses'}")
        ax.grid(alpha=0.3)
        ax.legend()
    axes[0].set_ylabel("positions")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def percent(x: float) -> str:
    """A share as a percentage with 4 significant digits (small draw shares stay visible)."""
    return f"{100 * x:.4g}%"


def opening_counts(board: dict) -> dict[str, int]:
    """How many of the board's ordered openings the first player wins, draws and loses."""
    counts = {WIN: 0, DRAW: 0, LOSS: 0}
    for result, _ in board["openings"].values():
        counts[result] += 1
    return counts


def render_report(boards: list[dict]) -> str:
    """The bilingual report ``docs/study/diceout.md`` from the boards' study JSON."""
    lines = [
        "# Dice Out opening study / ダイスアウト 初期配置の研究",
        "",
        "Generated by `asobiba study diceout` from the solved tables (`asobiba solve diceout`).",
        "Values assume perfect play, `declare=auto`, and no ply limit: positions that best play never",
        "resolves are draws (by repetition). 'Plies' counts moves (and forced passes) until the game ends.",
        "",
        "`asobiba study diceout` が完全解析テーブルから生成したレポートです。双方最善、`declare=auto`、",
        "手数上限なし（最善でも決着しない局面は千日手による引き分け）を前提とします。「手数」は決着までの",
        "手（強制パスを含む）の数です。",
        "",
        "| board 盤 | placements 配置数 | live 実戦で現れうる | draws (all / live) 引き分け | "
        "first player wins / draws / loses (roll rule, order rolled) "
        "先手の勝ち・引き分け・負け（振った順） | "
        "longest forced win 最長の必勝手順 | default fixed set-up (red first) 既定の固定配置 |",
        "|---|---|---|---|---|---|---|",
    ]
    for b in boards:
        fp = b["first_player_roll_rule"]
        fixed = b["default_fixed_setup_red_first"]
        lines.append(
            f"| 5×{b['rows']} | {b['placements']:,} | {b['live_positions']:,} | "
            f"{percent(b['draw_share_all'])} / {percent(b['draw_share_live'])} | {percent(fp[WIN])} / "
            f"{percent(fp[DRAW])} / {percent(fp[LOSS])} | {b['longest_forced_win_live']} plies | "
            f"{fixed[0]} in {fixed[1]} |"
        )
    lines += [
        "",
        "*Live* positions are those that can stand at the start of a turn: neither side shows Dice Out and",
        "no die stands on one of its owner's target EXIT squares. The first player's chances use the",
        "engine's exact set-up chance node (378 equally likely roll pairs; ties are rolled again).",
        "",
        "「実戦で現れうる」局面とは、手番開始時にありうる局面（どちらもダイスアウトを見せておらず、",
        "自分の目標 EXIT マスに自分のダイスがない）です。先手の確率はエンジンの初期配置の確率",
        "（378 通りの出目の組が等確率、同点は振り直し）で計算しています。",
        "",
        "![distances](diceout-distances.png)",
        "",
    ]
    for b in boards:
        ex = b["longest_example"]
        counts = opening_counts(b)
        lines += [
            f"## 5×{b['rows']}",
            "",
            f"Solved in {b['passes']} passes. Of the 24 × 24 = 576 set-ups (first player's arrangement × "
            f"second player's arrangement) the first player wins {counts[WIN]}, draws {counts[DRAW]} and "
            f"loses {counts[LOSS]}.",
            f"24 × 24 = 576 通りの初期配置（先手の並び × 後手の並び）のうち、先手の勝ち {counts[WIN]}、"
            f"引き分け {counts[DRAW]}、負け {counts[LOSS]}。",
            "",
            f"![openings 5×{b['rows']}](diceout-openings-r{b['rows']}.png)",
            "",
        ]
        if ex:
            lines += [
                f"Longest forced win among live positions: {b['longest_forced_win_live']} plies (longest "
                f"forced loss {b['longest_forced_loss_live']} plies). An example, red to move / "
                "最長の必勝局面の例（赤の手番）:",
                "",
                "```json",
                json.dumps(ex["position"]),
                "```",
                "",
                "Best play / 最善手順: " + " ".join(ex["line"]),
                "",
            ]
    lines += placing_section(boards)
    return "\n".join(lines)


def write_documents(boards: list[dict], directory: Path) -> Path:
    """Write the study JSON, the placing figure and the report for ``boards`` into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / STUDY_JSON).write_text(json.dumps(boards, indent=1) + "\n", encoding="utf-8")
    plot_placing(boards, directory / PLOT_NAME)
    report = directory / "diceout.md"
    report.write_text(render_report(boards) + "\n", encoding="utf-8")
    return report


def write_study(tables: list[Table], directory: Path) -> Path:
    """Compute the study for ``tables`` and write report, figures and JSON into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    studies = [study_board(t) for t in tables]
    for s in studies:
        plot_openings(s, directory / f"diceout-openings-r{s.rows}.png")
    plot_distances(studies, directory / "diceout-distances.png")
    return write_documents([s.to_json() for s in studies], directory)


def load_study(path: Path) -> list[dict]:
    """The boards of a study JSON written by :func:`write_study`, checked for what the page needs."""
    text = read_text_file(path, StudyFileError)  # a regular file, bounded, UTF-8
    boards = parse_json(text, StudyFileError, f"{path}: ")
    if not isinstance(boards, list) or not boards or not all(isinstance(b, dict) for b in boards):
        raise StudyFileError(f"{path} is not a study JSON (a list of boards)")
    for board in boards:
        check_board(board, path)
    return boards


def check_board(board: dict, path: Path) -> None:
    missing = [k for k in REPORT_KEYS if k not in board]
    if missing:
        raise StudyFileError(f"a board in {path} lacks {', '.join(missing)}")
    expected = {pair_key(a, b) for a in ROLLS for b in ROLLS}
    openings = board["openings"]
    if not isinstance(openings, dict) or set(openings) != expected or not all(
            is_value(v) for v in openings.values()):
        raise StudyFileError(f"the 5×{board['rows']} openings in {path} are not the 576 values "
                             '"ABC-XYZ": [result, plies]')


def is_value(entry: object) -> bool:
    """Whether ``entry`` is a stored value ``[result, plies]``."""
    return (isinstance(entry, list) and len(entry) == 2 and entry[0] in (WIN, DRAW, LOSS)
            and isinstance(entry[1], int) and entry[1] >= 0)


def restudy(path: Path, directory: Path) -> Path:
    """Recompute the placing facts from the study JSON at ``path`` and rewrite JSON, figure and report.

    The tables are not needed: the placing facts only use each board's opening values.
    """
    boards = load_study(path)
    for board in boards:
        board["placing"] = placing_json(parse_openings(board["openings"]))
    return write_documents(boards, directory)
