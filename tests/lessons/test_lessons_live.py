"""The lessons' live chart: controls redraw it, once per change, with or without text."""

from __future__ import annotations

from typing import Any

import altair as alt
import ipywidgets as widgets
import pandas as pd

from goldlab.lessons.live import LiveChart


def dots(n: int) -> alt.Chart:
    return alt.Chart(pd.DataFrame({"x": range(n)})).mark_point().encode(x="x:Q")


def test_a_chart_alone_has_no_text_and_extra_widgets_sit_beside_the_controls() -> None:
    slider = widgets.IntSlider(value=2, min=1, max=9)
    button = widgets.Button(description="more")
    live = LiveChart(dots, {"n": slider}, extra=[button])
    assert live.text is None and len(live.box.children) == 2
    assert list(live.box.children[0].children) == [slider, button]
    slider.value = 7
    assert len(live.times) == 1 and live.values() == {"n": 7}
    assert len(live.view.chart.data) == 7


def test_text_follows_the_controls() -> None:
    live = LiveChart(lambda n: (dots(n), f"<b>{n} dots</b>"),
                     {"n": widgets.IntSlider(value=2, min=1, max=9)})
    assert live.box.children[-1] is live.text and live.text.value == "<b>2 dots</b>"
    live.controls["n"].value = 5
    assert live.text.value == "<b>5 dots</b>"


def test_before_adjusts_other_controls_with_one_redraw() -> None:
    most = widgets.IntSlider(value=9, min=1, max=9)
    n = widgets.IntSlider(value=8, min=1, max=9)

    def limit(change: Any) -> None:
        n.max = most.value  # moving n down is a change of n: it must not redraw by itself

    live = LiveChart(lambda most, n: dots(n), {"most": most, "n": n}, before=limit)
    most.value = 3
    assert n.value == 3 and len(live.times) == 1
    assert "JupyterChart" in type(live.view).__name__
