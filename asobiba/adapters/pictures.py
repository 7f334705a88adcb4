"""A game's pictures for the environments (docs/research.md, "PettingZoo"): the terminal text, and
the board picture (the game's SVG) as pixels.

The SVG is drawn to pixels by CairoSVG on the system's cairo library (the extra ``asobiba[rl]``
brings CairoSVG; cairo itself is a system package, ``libcairo2`` on Debian).
"""

from __future__ import annotations

import io

import numpy as np

from ..core import State
from ..core.descriptor import GameDescriptor

WIDTH = 480
"""Width in pixels of the board picture (its height follows the SVG's proportions)."""


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

    svg = descriptor.render_svg(state, last_move=last_move)
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=width, background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
