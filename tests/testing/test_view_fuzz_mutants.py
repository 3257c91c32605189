"""The view fuzz finds the faults planted in a view on purpose: a handler that blocks, a
locked view whose seat the browser changes, a handler that waits for a thinking bot, and a
broken handler of any intent (projector mode's included)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
pytest.importorskip("hypothesis")
from goldlab.testing import ViewFuzzReport, fuzz_view  # noqa: E402
from goldlab.views import game_view  # noqa: E402

GameView = views.GameView


def _fuzz(locked: bool = False) -> ViewFuzzReport:
    """A short fuzz of a seated Gold! view against the greedy bot."""
    return fuzz_view(lambda: GameView(goldlab.make("gold", players=2, seed=7), seat=0,
                                      bots={1: "greedy"}, locked=locked),
                     examples=2, length=3)


def _found(report: ViewFuzzReport, *words: str) -> bool:
    return any(all(word in problem for word in words) for problem in report.problems)


def test_a_handler_that_blocks_a_second_is_found(monkeypatch: Any) -> None:
    blocked: list[bool] = []

    def home(view: Any, _value: Any, _content: dict[str, Any]) -> None:
        if not blocked:  # sleeps: no processor time is spent
            blocked.append(True)
            time.sleep(1.0)
        view.home()

    monkeypatch.setitem(game_view._HANDLERS, "home", home)
    report = _fuzz()
    assert _found(report, "'home'", "took"), report.problems[:5]


def test_a_locked_view_that_lets_the_browser_change_its_seat_is_found(
        monkeypatch: Any) -> None:
    def set_seat(view: Any, seat: int | str | None) -> None:  # the lock's check left out
        view.seat = view._check_seat(seat)
        view._refresh()

    monkeypatch.setattr(GameView, "set_seat", set_seat)
    report = _fuzz(locked=True)
    assert _found(report, "'seat'", "locked"), report.problems[:5]


def test_a_handler_that_waits_for_a_thinking_bot_is_found(monkeypatch: Any) -> None:
    def pause(view: Any) -> None:  # waits for the search to end instead of stopping it
        view.table.wait_for_bots(0.5)
        view.table.cancel_bots()
        view._refresh()

    monkeypatch.setattr(GameView, "pause", pause)
    report = _fuzz()
    assert report.while_thinking > 100
    assert _found(report, "'pause'", "took"), report.problems[:5]


def test_a_broken_projector_switch_is_found(monkeypatch: Any) -> None:
    def projector(_view: Any, _value: Any, _content: dict[str, Any]) -> None:
        raise RuntimeError("planted")

    monkeypatch.setitem(game_view._HANDLERS, "projector", projector)
    report = _fuzz()
    assert _found(report, "'projector'", "RuntimeError"), report.problems[:5]


def test_every_intent_of_the_handler_table_is_sent(monkeypatch: Any) -> None:
    sent: set[str] = set()
    for kind, handler in list(game_view._HANDLERS.items()):
        def spy(view: Any, value: Any, content: dict[str, Any], kind: str = kind,
                handler: Any = handler) -> None:
            sent.add(kind)
            handler(view, value, content)

        monkeypatch.setitem(game_view._HANDLERS, kind, spy)
    report = _fuzz()
    assert report.ok, report.problems[:5]
    assert sent == set(game_view._HANDLERS)
