"""Bots alone at a table end their game, or stop at a stated cap and say so.

A Goldland game between two random bots need not end: the game ends only through the temple
("The game ends as soon as each player possesses an amulet" or when the temple's reserve runs
out), every player "may pass [his] turn as often as [he likes]", and random bots walk, pass and
discard for thousands of rounds without laying the goal tile.  The view stops them after
``BOT_MOVE_LIMIT`` moves in a row and shows why, in its hint and in the log; "Let bots move"
plays on for as many again.
"""

from __future__ import annotations

from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
GameView = views.GameView
bots_worker = pytest.importorskip("goldlab.views.bots_worker")

RANDOM_PAIR = {0: "random", 1: "random"}


def _goldland_between_random_bots() -> Any:
    return GameView(goldlab.make("goldland", players=2, seed=1), seat="all", bots=RANDOM_PAIR)


def test_random_bots_at_goldland_stop_at_the_cap_and_the_view_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bots_worker, "BOT_MOVE_LIMIT", 300)
    view = _goldland_between_random_bots()
    state = view.table.state
    assert not state.is_terminal()
    played = sum(1 for step in state.history if step.actor >= 0)
    assert played == 300
    hint = view.notice["hint"]
    assert "the bots stopped after 300 moves in a row" in hint
    assert "Let bots move" in hint
    assert any("the bots stopped after 300 moves" in line
               for line in view.log_lines)
    view.let_bots_move()  # as many again, then the notice again
    assert sum(1 for step in state.history if step.actor >= 0) == 600
    assert "stopped after 300 moves" in view.notice["hint"]


def test_the_worker_in_the_background_stops_at_the_cap_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Watched at a pace (the bots move in the worker thread), the same cap, the same notice."""
    monkeypatch.setattr(bots_worker, "BOT_MOVE_LIMIT", 40)
    view = GameView(goldlab.make("goldland", players=2, seed=2), seat="all", bots=RANDOM_PAIR,
                    play_bots=False)
    view.table.pace = 0.001
    with view.table.in_background():
        view.table.let_bots_move()
    assert view.table.wait_for_bots(30.0)
    state = view.table.state
    assert not state.is_terminal()
    assert sum(1 for step in state.history if step.actor >= 0) == 40
    assert "the bots stopped after 40 moves" in view.notice["hint"]
    assert not view.table.bots_running


def test_a_person_moving_starts_a_new_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between a person's moves the bots' count starts again: a game with a person in it
    plays on past the cap's number of bot moves, and no notice shows."""
    monkeypatch.setattr(bots_worker, "BOT_MOVE_LIMIT", 20)
    view = GameView(goldlab.make("goldland", players=2, seed=1), seat="all",
                    bots={1: "random"})
    state = view.table.state
    for _ in range(400):
        if sum(1 for step in state.history if step.actor == 1) > 60 or state.is_terminal():
            break
        view.request(view.legal[-1])
        assert "stopped" not in view.notice["hint"]
    assert sum(1 for step in state.history if step.actor == 1) > 60


def test_games_that_end_end_below_the_cap() -> None:
    """Gold! between random bots ends by its rules, long before the cap: no notice."""
    view = GameView(goldlab.make("gold", players=2, seed=3), seat="all", bots=RANDOM_PAIR)
    assert view.table.state.is_terminal()
    assert "stopped" not in view.notice["hint"]
