"""The State protocol: apply/refuse, undo, clone, chance, serialisation."""

import json
import random

import pytest

import goldlab
from goldlab.core.errors import IllegalActionError, InvalidActionError, UndoError
from goldlab.core.record import from_json
from goldlab.core.state import CHANCE


def test_apply_returns_events_naming_rules() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    events = state.apply(state.legal_actions()[0])
    assert events and all("[" in str(e) and str(e).endswith("]") for e in events)


def test_refused_action_leaves_state_unchanged_and_names_the_rule() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    before = state.clone()
    high = max(state.offer, key=lambda c: c.value)
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"take {high}")
    assert info.value.rule == "A) Take a card"
    assert "lowest" in str(info.value)
    assert state == before


def test_bad_text_raises_invalid_action_error() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    with pytest.raises(InvalidActionError):
        state.apply("take the money and run")
    with pytest.raises(InvalidActionError):
        state.apply("take yellow:6")


def test_illegal_and_invalid_are_value_errors() -> None:
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(InvalidActionError, ValueError)


def test_undo_restores_the_exact_previous_state_in_study_mode() -> None:
    state = goldlab.make("gold", players=2, seed=5, mode="study")
    rng = random.Random(1)
    snapshots = []
    for _ in range(40):
        snapshots.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    for snap in reversed(snapshots):
        state.undo()
        assert state == snap


def test_play_mode_refuses_to_undo_a_reveal() -> None:
    state = goldlab.make("gold", players=2, seed=5, mode="play")
    rng = random.Random(2)
    while True:
        size = len(state.history)
        state.apply(rng.choice(state.legal_actions()))
        if any(s.actor == CHANCE for s in state.history[size:]):
            break
        state.undo()  # nothing revealed: allowed
        state.apply(state.legal_actions()[0])
    assert not state.can_undo()
    with pytest.raises(UndoError, match="revealed hidden cards"):
        state.undo()


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(UndoError, match="nothing to undo"):
        goldlab.make("gold", players=2, seed=1).undo()


def test_clone_diverges_independently_and_copies_the_generator() -> None:
    state = goldlab.make("gold", players=3, seed=9, mode="study")
    twin = state.clone()
    assert twin == state
    rng = random.Random(0)
    while len(twin.history) < len(state.history) + 30:
        twin.apply(rng.choice(twin.legal_actions()))
    assert twin != state
    # Same actions on both give the same cards: the generator was copied.
    again = state.clone()
    for step in twin.history[len(state.history):]:
        if step.actor != CHANCE:
            again.apply(step.action)
    assert again == twin


def test_manual_chance_lists_exact_probabilities() -> None:
    state = goldlab.make("gold", players=2, seed=1, auto_chance=False)
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert len(outcomes) == 6  # the first starting donkey: any colour
    state.apply(outcomes[0][0])
    assert len(state.chance_outcomes()) == 5  # distinct colours


def test_json_round_trip() -> None:
    state = goldlab.make("gold", players=3, seed=4, mode="study")
    rng = random.Random(4)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_json()))
    assert from_json(data) == state


def test_outcome_is_none_until_the_end() -> None:
    state = goldlab.make("gold", players=2, seed=4)
    assert state.outcome() is None
    assert state.returns() == (0.0, 0.0)


def test_repr_is_informative() -> None:
    assert "gold players=2 seed=4" in repr(goldlab.make("gold", players=2, seed=4))


def test_steps_read_as_notation() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    texts = [str(s) for s in state.history]
    assert texts[0].startswith("chance: deal ") and not texts[0].startswith("chance: chance")
    state.apply(state.legal_actions()[0])
    assert str(state.last_step).startswith("seat 0: ")
