"""A game's pictures for the environments (docs/research.md, "PettingZoo"): the terminal text, and
the board picture (the game's SVG) as pixels.

The SVG is drawn to pixels by CairoSVG on the system's cairo library (the extra ``asobiba[rl]``
brings CairoSVG; cairo itself is a system package, ``libcairo2`` on Debian). Cairo draws each text
in the one font its family names, with no fallback for the glyphs that font lacks, so the generic
``sans-serif`` of the pictures (DejaVu Sans on Debian) would draw Japanese labels as boxes: where
fontconfig knows a Japanese font (:data:`JAPANESE_FONTS`; ``fonts-noto-cjk`` on Debian), the
picture names it instead. Without one, Japanese text shows as boxes.
"""

from __future__ import annotations

import functools
import io
import re
import subprocess

import numpy as np

from ..core import State
from ..core.descriptor import GameDescriptor

WIDTH = 480
"""Width in pixels of the board picture (its height follows the SVG's proportions)."""
JAPANESE_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
                  "VL Gothic")
"""Fonts with Japanese (and Latin) glyphs, the first installed one drawing the pictures' text."""
GENERIC = re.compile(r"\bsans-serif\b")


@functools.lru_cache(maxsize=1)
def japanese_font() -> str | None:
    """The first of :data:`JAPANESE_FONTS` fontconfig knows, or None."""
    try:
        listed = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True,
                                timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    families = {name.strip() for line in listed.splitlines() for name in line.split(",")}
    return next((f for f in JAPANESE_FONTS if f in families), None)


def with_japanese_font(svg: str) -> str:
    """``svg`` with its generic ``sans-serif`` text drawn in a Japanese font, when there is one."""
    font = japanese_font()
    return svg if font is None else GENERIC.sub(f"'{font}'", svg)


def text(descriptor: GameDescriptor, state: State, last_move: int | None) -> str:
    """The terminal picture, the last move marked when the game can mark it."""
    if descriptor.render_text is not None:
        return descriptor.render_text(state, color=False, last_move=last_move)
    return state.render_text()


def pixels(descriptor: GameDescriptor, state: State, last_move: int | None,
           width: int = WIDTH) -> np.ndarray:
    """The board picture as an ``(height, width, 3)`` uint8 array; a LookupError for a game
    without an SVG picture."""
    if descriptor.render_svg is None:
        raise LookupError(f"{descriptor.id} has no board picture")
    import cairosvg
    from PIL import Image

    svg = with_japanese_font(descriptor.render_svg(state, last_move=last_move))
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=width, background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
