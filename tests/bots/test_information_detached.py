"""What a searching bot is handed (goldlab.bots.play.information) leads back to nothing real.

A bot that walks the attributes of its :class:`~goldlab.bots.Information` (the
sampler's ``__self__``, a partial's ``func``, closures, slots, containers) must
not find the real state, nor its generator: with either it could clone the game
and read every draw to come.
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

import goldlab
from goldlab.bots.play import bot_options, information, play_game
from goldlab.core.state import State

GAMES = [("gold", 2), ("gold", 3), ("goldrush", 2), ("goldland", 2)]
HOPS = 6


def _midgame(name: str, players: int, seed: int = 5, steps: int = 12) -> State[Any]:
    state = goldlab.make(name, players=players, seed=seed, **bot_options(name, {}))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _attribute(obj: Any, name: str) -> Any:
    """``obj.name``, or None when there is none (an empty cell raises ValueError)."""
    try:
        return getattr(obj, name)
    except (AttributeError, ValueError):
        return None


def _neighbours(obj: Any) -> Iterator[Any]:
    """What one hop from ``obj`` reaches: attributes, slots, closures, partials, items."""
    if isinstance(obj, type | types.ModuleType):
        return  # classes and modules hold no game; their globals are not the bot's door
    if isinstance(obj, dict):
        yield from obj.keys()
        yield from obj.values()
        return
    if isinstance(obj, list | tuple | set | frozenset):
        yield from obj
        return
    if isinstance(obj, str | bytes | int | float | complex | bool | type(None)):
        return
    for name in ("__self__", "__func__", "__wrapped__", "__closure__", "__defaults__",
                 "__kwdefaults__", "cell_contents"):
        yield _attribute(obj, name)
    if isinstance(obj, functools.partial):
        yield obj.func
        yield obj.args
        yield obj.keywords
    yield getattr(obj, "__dict__", None)
    for klass in type(obj).__mro__:
        for slot in klass.__dict__.get("__slots__", ()):
            if isinstance(slot, str) and not slot.startswith("__"):
                yield _attribute(obj, slot)


def _reachable(start: Any, hops: int) -> list[Any]:
    """Every object within ``hops`` hops of ``start`` (by identity, each once)."""
    seen = {id(start): start}
    frontier = [start]
    for _ in range(hops):
        nxt = []
        for obj in frontier:
            for child in _neighbours(obj):
                if id(child) not in seen:
                    seen[id(child)] = child
                    nxt.append(child)
        frontier = nxt
    return list(seen.values())


@pytest.mark.parametrize("name, players", GAMES)
def test_no_walk_from_the_information_reaches_the_real_state(name: str, players: int) -> None:
    state = _midgame(name, players)
    seat = state.current_player
    info = information(state, seat, state.observation(seat), state.legal_actions())
    found = _reachable(info, HOPS)
    assert not any(obj is state for obj in found)
    assert not any(obj is state._rng for obj in found)
    # Nor anything of the real game that could tell its future: its seed and generator state.
    randoms = [obj for obj in found if isinstance(obj, random.Random)]
    assert randoms and all(r.getstate() != state._rng.getstate() for r in randoms)
    assert not any(isinstance(obj, State) and obj.seed == state.seed for obj in found)


def test_the_walk_would_find_the_state_behind_a_bound_sampler() -> None:
    """The check is not blind: today's ``partial(state.determinise, seat)`` is caught."""
    state = _midgame("gold", 2)
    info = information(state, 0, None, state.legal_actions())
    bound = type(info)(0, None, info.legal, functools.partial(state.determinise, 0))
    assert any(obj is state for obj in _reachable(bound, HOPS))
    closure = type(info)(0, None, info.legal, lambda rng: state.determinise(0, rng))
    assert any(obj is state for obj in _reachable(closure, HOPS))


@pytest.mark.parametrize("name, players", GAMES)
def test_the_sampler_draws_what_the_real_state_would(name: str, players: int) -> None:
    state = _midgame(name, players)
    seat = state.current_player
    sample = information(state, seat, None, state.legal_actions()).sample
    for k in range(3):
        drawn = sample(random.Random(k))
        assert drawn == state.determinise(seat, random.Random(k))
        assert drawn.is_sample and drawn.observation(seat) == state.observation(seat)


def test_the_sampler_keeps_a_sample_not_the_game() -> None:
    # What the sampler keeps is itself a sample: redrawn hidden cards, a generator seeded
    # afresh, no seed, undo stack or start record of the real game.
    for seed in range(4):
        state = _midgame("gold", 2, seed=seed)
        seat = state.current_player
        sample = information(state, seat, None, state.legal_actions()).sample
        kept = [obj for obj in _reachable(sample, 2) if isinstance(obj, State)]
        assert kept and all(s.is_sample for s in kept)
        assert all(s.seed != state.seed and s._start is None and not s._frames for s in kept)


def test_seeded_searching_games_are_reproducible() -> None:
    first = play_game("gold", ["ismcts:4", "greedy"], 8)
    again = play_game("gold", ["ismcts:4", "greedy"], 8)
    assert [str(s.action) for s in first.history] == [str(s.action) for s in again.history]
