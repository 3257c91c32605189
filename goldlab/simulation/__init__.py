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

NEEDS = ("numpy", "pandas", "pyarrow", "numba", "tqdm")
"""What simulation at scale imports (``goldlab[analysis]``); the engines, bots and views
need none of them (a browser on Pyodide has none: docs/lite.md)."""

try:
    from goldlab.simulation.api import parse_bots, simulate
    from goldlab.simulation.collectors import Collector, collector_for, register_collector
    from goldlab.simulation.results import (
        ResultsError,
        load_results,
        metadata,
        rerun,
        save_results,
    )
    from goldlab.simulation.runner import COLUMN_DOCS
    from goldlab.simulation.seeds import game_seeds
    from goldlab.simulation.tournament import play_round_robin
except ModuleNotFoundError as exc:
    missing = (exc.name or "").split(".")[0]
    if missing not in NEEDS:
        raise
    raise ModuleNotFoundError(
        f"goldlab.simulate (simulation at scale) needs {missing}, which is not installed: "
        "pip install 'goldlab[analysis]' (pandas, NumPy, pyarrow, numba).  Playing, the bots, "
        "the rulebook examples and the views work without it (goldlab.bots.play.play_game "
        "plays one game at a time).", name=exc.name) from exc

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

