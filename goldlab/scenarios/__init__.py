"""The scenario library: every worked example and player question of the rulebooks.

A scenario is a small executable story: the rulebook sentence it illustrates,
the state before, the action(s), and the expected result.  ``run()`` replays
it and ``check`` verifies the result; tests replay every scenario, and
notebooks load them so a reader can step through.

>>> from goldlab import scenarios
>>> "gold/take-lowest" in scenarios.names()
True
>>> result = scenarios.load("gold/take-lowest").run()
>>> result.ok
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from goldlab.core.errors import GoldlabError, IllegalActionError
from goldlab.core.registry import when_unregistered
from goldlab.core.state import State
from goldlab.core.values import Event

_SCENARIOS: dict[str, Scenario] = {}


@when_unregistered
def _forget_game(game: str) -> None:
    """A game unregistered: its examples leave the library."""
    for name in [n for n in _SCENARIOS if n.startswith(game + "/")]:
        del _SCENARIOS[name]

Check = Callable[[State[Any], list[Event]], None]


@dataclass(frozen=True)
class Refused:
    """An action the set-up must refuse for the rule named (``rule``, the refusal's rule id).

    ``because``, if given, is a fragment of the refusal's reason, for rules that refuse
    for several reasons; an action refused for another rule or reason tests nothing.
    """

    action: str
    rule: str
    because: str = ""

    def __str__(self) -> str:
        return self.action


@dataclass(frozen=True)
class Scenario:
    """A rulebook example or player question as an executable test case."""

    name: str
    title: str
    rule: str
    quote: str
    setup: Callable[[], State[Any]]
    actions: tuple[str, ...]
    expect: str
    check: Check | None = None
    illegal: tuple[str | Refused, ...] = ()
    """Actions the set-up refuses; a :class:`Refused` also names the rule that must refuse it."""
    legal: tuple[str, ...] = ()
    notes: str = ""
    tags: tuple[str, ...] = field(default=())
    names: tuple[str, ...] = ()
    """The rulebook's names for the seats (e.g. Claus, Dirk, Bernd), for views."""

    @property
    def game(self) -> str:
        """The game's registry name (the part before the slash)."""
        return self.name.split("/", 1)[0]

    def before(self) -> State[Any]:
        """A fresh copy of the state before the actions."""
        return self.setup()

    def run(self) -> ScenarioResult:
        """Replay the scenario and check it; never raises for a failed expectation."""
        failures: list[str] = []
        state = self.setup()
        before = state.clone()
        for text in self.legal:
            if not state.is_legal(text):
                failures.append(f"{text!r} should be legal: {state.explain(text)}")
        for entry in self.illegal:
            text = str(entry)
            try:
                state.apply(text)
                failures.append(f"{text!r} should have been refused")
                state.undo()
            except IllegalActionError as exc:
                if state != before:
                    failures.append(f"refusing {text!r} changed the state")
                if isinstance(entry, Refused) and (
                        exc.rule != entry.rule
                        or entry.because.lower() not in exc.reason.lower()):
                    failures.append(f"{text!r} was refused for another rule: {exc.reason} "
                                    f"[{exc.rule}], not [{entry.rule}] {entry.because!r}")
        events: list[Event] = []
        for text in self.actions:
            try:
                events.extend(state.apply(text))
            except GoldlabError as exc:
                failures.append(f"{text!r} was refused: {exc}")
                break
        if not failures and self.check is not None:
            try:
                self.check(state, events)
            except AssertionError as exc:
                failures.append(f"expectation failed: {exc}")
        return ScenarioResult(self, before, state, tuple(events), tuple(failures))

    def _repr_html_(self) -> str:
        from html import escape

        acts = "<br>".join(escape(a) for a in self.actions) or "(none)"
        return (
            f"<div class='gl-scenario'><b>{escape(self.name)}</b>: {escape(self.title)}<br>"
            f"<i>[{escape(self.rule)}]</i> &ldquo;{escape(self.quote)}&rdquo;<br>"
            f"<b>actions:</b> {acts}<br><b>expected:</b> {escape(self.expect)}</div>"
        )


@dataclass(frozen=True)
class ScenarioResult:
    """What replaying a scenario gave."""

    scenario: Scenario
    before: State[Any]
    after: State[Any]
    events: tuple[Event, ...]
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every expectation held."""
        return not self.failures

    def __str__(self) -> str:
        head = f"{self.scenario.name}: {'ok' if self.ok else 'FAILED'}"
        lines = [head, *(f"  {e}" for e in self.events), *(f"  ! {f}" for f in self.failures)]
        return "\n".join(lines)


def register(scenario: Scenario) -> Scenario:
    """Add a scenario to the library (names must be unique)."""
    if scenario.name in _SCENARIOS:
        raise ValueError(f"scenario {scenario.name!r} is already registered")
    _SCENARIOS[scenario.name] = scenario
    return scenario


def _load_all() -> None:
    """Import every game's scenarios (the ``scenarios`` module of its description)."""
    from goldlab.core.registry import description, names

    for game in names():
        description(game).part("scenarios")


def names(game: str | None = None) -> list[str]:
    """Every scenario name (``game/slug``), optionally for one game only."""
    _load_all()
    return sorted(n for n in _SCENARIOS if game is None or n.startswith(game + "/"))


def load(name: str) -> Scenario:
    """The scenario called ``name``."""
    _load_all()
    try:
        return _SCENARIOS[name]
    except KeyError:
        raise KeyError(f"no scenario {name!r}; see goldlab.scenarios.names()") from None


__all__ = ["Refused", "Scenario", "ScenarioResult", "load", "names", "register"]
