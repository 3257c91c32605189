"""Chart helpers take frames and render headless (vl-convert) to SVG and PNG."""

import json

import altair as alt
import pandas as pd
import pytest

from goldlab.analysis import charts, round_robin, win_rates
from goldlab.simulation import simulate

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def results() -> pd.DataFrame:
    return simulate("gold", "random", 20_000, 6, players=2, quiet=True)


def _rows(chart: alt.TopLevelMixin) -> int:
    spec = json.loads(chart.to_json())
    return sum(len(v) for v in spec.get("datasets", {}).values())


def test_win_rate_chart_from_results_and_from_a_table(results: pd.DataFrame) -> None:
    chart = charts.win_rate_chart(results, by="seat")
    svg = charts.to_svg(chart)
    assert svg.startswith("<svg") and "Win rate by seat" in svg
    assert charts.to_png(chart).startswith(PNG)
    table_chart = charts.win_rate_chart(win_rates(results, "seat"), by="seat")
    assert charts.to_svg(table_chart).startswith("<svg")


def test_large_runs_make_small_specs(results: pd.DataFrame) -> None:
    for chart in (charts.score_distribution(results, by="seat"),
                  charts.game_length_histogram(results),
                  charts.convergence_chart(results, seat=0, reference=0.5)):
        assert _rows(chart) < 500
        assert charts.to_svg(chart).startswith("<svg")


def test_convergence_narrows_as_games_accumulate(results: pd.DataFrame) -> None:
    table = charts.convergence_table(results, seat=0)
    width = table["ci_high"] - table["ci_low"]
    assert table["games"].iloc[-1] == 20_000 and width.iloc[-1] < width.iloc[10] < width.iloc[0]
    assert width.iloc[-1] < 0.015
    by_bot = charts.convergence_table(results, bot="random", seat=None)
    assert by_bot["games"].iloc[-1] == 40_000


def test_tournament_charts_render() -> None:
    t = round_robin("gold", ["random", "greedy"], 10, seed=1, quiet=True)
    for chart in (charts.win_rate_chart(t.standings(), by="bot"),
                  charts.score_distribution(t.results, by="bot"),
                  charts.pairwise_heatmap(t.pairwise_long())):
        assert charts.to_png(chart).startswith(PNG)
