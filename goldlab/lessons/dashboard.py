"""The teacher's dashboard: the whole class's predictions and trials, pooled live.

For the lesson chosen, each prediction the lesson asks for is a histogram of the class's
guesses (each student's latest) with the exact answer as a line; each experiment is the
class's pooled estimate with its 95 % interval, growing submission by submission (so the
class watches it narrow toward the exact answer), each student's own estimate as a dot, and
who has sent something.  The figures come from the class store and nowhere else
(:meth:`Dashboard.figures`), and it redraws when the store changes (every second while
:meth:`Dashboard.start` runs).  Only the teacher's token opens it; a **Reveal** button lets
students read a key's pooled figures.

>>> import tempfile, pathlib
>>> from goldlab.classroom import ClassStore, new_session
>>> store = ClassStore.create(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> _ = store.submit(new_session(), "Ann", "1-flip-the-odds", "first_flip",
...                  {"successes": 3, "trials": 10}, nonce="a")
>>> board = Dashboard(store, store.token, "1-flip-the-odds")
>>> board.figures()["first_flip"]["trials"]
10
"""

from __future__ import annotations

import threading
from collections import Counter
from fractions import Fraction
from functools import cache
from html import escape
from importlib import import_module
from typing import Any

import altair as alt
import pandas as pd

from goldlab.classroom import Ask, ClassError, ClassStore, asks, lessons

LESSON_MODULES = {
    "1-flip-the-odds": "goldlab.lessons.flip_the_odds",
    "2-is-the-first-player-lucky": "goldlab.lessons.first_player",
    "3-what-is-memory-worth": "goldlab.lessons.memory",
    "4-risk-and-expected-value": "goldlab.lessons.risk",
}
"""Each lesson of a class and the module with its quiz (for the exact answers)."""
TITLES = {
    "1-flip-the-odds": "1. Flip the odds",
    "2-is-the-first-player-lucky": "2. Is the first player lucky?",
    "3-what-is-memory-worth": "3. What is memory worth?",
    "4-risk-and-expected-value": "4. Risk and expected value",
}
"""Each lesson's title, as the teacher's guide names it."""
EVERY = 1.0
"""Seconds between two looks at the store while the dashboard runs."""


@cache
def exact(item: Ask) -> float | None:
    """The exact answer ``item`` is drawn beside (from the lesson's quiz), or None."""
    if item.exact is None:
        return None
    answer = import_module(LESSON_MODULES[item.lesson]).make_quiz().question(item.exact).answer
    return float(answer) if isinstance(answer, (int, float, Fraction)) else None


class Dashboard:
    """The class's results for one lesson (an ipywidgets box), for the teacher only."""

    def __init__(self, store: ClassStore, token: object, lesson: str = lessons()[0]) -> None:
        if not store.is_teacher(token):
            raise ClassError("only the teacher's link opens the dashboard")
        self.store = store
        self.token = token
        self.lesson = lesson
        self._seen: object = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._widget: Any = None
        self.panels: list[tuple[Any, Any, Any]] = []
        """Each prediction's and experiment's (chart, summary line, reveal button)."""

    # ------------------------------------------------------------------ figures

    def figures(self) -> dict[str, dict[str, Any]]:
        """Every prediction and experiment of the lesson, as pooled now: a prediction's
        ``values``; an experiment's ``successes``, ``trials``, ``estimate``, ``low``, ``high``
        and ``students``."""
        out: dict[str, dict[str, Any]] = {}
        for item in asks(self.lesson):
            pooled = self.store.pooled(item.lesson, item.key, token=self.token)
            if item.kind == "prediction":
                out[item.key] = {"values": list(pooled.values), "exact": exact(item)}
                continue
            low, high = _interval(pooled.successes, pooled.trials)
            out[item.key] = {"successes": pooled.successes, "trials": pooled.trials,
                             "estimate": pooled.estimate, "low": low, "high": high,
                             "students": list(pooled.students), "exact": exact(item)}
        return out

    def growth(self, key: str) -> pd.DataFrame:
        """The pooled estimate and its interval after each submission of experiment ``key``
        (one row per submission, oldest first): how the class's answer narrowed."""
        rows = [r for r in self.store.rows(token=self.token)
                if r["lesson"] == self.lesson and r["key"] == key]
        frame = pd.DataFrame({"successes": [int(r["successes"]) for r in rows],
                              "trials": [int(r["trials"]) for r in rows]})
        frame["trials"] = frame["trials"].cumsum()
        frame["successes"] = frame["successes"].cumsum()
        frame["estimate"] = frame["successes"] / frame["trials"]
        bounds = [_interval(s, n) for s, n in zip(frame["successes"], frame["trials"],
                                                    strict=True)]
        frame["low"] = [b[0] for b in bounds]
        frame["high"] = [b[1] for b in bounds]
        return frame

    # ------------------------------------------------------------------ pictures

    def chart(self, item: Ask) -> alt.LayerChart:
        """The picture of one prediction or experiment."""
        figures = self.figures()[item.key]
        truth = figures["exact"]
        if item.kind == "prediction":
            guesses = pd.DataFrame({"guess": figures["values"]})
            bars = alt.Chart(guesses).mark_bar(color="#d4a017").encode(
                x=alt.X("guess:Q", bin=alt.Bin(extent=[0, 1], step=0.05),
                        title="the class's guesses"),
                y=alt.Y("count():Q", title="students",
                        axis=alt.Axis(values=_whole_ticks(figures["values"]), format="d")))
            layers: list[Any] = [bars]
        else:
            grown = self.growth(item.key)
            grown["submission"] = range(1, len(grown) + 1)
            band = alt.Chart(grown).mark_area(opacity=0.25, color="#5b7fa6").encode(
                x=alt.X("trials:Q", title="trials pooled", scale=alt.Scale(domainMin=0)),
                y=alt.Y("low:Q", title="share",
                                                                     scale=alt.Scale(
                                                                         domain=[0, 1])),
                y2="high:Q")
            line = alt.Chart(grown).mark_line(color="#1f3b5a").encode(x="trials:Q",
                                                                       y="estimate:Q")
            own = pd.DataFrame([{"name": name, "estimate": s / n, "trials": n}
                                for name, s, n in figures["students"]])
            dots = alt.Chart(own).mark_circle(size=60, color="#c0392b").encode(
                x="trials:Q", y="estimate:Q", tooltip=["name:N", "estimate:Q", "trials:Q"])
            layers = [band, line, dots]
        if truth is not None:  # the exact answer: a dashed line, labelled
            field = "guess" if item.kind == "prediction" else "estimate"
            rule = pd.DataFrame({field: [truth], "label": [f"exact {truth:.3f}"]})
            mark = alt.Chart(rule).mark_rule(color="black", strokeDash=[4, 4])
            text = alt.Chart(rule).mark_text(align="left", dx=4, dy=-6, fontSize=14)
            if item.kind == "prediction":
                layers += [mark.encode(x=f"{field}:Q"),
                           text.encode(x=f"{field}:Q", y=alt.value(12), text="label:N")]
            else:
                layers += [mark.encode(y=f"{field}:Q"),
                           text.encode(y=f"{field}:Q", x=alt.value(4), text="label:N")]
        picture = alt.LayerChart(layer=layers).properties(width=420, height=240, title=item.title)
        readable: alt.LayerChart = picture.configure_axis(  # on a projector
            labelFontSize=13, titleFontSize=14).configure_title(fontSize=17)
        return readable

    def summary(self, item: Ask) -> str:
        """One line of HTML under a picture: the pooled figure and who has sent something."""
        figures = self.figures()[item.key]
        who = self.store.answered(self.lesson, token=self.token).get(item.key, [])
        names = ", ".join(escape(name) for name in who) or "nobody yet"
        truth = figures["exact"]
        exact_text = f"; exact {truth:.3f}" if truth is not None else ""
        if item.kind == "prediction":
            values = figures["values"]
            mean = f"mean guess {sum(values) / len(values):.3f}" if values else "no guesses yet"
            return f"{mean}{exact_text}. <b>{len(who)}</b> sent: {names}"
        if not figures["trials"]:
            return f"no trials yet{exact_text}."
        return (f"class: {figures['successes']} of {figures['trials']} = "
                f"{figures['estimate']:.3f}, 95 % interval {figures['low']:.3f} to "
                f"{figures['high']:.3f}{exact_text}. <b>{len(who)}</b> sent: {names}")

    # ------------------------------------------------------------------ the widget

    @property
    def widget(self) -> Any:
        """The dashboard as an ipywidgets box (built on first use)."""
        if self._widget is None:
            self._widget = self._build()
        return self._widget

    def refresh(self) -> bool:
        """Redraw if the class sent something since the last look; True if it redrew."""
        if self._widget is None:
            self._widget = self._build()
            return True
        now = (len(self.store.rows(token=self.token)), self.lesson)
        if now == self._seen:
            return False
        self._seen = now
        for item, (chart, text, _) in zip(asks(self.lesson), self.panels, strict=True):
            chart.chart = self.chart(item)
            text.value = self.summary(item)
        return True

    def start(self, every: float = EVERY) -> None:
        """Look at the store every ``every`` seconds (at least 0.2) until :meth:`stop`."""
        self.stop()
        self._stop.clear()
        pause = max(0.2, float(every))

        def watch() -> None:
            while not self._stop.wait(pause):
                try:
                    self.refresh()
                except Exception:  # a locked file for a moment: look again next time
                    continue

        self._thread = threading.Thread(target=watch, name="goldlab-dashboard", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop looking at the store."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _build(self) -> Any:
        import ipywidgets as widgets

        alt.JupyterChart.enable_offline()
        self.panels = []
        boxes = []
        for item in asks(self.lesson):
            chart = alt.JupyterChart(self.chart(item))
            text = widgets.HTML(self.summary(item))
            reveal = widgets.Button(description="Reveal to the class",
                                    disabled=self.store.revealed(item.lesson, item.key))
            reveal.on_click(lambda button, item=item: self._reveal(item, button))
            self.panels.append((chart, text, reveal))
            boxes.append(widgets.VBox([chart, text, reveal]))
        self._seen = (len(self.store.rows(token=self.token)), self.lesson)
        title = widgets.HTML(f"<h2>{escape(TITLES[self.lesson])}: the class so far</h2>")
        return widgets.VBox([title, widgets.HBox(boxes)])

    def _reveal(self, item: Ask, button: Any) -> None:
        self.store.reveal(self.token, item.lesson, item.key)
        button.disabled = True

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _whole_ticks(guesses: list[float], bin_width: float = 0.05) -> list[int]:
    """Whole-number ticks for the histogram's counts (about five of them)."""
    tallest = max(Counter(min(int(g / bin_width), 19) for g in guesses).values(), default=1)
    step = max(1, -(-tallest // 5))
    return list(range(0, tallest + step, step))


def _interval(successes: int, trials: int) -> tuple[float, float]:
    """Wilson's 95 % interval (the analysis layer's), NaN before any trial."""
    if trials <= 0:
        return float("nan"), float("nan")
    from goldlab.analysis import proportion_ci

    low, high = proportion_ci(successes, trials)
    return float(low), float(high)


__all__ = ["Dashboard", "exact"]
