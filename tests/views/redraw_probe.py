"""A probe of what one redraw of a view costs, in calls of goldlab's own functions.

:func:`probe` runs an action (a click) under :func:`sys.setprofile` and counts, for the
redraw that follows (``GameView._refresh`` and all it calls), the calls of functions
defined in goldlab: all of them, and those made for the scene: inside the presenter's
one ``scene()`` call, inside ``frames()`` (the frames the scene is drawn from, extended by
the new steps only) and inside the ``to_dict()`` of the scene's own values (the JSON form
of what the scene said).  What is left is the view's own work: what the test bounds.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import goldlab

ROOT = str(Path(goldlab.__file__).resolve().parent)
REDRAW = "_refresh"
SCENE = ("scene", "frames", "to_dict")


@dataclass
class Redraws:
    """The goldlab calls of the redraws one action caused."""

    redraws: int = 0
    calls: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Every goldlab function called within a redraw, by (module file, name)."""
    scene: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Those called within ``scene()``, ``frames()`` or the ``to_dict()`` of a scene value."""

    @property
    def own(self) -> Counter[tuple[str, str]]:
        """The calls the view makes of its own, beyond its scene."""
        return self.calls - self.scene


def probe(action: Callable[[], Any]) -> Redraws:
    """Run ``action`` and count the goldlab calls of every redraw it causes."""
    found = Redraws()
    redraw: list[FrameType] = []
    scene: list[FrameType] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        code = frame.f_code
        if not code.co_filename.startswith(ROOT):
            return
        if event == "call":
            if not redraw and code.co_name == REDRAW:
                redraw.append(frame)
                found.redraws += 1
            elif redraw and not scene and code.co_name in SCENE:
                scene.append(frame)
            if redraw:
                key = (code.co_filename[len(ROOT) + 1:], code.co_name)
                found.calls[key] += 1
                if scene:
                    found.scene[key] += 1
        elif event == "return":
            if scene and frame is scene[0]:
                scene.clear()
            if redraw and frame is redraw[0]:
                redraw.clear()

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return found
