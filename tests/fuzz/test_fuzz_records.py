"""Fuzz: mutated records load and replay or raise RecordError; notation parses or is invalid."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.core.errors import InvalidActionError, RecordError
from goldlab.core.record import load_record
from goldlab.games.gold.position import from_position

GAMES = tuple(goldlab.names())


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError("hangs")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@cache
def _record(game: str) -> str:
    """A real record with a start position, a few steps in."""
    if game == "gold":
        state: Any = from_position(offer="blue:3 pink:6", tableaux=["green:4", "red:5"], seed=3)
    else:
        state = goldlab.make(game, seed=4, mode="study")
        state._become_position(state._save())
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    return state.record().to_json()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in nested JSON data (the generator's 625 words are skipped)."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list) and len(value) < 100:
        for i, item in enumerate(value):
            out.extend(_paths(item, (*path, i)))
    return out


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 70), st.integers(), st.floats(allow_nan=False),
    st.text(max_size=12), st.sampled_from(["?", "-", "green:D", "gold:3", "pass", "a0", "T1"]),
    st.lists(st.integers(-2, 70), max_size=6), st.just({}), st.just([]),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), data=st.data())
def test_a_mutated_record_replays_or_is_one_record_error(game: str, data: st.DataObject) -> None:
    record = json.loads(_record(game))
    paths = [p for p in _paths(record) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target = record
        try:
            for key in path[:-1]:
                target = target[key]
            if data.draw(st.booleans()) and isinstance(target, dict):
                del target[path[-1]]
            else:
                target[path[-1]] = data.draw(VALUES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation changed the shape
    try:
        load_record(json.dumps(record)).replay()
    except RecordError as exc:  # the one error a bad record may raise, with a reason
        assert str(exc)


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), text=st.one_of(
    st.text(max_size=60),
    st.builds(lambda verb, n: f"{verb} {n}", st.sampled_from(
        ["take green:", "flip", "place 2,4 rot", "steal blue:3 from seat", "acquire",
         "exchange", "chance: reveal gold:3 at", "discard"]),
        st.one_of(st.text("0123456789", min_size=1, max_size=8),
                  st.integers(1, 6000).map(lambda n: "9" * n))),
))
def test_notation_parses_or_is_invalid_and_is_legal_is_a_bool(game: str, text: str) -> None:
    state = goldlab.make(game, seed=0)
    try:
        state.parse_action(text)
    except InvalidActionError as exc:
        assert len(str(exc)) < 600
    assert state.is_legal(text) in (True, False)
