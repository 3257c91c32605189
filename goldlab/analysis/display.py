"""Charts in Jupyter without the internet: one Altair renderer that never fetches anything.

Altair's default renderer loads Vega from a CDN, so on a filtered network (many schools)
every chart shows "Error loading script" instead of a picture.  This module registers the
Altair renderer ``"goldlab"``, which draws each chart in one of two offline ways:

* a chart with something to hover or select (a tooltip or a selection parameter) becomes
  Altair's :class:`~altair.JupyterChart` widget in offline mode: vl-convert supplies the Vega
  bundle (about 0.9 MB of JavaScript, built once per kernel in about 2 s) and anywidget hands
  it to the page over the kernel connection.  Works in JupyterLab, Notebook 7 and Voila;
* any other chart is a static picture: SVG drawn in the kernel by vl-convert.  So is every
  chart when anywidget is not installed.

Importing :mod:`goldlab.analysis.charts` inside a Jupyter kernel switches this renderer on,
unless an Altair renderer was already chosen, so notebooks need no set-up line.  Outside a
kernel (scripts, tests, ``python -c``) importing changes nothing.  Call
:func:`use_offline_charts` to choose explicitly: ``use_offline_charts("svg")`` before
exporting a notebook to HTML, where widgets cannot run.

Saved notebooks stay small: a widget output is a model id, and the bundle travels in the
widget state, which JupyterLab does not save unless "Save Widget State Automatically" is on.

Not here: how charts look (:mod:`goldlab.analysis.charts`) and writing files (``to_svg``,
``to_png``, ``chart.save``).

>>> import altair as alt
>>> from goldlab.analysis import display
>>> display.use_offline_charts("svg")
>>> alt.renderers.active
'goldlab'
>>> chart = alt.Chart(alt.Data(values=[{"x": 1}])).mark_point().encode(x="x:Q")
>>> list(chart._repr_mimebundle_())
['image/svg+xml']
>>> display.is_interactive(chart.encode(tooltip=["x:Q"]).to_dict())
True
>>> _ = alt.renderers.enable("default")
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping
from typing import Any, Literal, get_args

import altair as alt

Mode = Literal["auto", "interactive", "svg"]
RENDERER = "goldlab"

# Keys that make a Vega-Lite spec interactive; the data ("data", "datasets") is not searched,
# where a column could happen to be called "tooltip".
_INTERACTIVE_KEYS = frozenset({"tooltip", "params"})
_DATA_KEYS = frozenset({"data", "datasets"})

EMBED_OPTIONS: dict[str, Any] = {"actions": False}
"""vega-embed's options for a chart widget: no actions menu.  Its button is a summary with
an icon and no words (a screen reader finds no name: axe-core's serious summary-name), and
its "Open in Vega Editor" leads to the internet."""


def is_interactive(spec: Any) -> bool:
    """True if a Vega-Lite spec (a dict) has a tooltip or a parameter anywhere outside its data."""
    if isinstance(spec, Mapping):
        for key, value in spec.items():
            if key in _DATA_KEYS:
                continue
            if key in _INTERACTIVE_KEYS and value not in (None, False, [], {}):
                return True
            if is_interactive(value):
                return True
        return False
    if isinstance(spec, list):
        return any(is_interactive(item) for item in spec)
    return False


def widgets_available() -> bool:
    """True if anywidget is installed, so interactive charts can be widgets."""
    return importlib.util.find_spec("anywidget") is not None


def render(spec: dict[str, Any], *, mode: Mode = "auto", **metadata: Any) -> Any:
    """The ``"goldlab"`` Altair renderer: a mimebundle for ``spec``, with no URL to fetch."""
    interactive = mode == "interactive" or (mode == "auto" and is_interactive(spec))
    if interactive and widgets_available():
        alt.JupyterChart.enable_offline()  # builds the bundle once; later calls return at once
        chart = alt.Chart.from_dict(spec)
        options = {**EMBED_OPTIONS, **(metadata.get("embed_options") or {})}
        widget = alt.JupyterChart(chart, embed_options=options)
        return widget._repr_mimebundle_()
    import vl_convert as vlc

    return {"image/svg+xml": vlc.vegalite_to_svg(spec)}


def use_offline_charts(mode: Mode = "auto") -> None:
    """Draw Altair charts without the internet from now on (see the module docstring).

    ``mode``: ``"auto"`` (widgets for charts with tooltips or selections, SVG for the
    rest), ``"interactive"`` (widgets for all) or ``"svg"`` (pictures only).
    """
    if mode not in get_args(Mode):
        raise ValueError(f"mode must be one of {get_args(Mode)}, not {mode!r}")
    if RENDERER not in alt.renderers.names():
        alt.renderers.register(RENDERER, render)
    alt.renderers.enable(RENDERER, mode=mode)


def in_kernel() -> bool:
    """True inside a Jupyter kernel (JupyterLab, Notebook, Voila, nbval), not in a terminal."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


def activate_in_kernel() -> bool:
    """Switch on offline charts in a kernel whose Altair renderer is still the default.

    Called when :mod:`goldlab.analysis.charts` is imported; returns whether it did.
    """
    if alt.renderers.active != "default" or not in_kernel():
        return False
    use_offline_charts()
    return True
