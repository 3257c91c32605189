"""Altair charts of simulation results.  Every helper takes DataFrames, never engine objects.

Large runs are summarised with pandas first (counts per bin, a few hundred
points of a running estimate), so a chart of a million games stays a small
Vega-Lite spec.  Charts render in Jupyter as they are, without the internet:
importing this module in a kernel switches on :mod:`goldlab.analysis.display`
(interactive charts as offline widgets, the others as SVG).  Headless, they
render through vl-convert (``chart.save("x.svg")`` or :func:`to_svg`).

>>> import goldlab
>>> from goldlab.analysis import charts
>>> df = goldlab.simulate("gold", "random", 200, seed=1, players=2, quiet=True)
>>> svg = charts.to_svg(charts.win_rate_chart(df, by="seat"))
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import altair as alt
import numpy as np
import pandas as pd

from goldlab.analysis.display import activate_in_kernel
from goldlab.analysis.stats import ALPHA, per_game, proportion_ci, win_rates

WIDTH = 360
HEIGHT = 220


def _is_summary(frame: pd.DataFrame) -> bool:
    return {"win_rate", "ci_low", "ci_high"} <= set(frame.columns)


def win_rate_chart(frame: pd.DataFrame, by: str = "seat", *, alpha: float = ALPHA,
                   title: str | None = None) -> alt.LayerChart:
    """Win rate per ``by`` (seat or bot) with interval error bars and the fair-share line.

    ``frame``: a results frame, or a table from :func:`goldlab.analysis.win_rates`.
    """
    table = frame if _is_summary(frame) else win_rates(frame, by, alpha=alpha)
    table = table.copy()
    table[by] = table[by].astype(str)
    level = f"{1 - alpha:.0%}"
    base = alt.Chart(table).encode(
        x=alt.X(f"{by}:N", title=by, sort=None, axis=alt.Axis(labelAngle=0)),
    )
    points = base.mark_point(filled=True, size=80).encode(
        y=alt.Y("win_rate:Q", title="win rate", scale=alt.Scale(zero=True)),
        tooltip=[by, "games", "wins", alt.Tooltip("win_rate:Q", format=".3f"),
                 alt.Tooltip("ci_low:Q", format=".3f"), alt.Tooltip("ci_high:Q", format=".3f")],
    )
    bars = base.mark_rule(strokeWidth=2).encode(
        y=alt.Y("ci_low:Q", title="win rate"), y2="ci_high:Q",
    )
    layers: list[Any] = [bars, points]
    if not _is_summary(frame) and "players" in frame and by == "seat" and len(frame):
        fair = pd.DataFrame({"fair": [1.0 / int(frame["players"].iloc[0])]})
        layers.append(alt.Chart(fair).mark_rule(strokeDash=[4, 4], color="gray").encode(
            y="fair:Q"))
    return cast(alt.LayerChart, alt.layer(*layers).properties(
        width=WIDTH, height=HEIGHT,
        title=title or f"Win rate by {by} ({level} intervals)",
    ))


def score_distribution(results: pd.DataFrame, by: str = "bot", *, bins: int = 30,
                       title: str | None = None) -> alt.Chart:
    """Share of games per final score (binned), one line per ``by`` group."""
    scores = results["score"].to_numpy(dtype=float)
    edges = np.histogram_bin_edges(scores, bins=bins) if scores.size else np.array([0.0, 1.0])
    rows = []
    for key, group in results.groupby(by, observed=True):
        counts, _ = np.histogram(group["score"].to_numpy(dtype=float), bins=edges)
        share = counts / max(1, counts.sum())
        for lo, hi, c, s in zip(edges[:-1], edges[1:], counts, share, strict=True):
            rows.append({by: str(key), "score": (lo + hi) / 2, "low": lo, "high": hi,
                         "games": int(c), "share": float(s)})
    table = pd.DataFrame(rows, columns=[by, "score", "low", "high", "games", "share"])
    chart: alt.Chart = alt.Chart(table).mark_line(point=True, interpolate="step-after").encode(
        x=alt.X("score:Q", title="final score"),
        y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%")),
        color=alt.Color(f"{by}:N", title=by),
        tooltip=[by, alt.Tooltip("low:Q", format=".0f"), alt.Tooltip("high:Q", format=".0f"),
                 "games", alt.Tooltip("share:Q", format=".1%")],
    ).properties(width=WIDTH, height=HEIGHT, title=title or f"Final scores by {by}")
    return chart


def game_length_histogram(results: pd.DataFrame, column: str = "turns", *,
                          title: str | None = None) -> alt.Chart:
    """How many games lasted each number of ``column`` (turns, actions, lead changes)."""
    counts = per_game(results)[column].value_counts().sort_index()
    table = counts.rename_axis(column).reset_index(name="games")
    chart: alt.Chart = alt.Chart(table).mark_bar().encode(
        x=alt.X(f"{column}:Q", title=column.replace("_", " "), bin=False),
        y=alt.Y("games:Q", title="games"),
        tooltip=[column, "games"],
    ).properties(width=WIDTH, height=HEIGHT,
                 title=title or f"Game length ({column.replace('_', ' ')} per game)")
    return chart


def score_boxplot(results: pd.DataFrame, by: str = "bot", *, order: Sequence[str] | None = None,
                  title: str | None = None) -> alt.Chart:
    """Final scores per ``by`` group as box plots (a static picture: no tooltips)."""
    table = results[[by, "score"]].copy()
    table[by] = table[by].astype(str)
    chart: alt.Chart = alt.Chart(table).mark_boxplot().encode(
        x=alt.X(f"{by}:N", title=by, sort=list(order) if order is not None else None,
                axis=alt.Axis(labelAngle=0)),
        y=alt.Y("score:Q", title="final score"),
    ).properties(width=WIDTH, height=HEIGHT, title=title or f"Final scores by {by}")
    return chart


def convergence_table(results: pd.DataFrame, *, seat: int | None = 0, bot: str | None = None,
                      column: str = "won", points: int = 200,
                      alpha: float = ALPHA) -> pd.DataFrame:
    """The running estimate of a rate as games accumulate, with its interval.

    Rows of seat ``seat`` (or of bot ``bot``), in game order; ``column`` is a
    0/1 column (``won`` by default).  About ``points`` checkpoints, spaced
    geometrically so the early, wide part of the funnel shows too.
    """
    rows = results
    label = "all"
    if bot is not None:
        rows = rows[rows["bot"].astype(str) == bot]
        label = f"bot {bot}"
    elif seat is not None:
        rows = rows[rows["seat"] == seat]
        label = f"seat {seat}"
    values = rows.sort_values("game")[column].to_numpy(dtype=float)
    n = values.size
    if n == 0:
        return pd.DataFrame(columns=["games", "estimate", "ci_low", "ci_high", "series"])
    checkpoints = np.unique(np.geomspace(1, n, num=min(points, n)).round().astype(int))
    successes = np.cumsum(values)[checkpoints - 1]
    low, high = proportion_ci(successes, checkpoints, alpha=alpha)
    return pd.DataFrame({"games": checkpoints, "estimate": successes / checkpoints,
                         "ci_low": low, "ci_high": high, "series": label})


def convergence_chart(results: pd.DataFrame, *, seat: int | None = 0, bot: str | None = None,
                      column: str = "won", alpha: float = ALPHA,
                      reference: float | None = None, title: str | None = None) -> alt.LayerChart:
    """Monte Carlo convergence: the running estimate and its interval narrowing.

    ``reference`` draws a horizontal line (e.g. the fair share 0.5).
    """
    table = convergence_table(results, seat=seat, bot=bot, column=column, alpha=alpha)
    last = int(table["games"].max()) if len(table) else 1
    x = alt.X("games:Q", title="games played",
              scale=alt.Scale(type="log", domain=[1, max(2, last)], nice=False))
    name = "win" if column == "won" else column.replace("_", " ")
    band = alt.Chart(table).mark_area(opacity=0.25).encode(
        x=x, y=alt.Y("ci_low:Q", title=f"{name} rate", scale=alt.Scale(domain=[0, 1])),
        y2="ci_high:Q",
    )
    line = alt.Chart(table).mark_line().encode(
        x=x, y="estimate:Q",
        tooltip=["games", alt.Tooltip("estimate:Q", format=".3f"),
                 alt.Tooltip("ci_low:Q", format=".3f"), alt.Tooltip("ci_high:Q", format=".3f")],
    )
    layers: list[Any] = [band, line]
    if reference is not None:
        layers.append(alt.Chart(pd.DataFrame({"ref": [reference]})).mark_rule(
            strokeDash=[4, 4], color="gray").encode(y="ref:Q"))
    series = table["series"].iloc[0] if len(table) else ""
    return cast(alt.LayerChart, alt.layer(*layers).properties(
        width=WIDTH, height=HEIGHT,
        title=title or f"Convergence of the {name} rate ({series}, {1 - alpha:.0%} interval)",
    ))


def pairwise_heatmap(table: pd.DataFrame, *, title: str | None = None) -> alt.LayerChart:
    """Head-to-head table (``Tournament.pairwise_long()``) as a heat map with the shares."""
    data = table.copy()
    data["label"] = data["score"].map(lambda v: f"{v:.2f}")
    order: Sequence[str] = sorted(set(data["bot"]) | set(data["opponent"]))
    base = alt.Chart(data).encode(
        x=alt.X("opponent:N", sort=list(order), title="against", axis=alt.Axis(labelAngle=0)),
        y=alt.Y("bot:N", sort=list(order), title="bot"),
    )
    cells = base.mark_rect().encode(
        color=alt.Color("score:Q", scale=alt.Scale(domain=[0, 1], scheme="redblue"),
                        title="share ahead"),
        tooltip=["bot", "opponent", "meetings", alt.Tooltip("score:Q", format=".3f"),
                 alt.Tooltip("ci_low:Q", format=".3f"), alt.Tooltip("ci_high:Q", format=".3f")],
    )
    text = base.mark_text(fontSize=13).encode(text="label:N")
    side = 70 * max(2, len(order))
    return cast(alt.LayerChart, alt.layer(cells, text).properties(
        width=side, height=side, title=title or "Head to head"))


def ratings_chart(table: pd.DataFrame, *, title: str | None = None) -> alt.LayerChart:
    """A rating ladder (:func:`goldlab.analysis.ratings`): one row per bot, best on top.

    Each bot's rating is a point and its interval a bar; the dashed line is the
    anchor's 0.  Bots rated only thanks to the separation correction are drawn
    in orange (their bar's open end says little).
    """
    missing = {"bot", "rating", "ci_low", "ci_high"} - set(table.columns)
    if missing:
        raise ValueError(f"ratings_chart needs a table from goldlab.analysis.ratings; it lacks "
                         f"{', '.join(sorted(missing))}")
    data = table.sort_values("rating", ascending=False).copy()
    data["bot"] = data["bot"].astype(str)
    if "separated" not in data:
        data["separated"] = False
    data["fit"] = data["separated"].map(
        {True: "finite only by the correction", False: "estimated"})
    info = table.attrs.get("ladder", {})
    anchor = info.get("anchor", "anchor")
    level = f"{1 - float(info.get('alpha', ALPHA)):.0%}"
    order = data["bot"].tolist()
    y = alt.Y("bot:N", sort=order, title=None)
    x_title = f"rating (Elo points, {anchor} = 0)"
    color = alt.Color("fit:N", title=None,
                      scale=alt.Scale(domain=["estimated", "finite only by the correction"],
                                      range=["#1f77b4", "#ff7f0e"]),
                      legend=alt.Legend(orient="bottom") if data["separated"].any() else None)
    bars = alt.Chart(data).mark_rule(strokeWidth=2).encode(
        y=y, x=alt.X("ci_low:Q", title=x_title), x2="ci_high:Q", color=color)
    tooltip: list[Any] = ["bot", alt.Tooltip("rating:Q", format=".0f"),
                          alt.Tooltip("ci_low:Q", format=".0f"),
                          alt.Tooltip("ci_high:Q", format=".0f")]
    tooltip += [c for c in ("games", "wins") if c in data]
    if "p_vs_anchor" in data:
        tooltip.append(alt.Tooltip("p_vs_anchor:Q", format=".1%", title=f"ahead of {anchor}"))
    points = alt.Chart(data).mark_point(filled=True, size=80).encode(
        y=y, x="rating:Q", color=color, tooltip=tooltip)
    zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(
        strokeDash=[4, 4], color="gray").encode(x="zero:Q")
    return cast(alt.LayerChart, alt.layer(zero, bars, points).properties(
        width=WIDTH, height=max(60, 28 * len(data)),
        title=title or f"Ratings with {level} intervals"))


def to_svg(chart: alt.TopLevelMixin) -> str:
    """Render a chart to SVG text without a browser (vl-convert)."""
    import vl_convert as vlc

    return str(vlc.vegalite_to_svg(chart.to_json()))


def to_png(chart: alt.TopLevelMixin, *, scale: float = 1.0) -> bytes:
    """Render a chart to PNG bytes without a browser (vl-convert)."""
    import vl_convert as vlc

    return bytes(vlc.vegalite_to_png(chart.to_json(), scale=scale))


# In a Jupyter kernel, draw charts without the internet (see goldlab.analysis.display).
activate_in_kernel()
