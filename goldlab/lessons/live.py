"""A live chart for the lesson notebooks: ipywidgets controls that redraw an Altair chart.

:class:`LiveChart` is the one control shell every lesson uses: a row of controls (and any
extra widgets, such as buttons, beside them), the chart, and an optional line of HTML text
under it.  The chart is an :class:`altair.JupyterChart` in offline mode (the Vega bundle
comes from vl-convert, never from a CDN) whose ``chart`` is replaced at each change;
without anywidget it is shown in an ``ipywidgets.Output``.  Nothing here computes a lesson:
the ``draw`` function a lesson passes does.

>>> import altair as alt, ipywidgets as widgets
>>> def draw(n: int) -> alt.Chart:
...     rows = [{"x": x} for x in range(n)]  # rows, not a DataFrame: pandas is not needed
...     return alt.Chart(alt.InlineData(values=rows)).mark_point().encode(x="x:Q")
>>> live = LiveChart(draw, {"n": widgets.IntSlider(value=3, min=1, max=9)})
>>> live.controls["n"].value = 5
>>> len(live.times), live.text is None
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from time import perf_counter
from typing import Any

import altair as alt

Drawing = alt.TopLevelMixin | tuple[alt.TopLevelMixin, str]
"""What ``draw`` returns: a chart, or a chart and a line of HTML to show under it."""


class LiveChart:
    """An Altair chart (and an optional line of HTML text) that ipywidgets controls redraw.

    ``draw(**values)`` makes the chart from the controls' values (keyword = key of
    ``controls``); it returns the chart, or ``(chart, html)`` for a line of text under the
    chart.  ``before(change)``, if given, runs first at each change (to adjust other
    controls: their own changes then draw nothing, so a change is one redraw).  ``extra``
    widgets sit beside the controls.  ``times`` holds the seconds each redraw took.
    """

    def __init__(self, draw: Callable[..., Drawing], controls: Mapping[str, Any], *,
                 before: Callable[[Any], None] | None = None, extra: Sequence[Any] = ()
                 ) -> None:
        import ipywidgets as widgets

        from goldlab.analysis import display

        self.draw = draw
        self.controls = dict(controls)
        self.before = before
        self.times: list[float] = []
        self._busy = False
        chart, text = _split(draw(**self.values()))
        self.text: Any = widgets.HTML(text) if text is not None else None
        self.view: Any
        if display.widgets_available():
            alt.JupyterChart.enable_offline()
            self.view = alt.JupyterChart(chart, embed_options=display.EMBED_OPTIONS)
        else:  # pragma: no cover - anywidget is part of goldlab[notebook]
            self.view = widgets.Output()
            self._show(chart)
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        under = [self.text] if self.text is not None else []
        self.box = widgets.VBox([widgets.HBox([*self.controls.values(), *extra]), self.view,
                                 *under])
        self.box.add_class("gl-live")

    def values(self) -> dict[str, Any]:
        """The controls' current values, by keyword."""
        return {k: w.value for k, w in self.controls.items()}

    def redraw(self) -> float:
        """Draw the chart for the current values; returns the seconds it took."""
        start = perf_counter()
        chart, text = _split(self.draw(**self.values()))
        if isinstance(self.view, alt.JupyterChart):
            self.view.chart = chart
        else:  # pragma: no cover
            self._show(chart)
        if self.text is not None:
            self.text.value = text or ""
        took = perf_counter() - start
        self.times.append(took)
        return took

    def _show(self, chart: Any) -> None:  # pragma: no cover
        from IPython.display import display as show

        with self.view:
            self.view.clear_output(wait=True)
            show(chart)  # type: ignore[no-untyped-call]

    def _changed(self, change: Any) -> None:
        if self._busy:  # a control changed by ``before``: one redraw at the end is enough
            return
        self._busy = True
        try:
            if self.before is not None:
                self.before(change)
        finally:
            self._busy = False
        self.redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def _split(drawing: Drawing) -> tuple[Any, str | None]:
    """The chart and the text (None without one) of what ``draw`` returned."""
    if isinstance(drawing, tuple):
        return drawing[0], drawing[1]
    return drawing, None


__all__ = ["Drawing", "LiveChart"]
