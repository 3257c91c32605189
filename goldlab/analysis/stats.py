"""Confidence intervals and grouped summaries of results frames.

Win rates are proportions: their intervals come from statsmodels
(``proportion_confint``, Wilson's method by default, which behaves well near
0 and 1 and for small samples).  Mean scores get Student's t interval from
SciPy.  Every function takes the tidy frame of :func:`goldlab.simulate` (one
row per game and seat) and returns a small tidy frame.

>>> import goldlab
>>> from goldlab.analysis import win_rates
>>> df = goldlab.simulate("gold", "random", 200, seed=1, players=2, quiet=True)
>>> table = win_rates(df, "seat")
>>> list(table.columns)
['seat', 'games', 'wins', 'win_rate', 'ci_low', 'ci_high']
>>> bool((table.ci_low <= table.win_rate).all() and (table.win_rate <= table.ci_high).all())
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

ALPHA = 0.05
"""Default significance level: 95% intervals."""


def proportion_ci(successes: np.ndarray | Sequence[float] | float,
                  trials: np.ndarray | Sequence[int] | int, *, alpha: float = ALPHA,
                  method: str = "wilson") -> tuple[np.ndarray, np.ndarray]:
    """(low, high) of the ``1 - alpha`` interval of proportions ``successes / trials``."""
    from statsmodels.stats.proportion import proportion_confint

    count = np.asarray(successes, dtype=float)
    nobs = np.asarray(trials, dtype=float)
    if np.any(nobs <= 0):
        raise ValueError("every proportion needs at least one trial")
    low, high = proportion_confint(count, nobs, alpha=alpha, method=method)
    return np.clip(np.asarray(low, dtype=float), 0.0, 1.0), np.clip(
        np.asarray(high, dtype=float), 0.0, 1.0)


def mean_ci(values: np.ndarray | Sequence[float] | pd.Series, *,
            alpha: float = ALPHA) -> tuple[float, float, float]:
    """(mean, low, high): Student's t interval of the mean (NaN bounds below 2 values)."""
    from scipy import stats

    x = np.asarray(values, dtype=float)
    n = x.size
    if n == 0:
        return (float("nan"),) * 3
    mean = float(x.mean())
    if n < 2:
        return mean, float("nan"), float("nan")
    sem = float(x.std(ddof=1)) / np.sqrt(n)
    half = float(stats.t.ppf(1 - alpha / 2, n - 1)) * sem
    return mean, mean - half, mean + half


def _by(by: str | Sequence[str]) -> list[str]:
    return [by] if isinstance(by, str) else list(by)


def win_rates(results: pd.DataFrame, by: str | Sequence[str] = "seat", *,
              alpha: float = ALPHA, method: str = "wilson") -> pd.DataFrame:
    """Win rate per group with its interval: games, wins, win_rate, ci_low, ci_high.

    A shared victory counts as a win for each winner (``won``); the frame's
    ``win_share`` column splits it instead.
    """
    keys = _by(by)
    grouped = results.groupby(keys, observed=True, sort=True)["won"]
    table = grouped.agg(games="size", wins="sum").reset_index()
    table["wins"] = table["wins"].astype(np.int64)
    table["win_rate"] = table["wins"] / table["games"]
    low, high = proportion_ci(table["wins"].to_numpy(), table["games"].to_numpy(),
                              alpha=alpha, method=method)
    table["ci_low"] = low
    table["ci_high"] = high
    return table


def mean_scores(results: pd.DataFrame, by: str | Sequence[str] = "bot", *,
                column: str = "score", alpha: float = ALPHA) -> pd.DataFrame:
    """Mean of ``column`` per group with Student's t interval: n, mean, sd, ci_low, ci_high."""
    keys = _by(by)
    rows = []
    for key, group in results.groupby(keys, observed=True, sort=True)[column]:
        mean, low, high = mean_ci(group.to_numpy(), alpha=alpha)
        values = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(keys, values, strict=True)), "n": int(group.size),
                     "mean": mean, "sd": float(group.std(ddof=1)) if group.size > 1 else np.nan,
                     "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows, columns=[*keys, "n", "mean", "sd", "ci_low", "ci_high"])


def per_game(results: pd.DataFrame) -> pd.DataFrame:
    """One row per game (the per-game columns of the first seat's row)."""
    return results.drop_duplicates("game", keep="first").reset_index(drop=True)
