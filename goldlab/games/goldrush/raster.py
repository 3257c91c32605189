"""Mount Goldrush's table as a small RGB picture (PettingZoo's ``rgb_array``)."""

from __future__ import annotations

from typing import Any

from goldlab.interop.raster import BACK, BACKGROUND, INK, WHITE, Image, canvas, card, hex_rgb


def picture(view: Any) -> Image:
    """Mount Goldrush: the 8x8 table; seen cards shown, unseen ones as backs, gone ones empty."""
    from goldlab.games.goldrush.observation import GONE, UP

    diggers = {"green": "#2e8b57", "orange": "#e8892b", "blue": "#2a6fdb", "red": "#d64545",
               "violet": "#8a4fd6"}
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
        if c.is_gold:
            fill, label, ink = (230, 190, 50), str(c.value), INK
        elif c.is_dynamite:
            fill, label, ink = (40, 40, 40), "X", (230, 60, 60)
        else:
            fill, label, ink = hex_rgb(diggers[c.colour]), str(c.value), WHITE
        if status != UP:  # seen before, face down again: faded, dark ink
            r, g, b = ((v + 2 * w) // 3 for v, w in zip(fill, BACKGROUND, strict=True))
            fill, ink = (r, g, b), INK
        card(img, x, y, size, size, fill, label, ink)
    return img
