"""Simulation at scale: many games, one tidy row per game and seat.

``goldlab.simulate`` is both this package and the function
:func:`~goldlab.simulate.api.simulate` (the module is callable), so
``goldlab.simulate("gold", ["random", "random"], 1000, seed=1)`` works
whichever way it was imported.

>>> import goldlab
>>> df = goldlab.simulate("gold", "random", 50, seed=3, players=2, quiet=True)
>>> df.groupby("seat")["won"].mean().round(2).tolist()  # doctest: +SKIP
[0.52, 0.5]
"""

from __future__ import annotations

import sys
import types
from typing import Any

from goldlab.simulate.api import parse_bots, simulate
from goldlab.simulate.collectors import Collector, collector_for, register_collector
from goldlab.simulate.results import ResultsError, load_results, metadata, rerun, save_results
from goldlab.simulate.runner import COLUMN_DOCS
from goldlab.simulate.seeds import game_seeds
from goldlab.simulate.tournament import play_round_robin

__all__ = [
    "COLUMN_DOCS",
    "Collector",
    "ResultsError",
    "collector_for",
    "game_seeds",
    "load_results",
    "metadata",
    "parse_bots",
    "play_round_robin",
    "register_collector",
    "rerun",
    "save_results",
    "simulate",
]


class _CallableModule(types.ModuleType):
    """Lets ``goldlab.simulate(...)`` call the function even once the package is imported."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return simulate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
