"""Action A (take) and action B (exchange), named like the rulebook."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.gold.position import from_position


def test_only_the_lowest_card_may_be_taken() -> None:
    s = from_position(offer="green:4 blue:8 red:5", tableaux=["pink:D", "violet:D"])
    assert [str(a) for a in s.legal_actions() if str(a).startswith("take")] == ["take green:4"]
    with pytest.raises(IllegalActionError, match="lowest value"):
        s.apply("take blue:8")


def test_choice_among_equal_lowest_values_of_any_colour() -> None:
    s = from_position(offer="green:3 blue:3 red:5", tableaux=["pink:D", "violet:D"])
    takes = {str(a) for a in s.legal_actions() if str(a).startswith("take")}
    assert takes == {"take green:3", "take blue:3"}


def test_a_card_not_on_offer_cannot_be_taken() -> None:
    s = from_position(offer="green:3", tableaux=["pink:D", "violet:D"])
    with pytest.raises(IllegalActionError, match="not on offer"):
        s.apply("take red:3")


def test_exchange_option_1_takes_a_strictly_lower_gold_card() -> None:
    s = from_position(offer="green:6 blue:5 red:D", tableaux=["pink:6", "violet:D"])
    assert s.is_legal("exchange pink:6 for blue:5")
    with pytest.raises(IllegalActionError, match="not lower"):
        s.apply("exchange pink:6 for green:6")


def test_donkey_cannot_be_taken_by_exchange() -> None:
    s = from_position(offer="red:D green:4", tableaux=["pink:8 blue:D", "violet:D"])
    for text in ("exchange pink:8 for red:D", "exchange blue:D for red:D"):
        with pytest.raises(IllegalActionError, match="only be taken from the offer via Action A"):
            s.apply(text)


def test_exchange_option_2_gives_a_donkey_for_any_gold_card() -> None:
    s = from_position(offer="red:D green:4 blue:8", tableaux=["pink:D", "violet:D"])
    assert s.is_legal("exchange pink:D for blue:8")
    assert s.is_legal("exchange pink:D for green:4")
    s.apply("exchange pink:D for blue:8")
    assert [str(c) for c in s.offer].count("pink:D") == 1
    assert [str(c) for c in s.tableaux[0]] == ["blue:8"]


def test_three_value_gold_cards_cannot_be_used_for_an_exchange() -> None:
    s = from_position(offer="red:3 green:4", tableaux=["pink:3", "violet:D"])
    assert not any(str(a).startswith("exchange pink:3") for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="3-value"):
        s.apply("exchange pink:3 for red:3")


def test_exchange_needs_the_card_in_ones_own_tableau() -> None:
    s = from_position(offer="green:4", tableaux=["pink:3", "violet:8"])
    with pytest.raises(IllegalActionError, match="not in seat 0's tableau"):
        s.apply("exchange violet:8 for green:4")


def test_exchange_keeps_the_offer_size() -> None:
    s = from_position(offer="green:4 red:5", tableaux=["pink:8", "violet:D"])
    s.apply("exchange pink:8 for green:4")
    assert len(s.offer) == 2 and s.current_player == 1


def test_turns_go_clockwise() -> None:
    s = from_position(offer="green:4 red:5 blue:6", tableaux=["pink:D", "violet:D", "orange:D"])
    for expected in (0, 1, 2, 0):
        assert s.current_player == expected
        s.apply(s.legal_actions()[0])


@pytest.mark.parametrize("text", ["take green:-2", "take green:donkey", "take green:\u0663",
                                  "exchange blue:6 for green:-2", "steal green:-2 from seat 1"])
def test_only_the_documented_card_forms_are_read(text: str) -> None:
    # A donkey is written D; its value -2 and the word 'donkey' are not notation.
    from goldlab.core.errors import InvalidActionError
    from goldlab.games.gold.actions import parse_action
    from goldlab.games.gold.cards import card

    with pytest.raises(InvalidActionError):
        parse_action(text)
    for bad in ("green:-2", "green:donkey", "green:\u0663", "green:\uff13"):
        with pytest.raises(InvalidActionError, match="not a Gold! card"):
            card(bad)
    assert str(card("GREEN:d")) == "green:D" and str(parse_action("take green:D")) == "take green:D"
