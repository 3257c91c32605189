"""Mount Goldrush's table as a small RGB picture (PettingZoo's ``rgb_array``), in the
colours of its one picture (:data:`goldlab.games.goldrush.picture.FACES`)."""

from __future__ import annotations

from typing import Any

from goldlab.interop.raster import BACK, BACKGROUND, INK, Image, canvas, card, hex_rgb


def picture(view: Any) -> Image:
    """Mount Goldrush: the 8x8 table; seen cards shown, unseen ones as backs, gone ones empty."""
    from goldlab.games.goldrush.observation import GONE, UP
    from goldlab.games.goldrush.picture import FACES

    size, gap = 22, 3
    side = 8
    img = canvas(side * (size + gap) + gap, side * (size + gap) + gap)
    for p, (status, c) in enumerate(zip(view.status, view.cards, strict=True)):
        x = gap + (p % side) * (size + gap)
        y = gap + (p // side) * (size + gap)
        if status == GONE:
            continue
        if c is None:
            card(img, x, y, size, size, BACK)
            continue
        face = "gold" if c.is_gold else "dynamite" if c.is_dynamite else str(c.colour)
        fill, ink = (hex_rgb(colour) for colour in FACES[face])
        label = "X" if c.is_dynamite else str(c.value)
        if status != UP:  # seen before, face down again: faded, dark ink
            r, g, b = ((v + 2 * w) // 3 for v, w in zip(fill, BACKGROUND, strict=True))
            fill, ink = (r, g, b), INK
        card(img, x, y, size, size, fill, label, ink)
    return img
