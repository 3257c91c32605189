"""Where the 64 cards lie: position numbers, grid coordinates and display places.

The rules never look at positions: "distributed face down on the table" (free
layout) or "as an 8x8 grid" (the simplified variant) only change what a player
can keep track of.  Positions are numbered 0-63 in both layouts; in the grid,
position ``p`` is row ``p // 8`` (letters a-h) and column ``p % 8`` (1-8), so
``c4`` is position 19.  In the free layout the display scatters the cards in a
fixed, irregular pattern so that no coordinates help the eye.
"""

from __future__ import annotations

import math

FREE = "free"
GRID = "grid"
LAYOUTS: tuple[str, ...] = (FREE, GRID)
"""The layout option's values."""
SIDE = 8
"""Cards per row of the 8x8 grid."""
ROWS = "abcdefgh"


def grid_label(position: int) -> str:
    """The grid coordinate of a position, e.g. ``grid_label(19) == "c4"``."""
    return f"{ROWS[position // SIDE]}{position % SIDE + 1}"


def parse_grid_label(text: str) -> int | None:
    """The position of a grid coordinate such as ``c4``, or None if it is not one."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in ROWS or text[1] not in "12345678":
        return None
    return ROWS.index(text[0]) * SIDE + int(text[1]) - 1


def label(position: int, layout: str) -> str:
    """How a position is written for people: ``#17`` (free) or ``c2`` (grid)."""
    return grid_label(position) if layout == GRID else f"#{position}"


def place(position: int, layout: str) -> tuple[float, float]:
    """Display coordinates (x, y) in card widths: a grid, or a fixed scatter (free)."""
    row, col = divmod(position, SIDE)
    if layout == GRID:
        return float(col), float(row)
    # A deterministic jitter (golden-angle offsets): irregular but the same every time, and
    # small enough that no card covers another ("Make sure all cards are visible").
    angle = position * 2.399963229728653
    return col + 0.12 * math.cos(angle) + 0.3 * (row % 2), row + 0.12 * math.sin(angle)
