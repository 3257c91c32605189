"""The view fuzz: random and hostile browser messages against a game's view.

A Voila app is served to students, so whatever a page sends reaches
``GameView._on_message``.  :func:`fuzz_view` sends many intents (every key of the
view's handler table, ``view.intents``, with friendly, malformed and hostile values:
huge and non-finite numbers, wrong types, values nested a thousand deep or a million
long, unknown bot specs, forged records, unknown types), first while no bot plays, then
again while a bot thinks, and checks each answer:

* nothing escapes (no exception from the handler);
* the answer comes within ``budget_ms`` of processor time and :data:`WAIT_MS` more of
  wall-clock time (measured per message; only the very first may take ``first_ms`` of
  each: caches warm up; the garbage collector waits meanwhile, as its pauses are not the
  handler's), so no message can hang the kernel, whether it computes or waits (sleeps,
  or waits for a thinking bot), while a busy machine's pauses are allowed for;
* a refused message (the view's ``error`` is set) leaves the game exactly as it was
  (position, history and generator);
* a locked view keeps its seat, memory mode and bots, whatever the message.

It is duck-typed, so any game's presenter can be run through it, a game from
outside the package included (Pig, ``examples/pig/pig.py``)::

    from goldlab.testing import fuzz_view
    from goldlab.views import GameView
    report = fuzz_view(lambda: GameView(goldlab.make("pig", players=2, seed=1),
                                        seat=0, bots={1: "cautious"}))
    assert report.ok, report.problems

Needs ``hypothesis`` (the ``test`` extra).
"""

from __future__ import annotations

import gc
import reprlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

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

TOUR_VALUES: tuple[Any, ...] = (None, True, False, 1, -1, "all", "person")
"""The values each intent is sent with once (with seat 1, a target and a page beside):
an answer, a refusal, or a change a locked view must refuse."""

WAIT_MS = 250.0
"""How much longer than its processor time an answer may take by the wall clock: the
time it may wait (for a lock, a thread, the disk, or a busy machine's other work)."""

THINK_SECONDS = 30.0
"""How long the fuzz's bot thinks unless stopped: longer than any answer may take."""


def _oversized() -> tuple[Any, ...]:
    """Messages nested as deep as a browser's JSON is (1,000 levels) or holding a million
    values, which every view must refuse at once (made when a fuzz runs, not on import)."""
    deep: list[Any] = []
    for _ in range(999):
        deep = [deep]
    million = [0] * 10**6
    return ({"type": deep}, {"type": "seat", "value": deep}, {"type": million},
            {"type": "seat", "value": million}, {"type": "bot", "seat": deep, "value": "x"})


@dataclass
class ViewFuzzReport:
    """What the fuzz sent and what it found."""

    messages: int = 0
    refused: int = 0
    while_thinking: int = 0
    """How many messages were sent while a bot thought."""
    slowest_ms: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True if no answer escaped, was slow, changed the game when refusing, or changed
        what a locked view keeps."""
        return not self.problems


def _numbers() -> Any:
    from hypothesis import strategies as st

    return st.one_of(
        st.integers(-3, 3), st.integers(), st.sampled_from([10**12, -(10**12), 2**63, 10**400]),
        st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
        st.text(max_size=8), st.lists(st.integers(), max_size=2),
    )


def intents(kinds: Sequence[str], players: int = 2) -> Any:
    """A hypothesis strategy of browser messages of the intents ``kinds`` (a view's
    ``intents``) for a view of ``players`` seats."""
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
        st.fixed_dictionaries({"type": st.sampled_from(sorted(kinds))}),
        st.fixed_dictionaries({"type": st.sampled_from(sorted(kinds)), "value": anything}),
        st.fixed_dictionaries({"type": anything}),
        anything,
    )


def every_intent(kinds: Sequence[str]) -> list[dict[str, Any]]:
    """Each intent of ``kinds`` once with each of :data:`TOUR_VALUES`."""
    return [{"type": kind, "value": value, "seat": 1, "target": "x", "page": 0}
            for kind in sorted(kinds) for value in TOUR_VALUES]


def _fingerprint(view: Any) -> Any:
    state = view.table.state
    return (state.game, state.players, state.fingerprint(),
            [(s.actor, str(s.action)) for s in state.history])


def _kept_by_the_lock(view: Any) -> Any:
    """What a locked view keeps whatever the browser sends (None for an unlocked view)."""
    if not view.locked:
        return None
    return view.seat, view.memory, view.table.bots


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
    """Send one message to ``view`` once its bots are done, and check its answer (see the
    module's docstring); ``refuse``: the message must be refused."""
    _settle(view)
    answer(view, message, report, budget_ms, refuse)


def answer(view: Any, message: Any, report: ViewFuzzReport, budget_ms: float,
           refuse: bool = False) -> None:
    """Send one message to ``view`` as it is now (a bot may be thinking) and check its
    answer; ``refuse``: the message must be refused."""
    before = _fingerprint(view)
    kept = _kept_by_the_lock(view)
    collecting = gc.isenabled()
    gc.disable()  # a collection of the test's garbage is not the handler's time
    started, computing = time.perf_counter(), time.thread_time()
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
        spent = (time.perf_counter() - started) * 1000
        computed = (time.thread_time() - computing) * 1000
        if collecting:
            gc.enable()
    if refuse and not view.error:
        report.problems.append(f"{_short(message)} was not refused with an error")
    report.messages += 1
    report.slowest_ms = max(report.slowest_ms, spent)
    waited, may_wait = spent - computed, max(WAIT_MS, budget_ms)
    if computed > budget_ms:
        report.problems.append(f"{_short(message)} took {computed:.0f} ms of processor time "
                               f"(budget {budget_ms:g} ms)")
    elif waited > may_wait:
        report.problems.append(f"{_short(message)} took {spent:.0f} ms, {waited:.0f} ms of "
                               f"them waiting (at most {may_wait:g} ms)")
    if view.error:
        report.refused += 1
        if _fingerprint(view) != before:
            report.problems.append(f"{_short(message)} was refused ({view.error!r}) but "
                                   f"changed the game")
    if kept is not None and _kept_by_the_lock(view) != kept:
        report.problems.append(f"{_short(message)} changed a locked view's seat, memory "
                               f"mode or bots")


class _Thinker:
    """A searching bot that thinks, idle, until its search is stopped, so the fuzz sends
    messages while a bot thinks (duck-typed: the testing kit imports no bots)."""

    name = "thinker"
    searches = True
    uses_observation = False

    def search(self, information: Any) -> Any:
        """Wait until told to stop (then raise as a stopped search does)."""
        information.stop.wait(THINK_SECONDS)
        information.check_stop()
        return information.legal[0]


def _think(view: Any) -> bool:
    """Make sure a bot thinks in ``view``'s worker: the seat to move gets a
    :class:`_Thinker` unless one thinks already; False if nobody can move."""
    table = view.table
    if table.bots_running:
        return True
    seat = table.state.current_player
    if seat < 0:  # chance, or the game is over
        return False
    with table.in_background():
        table.set_seat(seat, _Thinker())
    return bool(table.bots_running)


def fuzz_while_thinking(view: Any, messages: Sequence[Any], report: ViewFuzzReport,
                        budget_ms: float) -> None:
    """Send ``messages`` to ``view``, each while a bot thinks in the view's worker."""
    try:
        for message in messages:
            if not _think(view):
                return
            answer(view, message, report, budget_ms)
            report.while_thinking += 1
    finally:
        view.table.cancel_bots()
        view.table.wait_for_bots(5.0)


def fuzz_view(make_view: Callable[[], Any], *, examples: int = 40, length: int = 12,
              budget_ms: float = 50.0, first_ms: float = 2000.0,
              extra: Any = None) -> ViewFuzzReport:
    """Run intents against fresh views from ``make_view``; return the report.

    First the messages of :data:`HUGE` (answered at once), :data:`HOSTILE` and messages
    too deep or too large (each must be refused), and every intent of the view
    (:func:`every_intent`); then all of them again while a bot thinks; then random ones.

    ``examples`` runs of up to ``length`` messages each (hypothesis, derandomised so a
    failure repeats); ``extra``: another hypothesis strategy of messages to mix in.
    """
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    report = ViewFuzzReport()
    view = make_view()
    players, kinds = view.table.players, sorted(view.intents)
    refused = HOSTILE + _oversized()
    for message in HUGE:
        send(view, message, report, first_ms if report.messages == 0 else budget_ms)
    for message in refused:
        send(view, message, report, budget_ms, refuse=True)
    tour = every_intent(kinds)
    for message in tour:
        send(view, message, report, budget_ms)
    fuzz_while_thinking(make_view(), [*HUGE, *refused, *tour], report, budget_ms)
    messages = intents(kinds, players)
    if extra is not None:
        messages = st.one_of(messages, extra)

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(messages, min_size=1, max_size=length))
    def run(sequence: list[Any]) -> None:
        view = make_view()
        for message in sequence:
            send(view, message, report, first_ms if report.messages == 0 else budget_ms)

    run()
    return report


_SHORT = reprlib.Repr()
_SHORT.maxdict = 6  # a message's fields, its type among them


def _short(message: Any) -> str:
    """The message for a problem's text, cut short however deep or long it is."""
    text = _SHORT.repr(message)
    return text if len(text) < 120 else text[:117] + "..."
