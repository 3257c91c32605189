"""Mount Goldrush's columns in a simulation's results: gold cards and where gold went."""

from __future__ import annotations

from typing import Any

from goldlab.core.state import State

COLUMNS: tuple[tuple[str, str], ...] = (
    ("gold_cards", "gold cards won (the tie-break)"),
    ("gold_lost_to_others",
     "gold this seat turned up that another player's digger carried off"),
    ("gold_from_others",
     "gold this seat's diggers carried off when another player turned it up"),
    ("rush_gold", "gold won during the Gold Rush"),
)
"""The extra columns of a result row: (name, meaning)."""


def collect(state: State[Any]) -> dict[str, list[Any]]:
    """Each column's value per seat, from a finished state."""
    from goldlab.games.goldrush.events import GoldFound, RushGold

    n = state.players
    lost = [0] * n
    gifted = [0] * n
    rush = [0] * n
    for event in state.events():
        if isinstance(event, GoldFound):
            if event.receiver != event.flipper:
                lost[event.flipper] += event.gold.value
                gifted[event.receiver] += event.gold.value
        elif isinstance(event, RushGold):
            rush[event.seat] += event.gold.value
    return {
        "gold_cards": list(state.gold_cards()),  # type: ignore[attr-defined]
        "gold_lost_to_others": lost,
        "gold_from_others": gifted,
        "rush_gold": rush,
    }
