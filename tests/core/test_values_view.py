"""The one view recipe (goldlab.core.values.View): held fields, worked-out fields, immutability."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

import goldlab
from goldlab.core.values import View, worked_out


class Held(NamedTuple):
    cards: tuple[int, ...]
    owner: int


WORK_DONE: list[str] = []


class Hand(View, held=Held):
    _FIELD_NAMES = ("cards", "owner", "total")

    @worked_out
    def total(self) -> int:
        """The sum of the cards."""
        WORK_DONE.append("total")
        return sum(self.cards)


def test_held_fields_become_properties_and_worked_out_fields_are_kept() -> None:
    WORK_DONE.clear()
    hand = Hand.holding(Held((3, 4), 1))
    assert (hand.cards, hand.owner) == ((3, 4), 1)
    assert WORK_DONE == []  # nothing worked out until read
    assert hand.total == 7 and hand.total == 7
    assert WORK_DONE == ["total"]  # worked out once, then kept
    assert repr(hand) == "Hand(cards=(3, 4), owner=1, total=7)"


def test_views_are_values() -> None:
    a, b = Hand.holding(Held((3, 4), 1)), Hand.holding(Held((3, 4), 1))
    assert a == b and hash(a) == hash(b) and a != Hand.holding(Held((3,), 1))
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError, match="immutable"):
        a.owner = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del a.cards  # type: ignore[misc]


def test_a_field_neither_held_nor_worked_out_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="neither held nor worked out"):
        class Broken(View, held=Held):
            _FIELD_NAMES = ("cards", "colour")


@pytest.mark.parametrize("game", goldlab.names())
def test_every_game_view_follows_the_recipe(game: str) -> None:
    state = goldlab.make(game, players=2, seed=3)
    view = state.observation(0)
    assert isinstance(view, View) and type(view)._HELD is not None
    assert isinstance(view._held, type(view)._HELD)
    assert pickle.loads(pickle.dumps(view)) == view
    for name in type(view)._FIELD_NAMES:
        getattr(view, name)
