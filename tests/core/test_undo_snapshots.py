"""Undo with a snapshot every few steps: a step in between is put back by carrying out the
recorded steps again from the snapshot before it (``State.snapshot_every``)."""

from __future__ import annotations

import random
from typing import Any

import goldlab


def _played(seed: int, steps: int | None = None) -> tuple[Any, list[Any]]:
    """A Gold! game in study mode and a copy of it before each step."""
    state = goldlab.make("gold", players=2, seed=seed, mode="study")
    rng = random.Random(seed)
    before = []
    while not state.is_terminal() and (steps is None or len(before) < steps):
        before.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state, before


def test_a_step_between_two_snapshots_is_undone_from_the_snapshot_before_it() -> None:
    state, before = _played(4)
    assert state.snapshot_every > 1
    snapshots = [frame[0] is not None for frame in state._frames]
    assert snapshots[0] and not all(snapshots)
    while before:
        state.undo()
        assert state == before.pop()
        assert state.legal_actions() == state.clone().legal_actions()


def test_dropped_frames_leave_a_snapshot_to_rewind_from() -> None:
    state, before = _played(5, steps=30)
    state._drop_frames(11)
    assert state._frames[0][0] is not None and 11 <= len(state._frames) < 11 + state.snapshot_every
    for _ in range(len(state._frames)):
        state.undo()
        assert state == before.pop()
    assert not state.can_undo()
