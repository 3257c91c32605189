"""The 64 cards of Mount Goldrush and their notation."""

from __future__ import annotations

import pytest

from goldlab.core.errors import InvalidActionError
from goldlab.games.goldrush.cards import (
    ALL_CARDS,
    COLOURS,
    DECK,
    DIGGERS,
    DYNAMITE,
    GOLD,
    GOLD_TOTAL,
    TABLE_SIZE,
    card,
    cards,
    counts_of,
    digger,
    gold,
)


def test_contents_are_64_face_down_cards() -> None:
    assert sum(DECK) == TABLE_SIZE == 64
    assert sum(DECK[c.index] for c in GOLD) == 24
    assert sum(DECK[c.index] for c in DIGGERS) == 35
    assert DECK[DYNAMITE.index] == 5


def test_gold_cards_5x1_7x2_7x3_5x4_total_60() -> None:
    assert [DECK[gold(v).index] for v in (1, 2, 3, 4)] == [5, 7, 7, 5]
    assert sum(DECK[c.index] * c.value for c in GOLD) == GOLD_TOTAL == 60


@pytest.mark.parametrize("colour", COLOURS)
def test_diggers_per_colour_two_of_2_3_4_and_one_5(colour: str) -> None:
    assert [DECK[digger(colour, v).index] for v in (2, 3, 4, 5)] == [2, 2, 2, 1]


def test_five_colours_in_rulebook_order() -> None:
    assert COLOURS == ("green", "orange", "blue", "red", "violet")


def test_every_card_notation_parses_back() -> None:
    assert len(ALL_CARDS) == 25
    for c in ALL_CARDS:
        assert card(str(c)) == c
        assert eval(repr(c), {"card": card}) == c


def test_card_kinds() -> None:
    assert card("gold:3").is_gold and not card("gold:3").is_digger
    assert card("red:4").is_digger and card("red:4").colour == "red"
    assert card("dynamite").is_dynamite and card(" Dynamite ") == DYNAMITE


@pytest.mark.parametrize("text", ["gold:5", "gold:0", "pink:3", "red:1", "red:6", "tnt", ""])
def test_bad_card_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        card(text)


def test_card_lists_with_repeats() -> None:
    assert cards("gold:2x3, dynamite red:4") == (gold(2), gold(2), gold(2), DYNAMITE, digger("red", 4))
    assert counts_of(list(cards("gold:1x2")))[gold(1).index] == 2


def test_a_count_is_written_in_ascii_digits() -> None:
    assert cards("gold:2x3") == (card("gold:2"),) * 3
    for bad in ("gold:2x\u0663", "gold:2x\u00b2", "gold:\u0662"):
        with pytest.raises(InvalidActionError):
            cards(bad)
