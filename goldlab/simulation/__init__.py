"""Simulation at scale: many games, one tidy row per game and seat.

This package holds the machinery (tasks, seeds, backends, result files, round
robins); its front door is the function :func:`~goldlab.simulation.api.simulate`,
also reachable as ``goldlab.simulate`` (loaded on first use, so ``import goldlab``
stays light).

>>> import goldlab
>>> df = goldlab.simulate("gold", "random", 50, seed=3, players=2, quiet=True)
>>> df.groupby("seat")["won"].mean().round(2).tolist()  # doctest: +SKIP
[0.52, 0.5]
"""

from __future__ import annotations

from goldlab.simulation.api import parse_bots, simulate
from goldlab.simulation.collectors import Collector, collector_for, register_collector
from goldlab.simulation.results import ResultsError, load_results, metadata, rerun, save_results
from goldlab.simulation.runner import COLUMN_DOCS
from goldlab.simulation.seeds import game_seeds
from goldlab.simulation.tournament import play_round_robin

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

