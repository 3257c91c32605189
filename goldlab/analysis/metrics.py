"""Designer metrics: is the game fair to each seat, are the bots balanced, how long and
how tense are games?

* **seat advantage**: win rate per seat against the fair share ``1 / players``,
  with intervals and a chi-square test of "every seat wins equally often";
* **balance**: win rate per bot with intervals and the spread between the
  best and the worst;
* **game length**: turns (and decisions) per game;
* **lead changes**: how often the points leader changed during a game;
* **decided at the end**: how often the winner was not leading just before the
  final step (in Gold!, the last action and the colour scoring it triggers).

:func:`designer_metrics` puts the headline numbers in one table.

>>> import goldlab
>>> from goldlab.analysis import designer_metrics
>>> df = goldlab.simulate("gold", "random", 300, seed=2, players=2, quiet=True)
>>> table = designer_metrics(df)
>>> bool(table.loc["first player win rate", "value"] > 0)
True
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from goldlab.analysis.stats import ALPHA, mean_ci, per_game, proportion_ci, win_rates


def seat_advantage(results: pd.DataFrame, *, alpha: float = ALPHA) -> pd.DataFrame:
    """Win rate per seat with its interval, the fair share, and the difference.

    ``p_equal`` (the same in every row) is the chi-square test's p-value of
    "wins are spread evenly over the seats"; small values mean the seats differ.
    """
    from scipy import stats

    table = win_rates(results, "seat", alpha=alpha)
    players = int(results["players"].iloc[0]) if len(results) else 0
    table["fair_share"] = 1.0 / players if players else np.nan
    table["advantage"] = table["win_rate"] - table["fair_share"]
    wins = table["wins"].to_numpy(dtype=float)
    if len(wins) > 1 and wins.sum() > 0:
        table["p_equal"] = float(stats.chisquare(wins).pvalue)
    else:
        table["p_equal"] = np.nan
    return table


def balance(results: pd.DataFrame, *, alpha: float = ALPHA) -> pd.DataFrame:
    """Win rate per bot (with intervals), best first, and each bot's gap to the best."""
    table = win_rates(results, "bot", alpha=alpha).sort_values("win_rate", ascending=False)
    table["gap_to_best"] = table["win_rate"].iloc[0] - table["win_rate"] if len(table) else []
    return table.reset_index(drop=True)


def game_length(results: pd.DataFrame, column: str = "turns") -> pd.DataFrame:
    """Distribution of ``column`` per game: mean with interval, sd and quantiles."""
    values = per_game(results)[column].to_numpy(dtype=float)
    mean, low, high = mean_ci(values)
    q = np.quantile(values, [0.0, 0.05, 0.5, 0.95, 1.0]) if values.size else [np.nan] * 5
    return pd.DataFrame([{
        "measure": column, "games": int(values.size), "mean": mean, "ci_low": low,
        "ci_high": high, "sd": float(values.std(ddof=1)) if values.size > 1 else np.nan,
        "min": q[0], "p05": q[1], "median": q[2], "p95": q[3], "max": q[4],
    }])


def lead_changes(results: pd.DataFrame) -> pd.DataFrame:
    """How many games had 0, 1, 2, ... lead changes (count and share)."""
    counts = per_game(results)["lead_changes"].value_counts().sort_index()
    table = counts.rename_axis("lead_changes").reset_index(name="games")
    table["share"] = table["games"] / table["games"].sum() if len(table) else []
    return table


def decided_at_end(results: pd.DataFrame, *, alpha: float = ALPHA) -> pd.DataFrame:
    """Share of games whose winner was only decided by the final step, with its interval."""
    games = per_game(results)
    n = len(games)
    k = int(games["decided_at_end"].sum())
    low, high = proportion_ci([k], [n], alpha=alpha) if n else ([np.nan], [np.nan])
    return pd.DataFrame([{"games": n, "decided_at_end": k, "share": k / n if n else np.nan,
                          "ci_low": float(low[0]), "ci_high": float(high[0])}])


def designer_metrics(results: pd.DataFrame, *, alpha: float = ALPHA) -> pd.DataFrame:
    """The headline numbers for a designer, one row each: value with its interval."""
    rows: list[dict[str, object]] = []
    seats = seat_advantage(results, alpha=alpha)
    for row in seats.itertuples():
        name = "first player win rate" if row.seat == 0 else f"seat {row.seat} win rate"
        rows.append({"metric": name, "value": row.win_rate, "ci_low": row.ci_low,
                     "ci_high": row.ci_high, "note": f"fair share {row.fair_share:.3f}"})
    if len(seats):
        rows.append({"metric": "seats equal (chi-square p)", "value": seats["p_equal"].iloc[0],
                     "ci_low": np.nan, "ci_high": np.nan,
                     "note": "small: the seats do not win equally often"})
    if results["bot"].nunique() > 1:
        for row in balance(results, alpha=alpha).itertuples():
            rows.append({"metric": f"{row.bot} win rate", "value": row.win_rate,
                         "ci_low": row.ci_low, "ci_high": row.ci_high,
                         "note": f"{row.games} seat-games"})
    for column in ("turns", "actions", "lead_changes"):
        length = game_length(results, column).iloc[0]
        rows.append({"metric": f"mean {column.replace('_', ' ')} per game",
                     "value": length["mean"], "ci_low": length["ci_low"],
                     "ci_high": length["ci_high"],
                     "note": f"median {length['median']:g}, 90% between {length['p05']:g} "
                             f"and {length['p95']:g}"})
    end = decided_at_end(results, alpha=alpha).iloc[0]
    rows.append({"metric": "decided only at the end", "value": end["share"],
                 "ci_low": end["ci_low"], "ci_high": end["ci_high"],
                 "note": "winner was not leading before the final step"})
    shared = results.groupby("game")["shared_win"].any()
    k = int(shared.sum())
    n = len(shared)
    if n:
        low, high = proportion_ci([k], [n], alpha=alpha)
        rows.append({"metric": "shared victories", "value": k / n, "ci_low": float(low[0]),
                     "ci_high": float(high[0]), "note": f"{k} of {n} games"})
    return pd.DataFrame(rows).set_index("metric")
