"""Goldland's columns in a simulation's results: amulets, treasures, markers, gold."""

from __future__ import annotations

from typing import Any

from goldlab.core.state import State

COLUMNS: tuple[tuple[str, str], ...] = (
    ("amulet_round", "round in which the seat took an amulet (-1: never)"),
    ("treasures", "treasures in the backpack at the end (3 gold each)"),
    ("markers", "adventure markers held at the end"),
    ("gold_pieces", "gold pieces at the end"),
)
"""The extra columns of a result row: (name, meaning)."""


def collect(state: State[Any]) -> dict[str, list[Any]]:
    """Each column's value per seat, from a finished state."""
    from goldlab.games.goldland.articles import TREASURE
    from goldlab.games.goldland.events import AmuletTaken, TurnStarted

    n = state.players
    amulet_round = [-1] * n
    current = 0
    for event in state.events():
        if isinstance(event, TurnStarted):
            current = event.round
        elif isinstance(event, AmuletTaken) and amulet_round[event.seat] < 0:
            amulet_round[event.seat] = current
    markers = state.markers  # type: ignore[attr-defined]
    return {
        "amulet_round": amulet_round,
        "treasures": [state.packs[s][TREASURE] for s in range(n)],  # type: ignore[attr-defined]
        "markers": [sum(1 for holder in markers if holder == s) for s in range(n)],
        "gold_pieces": list(state.gold),  # type: ignore[attr-defined]
    }
