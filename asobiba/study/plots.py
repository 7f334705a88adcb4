"""The plots of a study (``--out DIR``): a heat map for a matrix, bars with their intervals
otherwise, each as PNG and SVG (docs/study/README.md, "Output"). The title names the level, the
games, the seed and the confidence; a figure marked ``*`` is clear after Holm's correction.

Titles and labels are in English and Japanese when matplotlib has a font with Japanese glyphs
(:func:`japanese_font`); without one they are in English only, rather than showing empty boxes.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..ai.levels import LEVEL_NAMES_JA

JAPANESE_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
                  "VL Gothic", "Hiragino Sans", "Yu Gothic", "Meiryo", "MS Gothic")


def japanese_font() -> str | None:
    """The first installed font of :data:`JAPANESE_FONTS`, or None."""
    from matplotlib import font_manager

    for family in JAPANESE_FONTS:
        try:
            font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
        except ValueError:
            continue
        return family
    return None


def _label(en: str, ja: str, font: str | None) -> str:
    return f"{en} / {ja}" if font else en


def _name(subject: str, font: str | None) -> str:
    ja = LEVEL_NAMES_JA.get(subject)
    return f"{subject}\n{ja}" if font and ja else subject


def write_plots(data: Mapping[str, Any], directory: Path) -> list[Path]:
    """Write the study's plot into ``directory`` as PNG and SVG; return the files."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    font = japanese_font()
    if font:
        plt.rcParams["font.family"] = [font, "DejaVu Sans"]
    head = data["study"]
    stem = f"{head['game']}-{head['compare']}"
    fig = _matrix(plt, data, font) if "matrix" in data else _bars(plt, data, font)
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / f"{stem}.png", directory / f"{stem}.svg"]
    fig.savefig(paths[0], dpi=110)
    fig.savefig(paths[1], metadata={"Date": None})
    plt.close(fig)
    return paths


def _title(data: Mapping[str, Any], font: str | None) -> str:
    head = data["study"]
    ci = f"{100 * head['confidence']:g} %"
    games = [c["games"] for c in data["cells"]]
    spread = f"{min(games)}" if min(games) == max(games) else f"{min(games)}–{max(games)}"
    level = head["level"] if head["compare"] != "first-player" else ",".join(head["levels"])
    facts = _label(f"level {level}, {spread} games a cell, seed {head['seed']}",
                   f"レベル {level}・1 セル {spread} 局・シード {head['seed']}", font)
    rule = _label(f"{ci} interval, * clear after Holm's correction ({data['tests']} tests)",
                  f"{ci} 区間・* はホルム補正後も明らか", font)
    if "matrix" in data:
        what = _label(f"{head['game']}: row's share against column", "行の対列勝率", font)
    else:
        what = _label(f"{head['game']}: first player's score", "先手の得点率", font)
    return f"{what}\n{facts}\n{rule}"


def _matrix(plt: Any, data: Mapping[str, Any], font: str | None) -> Any:
    import numpy as np

    m = data["matrix"]
    names = m["subjects"]
    size = len(names)
    grid = np.array([[np.nan if v is None else v for v in row] for row in m["share"]], dtype=float)
    fig, ax = plt.subplots(figsize=(max(6.4, 2.2 + 1.3 * size), 1.6 + 1.1 * size))  # room for the title
    image = ax.imshow(100 * grid, cmap="RdBu", vmin=0, vmax=100)
    for i in range(size):
        for j in range(size):
            if m["share"][i][j] is None:
                continue
            mark = "*" if m["clear"][i][j] else ""
            text = (f"{100 * m['share'][i][j]:.1f}{mark}\n"
                    f"{100 * m['low'][i][j]:.1f}–{100 * m['high'][i][j]:.1f}")
            ax.text(j, i, text, ha="center", va="center", fontsize=8)
    labels = [_name(n, font) for n in names]
    ax.set_xticks(range(size), labels, rotation=30, ha="right")
    ax.set_yticks(range(size), labels)
    ax.set_xlabel(_label("against", "相手", font))
    ax.set_ylabel(_label("share of", "勝率の主", font))
    ax.set_title(_title(data, font), fontsize=8)
    fig.colorbar(image, ax=ax, label="%")
    fig.tight_layout()
    return fig


def _bars(plt: Any, data: Mapping[str, Any], font: str | None) -> Any:
    cells = data["cells"]
    shares = [100 * (c["share"] if c["share"] is not None else 0.5) for c in cells]
    low = [s - 100 * c["interval"][0] for s, c in zip(shares, cells, strict=True)]
    high = [100 * c["interval"][1] - s for s, c in zip(shares, cells, strict=True)]
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(cells) + 2), 4.5))
    ax.bar(range(len(cells)), shares, yerr=[low, high], capsize=5, color="#4878a8")
    ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    for k, c in enumerate(cells):
        if c["difference"]["clear"]:
            ax.text(k, min(98.0, shares[k] + high[k] + 2), "*", ha="center", fontsize=12)
    ax.set_xticks(range(len(cells)), [c["label"] for c in cells], rotation=20, ha="right")
    ax.set_ylim(0, 100)
    ax.set_ylabel(_label("score of the first player, %", "先手の得点率 %", font))
    ax.set_title(_title(data, font), fontsize=8)
    fig.tight_layout()
    return fig
