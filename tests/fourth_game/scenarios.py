"""Pig's rulebook examples as scenarios."""

from __future__ import annotations

from typing import Any

from fourth_game.rulebook import CHANCE, QUOTES
from goldlab.core.state import State
from goldlab.core.values import Event
from goldlab.scenarios import Scenario, register


def _fresh() -> State[Any]:
    import goldlab

    return goldlab.make("pig", players=2, seed=1, auto_chance=False)


def _one_ends_the_turn(state: State[Any], events: list[Event]) -> None:
    assert state.scores() == (0, 0), state.scores()
    assert state.current_player == 1, state.current_player


register(Scenario(
    name="pig/one-ends-the-turn",
    title="A 1 loses the turn's total",
    rule=CHANCE,
    quote=QUOTES[CHANCE],
    setup=_fresh,
    actions=("roll", "chance: die 5", "roll", "chance: die 1"),
    expect="nothing banked; seat 1 to move",
    check=_one_ends_the_turn,
    illegal=("chance: die 3",),
))
