"""A set is made whether the new card lands below, between or above two of its colour."""

import pytest

from goldlab.games.gold.cards import Card, card, cards, sort_key
from goldlab.games.gold.events import SetCompleted
from goldlab.games.gold.position import from_position
from goldlab.games.gold.rules import take_or_exchange


def tableau_of(text: str) -> tuple[Card, ...]:
    """A tableau as the game keeps it: sorted by colour, then value."""
    return tuple(sorted(cards(text), key=sort_key))


@pytest.mark.parametrize(("tableau", "take"), [
    ("red:5 red:7 blue:4", "red:3"),  # lands below both reds
    ("red:3 red:7 blue:4", "red:5"),  # lands between the two reds
    ("red:3 red:5 blue:4", "red:7"),  # lands above both reds
    ("green:4 red:3 red:7", "red:5"),  # between, with another colour before
    ("red:3 red:7", "red:5"),  # between, nothing else held
])
def test_the_taken_card_completes_the_set_wherever_it_lands(tableau: str, take: str) -> None:
    _, held, made, _ = take_or_exchange(cards(f"{take} violet:8"), tableau_of(tableau), card(take),
                                        None)
    assert made == "red", [str(c) for c in held]
    state = from_position(offer=f"{take} violet:8", tableaux=[tableau, "orange:6"])
    events = state.apply(f"take {take}")
    assert any(isinstance(e, SetCompleted) for e in events), [str(e) for e in events]
    assert state.phase == "bonus" and state.current_player == 0


def test_an_exchanged_card_landing_between_two_of_its_colour_completes_the_set() -> None:
    _, held, made, _ = take_or_exchange(cards("red:5 violet:3"), tableau_of("blue:6 red:3 red:7"),
                                        card("red:5"), card("blue:6"))
    assert made == "red" and [str(c) for c in held if c.colour == "red"] == [
        "red:3", "red:5", "red:7"]


@pytest.mark.parametrize(("tableau", "take"), [
    ("red:3 blue:4 blue:5", "red:5"),  # one red beside it: no set
    ("red:3 blue:4", "blue:6"),
])
def test_two_of_a_colour_are_no_set(tableau: str, take: str) -> None:
    assert take_or_exchange(cards(take), tableau_of(tableau), card(take), None)[2] is None
