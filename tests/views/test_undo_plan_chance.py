"""With auto_chance=False a chance outcome is a step of its own: undoing a turn takes it back too."""

import random

import pytest

import goldlab
from goldlab.core.registry import make_game
from goldlab.core.state import CHANCE
from goldlab.views.table import Table


@pytest.mark.parametrize("game", goldlab.names())
def test_a_turn_taken_back_includes_the_chance_steps_that_followed_it(game: str) -> None:
    state = make_game(game, 2).new_state(5, mode="study", auto_chance=False)
    table = Table(state)  # both seats are people
    rng = random.Random(5)
    before = None
    while not state.is_terminal():
        if state.current_player != CHANCE:
            before = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        steps = state.history
        if len(steps) >= 2 and steps[-1].actor == CHANCE and steps[-2].actor >= 0:
            break
    else:  # pragma: no cover - every game here deals after some person's action
        pytest.fail("no person's action was followed by a chance step")
    assert before is not None
    # the dealt card and the person's own action: two steps, not the deal alone
    assert table.turn_undo_plan() == 2
    assert table.undo_turn() == 2
    assert state == before and state.current_player == before.current_player
