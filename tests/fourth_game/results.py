"""Pig's columns in a simulation's results."""

from __future__ import annotations

from typing import Any

from goldlab.core.state import State

COLUMNS: tuple[tuple[str, str], ...] = (
    ("ones_rolled", "turns lost to a 1"),
)


def collect(state: State[Any]) -> dict[str, list[Any]]:
    """How many 1s each seat rolled."""
    from fourth_game.state import Rolled

    ones = [0] * state.players
    for event in state.events():
        if isinstance(event, Rolled) and event.pips == 1:
            ones[event.seat] += 1
    return {"ones_rolled": ones}
