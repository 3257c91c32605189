""""One more trial": an estimate and its 95 % interval, redrawn as trials arrive.

As in *Seeing Theory*, the class watches the estimate of a chance settle and its interval
narrow, one trial (a flip, a game) after another, at a steady pace.  The trials are
played beforehand (a lesson's simulation, with its seed); the animation only shows more of
them, frame by frame:

* :func:`trial_counts` -- how many trials each frame shows: one more at a time at first,
  then more per frame, so a bounded number of frames reaches all of them;
* :func:`trial_frames` -- the estimate and its Wilson interval at each of those counts
  (:func:`goldlab.lessons.inference.wilson_interval`);
* :class:`Pacer` -- a steady pace: frame ``k`` is due ``k`` intervals after the start,
  whatever a redraw took (a late frame does not make the next ones rush);
* :class:`OneMoreTrial` -- the widget: a Play/Pause button, a slider to scrub, the chart
  (drawn offline, sent once: a frame changes one parameter of it) and a line of text.  Nothing
  moves until Play is pressed, so a notebook run headless (CI, nbval) draws one frame.

Only the standard library, Altair and ipywidgets are used (no NumPy or pandas: the lessons run
in the browser, in Pyodide).  Everything but :class:`OneMoreTrial` needs no Jupyter:

>>> trial_counts(100, 12)
[1, 2, 3, 5, 8, 12, 18, 26, 37, 52, 73, 100]
>>> frame = trial_frames([True, False, True, True], [2, 4])[1]
>>> frame.successes, frame.estimate, round(frame.low, 3), round(frame.high, 3)
(3, 0.75, 0.301, 0.954)
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import altair as alt

from goldlab.analysis import display
from goldlab.lessons.inference import wilson_interval

MAX_TRIALS = 20_000
"""The most trials an animation shows (every frame is computed, and sent, up front)."""
MAX_FRAMES = 400
"""The most frames an animation has (at the fastest pace, about a minute)."""
PACES = (0.05, 2.0)
"""The shortest and the longest time between two frames, in seconds."""


@dataclass(frozen=True, slots=True)
class Frame:
    """What one frame shows: after ``trials`` trials, ``successes`` of them successes, the
    estimate (their share) and its 95 % Wilson interval ``low`` to ``high``."""

    trials: int
    successes: int
    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return (f"after {self.trials:,} trials: {self.successes:,} successes = "
                f"{self.estimate:.3f}, 95 % interval {self.low:.3f} to {self.high:.3f}")


def trial_counts(trials: int, frames: int) -> list[int]:
    """The number of trials each frame shows: increasing, ending at ``trials``, at most
    ``frames`` of them.  One more trial per frame at first; once a step of one would not
    reach the end in the frames left, the counts grow geometrically (so each frame adds
    about the same *share* of trials, and the interval narrows at a steady rate)."""
    if not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be between 1 and {MAX_TRIALS:,}, not {trials!r}")
    if not 2 <= frames <= MAX_FRAMES:
        raise ValueError(f"frames must be between 2 and {MAX_FRAMES}, not {frames!r}")
    counts: list[int] = []
    n = 0
    while n < trials:
        left = frames - len(counts)
        if left <= 1:
            n = trials
        else:  # the ratio that reaches ``trials`` in the frames left, but at least +1
            ratio = (trials / max(n, 1)) ** (1 / left) if n else 1.0
            n = min(trials, max(n + 1, math.ceil(n * ratio)))
        counts.append(n)
    return counts


def trial_frames(outcomes: Sequence[bool], counts: Sequence[int],
                 confidence: float = 0.95) -> list[Frame]:
    """The estimate and its Wilson interval (:func:`~goldlab.lessons.inference.wilson_interval`
    at ``confidence``) after each count of ``outcomes`` (True: a success), in the order
    given."""
    running = [0]
    for outcome in outcomes:
        running.append(running[-1] + bool(outcome))
    frames = []
    for n in counts:
        if not 1 <= n <= len(outcomes):
            raise ValueError(f"a frame shows 1 to {len(outcomes)} trials, not {n}")
        wins = running[n]
        low, high = wilson_interval(wins, n, confidence)
        frames.append(Frame(n, wins, wins / n, low, high))
    return frames


class Pacer:
    """A steady pace: frame ``k`` (counted from :meth:`start`) is due at ``start + k *
    interval``.  :meth:`wait` says how long to sleep before the next frame; when a redraw
    ran late by a whole interval or more, the schedule moves on from now instead of
    showing the late frames in a burst."""

    def __init__(self, interval: float, clock: Callable[[], float] = time.monotonic) -> None:
        low, high = PACES
        if not low <= interval <= high:
            raise ValueError(f"the pace must be between {low} and {high} seconds a frame, "
                             f"not {interval!r}")
        self.interval = float(interval)
        self.clock = clock
        self.origin = clock()
        self.ticks = 0

    def start(self) -> None:
        """Count from now: the next frame is due one interval from now."""
        self.origin, self.ticks = self.clock(), 0

    def wait(self) -> float:
        """Seconds until the next frame is due (0 if it is late), and count that frame."""
        self.ticks += 1
        now = self.clock()
        due = self.origin + self.ticks * self.interval
        if now - due >= self.interval:  # far behind: start counting again from now
            self.origin, self.ticks = now, 0
            return 0.0
        return max(0.0, due - now)


# --------------------------------------------------------------------------- the chart


def frames_table(frames: Sequence[Frame]) -> list[dict[str, float]]:
    """One row per frame: trials, estimate, low and high."""
    return [{"trials": f.trials, "estimate": f.estimate, "low": f.low, "high": f.high}
            for f in frames]


def _data(rows: list[dict[str, float]]) -> alt.Data:
    """Rows as an Altair data set: inline values, so each encoding names its field's type."""
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


SHOWN = "shown"
"""The chart's parameter: how many trials it shows (the frames change only this)."""


def trial_chart(frames: Sequence[Frame], shown: int, *, exact: float | None = None,
                what: str = "share of successes", trials: str = "trials",
                colour: str = "#5b7fa6", log: bool = False,
                domain: tuple[float, float] = (0.0, 1.0)) -> alt.LayerChart:
    """The estimate (line) and its 95 % interval (band) over the first ``shown + 1``
    frames, with the latest interval as a black bar and ``exact`` (if given) as a dashed
    line.  The axes span all the frames, so only the data move from frame to frame:
    ``log`` spaces the trials on a log scale (for thousands of them), ``domain`` is the
    range of the estimate's axis (what lies outside is drawn at its edge).

    The chart holds every frame and shows those up to the parameter :data:`SHOWN` (a
    number of trials): a widget moves to another frame by setting that one number, with
    no new chart to build or send (``JupyterChart.params.shown``)."""
    if not 0 <= shown < len(frames):
        raise ValueError(f"frame {shown} does not exist: there are {len(frames)}")
    table = _data(frames_table(frames))
    param = alt.param(name=SHOWN, value=frames[shown].trials)
    sofar = alt.Chart(table).transform_filter(alt.datum.trials <= param)
    now = alt.Chart(table).transform_filter(alt.datum.trials == param)
    last = frames[-1].trials
    powers = [10 ** k for k in range(len(str(last)))]  # 1, 10, 100, ... up to the last
    x = alt.X("trials:Q", title=f"{trials} so far" + (" (log scale)" if log else ""),
              scale=alt.Scale(type="log", domain=[1, last], nice=False) if log
              else alt.Scale(domain=[0, last], nice=False),
              axis=alt.Axis(values=powers, format=",") if log else alt.Axis(format=","))
    scale = alt.Scale(domain=list(domain), clamp=True)
    y = alt.Y("estimate:Q", title=what, scale=scale)
    band = sofar.mark_area(opacity=0.25, color=colour).encode(
        x=x, y=alt.Y("low:Q", title=what, scale=scale), y2="high:Q")
    line = sofar.mark_line(color=colour).encode(x=x, y=y)
    bar = now.mark_rule(strokeWidth=3, color="black").encode(
        x=x, y=alt.Y("low:Q", scale=scale), y2="high:Q")
    point = now.mark_point(filled=True, size=60, color="black").encode(x=x, y=y)
    layers: list[Any] = [band, line, bar, point]
    if exact is not None:
        layers.append(alt.Chart(_data([{"exact": exact}])).mark_rule(
            strokeDash=[5, 4], color="gray").encode(y=alt.Y("exact:Q", scale=scale)))
    chart = alt.layer(*layers).add_params(param).properties(width=480, height=240)
    return cast(alt.LayerChart, chart)


# --------------------------------------------------------------------------- the widget


class OneMoreTrial:
    """Play/Pause, a slider and the chart of :func:`trial_chart`: press Play and one more
    trial arrives at each frame, at a steady ``pace`` (seconds a frame).

    ``outcomes``: the trials played (True: a success); the animation shows the first
    ``trials`` of them in at most ``frames`` frames.  ``describe(frame)`` is the line of
    text (HTML) under the chart; ``exact``, ``what``, ``unit``, ``log`` and ``domain`` go
    to :func:`trial_chart` (``unit`` names the trials: "games").  The chart is built and
    sent once (offline, :class:`altair.JupyterChart`); a frame sets its parameter.

    Nothing moves until :meth:`play` (the button): run headless, the notebook draws frame
    0 only.  :meth:`advance` shows the next frame at once (what each tick does);
    ``shown_at`` holds the clock time of every frame a run drew.
    """

    def __init__(self, outcomes: Sequence[bool], *, trials: int = 400, frames: int = 120,
                 pace: float = 0.2, exact: float | None = None,
                 what: str = "share of successes", unit: str = "trials",
                 log: bool = False, domain: tuple[float, float] = (0.0, 1.0),
                 describe: Callable[[Frame], str] = str,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        import ipywidgets as widgets

        if not 1 <= trials <= len(outcomes):
            raise ValueError(f"trials must be between 1 and the {len(outcomes):,} played, "
                             f"not {trials!r}")
        self.frames = trial_frames(outcomes, trial_counts(trials, frames))
        self.pacer = Pacer(pace, clock)
        self.sleep = sleep
        self.describe = describe
        self.shown_at: list[float] = []
        self.task: asyncio.Future[int] | None = None
        alt.JupyterChart.enable_offline()  # the Vega bundle from vl-convert, never a CDN
        self.chart = alt.JupyterChart(trial_chart(self.frames, 0, exact=exact, what=what,
                                                  trials=unit, log=log, domain=domain),
                                      embed_options=display.EMBED_OPTIONS)
        self.text = widgets.HTML(describe(self.frames[0]))
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.frames) - 1,
                                        description=unit, readout=False,
                                        continuous_update=True)
        self.slider.observe(lambda _: self._show(), names="value")
        self.button = widgets.Button(description="▶ Play", button_style="primary",
                                     tooltip="play: one more trial at each frame")
        self.button.on_click(lambda _: self.toggle())
        self.reset_button = widgets.Button(description="⟲ Start over")
        self.reset_button.on_click(lambda _: self.reset())
        self.box = widgets.VBox([widgets.HBox([self.button, self.reset_button, self.slider]),
                                 self.chart, self.text])
        self.box.add_class("gl-one-more-trial")

    @property
    def index(self) -> int:
        """The frame shown now."""
        return int(self.slider.value)

    @property
    def frame(self) -> Frame:
        """What the chart shows now."""
        return self.frames[self.index]

    @property
    def playing(self) -> bool:
        """True while the animation runs."""
        return self.task is not None and not self.task.done()

    def _show(self) -> None:
        frame = self.frame
        setattr(self.chart.params, SHOWN, frame.trials)
        self.text.value = self.describe(frame)

    def advance(self) -> bool:
        """Show the next frame; False at the last frame."""
        if self.index >= len(self.frames) - 1:
            return False
        self.slider.value = self.index + 1
        self.shown_at.append(self.pacer.clock())
        return True

    def reset(self) -> None:
        """Stop, and go back to the first frame."""
        self.pause()
        self.slider.value = 0

    def toggle(self) -> None:
        """Play if paused, pause if playing (the button)."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        """Start the animation on the running event loop (the kernel's, in Jupyter and
        Voila); from the last frame it starts over."""
        if self.playing:
            return
        if self.index >= len(self.frames) - 1:
            self.slider.value = 0
        self.button.description = "❚❚ Pause"
        self.task = asyncio.ensure_future(self.run())

    def pause(self) -> None:
        """Stop after the frame shown now."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self.button.description = "▶ Play"

    async def run(self, limit: int | None = None) -> int:
        """Show the next frames at the pace until the last one (or ``limit`` frames);
        returns how many were shown.  :meth:`play` runs this as a task."""
        self.button.description = "❚❚ Pause"
        self.pacer.start()
        shown = 0
        try:
            while limit is None or shown < limit:
                await self.sleep(self.pacer.wait())
                if not self.advance():
                    break
                shown += 1
        finally:
            self.button.description = "▶ Play"
        return shown

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


__all__ = ["MAX_FRAMES", "MAX_TRIALS", "PACES", "SHOWN", "Frame", "OneMoreTrial", "Pacer",
           "frames_table", "trial_chart", "trial_counts", "trial_frames"]
