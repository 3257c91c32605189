"""The Mount Goldrush view: what it shows, worked out when read, and immutable."""

from __future__ import annotations

import pickle
import random

import pytest

import goldlab
from goldlab.games.goldrush import GoldrushState, GoldrushView
from goldlab.games.goldrush.cards import ALL_CARDS
from goldlab.games.goldrush.events import CardFlipped
from goldlab.games.goldrush.observation import DOWN, GONE, UP


def _table_as_read(state: GoldrushState) -> dict[str, object]:
    """The table fields read plainly off the state (the view works them out lazily)."""
    steps = []
    turn = None
    for step in reversed(state.recent_steps(8)):
        flips = [e.turn for e in step.events if isinstance(e, CardFlipped)]
        if flips:
            if turn is None:
                turn = flips[0]
            elif flips[0] != turn:
                break
        steps.append(step)
    return {
        "status": tuple(GONE if k == -2 else UP if p in state.up else DOWN
                        for p, k in enumerate(state.cell)),
        "cards": tuple(ALL_CARDS[k] if k >= 0 else None for k in state.cell),
        "taken": tuple(tuple(ALL_CARDS[k] for k in t) for t in state.taken),
        "removed": tuple(ALL_CARDS[k] for k in state.removed),
        "scores": state.scores(),
        "last_steps": tuple(reversed(steps)),
    }


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_table_fields_are_what_the_state_shows(players: int) -> None:
    state = goldlab.make("goldrush", players=players, seed=players, mode="study")
    assert isinstance(state, GoldrushState)
    rng = random.Random(players)
    while not state.is_terminal():
        expected = _table_as_read(state)
        for seat in (None, *range(players)):
            view = state.omniscient() if seat is None else state.observation(seat)
            for name, value in expected.items():
                assert getattr(view, name) == value, name
        state.apply(rng.choice(state.legal_actions()))


def test_a_view_is_immutable_and_equal_by_what_it_shows() -> None:
    state = goldlab.make("goldrush", players=3, seed=4)
    view = state.observation(0)
    with pytest.raises(AttributeError):
        view.turn = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.status = ()  # type: ignore[misc]
    assert view == state.observation(0)
    assert hash(view) == hash(state.observation(0))
    assert view != state.observation(1)  # the legal actions are only the mover's
    assert "status=" in repr(view) and "turn_no=" in repr(view)


def test_a_view_does_not_change_when_the_game_moves_on() -> None:
    state = goldlab.make("goldrush", players=2, seed=6)
    rng = random.Random(6)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    view = state.observation(0)  # the table is not worked out yet
    before = _table_as_read(state)
    for _ in range(15):
        state.apply(rng.choice(state.legal_actions()))
    for name, value in before.items():
        assert getattr(view, name) == value, name


def test_a_view_holding_the_same_fields_equals_the_one_the_state_makes() -> None:
    state = goldlab.make("goldrush", players=2, seed=8)
    view = state.observation(1)
    again = GoldrushView.holding(view._held)
    assert again == view and hash(again) == hash(view) and again is not view
    assert again.scores == view.scores and again.status == view.status
    copied = pickle.loads(pickle.dumps(view))
    assert copied == view and copied.last_steps == view.last_steps
