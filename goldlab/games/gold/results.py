"""Gold!'s columns in a simulation's results: sets, colour points, donkeys, cards."""

from __future__ import annotations

from typing import Any

from goldlab.core.state import State

COLUMNS: tuple[tuple[str, str], ...] = (
    ("sets_scored", "sets of three scored during the game"),
    ("colour_points", "points banked at the final colour scoring"),
    ("donkeys_banked", "donkey cards (-2) in the scoring pile at the end"),
    ("cards_banked", "cards in the scoring pile at the end (the tie-break)"),
)
"""The extra columns of a result row: (name, meaning)."""


def collect(state: State[Any]) -> dict[str, list[Any]]:
    """Each column's value per seat, from a finished state."""
    from goldlab.games.gold.events import ColourScored, SetScored

    n = state.players
    sets = [0] * n
    colour = [0] * n
    for event in state.events():
        if isinstance(event, SetScored):
            sets[event.seat] += 1
        elif isinstance(event, ColourScored):
            for seat, c in event.banked:
                colour[seat] += c.value
    piles = state.piles  # type: ignore[attr-defined]
    return {
        "sets_scored": sets,
        "colour_points": colour,
        "donkeys_banked": [sum(1 for c in p if c.is_donkey) for p in piles],
        "cards_banked": [len(p) for p in piles],
    }
