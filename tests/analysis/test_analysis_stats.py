"""Intervals come from statsmodels and SciPy; designer metrics read the tidy frame."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from goldlab.analysis import (
    balance,
    decided_at_end,
    designer_metrics,
    game_length,
    lead_changes,
    mean_ci,
    mean_scores,
    proportion_ci,
    seat_advantage,
    win_rates,
)
from goldlab.simulation import simulate


@pytest.fixture(scope="module")
def random_2p() -> pd.DataFrame:
    return simulate("gold", "random", 4000, 1, players=2, quiet=True)


def test_win_rate_intervals_are_wilson_intervals(random_2p: pd.DataFrame) -> None:
    table = win_rates(random_2p, "seat")
    assert table["games"].tolist() == [4000, 4000]
    wins = random_2p.groupby("seat")["won"].sum().tolist()
    assert table["wins"].tolist() == wins
    low, high = proportion_confint(wins, 4000, alpha=0.05, method="wilson")
    assert np.allclose(table["ci_low"], low) and np.allclose(table["ci_high"], high)
    wider = win_rates(random_2p, "seat", alpha=0.01)
    assert (wider["ci_high"] - wider["ci_low"] > table["ci_high"] - table["ci_low"]).all()


def test_proportion_and_mean_intervals() -> None:
    low, high = proportion_ci([0, 10], [10, 10])
    assert low[0] == 0.0 and high[1] == 1.0 and 0 < high[0] < 0.35
    with pytest.raises(ValueError, match="at least one trial"):
        proportion_ci([1], [0])
    x = np.array([3.0, 5.0, 7.0, 9.0])
    mean, lo, hi = mean_ci(x)
    half = stats.t.ppf(0.975, 3) * x.std(ddof=1) / 2
    assert mean == 6.0 and lo == pytest.approx(6 - half) and hi == pytest.approx(6 + half)
    assert np.isnan(mean_ci([1.0])[1])


def test_mean_scores_per_group(random_2p: pd.DataFrame) -> None:
    table = mean_scores(random_2p, "seat")
    assert table["n"].tolist() == [4000, 4000]
    assert table["mean"].tolist() == pytest.approx(
        random_2p.groupby("seat")["score"].mean().tolist())
    assert (table["ci_low"] < table["mean"]).all() and (table["mean"] < table["ci_high"]).all()


def test_seat_advantage_compares_each_seat_with_the_fair_share(random_2p: pd.DataFrame) -> None:
    table = seat_advantage(random_2p)
    assert table["fair_share"].tolist() == [0.5, 0.5]
    assert table["advantage"].sum() == pytest.approx(
        table["win_rate"].sum() - 1.0)
    assert 0.0 <= table["p_equal"].iloc[0] <= 1.0


def test_random_play_is_roughly_balanced_between_seats(random_2p: pd.DataFrame) -> None:
    table = seat_advantage(random_2p)
    assert (table["ci_low"] < 0.56).all() and (table["ci_high"] > 0.44).all()


def test_game_length_lead_changes_and_late_decisions(random_2p: pd.DataFrame) -> None:
    length = game_length(random_2p).iloc[0]
    assert length["games"] == 4000 and 95 < length["mean"] < 115
    assert length["min"] <= length["median"] <= length["max"]
    changes = lead_changes(random_2p)
    assert changes["games"].sum() == 4000 and changes["share"].sum() == pytest.approx(1.0)
    late = decided_at_end(random_2p).iloc[0]
    assert late["games"] == 4000 and 0 < late["share"] < 0.5
    assert late["ci_low"] < late["share"] < late["ci_high"]


def test_balance_ranks_bots_best_first() -> None:
    df = simulate("gold", ["random", "greedy"], 40, 3, quiet=True)
    table = balance(df)
    assert table["bot"].astype(str).tolist() == ["greedy", "random"]
    assert table["gap_to_best"].iloc[0] == 0.0 and table["gap_to_best"].iloc[1] > 0.5


def test_designer_metrics_table(random_2p: pd.DataFrame) -> None:
    table = designer_metrics(random_2p)
    for metric in ("first player win rate", "seat 1 win rate", "mean turns per game",
                   "mean lead changes per game", "decided only at the end", "shared victories"):
        assert metric in table.index
    row = table.loc["first player win rate"]
    assert row["ci_low"] <= row["value"] <= row["ci_high"]
    assert list(table.columns) == ["value", "ci_low", "ci_high", "note"]
