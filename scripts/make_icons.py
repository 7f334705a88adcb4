"""Draw the home-screen icons of the web table (asobiba/web/static/icon-192.png, icon-512.png): the
favicon's star (a red triangle up, a gold one down, a green centre) on the page's paper colour,
inside the middle 80 % so that a launcher's round or squircle mask never cuts it (``maskable``).

    python3 scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

STATIC = Path(__file__).resolve().parent.parent / "asobiba" / "web" / "static"
PAPER, RED, GOLD, GREEN = (246, 241, 231, 255), (217, 74, 58, 255), (232, 184, 48, 217), (47, 143, 91, 255)


def icon(size: int) -> Image.Image:
    """The icon at ``size`` pixels, drawn 4 times larger and scaled down (smooth edges)."""
    big = size * 4
    image = Image.new("RGBA", (big, big), PAPER)
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    unit = big * 0.8 / 32  # the favicon's 32-unit box in the middle 80 %
    at = big * 0.1

    def p(x: float, y: float) -> tuple[float, float]:
        return (at + x * unit, at + y * unit)

    draw.polygon([p(16, 1), p(29, 23.5), p(3, 23.5)], fill=RED)
    image = Image.alpha_composite(image, layer)
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(layer).polygon([p(16, 31), p(3, 8.5), p(29, 8.5)], fill=GOLD)
    image = Image.alpha_composite(image, layer)
    draw = ImageDraw.Draw(image)
    draw.ellipse([p(11, 11), p(21, 21)], fill=GREEN)
    return image.resize((size, size), Image.Resampling.LANCZOS).convert("RGB")


if __name__ == "__main__":
    for size in (192, 512):
        icon(size).save(STATIC / f"icon-{size}.png", optimize=True)
