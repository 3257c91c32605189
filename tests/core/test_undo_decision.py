"""State.can_undo and State.undo are one decision: State.undo_refusal."""

import random
from typing import Any

import pytest

import goldlab
from goldlab.core.errors import UndoError
from goldlab.core.state import State
from goldlab.views.table import Table


@pytest.mark.parametrize("game", goldlab.names())
@pytest.mark.parametrize("mode", ["play", "study"])
def test_can_undo_says_exactly_when_undo_succeeds(game: str, mode: str) -> None:
    state = goldlab.make(game, players=2, seed=4, mode=mode)
    rng = random.Random(4)
    for _ in range(40):
        if state.is_terminal():
            break
        trial = state.clone()
        refusal = trial.undo_refusal()
        assert trial.can_undo() == (refusal is None)
        if refusal is None:
            trial.undo()
        else:
            with pytest.raises(UndoError) as caught:
                trial.undo()
            assert str(caught.value) == refusal
        state.apply(rng.choice(state.legal_actions()))


def refusing_everything(state: State[Any]) -> State[Any]:
    """The same state whose game refuses every undo, by overriding the one decision."""

    class Refusing(type(state)):  # type: ignore[misc]
        def undo_refusal(self) -> str | None:
            return "this table allows no undo"

    state.__class__ = Refusing
    return state


def test_a_game_that_refuses_more_overrides_one_method_and_both_follow() -> None:
    state = refusing_everything(goldlab.make("gold", players=2, seed=1, mode="study"))
    state.apply(state.legal_actions()[0])
    assert not state.can_undo()
    with pytest.raises(UndoError, match="allows no undo"):
        state.undo()


def test_the_turn_undo_plan_reports_the_refusal_instead_of_crashing() -> None:
    state = refusing_everything(goldlab.make("gold", players=2, seed=1, mode="study"))
    table = Table(state)
    state.apply(state.legal_actions()[0])
    with pytest.raises(UndoError, match="allows no undo"):
        table.turn_undo_plan()
