"""Goldland's table as a small RGB picture (PettingZoo's ``rgb_array``), in the colours of
its one picture (:mod:`goldlab.games.goldland.picture`)."""

from __future__ import annotations

from typing import Any

from goldlab.interop.raster import INK, Image, canvas, hex_rgb


def picture(view: Any) -> Image:
    """Goldland: the 7x7 grid (tiles coloured by kind or adventure, paths, treasures),
    camps as small flags and adventurers as squares in the seats' colours."""
    from goldlab.games.goldland.picture import SEAT_COLOURS, tile_colours

    size, gap, side = 30, 2, 7
    img = canvas(side * (size + gap) + gap, side * (size + gap) + gap)
    half, w = size // 2, 3
    for c, entry in enumerate(view.board):
        x = gap + (c % side) * (size + gap)
        y = gap + (c // side) * (size + gap)
        if entry is None:
            img[y:y + size, x:x + size] = (225, 218, 196)
            continue
        tile = view.tileset.by_id(entry[0])
        fill, _, road = tile_colours(tile)
        img[y:y + size, x:x + size] = hex_rgb(fill)
        path = hex_rgb(road)
        exits = tile.exits_at(entry[1] // 90)
        cx, cy = x + half, y + half
        for d, (y0, y1, x0, x1) in enumerate((
            (y, cy + w, cx - w, cx + w), (cy - w, cy + w, cx - w, x + size),
            (cy - w, y + size, cx - w, cx + w), (cy - w, cy + w, x, cx + w),
        )):
            if exits >> d & 1:
                img[y0:y1, x0:x1] = path
    for c in view.treasures:
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        img[y + 2:y + 8, x + size - 8:x + size - 2] = (224, 176, 32)
    for c, seat in view.camps:
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        img[y + 2 + 3 * seat:y + 5 + 3 * seat, x + 2:x + 8] = hex_rgb(SEAT_COLOURS[seat])
    for seat, c in enumerate(view.pawns):
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        px, py = x + 4 + 5 * (seat % 3), y + size - 10 - 5 * (seat // 3)
        img[py - 1:py + 5, px - 1:px + 5] = INK
        img[py:py + 4, px:px + 4] = hex_rgb(SEAT_COLOURS[seat])
    return img
