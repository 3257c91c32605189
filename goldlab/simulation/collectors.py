"""Game-specific columns: one small collector per game.

A collector reads a finished state and returns, for each seat, the values of
the columns that only make sense for its game (Gold!'s sets scored, Mount
Goldrush's gold cards, Goldland's treasures).  :func:`goldlab.simulate`
adds them to every row.  Each game names its columns in its own folder (the
``results`` module of its :class:`~goldlab.core.description.GameDescription`);
a game without them gets the generic columns only.

Register your own with :func:`register_collector`:

>>> from goldlab.simulation.collectors import Collector, collector_for
>>> collector_for("gold").columns
('sets_scored', 'colour_points', 'donkeys_banked', 'cards_banked')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from goldlab.core.registry import find, when_unregistered
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


@when_unregistered
def _forget_game(game: str) -> None:
    """A game unregistered: its columns go."""
    _COLLECTORS.pop(game, None)


def register_collector(collector: Collector) -> Collector:
    """Make :func:`goldlab.simulate` add ``collector``'s columns for its game."""
    _COLLECTORS[collector.game] = collector
    return collector


def collector_for(game: str) -> Collector | None:
    """The collector of ``game`` (registered, or its description's ``results``), or None."""
    found = _COLLECTORS.get(game)
    if found is None:
        description = find(game)
        results = description.part("results") if description is not None else None
        if results is None:
            return None
        columns = tuple(results.COLUMNS)
        found = _COLLECTORS[game] = Collector(
            game, tuple(c for c, _ in columns), results.collect, tuple(d for _, d in columns))
    return found
