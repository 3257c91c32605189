"""Analysis of simulation results: intervals, tournaments, ratings, designer metrics, charts.

Everything here takes the tidy frames of :func:`goldlab.simulate` (one row per
game and seat) and returns small tidy frames; :mod:`goldlab.analysis.charts`
turns them into Altair charts.

>>> import goldlab
>>> from goldlab.analysis import seat_advantage
>>> df = goldlab.simulate("gold", "random", 100, seed=1, players=2, quiet=True)
>>> seat_advantage(df)[["seat", "win_rate", "ci_low", "ci_high"]].shape
(2, 4)
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from goldlab.analysis import _quick_imports  # noqa: F401  (first: Altair imports quicker)

if TYPE_CHECKING:
    from goldlab.analysis.metrics import (
        balance,
        decided_at_end,
        designer_metrics,
        game_length,
        lead_changes,
        seat_advantage,
    )
    from goldlab.analysis.rating import pairwise_results, ratings
    from goldlab.analysis.stats import (
        mean_ci,
        mean_scores,
        per_game,
        proportion_ci,
        win_rates,
    )
    from goldlab.analysis.tournament import Tournament, ladder, round_robin

_HOME = {
    "metrics": ("balance", "decided_at_end", "designer_metrics", "game_length",
                "lead_changes", "seat_advantage"),
    "rating": ("pairwise_results", "ratings"),
    "stats": ("mean_ci", "mean_scores", "per_game", "proportion_ci", "win_rates"),
    "tournament": ("Tournament", "ladder", "round_robin"),
}
"""The module of each name the package offers.  They load when first asked for (PEP 562):
the analysis needs NumPy and pandas, but ``goldlab.analysis.display``, which draws the
lessons' charts, must import where neither exists (a browser on Pyodide)."""
_MODULE_OF = {name: module for module, names in _HOME.items() for name in names}


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"goldlab.analysis.{_MODULE_OF[name]}"), name)
    globals()[name] = value  # asked once: a plain attribute from then on
    return value


__all__ = [
    "Tournament",
    "balance",
    "decided_at_end",
    "designer_metrics",
    "game_length",
    "ladder",
    "lead_changes",
    "mean_ci",
    "mean_scores",
    "pairwise_results",
    "per_game",
    "proportion_ci",
    "ratings",
    "round_robin",
    "seat_advantage",
    "win_rates",
]
