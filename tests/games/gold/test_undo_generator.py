"""Undo rewinds the state's generator by counting draws (no saved 625-word state)."""

import random

import pytest

import goldlab
from goldlab.games.gold.state import GoldState


def _play_until_a_refill(state: GoldState, rng: random.Random) -> None:
    while True:
        legal = state.legal_actions()
        before = len(state.history)
        state.apply(legal[rng.randrange(len(legal))])
        if len(state.history) - before > 1:  # the step turned up new cards
            return


@pytest.mark.parametrize("seed", range(8))
def test_undoing_a_refill_restores_the_generator_exactly(seed: int) -> None:
    state = goldlab.make("gold", players=2, seed=seed, mode="study")
    assert isinstance(state, GoldState)
    rng = random.Random(seed)
    for _ in range(3):
        _play_until_a_refill(state, rng)
    before = state.clone()
    _play_until_a_refill(state, rng)
    replayed = [str(s) for s in state.history[len(before.history):]]
    while len(state.history) > len(before.history):
        state.undo()
    assert state == before
    assert state._rng.getstate() == before._rng.getstate()
    for step in replayed:
        if not step.startswith("chance"):
            state.apply(step.split(": ", 1)[1])
    assert [str(s) for s in state.history[len(before.history):]] == replayed


def test_undo_works_after_a_record_is_restored() -> None:
    state = goldlab.make("gold", players=3, seed=4, mode="study")
    rng = random.Random(1)
    for _ in range(20):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    restored = goldlab.core.record.from_json(state.to_json())
    assert isinstance(restored, GoldState)
    twin = restored.clone()
    _play_until_a_refill(restored, random.Random(2))
    while len(restored.history) > len(twin.history):
        restored.undo()
    assert restored == twin


def test_a_failing_step_leaves_the_state_and_generator_untouched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = goldlab.make("gold", players=2, seed=9, mode="study")
    assert isinstance(state, GoldState)
    rng = random.Random(3)
    for _ in range(3):
        _play_until_a_refill(state, rng)
    twin = state.clone()

    def broken(self: GoldState, drawn: list[int]) -> None:
        self._below(10)  # the cards are drawn: draw more, then fail half-way
        raise RuntimeError("boom")

    monkeypatch.setattr(GoldState, "_turn_up", broken)
    with pytest.raises(RuntimeError):
        _play_until_a_refill(state, random.Random(5))
    monkeypatch.undo()
    # the failing step was rolled back; earlier steps of that call may have landed
    while len(state.history) > len(twin.history):
        state.undo()
    assert state == twin
    assert state._rng.getstate() == twin._rng.getstate()
