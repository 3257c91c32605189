"""Gold!'s table as a small RGB picture (PettingZoo's ``rgb_array``), in the colours of its
one picture (:mod:`goldlab.games.gold.picture`)."""

from __future__ import annotations

from typing import Any

from goldlab.interop.raster import BACK, INK, RGB, Image, canvas, card, hex_rgb


def picture(view: Any) -> Image:
    """Gold!: the offer, then per seat its tableau and its scoring pile (backs if hidden)."""
    from goldlab.games.gold.picture import CARD_COLOURS

    w, h, gap, cols = 18, 24, 3, 26
    rows = 1 + 2 * view.players
    img = canvas(rows * (h + 2 * gap) + gap, cols * (w + gap) + 3 * gap)

    def row(r: int, cards: Any, hidden: int = 0, marker: RGB | None = None) -> None:
        y = gap + r * (h + 2 * gap)
        if marker is not None:
            img[y:y + h, 0:gap] = marker
        x = 2 * gap
        for c in cards:
            label = "D" if c.is_donkey else str(c.value)
            card(img, x, y, w, h, hex_rgb(CARD_COLOURS[c.colour]), label)
            x += w + gap
        for _ in range(hidden):
            card(img, x, y, w, h, BACK)
            x += w + gap

    row(0, view.offer, marker=INK)
    if view.draw_pile:  # the draw pile at the right end of the offer's row, with its size
        x = img.shape[1] - 2 * gap - 2 * w - gap
        card(img, x, gap, 2 * w + gap, h, BACK, str(view.draw_pile))
    for s in range(view.players):
        turn = (200, 160, 40) if view.to_move == s else None
        row(1 + 2 * s, view.tableaux[s], marker=turn)
        pile = view.scoring_piles[s]
        row(2 + 2 * s, pile if pile is not None else (), hidden=view.pile_sizes[s] if pile is None
            else 0)
    return img
