"""A bot thinks off the message thread: the kernel answers while it thinks, and the next
intent that changes the game (Undo, New game, Load, Rematch, a seat) stops the search and
throws its move away.  A bots-only game can be watched live at a speed from a short list.

Python callers keep the synchronous path: ``GameView.let_bots_move()`` and a ``Table`` used
from plain Python play the bots' replies before they return, reproducibly.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
GameView, Table = views.GameView, views.Table

SLOW = "ismcts:3s"
"""A search far longer than any answer may take (set from Python: a browser may not)."""


def _message(view: Any, **content: Any) -> float:
    """What the front end sends: one intent; returns the seconds the kernel took to answer."""
    started = time.perf_counter()
    view._on_message(view, content, [])
    return time.perf_counter() - started


def _thinking_view() -> Any:
    """Ann (seat 0, a person) has played; Bob (seat 1) searches for 3 seconds."""
    view = GameView(goldlab.make("gold", players=2, seed=1), seat="all", bots={1: SLOW},
                    play_bots=False)
    assert view.state.current_player == 0
    took = _message(view, type="notation", value=view.legal[0])
    assert took < 1.0, f"the kernel waited {took:.1f} s for Bob's search"
    _wait(lambda: bool(view.thinking))
    return view


def _wait(condition: Any, seconds: float = 2.0) -> None:
    deadline = time.perf_counter() + seconds
    while not condition():
        assert time.perf_counter() < deadline, "the condition never came true"
        time.sleep(0.01)


def _moves(view: Any) -> list[str]:
    return [str(step.action) for step in view.table.state.history]


def _searching_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "goldlab-bots" and t.is_alive()]


def test_undo_while_a_bot_thinks_answers_at_once_and_drops_the_searchs_move() -> None:
    view = _thinking_view()
    assert view.payload["bots_running"] and "is thinking" in view.thinking
    before_undo = len(view.table.state.history)
    took = _message(view, type="undo")
    assert took < 1.0 and not view.error
    assert len(view.table.state.history) < before_undo and view.state.current_player == 0
    undone = _moves(view)
    assert view.table.wait_for_bots(1.0), "the search did not stop within a second"
    time.sleep(0.2)
    assert _moves(view) == undone  # the stopped search's move was never applied
    assert view.thinking == "" and not view.payload["bots_running"]


@pytest.mark.parametrize("intent", [
    {"type": "new"}, {"type": "rematch"}, {"type": "bot", "seat": 1, "value": "person"},
])
def test_new_game_rematch_or_a_seat_stop_the_search(intent: dict[str, Any]) -> None:
    view = _thinking_view()
    took = _message(view, **intent)
    assert took < 1.0 and not view.error
    after = _moves(view)
    assert view.table.wait_for_bots(1.0)
    time.sleep(0.1)
    assert _moves(view) == after  # nothing from the old search lands on the new position


def test_loading_a_record_stops_the_search() -> None:
    view = _thinking_view()
    fresh = goldlab.make("gold", players=2, seed=9)
    took = _message(view, type="load", value=fresh.record().to_json())
    assert took < 1.0 and not view.error and view.table.state.seed == 9
    assert view.table.wait_for_bots(1.0)
    assert _moves(view) == [str(step.action) for step in fresh.history]


def test_stepping_through_history_answers_while_a_bot_thinks() -> None:
    view = _thinking_view()
    last = view.payload["last"]
    for content in ({"type": "step", "value": -1}, {"type": "home"},
                    {"type": "goto", "value": 1}, {"type": "end"}):
        took = _message(view, **content)
        assert took < 0.5, f"{content} waited {took:.2f} s behind the search"
    assert view.payload["index"] == last and not view.error
    _message(view, type="home")
    assert view.payload["index"] == 0 and view.table.bots_running
    view.table.cancel_bots()


def test_the_bots_move_lands_when_the_search_ends() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "ismcts:0.3s"},
                    play_bots=False)
    _message(view, type="notation", value=view.legal[0])
    assert view.state.current_player == 1  # Bob thinks on the worker
    assert view.table.wait_for_bots(5.0)
    assert view.state.current_player == 0 and view.thinking == "" and view.legal


def test_python_callers_keep_the_synchronous_reproducible_path() -> None:
    def played() -> list[str]:
        view = GameView(goldlab.make("gold", players=2, seed=4),
                        bots={0: "ismcts:20", 1: "greedy"}, play_bots=False)
        view.let_bots_move()  # returns when the game is over
        assert view.table.state.is_terminal() and not view.table.bots_running
        return _moves(view)

    assert played() == played()
    table = Table(goldlab.make("gold", players=2, seed=4), bots={1: "ismcts:20"})
    table.play(table.state.legal_actions()[0])
    assert table.state.current_player == 0  # replied before play returned
    assert not _searching_threads() or all(not t.is_alive() for t in _searching_threads())


def test_a_stopped_search_is_never_applied_to_a_newer_position() -> None:
    """A Python Undo on the table (another thread than the worker's) stops it too."""
    view = _thinking_view()
    table = view.table
    table.undo_turn()
    mine = _moves(view)
    table.play(table.state.legal_actions()[-1])  # synchronous: the bot replies here
    assert len(_moves(view)) == len(mine) + 2
    replied = _moves(view)
    assert table.wait_for_bots(1.0)
    time.sleep(0.1)
    assert _moves(view) == replied


# ---------------------------------------------------------------- watching bots live
def _bots_only(**kwargs: Any) -> Any:
    return GameView(goldlab.make("gold", players=2, seed=2), bots={0: "greedy", 1: "random"},
                    play_bots=False, **kwargs)


def _player_steps(view: Any) -> int:
    return sum(1 for step in view.table.state.history if step.actor >= 0)


def test_a_bots_only_game_is_watched_at_the_chosen_speed() -> None:
    view = _bots_only()
    assert _message(view, type="speed", value=4) < 0.2 and view.payload["speed"] == 4
    started = time.perf_counter()
    assert _message(view, type="bots") < 0.2
    time.sleep(1.1)
    played = _player_steps(view)
    assert 3 <= played <= 5, f"{played} moves in 1.1 s at 4 moves a second"
    assert view.table.bots_running and view.payload["bots_running"]
    assert not view.table.state.is_terminal()
    assert _message(view, type="pause") < 0.2
    paused = _player_steps(view)
    time.sleep(0.6)
    assert _player_steps(view) == paused and not view.payload["bots_running"]
    assert time.perf_counter() - started < 3


def test_watching_from_python_and_at_full_speed() -> None:
    view = _bots_only()
    view.watch(10)
    time.sleep(0.45)
    assert 2 <= _player_steps(view) <= 6
    view.pause()
    view.set_speed(0)
    _message(view, type="bots")
    assert view.table.wait_for_bots(20.0) and view.table.state.is_terminal()


@pytest.mark.parametrize("value", [1000, 3, -1, float("nan"), float("inf"), True, "4", None])
def test_a_browser_picks_only_a_listed_speed(value: Any) -> None:
    view = _bots_only()
    _message(view, type="speed", value=value)
    assert "speed" in view.error and view.table.pace == 0


def test_without_threads_a_searching_bot_replies_before_the_intent_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a browser on Pyodide no thread can start: the bot's reply comes at once."""
    monkeypatch.setattr(views.table, "THREADS", False)
    started = threading.Thread.start

    def refuse(thread: threading.Thread) -> None:
        if thread.name == "goldlab-bots":
            raise RuntimeError("can't start new thread")
        started(thread)

    monkeypatch.setattr(threading.Thread, "start", refuse)
    view = GameView(goldlab.make("gold", players=2, seed=1), seat="all", bots={1: "ismcts:20"},
                    play_bots=False)
    _message(view, type="notation", value=view.legal[0])
    assert not view.error and view.state.current_player == 0
    assert len(view.table.state.history) >= 2 and not view.payload["bots_running"]
    watched = GameView(goldlab.make("gold", players=2, seed=2), seat="all",
                       bots={0: "random", 1: "random"}, play_bots=False)
    watched.watch(4.0)  # watching at a pace: the bots play the game out at once
    assert watched.table.state.is_terminal() and not watched.table.bots_running
