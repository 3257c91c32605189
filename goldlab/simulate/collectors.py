"""Game-specific columns: one small collector per game.

A collector reads a finished state and returns, for each seat, the values of
the columns that only make sense for its game (Gold!'s sets scored, Mount
Goldrush's gold cards, Goldland's treasures).  :func:`goldlab.simulate`
adds them to every row.  A game without a collector gets the generic
columns only.

Register your own with :func:`register_collector`:

>>> from goldlab.simulate.collectors import Collector, collector_for
>>> collector_for("gold").columns
('sets_scored', 'colour_points', 'donkeys_banked', 'cards_banked')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from goldlab.core.state import State

SeatColumns = dict[str, list[Any]]


@dataclass(frozen=True)
class Collector:
    """Names the extra columns of a game and computes them from a finished state."""

    game: str
    columns: tuple[str, ...]
    collect: Callable[[State[Any]], SeatColumns]
    docs: tuple[str, ...] = ()

    def describe(self) -> list[dict[str, str]]:
        """One row per column: its name and what it means."""
        return [
            {"column": name, "meaning": doc}
            for name, doc in zip(self.columns, self.docs or ("",) * len(self.columns),
                                 strict=True)
        ]


_COLLECTORS: dict[str, Collector] = {}


def register_collector(collector: Collector) -> Collector:
    """Make :func:`goldlab.simulate` add ``collector``'s columns for its game."""
    _COLLECTORS[collector.game] = collector
    return collector


def collector_for(game: str) -> Collector | None:
    """The collector of ``game``, or None when it has none."""
    return _COLLECTORS.get(game)


# ------------------------------------------------------------------- Gold!
def _gold(state: State[Any]) -> SeatColumns:
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


register_collector(Collector(
    "gold",
    ("sets_scored", "colour_points", "donkeys_banked", "cards_banked"),
    _gold,
    (
        "sets of three scored during the game",
        "points banked at the final colour scoring",
        "donkey cards (-2) in the scoring pile at the end",
        "cards in the scoring pile at the end (the tie-break)",
    ),
))


# ----------------------------------------------------------- Mount Goldrush
def _goldrush(state: State[Any]) -> SeatColumns:
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


register_collector(Collector(
    "goldrush",
    ("gold_cards", "gold_lost_to_others", "gold_from_others", "rush_gold"),
    _goldrush,
    (
        "gold cards won (the tie-break)",
        "gold this seat turned up that another player's digger carried off",
        "gold this seat's diggers carried off when another player turned it up",
        "gold won during the Gold Rush",
    ),
))


# ----------------------------------------------------------------- Goldland
def _goldland(state: State[Any]) -> SeatColumns:
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


register_collector(Collector(
    "goldland",
    ("amulet_round", "treasures", "markers", "gold_pieces"),
    _goldland,
    (
        "round in which the seat took an amulet (-1: never)",
        "treasures in the backpack at the end (3 gold each)",
        "adventure markers held at the end",
        "gold pieces at the end",
    ),
))
