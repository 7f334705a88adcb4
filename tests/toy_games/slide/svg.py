"""The Toy Slide track as SVG: one ``<rect data-cell="cN">`` per cell, the goal ``c0`` on the left."""

from __future__ import annotations

from collections.abc import Sequence

from .game import SlideState, cell_name

CELL = 60
STYLE = (".cell { fill: #f4e4c1; stroke: #6b4320; stroke-width: 2; } .goal { fill: #b9dba0; } "
         ".legal { fill: #d9ecc8; } .last { stroke: #b3541e; stroke-width: 4; }")


def render_svg(state: SlideState, *, highlights: Sequence[str] = (), last_move: int | None = None) -> str:
    cells = state.game.options.cells
    marked = set(highlights)
    last = None if last_move is None or state.stone is None else cell_name(state.stone)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {cells * CELL} {CELL}">',
        f"<style>{STYLE}</style>",
    ]
    for cell in range(cells):
        name = cell_name(cell)
        classes = ["cell"] + ["goal"] * (cell == 0) + ["legal"] * (name in marked) + ["last"] * (name == last)
        parts.append(
            f'<rect class="{" ".join(classes)}" data-cell="{name}" x="{cell * CELL}" y="0" '
            f'width="{CELL}" height="{CELL}"/>'
        )
    if state.stone is not None:
        centre = state.stone * CELL + CELL // 2
        parts.append(f'<circle cx="{centre}" cy="{CELL // 2}" r="{CELL // 3}" fill="#444" '
                     'pointer-events="none"/>')
    parts.append("</svg>")
    return "".join(parts)
