"""Mount Goldrush's position is a named one, as Gold!'s and Goldland's are: a
``GoldrushPosition`` that undo puts back and a saved game's start holds."""

import random
from typing import Any

import goldlab
from goldlab.core.state import State
from goldlab.games.goldrush.position import GoldrushPosition, position_problem


def _played(seed: int, steps: int) -> State[Any]:
    state = goldlab.make("goldrush", players=3, seed=seed, mode="study")
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_snapshot_is_a_named_position_that_reads_by_field() -> None:
    state = _played(4, 30)
    position = state._save()
    assert isinstance(position, GoldrushPosition)
    assert position.turn == state.turn and position.on_table == state.on_table
    assert len(position.cell) == 64 and len(position.taken) == 3
    assert position_problem(position, state.players) is None


def test_the_position_round_trips_through_json_and_undo() -> None:
    for seed in range(5):
        state = _played(seed, 25 + 7 * seed)
        position = state._save()
        assert GoldrushPosition.from_json(position.to_json()) == position
        before = state._save()
        if not state.is_terminal():
            state.apply(state.legal_actions()[0])
            state.undo()
        assert state._save() == before


def test_a_broken_position_is_named() -> None:
    position = _played(2, 10)._save()
    broken = position._replace(turn=7)
    assert "turn 7" in str(position_problem(broken, 3))
