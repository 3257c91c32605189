"""Small raster pictures of tables (``numpy`` RGB arrays) for PettingZoo's ``rgb_array``.

The shared pieces only: a 3x5 pixel font, a card, the table's colours.  Each game
draws its own picture from them (the ``picture`` of its description).
"""

from __future__ import annotations

import numpy as np

# A 3x5 pixel font for the card values drawn on the pictures.
_GLYPHS: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
}
BACKGROUND = (255, 251, 234)
BACK = (139, 109, 42)
WHITE = (255, 255, 255)
INK = (34, 34, 34)
RGB = tuple[int, int, int]


def hex_rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def text(img: np.ndarray, x: int, y: int, text: str, colour: RGB, scale: int = 2) -> None:
    for ch in text:
        glyph = _GLYPHS.get(ch)
        if glyph is not None:
            for row, line in enumerate(glyph):
                for col, px in enumerate(line):
                    if px == "#":
                        y0, x0 = y + row * scale, x + col * scale
                        img[y0:y0 + scale, x0:x0 + scale] = colour
        x += 4 * scale


def card(img: np.ndarray, x: int, y: int, w: int, h: int, fill: RGB, label: str = "",
          ink: RGB = WHITE) -> None:
    if x + w > img.shape[1] or y + h > img.shape[0]:
        return
    img[y:y + h, x:x + w] = fill
    if label:
        text(img, x + (w - (8 * len(label) - 2)) // 2, y + (h - 10) // 2, label, ink)


Image = np.ndarray
"""A picture: a ``(height, width, 3)`` array of ``uint8``."""


def canvas(height: int, width: int) -> Image:
    """A blank picture in the table's background colour."""
    img = np.empty((height, width, 3), np.uint8)
    img[:] = BACKGROUND
    return img
