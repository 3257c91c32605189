"""A lesson taken by a whole class: what a student's page sends to ``goldlab classroom``.

A lesson page asks once whether it is in a class (:class:`ClassPage`, through
:mod:`goldlab.classroom.client`): in a browser page served by ``goldlab classroom`` the class
API answers at the page's own origin; anywhere else (a plain web space, JupyterLab, Voila, a
test) it does not, and the page says once "Not in a class: your results stay in this page."
and sends nothing.

Inside a class, the first class widget of the page (the prediction box, in every lesson)
carries the page's one **name box**: the student types the name the class sees, and the page
then says "You are sending as Ann".  The server's cookie keeps the student, so a reload shows
the same name.  A saved guess (:class:`goldlab.lessons.answer.Prediction`) and each batch of
:class:`ClassExperiment` ("Run my trials", the student's own) are sent with a nonce, and the
page then asks every 3 s whether the teacher has revealed the class's figure; once revealed,
the figure appears under the widget without the student pressing anything.

Each lesson declares what it pools: its prediction ``(lesson, key)`` in its notebook's
prediction cell, and its experiment as a :class:`Trials` in its own module (``TRIALS``,
e.g. ``goldlab.lessons.flip_the_odds.TRIALS``).  This module imports no lesson.

Each student's trials are their own: a fresh seed per batch (63 random bits), unlike the
lesson's fixed-seed tables that show every student the same numbers.

>>> alone = ClassPage(client=None)                        # no class server: alone
>>> experiment = ClassExperiment(Trials("1-flip-the-odds", "first_flip",
...                                     lambda count, seed: count // 2), batch=10, page=alone)
>>> experiment.run()
>>> experiment.trials, experiment.successes
(10, 5)
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any, NamedTuple

from goldlab.classroom.asks import ask
from goldlab.classroom.client import (
    ClassClient,
    ClassInfo,
    NotSent,
    Pooled,
    PooledGuesses,
    PooledTrials,
    default_transport,
)

BATCHES = (5, 10, 20, 50)
"""How many trials one press may run (each is below every experiment's ``max_trials``)."""
EVERY = 3.0
"""Seconds between two questions to the class server: has the teacher revealed it yet?"""
GIVE_UP_AFTER = 20
"""Failed questions in a row after which a page stops asking (the server has gone)."""
MOST_ASKS = 2_400
"""Questions one figure's watch asks at most (2 hours at 3 s): a page left open over a
weekend does not ask all weekend."""
ALONE = "Not in a class: your results stay in this page."
"""What a page outside a class says, once."""
NAME_FIRST = "Type your name for the class first, in the name box at the top."
"""What a page in a class says when a student sends before naming themself."""


@dataclass(frozen=True)
class Trials:
    """One experiment a lesson pools: ``run(count, seed)`` is the number of successes among
    ``count`` fresh trials of the lesson's experiment ``key``, drawn from ``seed``."""

    lesson: str
    key: str
    run: Callable[[int, int], int]

    def __post_init__(self) -> None:
        if ask(self.lesson, self.key).kind != "trials":  # an unknown key fails here too
            raise KeyError(f"{self.key!r} of {self.lesson} is a prediction, not trials")


# --------------------------------------------------------------------------- the page


class Sending(NamedTuple):
    """What :meth:`ClassPage.send` did: ``sent`` (the class has it) and the student's line."""

    sent: bool
    line: str


class ClassPage:
    """This page's place in a class: asked once, when the first class widget is made.

    ``client`` None (or a class server that does not answer) is a page alone.  ``info`` is
    what the class said (None alone); ``name`` the name the class knows this student by.
    """

    def __init__(self, client: ClassClient | None) -> None:
        self.client = client
        self.info: ClassInfo | None = client.probe() if client is not None else None
        self.name: str | None = self.info.name if self.info is not None else None
        self._header_given = False
        self._watching: dict[tuple[str, str], Watch] = {}

    @property
    def in_class(self) -> bool:
        """True when a class server answered this page."""
        return self.info is not None

    def header(self) -> Any | None:
        """The page's one class header, for the first widget that asks: the name box in a
        class, the line :data:`ALONE` outside one; None for every later widget."""
        if self._header_given:
            return None
        self._header_given = True
        return NameBox(self).widget if self.in_class else _line(f"<i>{escape(ALONE)}</i>",
                                                                "gl-class-alone")

    def send(self, lesson: str, key: str, value: float | dict[str, int],
             nonce: str | None = None) -> Sending:
        """Send a value to the class: whether the class has it now, and the line (HTML) to
        show the student, never a traceback."""
        if self.client is None or not self.in_class:
            return Sending(False, "")
        if not self.name:
            return Sending(False, f"<b>{escape(NAME_FIRST)}</b>")
        try:
            sent = self.client.submit(lesson, key, value, nonce)
        except NotSent as refused:
            return Sending(False, '<span style="color:#b3261e">Not sent to the class: '
                                  f"{escape(str(refused))}</span>")
        if not sent.counted:
            return Sending(True, "<i>The class already had this from you: it keeps the first "
                                 "one.</i>")
        return Sending(True, f"<i>Sent to the class as {escape(self.name)}.</i>")

    def watch(self, lesson: str, key: str, show: Callable[[Pooled], None]) -> Watch | None:
        """Ask every :data:`EVERY` seconds whether the teacher has revealed ``key``'s class
        figure, and call ``show(pooled)`` once it is (then stop).  Watching an already
        revealed figure asks once more at once (a new batch of the student's changes it)."""
        if self.client is None or not self.in_class:
            return None
        old = self._watching.get((lesson, key))
        if old is not None and old.running:
            old.show = show
            return old
        watch = Watch(self.client, lesson, key, show)
        self._watching[lesson, key] = watch
        watch.revealed_before = old is not None and old.revealed_before
        watch.start(at_once=watch.revealed_before)
        return watch


class NameBox:
    """The page's name box: the name the class sees this student by (escaped wherever
    shown).  A reload shows the name again: the server knows this browser by its cookie."""

    def __init__(self, page: ClassPage) -> None:
        import ipywidgets as widgets

        self.page = page
        self.text = widgets.Text(value=page.name or "", placeholder="your name for the class",
                                 description="Name", layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description="Use this name", button_style="info")
        self.status = widgets.HTML(self._who())
        self.button.on_click(lambda _: self.use())
        self.text.continuous_update = False
        self.text.observe(lambda _: self.use(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.text, self.button]), self.status])
        self.widget.add_class("gl-class-name")

    def use(self) -> None:
        """Ask the class for the name typed; say who the page is sending as."""
        typed = " ".join(str(self.text.value).split())
        if not typed:
            self.status.value = "<i>Type the name your class knows you by.</i>"
            return
        if typed == self.page.name:
            self.status.value = self._who()
            return
        assert self.page.client is not None  # a name box exists only in a class
        try:
            self.page.name = self.page.client.set_name(typed[:40])
        except NotSent as refused:
            self.status.value = (f'<span style="color:#b3261e">{escape(str(refused))}</span> '
                                 + (self._who() if self.page.name else ""))
            return
        self.status.value = self._who()

    def _who(self) -> str:
        title = self.page.info.title if self.page.info is not None else ""
        if not self.page.name:
            return (f"<i>You are in {escape(title)}: type the name your class knows you by, "
                    "then press Use this name.</i>")
        return f"You are sending as <b>{escape(self.page.name)}</b> to {escape(title)}."


class Watch:
    """Asks the class server every :data:`EVERY` seconds whether a figure is revealed, on
    Pyodide's event loop in a browser page (an asyncio task: the page has no threads) and on
    a thread in CPython; stops once it is shown, after :data:`GIVE_UP_AFTER` failures in a
    row, or after :data:`MOST_ASKS` questions."""

    def __init__(self, client: ClassClient, lesson: str, key: str,
                 show: Callable[[Pooled], None], every: float | None = None) -> None:
        self.client = client
        self.lesson = lesson
        self.key = key
        self.show = show
        self.every = every if every is not None else EVERY
        self.running = False
        self.revealed_before = False
        self.asked = 0
        self._failures = 0
        self._stop = threading.Event()
        self._task: asyncio.Future[None] | None = None  # kept: a task nobody holds may go

    def check(self) -> bool:
        """Ask once; True when the figure is revealed (and shown) or the asking should stop."""
        self.asked += 1
        if self.asked > MOST_ASKS:
            return True
        try:
            pooled = self.client.pooled(self.lesson, self.key)
        except NotSent:
            self._failures += 1
            return self._failures >= GIVE_UP_AFTER
        self._failures = 0
        if pooled is None:
            return False
        self.revealed_before = True
        self.show(pooled)
        return True

    def start(self, at_once: bool = False) -> None:
        """Begin asking (the first question after :attr:`every` seconds, or at once)."""
        self.running = True
        self._stop.clear()
        if sys.platform == "emscripten":
            self._task = asyncio.ensure_future(self._ask_in_page(at_once))
        else:
            threading.Thread(target=self._ask_on_thread, args=(at_once,), daemon=True,
                             name=f"goldlab-class-{self.key}").start()

    def stop(self) -> None:
        """Stop asking (a test, or a page that closes)."""
        self._stop.set()
        self.running = False

    async def _ask_in_page(self, at_once: bool) -> None:
        try:
            if at_once and self.check():
                return
            while not self._stop.is_set():
                await asyncio.sleep(self.every)
                if self._stop.is_set() or self.check():
                    return
        finally:
            self.running = False

    def _ask_on_thread(self, at_once: bool) -> None:
        try:
            if at_once and self.check():
                return
            while not self._stop.wait(self.every):
                if self.check():
                    return
        finally:
            self.running = False


_PAGE: list[ClassPage] = []


def this_page() -> ClassPage:
    """This page's :class:`ClassPage` (asked once per kernel: one page, one kernel)."""
    if not _PAGE:
        transport = default_transport()
        _PAGE.append(ClassPage(ClassClient(transport) if transport is not None else None))
    return _PAGE[0]


def use_page(new: ClassPage | None) -> None:
    """Make ``new`` this kernel's page (None: ask again at the next widget); for tests."""
    for old in _PAGE:
        for watch in old._watching.values():
            watch.stop()
    _PAGE.clear()
    if new is not None:
        _PAGE.append(new)


# --------------------------------------------------------------------------- figures


def trials_figure(pooled: PooledTrials, successes: int, trials: int, title: str) -> str:
    """The class's pooled trials beside the student's own, as HTML bars."""
    rows = [("the whole class", pooled.share, f"{pooled.successes:,} of {pooled.trials:,}",
             "#1f77b4")]
    if trials:
        rows.append(("yours", successes / trials, f"{successes:,} of {trials:,}", "#ff7f0e"))
    bars = "".join(_bar(*row) for row in rows)
    students = "1 student" if pooled.students == 1 else f"{pooled.students:,} students"
    return (f'<div class="gl-class-figure"><b>{escape(title)}: the whole class</b> '
            f"(shown by your teacher: {students}){bars}</div>")


def guesses_figure(pooled: PooledGuesses, mine: float | None) -> str:
    """The class's guesses as a histogram of HTML bars, the student's own bin in orange."""
    tallest = max((count for _, _, count in pooled.bins), default=0) or 1
    columns = []
    for low, high, count in pooled.bins:
        yours = mine is not None and (low <= mine < high or mine == high == 1.0)
        colour = "#ff7f0e" if yours else "#1f77b4"
        label = f"{100 * low:.0f}-{100 * high:.0f}"
        columns.append(
            '<div style="display:flex;flex-direction:column;align-items:center;'
            'justify-content:flex-end;width:2.6em;white-space:nowrap">'
            f'<span style="font-size:80%">{count or ""}</span>'
            f'<span title="{escape(label)} %: {count}" style="display:block;width:2.2em;'
            f"height:{round(80 * count / tallest)}px;background:{colour}\"></span>"
            f'<span style="font-size:65%">{escape(label)}</span></div>')
    guesses = "1 guess" if pooled.count == 1 else f"{pooled.count:,} guesses"
    return (f'<div class="gl-class-figure"><b>The class\'s guesses</b> (shown by your teacher: '
            f"{guesses}, mean {100 * pooled.mean:.1f} %; yours in orange; chances in %)"
            '<div style="display:flex;align-items:flex-end;gap:2px;margin-top:.3em">'
            f'{"".join(columns)}</div></div>')


def _bar(label: str, share: float, counts: str, colour: str) -> str:
    return ('<div style="display:flex;align-items:center;gap:.5em">'
            f'<span style="width:9em">{escape(label)}</span>'
            f'<span style="display:inline-block;height:1em;width:{round(240 * share)}px;'
            f'background:{colour}"></span><span>{counts} ({100 * share:.1f} %)</span></div>')


def _line(html: str, css: str) -> Any:
    import ipywidgets as widgets

    line = widgets.HTML(html)
    line.add_class(css)
    return line


# --------------------------------------------------------------------------- the experiment


class ClassExperiment:
    """A button that runs a batch of the student's own trials, counts them, and (inside a
    class) sends them to the class.  ``successes`` and ``trials`` are the student's total."""

    def __init__(self, trials: Trials, *, batch: int = 20, page: ClassPage | None = None
                 ) -> None:
        import ipywidgets as widgets

        if not isinstance(trials, Trials):
            raise TypeError("ClassExperiment takes a lesson's Trials, e.g. lesson.TRIALS")
        if batch not in BATCHES:
            raise ValueError(f"a batch is one of {BATCHES}, not {batch!r}")
        self.experiment = trials
        self.ask = ask(trials.lesson, trials.key)
        self.page = page if page is not None else this_page()
        self.successes = 0
        self.trials = 0
        self.batch = widgets.Dropdown(options=list(BATCHES), value=batch, description="trials",
                                      layout=widgets.Layout(width="10em"))
        self.button = widgets.Button(description="Run my trials", button_style="primary")
        self.button.on_click(lambda _: self.run())
        self.output = widgets.HTML(f"<i>{escape(self.ask.title)}: none of yours yet.</i>")
        self.class_view = widgets.HTML("")
        header = self.page.header()
        parts = [header] if header is not None else []
        self.widget = widgets.VBox([*parts, widgets.HBox([self.batch, self.button]),
                                    self.output, self.class_view])
        self.widget.add_class("gl-class-experiment")

    def run(self) -> None:
        """Run one batch (of the size chosen, checked against :data:`BATCHES`)."""
        if self.page.in_class and not self.page.name:
            self.output.value = f"<b>{escape(NAME_FIRST)}</b>"
            return
        count = self.batch.value if self.batch.value in BATCHES else BATCHES[0]
        won = self.experiment.run(count, secrets.randbits(63))
        self.successes += won
        self.trials += count
        line = (f"{escape(self.ask.title)}: {won} of {count} this time; yours so far "
                f"{self.successes} of {self.trials} ({100 * self.successes / self.trials:.1f} %).")
        if self.page.in_class:
            sending = self.page.send(self.ask.lesson, self.ask.key,
                                     {"successes": won, "trials": count})
            line += " " + sending.line
            if sending.sent:
                self.page.watch(self.ask.lesson, self.ask.key, self._show)
        self.output.value = line

    def _show(self, pooled: Pooled) -> None:
        if isinstance(pooled, PooledTrials):
            self.class_view.value = trials_figure(pooled, self.successes, self.trials,
                                                  self.ask.title)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["ALONE", "BATCHES", "EVERY", "GIVE_UP_AFTER", "MOST_ASKS", "NAME_FIRST",
           "ClassExperiment", "ClassPage", "NameBox", "Sending", "Trials", "Watch",
           "guesses_figure", "this_page", "trials_figure", "use_page"]
