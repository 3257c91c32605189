"""The view fuzz: random and hostile browser messages against a game's view.

A Voila app is served to students, so whatever a page sends reaches
``GameView._on_message``.  :func:`fuzz_view` sends many random intents (every
type the front end knows, with friendly, malformed and hostile values: huge and
non-finite numbers, wrong types, unknown bot specs, forged records, unknown
types) and checks each answer:

* nothing escapes (no exception from the handler);
* the answer comes within ``budget_ms`` of processor time (measured per message;
  only the very first may take ``first_ms``: caches warm up; the garbage collector
  waits meanwhile, as its pauses are not the handler's), so no message can hang the
  kernel;
* a refused message (the view's ``error`` is set) leaves the game exactly as it was
  (position, history and generator).

It is duck-typed, so any game's presenter can be run through it, a game from
outside the package included (the tests' Pig)::

    from goldlab.testing import fuzz_view
    from goldlab.views import GameView
    report = fuzz_view(lambda: GameView(goldlab.make("pig", players=2, seed=1),
                                        seat=0, bots={1: "cautious"}))
    assert report.ok, report.problems

Needs ``hypothesis`` (the ``test`` extra).
"""

from __future__ import annotations

import gc
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

INTENT_TYPES = ("click", "notation", "step", "goto", "home", "end", "seat", "memory", "bot",
                "undo", "bots", "new", "rematch", "save", "load", "clear", "speed", "pause",
                "branch", "main")
"""The intents the front end sends (``widgets/game_view.js``)."""

HUGE_TEXT = "x" * 2_000_001
"""A record larger than any view loads."""

HUGE: tuple[Any, ...] = (
    {"type": "step", "value": 10**12}, {"type": "step", "value": -(10**12)},
    {"type": "goto", "value": 10**400, "page": 2**70}, {"type": "step", "value": 2.0**80},
)
"""Messages with huge numbers that every view clamps (answered at once), sent first."""

HOSTILE: tuple[Any, ...] = (
    {"type": "step", "value": float("nan")}, {"type": "step", "value": "many"},
    {"type": "goto", "value": 1, "page": 1e999}, {"type": "goto", "value": float("nan")},
    {"type": "goto", "value": "3"}, {"type": "goto", "value": True},
    {"type": "bot", "seat": 0, "value": "ismcts:3600s"},
    {"type": "bot", "seat": 1, "value": "ismcts:100000000"},
    {"type": "bot", "seat": True, "value": "random"}, {"type": "memory", "value": "yes"},
    {"type": "seat", "value": 10**9}, {"type": "seat", "value": [0]},
    {"type": "load", "value": HUGE_TEXT}, {"type": "load", "value": "{not json"},
    {"type": "load", "value": 42}, {"type": "click", "target": 42},
    {"type": "notation", "value": ""}, {"type": "teleport"}, {"type": None}, "garbage", None,
    [], 7, {"type": "speed", "value": 10**9}, {"type": "speed", "value": float("nan")},
    {"type": "speed", "value": "fast"}, {"type": "speed", "value": True},
)
"""Messages every view must refuse (each with an error, changing nothing), sent first."""


@dataclass
class ViewFuzzReport:
    """What the fuzz sent and what it found."""

    messages: int = 0
    refused: int = 0
    slowest_ms: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True if no answer escaped, was slow, or changed the game when refusing."""
        return not self.problems


def _numbers() -> Any:
    from hypothesis import strategies as st

    return st.one_of(
        st.integers(-3, 3), st.integers(), st.sampled_from([10**12, -(10**12), 2**63, 10**400]),
        st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
        st.text(max_size=8), st.lists(st.integers(), max_size=2),
    )


def intents(players: int = 2) -> Any:
    """A hypothesis strategy of browser messages for a view of ``players`` seats."""
    from hypothesis import strategies as st

    anything = st.one_of(_numbers(), st.text(max_size=30),
                         st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))
    seats = st.one_of(st.integers(-1, players), st.sampled_from(["all", "public", "0", "1"]),
                      anything)
    specs = st.one_of(
        st.sampled_from(["person", "random", "greedy", "ismcts", "ismcts:50", "ismcts:3600s",
                         "ismcts:100000000", "ismcts:0.5s", "nonsense:1", ""]),
        st.text(max_size=20), anything)
    records = st.one_of(
        st.text(max_size=200), st.just(HUGE_TEXT), st.just("{}"), st.just("[1,2]"),
        st.just('{"format": "goldlab-record", "format_version": 1, "game": "gold", '
                '"players": 2, "options": {}, "seed": 1, "steps": [], "mode": "study"}'),
        st.just('{"format": "goldlab-record", "format_version": 1, "game": "goldland", '
                '"players": 2, "options": {"turn_cap": 0}, "seed": 1, '
                '"steps": ' + '["pass"]' + ', "mode": "study"}'),
        anything)
    return st.one_of(
        st.fixed_dictionaries({"type": st.just("click"),
                               "target": st.one_of(st.text(max_size=12), anything)}),
        st.fixed_dictionaries({"type": st.just("notation"),
                               "value": st.one_of(st.text(max_size=30), anything)}),
        st.fixed_dictionaries({"type": st.just("step"), "value": _numbers()}),
        st.fixed_dictionaries({"type": st.just("goto"), "value": _numbers(),
                               "page": _numbers()}),
        st.fixed_dictionaries({"type": st.just("seat"), "value": seats}),
        st.fixed_dictionaries({"type": st.just("memory"), "value": anything}),
        st.fixed_dictionaries({"type": st.just("bot"), "seat": seats, "value": specs}),
        st.fixed_dictionaries({"type": st.just("load"), "value": records}),
        st.fixed_dictionaries({"type": st.just("speed"),
                               "value": st.one_of(st.sampled_from([0, 0.5, 1, 2, 4]),
                                                  _numbers())}),
        st.fixed_dictionaries({"type": st.sampled_from(INTENT_TYPES)}),
        st.fixed_dictionaries({"type": anything}),
        anything,
    )


def _fingerprint(view: Any) -> Any:
    state = view.table.state
    return (state.game, state.players, state.fingerprint(),
            [(s.actor, str(s.action)) for s in state.history])


class _Hung(BaseException):
    """Raised by the alarm in a handler that runs far beyond its budget."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (wall clock) where the platform allows it."""
    main = threading.current_thread() is threading.main_thread()
    if not hasattr(signal, "setitimer") or not main:
        yield
        return

    def ring(_signum: int, _frame: Any) -> None:
        raise _Hung

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _settle(view: Any) -> None:
    """Let the bots a message set playing in the background (a view's worker) finish, or
    stop them after a moment (a slow watching pace), so each message is measured, and
    its refusal checked, on its own."""
    table = view.table
    wait = getattr(table, "wait_for_bots", None)
    if wait is not None and not wait(0.3):
        table.cancel_bots()
        wait(30.0)


def send(view: Any, message: Any, report: ViewFuzzReport, budget_ms: float,
         refuse: bool = False) -> None:
    """Send one message to ``view`` and check its answer (see the module's docstring);
    ``refuse``: the message must be refused."""
    _settle(view)
    before = _fingerprint(view)
    collecting = gc.isenabled()
    gc.disable()  # a collection of the test's garbage is not the handler's time
    started = time.process_time()
    try:
        with _alarm(max(5.0, budget_ms / 50)):
            view._on_message(view, message, [])
    except _Hung:
        report.problems.append(f"{_short(message)} hung (stopped after seconds)")
        return
    except Exception as exc:  # the point of the fuzz: nothing may escape
        report.problems.append(f"{_short(message)} raised {type(exc).__name__}: {exc}")
        return
    finally:
        spent = (time.process_time() - started) * 1000
        if collecting:
            gc.enable()
    if refuse and not view.error:
        report.problems.append(f"{_short(message)} was not refused with an error")
    report.messages += 1
    report.slowest_ms = max(report.slowest_ms, spent)
    if spent > budget_ms:
        report.problems.append(f"{_short(message)} took {spent:.0f} ms (budget {budget_ms} ms)")
    if view.error:
        report.refused += 1
        if _fingerprint(view) != before:
            report.problems.append(f"{_short(message)} was refused ({view.error!r}) but "
                                   f"changed the game")


def fuzz_view(make_view: Callable[[], Any], *, examples: int = 40, length: int = 12,
              budget_ms: float = 50.0, first_ms: float = 2000.0,
              extra: Any = None) -> ViewFuzzReport:
    """Run random intents against fresh views from ``make_view``; return the report.

    First the messages of :data:`HUGE` (answered at once) and :data:`HOSTILE` (each must
    be refused), then random ones.

    ``examples`` runs of up to ``length`` messages each (hypothesis, derandomised so a
    failure repeats); ``extra``: another hypothesis strategy of messages to mix in.
    """
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    report = ViewFuzzReport()
    view = make_view()
    players = view.table.players
    for message in HUGE + HOSTILE:
        send(view, message, report, first_ms if report.messages == 0 else budget_ms,
             refuse=message in HOSTILE)
    messages = intents(players) if extra is None else st.one_of(intents(players), extra)

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(messages, min_size=1, max_size=length))
    def run(sequence: list[Any]) -> None:
        view = make_view()
        for message in sequence:
            send(view, message, report, first_ms if report.messages == 0 else budget_ms)

    run()
    return report


def _short(message: Any) -> str:
    text = repr(message)
    return text if len(text) < 120 else text[:117] + "..."
