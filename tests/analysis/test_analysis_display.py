"""Offline charts (goldlab.analysis.display): the renderer never points the page at the internet."""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from typing import Any

import altair as alt
import pandas as pd
import pytest

import goldlab
from goldlab.analysis import charts, display

CDN_WORDS = ("cdn", "jsdelivr", "unpkg", "esm.sh", "skypack")
# URLs that are names, never fetched: XML namespaces, the Vega-Lite schema id, licence links.
HARMLESS_URL = re.compile(r"https?://(www\.w3\.org|vega\.github\.io|github\.com)/")


def _urls(text: str) -> list[str]:
    """Every http(s) URL in `text` that is not a harmless name."""
    return [m.group(0) for m in re.finditer(r"https?://[^\s\"'<>)]+", text)
            if not HARMLESS_URL.match(m.group(0))]


def _assert_offline(text: str) -> None:
    lowered = text.lower()
    assert not [w for w in CDN_WORDS if w in lowered], "a CDN is named"
    assert _urls(text) == []


@pytest.fixture(autouse=True)
def _restore_renderer() -> Iterator[None]:
    """Leave Altair's renderer as the test found it."""
    name, options = alt.renderers.active, dict(alt.renderers.options)
    yield
    alt.renderers.enable(name, **options)


@pytest.fixture(scope="module")
def results() -> pd.DataFrame:
    return goldlab.simulate("gold", "random", 300, seed=5, players=2, quiet=True)


def _bundle(chart: alt.TopLevelMixin) -> dict[str, Any]:
    bundle = chart._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert isinstance(data, dict)
    return data


def test_use_offline_charts_selects_the_goldlab_renderer() -> None:
    display.use_offline_charts()
    assert alt.renderers.active == display.RENDERER == "goldlab"
    assert alt.renderers.options == {"mode": "auto"}
    display.use_offline_charts("svg")
    assert alt.renderers.options == {"mode": "svg"}


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="'canvas'"):
        display.use_offline_charts("canvas")  # type: ignore[arg-type]


def test_a_chart_with_tooltips_is_an_offline_widget(results: pd.DataFrame) -> None:
    display.use_offline_charts()
    data = _bundle(charts.win_rate_chart(results, by="seat"))
    assert set(data) == {"text/plain", "application/vnd.jupyter.widget-view+json"}
    assert alt.JupyterChart._is_offline
    _assert_offline(str(data))


def test_the_widget_code_sent_to_the_page_loads_nothing_from_a_cdn() -> None:
    alt.JupyterChart.enable_offline()
    esm = alt.JupyterChart._esm
    assert len(esm) > 100_000  # the whole Vega bundle is inside, not imported
    assert not re.search(r"""import\s*(\(|[^;]*\bfrom\s*)["']https?:""", esm)
    _assert_offline(esm)


def test_a_chart_without_tooltips_is_a_static_svg(results: pd.DataFrame) -> None:
    display.use_offline_charts()
    chart = charts.score_boxplot(results, by="bot")
    assert not display.is_interactive(chart.to_dict())
    data = _bundle(chart)
    assert list(data) == ["image/svg+xml"]
    assert data["image/svg+xml"].startswith("<svg")
    _assert_offline(data["image/svg+xml"])


def test_svg_mode_draws_every_chart_as_svg(results: pd.DataFrame) -> None:
    display.use_offline_charts("svg")
    for chart in (charts.win_rate_chart(results), charts.convergence_chart(results),
                  charts.game_length_histogram(results), charts.score_distribution(results)):
        svg = _bundle(chart)["image/svg+xml"]
        assert svg.startswith("<svg") and "<path" in svg
        _assert_offline(svg)


def test_svg_export_works_offline(results: pd.DataFrame) -> None:
    svg = charts.to_svg(charts.convergence_chart(results, reference=0.5))
    assert svg.startswith("<svg")
    _assert_offline(svg)


@pytest.mark.parametrize(("spec", "expected"), [
    ({"mark": "point", "encoding": {"x": {"field": "a"}}}, False),
    ({"mark": {"type": "point", "tooltip": True}}, True),
    ({"layer": [{"mark": "bar"}, {"mark": "rule", "encoding": {"tooltip": [{"field": "a"}]}}]},
     True),
    ({"params": [{"name": "pick", "select": "point"}], "mark": "bar"}, True),
    # a column called "tooltip" in the data does not make a chart interactive
    ({"data": {"values": [{"tooltip": 1}]}, "datasets": {"d": [{"params": 2}]}, "mark": "bar"},
     False),
])
def test_is_interactive_looks_for_tooltips_and_parameters(spec: dict[str, Any],
                                                          expected: bool) -> None:
    assert display.is_interactive(spec) is expected


def test_outside_a_kernel_importing_charts_changes_nothing() -> None:
    alt.renderers.enable("default")
    assert not display.in_kernel()
    assert display.activate_in_kernel() is False
    assert alt.renderers.active == "default"


def test_in_a_kernel_a_chosen_renderer_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(display, "in_kernel", lambda: True)
    alt.renderers.enable("svg")
    assert display.activate_in_kernel() is False
    assert alt.renderers.active == "svg"
    alt.renderers.enable("default")
    assert display.activate_in_kernel() is True
    assert alt.renderers.active == "goldlab"


def test_without_anywidget_interactive_charts_fall_back_to_svg(
    results: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(display, "widgets_available", lambda: False)
    display.use_offline_charts("interactive")
    assert list(_bundle(charts.win_rate_chart(results))) == ["image/svg+xml"]


def test_docstring_examples() -> None:
    result = doctest.testmod(display, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
