"""Colour vision, measured (docs/play.md, "Colour vision"): the seats' piece colours of every game under
the colour-vision simulations the screenshots use (Machado, Oliveira and Fernandes 2009, severity 1,
applied in linear RGB as the test page's ``feColorMatrix`` does), as CIE Lab differences.

Several pairs of camps merge under a simulation (ΔE below :data:`TELLS_APART`) — Diamond's red and
green under deuteranopia and protanopia, blue and green under tritanopia — so colour alone cannot
be the default: the default piece style gives every seat its own shape (``piecestyle.js``, on
unless turned off), and there are shapes enough for every seat of every game. The browser test
``test_web_access_browser.py`` checks the shapes are drawn with no setting.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

from web.test_web_access_browser import CVD

from asobiba.games.diceout.svg import FACE
from asobiba.games.gandice.svg import SEAT_COLOURS
from asobiba.games.star.svg import _FILL as STAR_FILL  # the marbles' colours

TELLS_APART = 30.0
"""The least CIE76 ΔE at which two piece colours are told apart at a glance on small pieces
(full colour vision sets every pair of camps at least 50 apart)."""
STATIC = Path(__file__).resolve().parents[2] / "asobiba" / "web" / "static"


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def simulate(hex_colour: str, kind: str | None) -> tuple[float, float, float]:
    """The colour in linear RGB as the simulation ``kind`` shows it (None: as it is)."""
    lin = [_linear(c) for c in _rgb(hex_colour)]
    if kind is None:
        return lin[0], lin[1], lin[2]
    m = [float(v) for v in CVD[kind].split()]
    out = [min(1.0, max(0.0, sum(m[row * 5 + i] * lin[i] for i in range(3)) + m[row * 5 + 4]))
           for row in range(3)]
    return out[0], out[1], out[2]


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str, kind: str | None) -> float:
    la, lb = lab(simulate(a, kind)), lab(simulate(b, kind))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


CAMPS = {
    "diamond": {c: STAR_FILL[c] for c in ("red", "yellow", "green")},
    "chinese_checkers": dict(STAR_FILL),
    "diceout": {colour: face[0] for colour, face in FACE.items()},
    "gandice": {f"p{i + 1}": colour for i, colour in enumerate(SEAT_COLOURS)},
}


def merging() -> dict[str, set[tuple[str, frozenset[str]]]]:
    """The pairs of camps each simulation merges, by simulation."""
    out: dict[str, set[tuple[str, frozenset[str]]]] = {kind: set() for kind in CVD}
    for game, camps in CAMPS.items():
        for (a, ca), (b, cb) in combinations(camps.items(), 2):
            assert delta_e(ca, cb, None) >= TELLS_APART, (game, a, b)  # with full colour vision
            for kind in CVD:
                if delta_e(ca, cb, kind) < TELLS_APART:
                    out[kind].add((game, frozenset((a, b))))
    return out


def test_the_simulations_merge_camps_so_colour_alone_is_not_the_default() -> None:
    merged = merging()
    assert ("diamond", frozenset(("red", "green"))) in merged["deuteranopia"]
    assert ("diamond", frozenset(("red", "green"))) in merged["protanopia"]
    assert ("chinese_checkers", frozenset(("blue", "green"))) in merged["tritanopia"]


def test_every_seat_of_every_game_has_a_shape_of_its_own_and_shapes_are_the_default() -> None:
    source = (STATIC / "js" / "piecestyle.js").read_text(encoding="utf-8")
    glyphs = re.findall(r'glyph: "(.)"', source)
    assert len(glyphs) == len(set(glyphs)) >= max(len(camps) for camps in CAMPS.values())
    # shapes are on unless a person turned them off
    assert 'localStorage.getItem(KEY) !== "colours"' in source
