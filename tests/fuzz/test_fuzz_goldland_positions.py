"""Fuzz: a mutated Goldland start position loads and plays on, or is one RecordError.

Valid start positions from every phase of a turn are mutated one to three fields
at a time (a value replaced, a key removed, a number nudged, a list cut or
lengthened, or a field taken from another position with as many players).  Loading must give a state that passes ``position.problem`` and can
be played from without any error, or raise RecordError with a reason; no other
exception may escape.
"""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.bots import make_bot
from goldlab.core.errors import RecordError
from goldlab.core.record import start_position
from goldlab.games.goldland.position import build, problem
from goldlab.games.goldland.state import GoldlandState


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError("hangs")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _start(state: Any) -> str:
    data = state.to_json()
    data["history"] = []
    return json.dumps(data)


@cache
def _positions() -> tuple[str, ...]:
    """Start positions: the coast being dealt, a built one, and a game's every phase."""
    out = [_start(goldlab.make("goldland", players=2, seed=3, auto_chance=False)),
           _start(build(players=4, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["2 guns"],
                        camps=[("5,4", 1)], markers={"puma": 1}, tokens=[5, 0, 0, 0]))]
    seen: set[tuple[Any, ...]] = set()
    for seed, players in ((1, 3), (2, 2), (3, 5)):
        state = goldlab.make("goldland", players=players, seed=seed, mode="study",
                             auto_chance=False, turn_cap=6, beginners_grid=seed == 2)
        assert isinstance(state, GoldlandState)
        bots = [make_bot("goldland", "heuristic", s, seed + s) for s in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal():
            key = (state.phase, state.move, bool(state.steps), any(state.hand), bool(state.camps))
            if key not in seen:
                seen.add(key)
                out.append(_start(state))
            legal = state.legal_actions()
            seat = state.current_player
            if seat < 0 or rng.random() < 0.3:
                state.apply(rng.choice(legal))
            else:
                state.apply(bots[seat].choose(state.observation(seat), legal))
        out.append(_start(state))
    return tuple(out)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in nested JSON data."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, (*path, i)))
    return out


CELLS = [f"{r},{c}" for r in range(7) for c in range(7)]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(), st.floats(allow_nan=False),
    st.text(max_size=8), st.sampled_from(CELLS),
    st.sampled_from(["T01", "T19", "T36", "C01", "C12", "S", "turn", "place", "draw", "over",
                     "coast", "9,9", "x"]),
    st.lists(st.integers(-2, 60), max_size=10), st.lists(st.sampled_from(CELLS), max_size=4),
    st.just({}), st.just([]),
)


def _mutate(data: dict[str, Any], draw: st.DataObject) -> None:
    paths = [p for p in _paths(data) if p]
    path = draw.draw(st.sampled_from(paths))
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    last = path[-1]
    value = target[last]
    how = draw.draw(st.sampled_from(["replace", "delete", "nudge", "cut", "grow"]))
    if how == "delete" and isinstance(target, dict):
        del target[last]
    elif how == "nudge" and type(value) is int:
        target[last] = value + draw.draw(st.sampled_from([-2, -1, 1, 2]))
    elif how == "cut" and isinstance(value, list) and value:
        value.pop(draw.draw(st.integers(0, len(value) - 1)))
    elif how == "grow" and isinstance(value, list):
        value.append(draw.draw(VALUES) if not value or draw.draw(st.booleans())
                     else value[draw.draw(st.integers(0, len(value) - 1))])
    else:
        target[last] = draw.draw(VALUES)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 1000), data=st.data())
def test_a_mutated_goldland_start_loads_and_plays_or_is_one_record_error(
        index: int, data: st.DataObject) -> None:
    positions = _positions()
    start = json.loads(positions[index % len(positions)])
    donors = [p for p in map(json.loads, positions) if p["players"] == start["players"]]
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):
            # a field from another position of as many players: well formed, out of step
            key = data.draw(st.sampled_from(sorted(start["data"])))
            start["data"][key] = data.draw(st.sampled_from(donors))["data"][key]
            continue
        try:
            _mutate(start["data"] if data.draw(st.integers(0, 9)) else start, data)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation changed the shape
    try:
        state = start_position(start)
    except RecordError as exc:  # the one error a bad position may raise, with a reason
        assert str(exc)
        return
    assert isinstance(state, GoldlandState)
    assert problem(state) is None
    rng = random.Random(index)
    for _ in range(20):  # what loads plays on without any error, and stays a position
        assert problem(state) is None
        state.observation(0)
        state.scores()
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
