"""Pig's table as a small RGB picture: one bar per seat, as long as its score."""

from __future__ import annotations

from typing import Any


def picture(view: Any) -> Any:
    """A ``numpy`` RGB array (NumPy is imported only when a picture is drawn)."""
    import numpy as np

    img = np.full((10 * view.players + 2, 64, 3), 255, np.uint8)
    for seat, points in enumerate(view.scores):
        img[2 + 10 * seat:10 + 10 * seat, 0:min(64, 2 * points)] = (200, 60, 60)
    return img
