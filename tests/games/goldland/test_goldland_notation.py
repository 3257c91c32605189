"""Action notation reads back, and bad text is refused with an example."""

import pytest

import goldlab
from goldlab.core.errors import InvalidActionError
from goldlab.games.goldland.actions import Acquire, Exchange, Move, Place, parse_action
from goldlab.games.goldland.articles import kit


@pytest.mark.parametrize("text", [
    "discard rope", "move N", "move W survive", "move E ordeal 2 pearls + 2 ropes", "end move",
    "camp", "camp from 2,4", "dig", "acquire 2 timbers", "acquire rope + timber",
    "exchange 3 tokens for timber", "explore", "explore 2,4", "place 2,4 rot 90", "pass",
    "end turn", "chance: draw T17", "chance: lay C05 at 6,3", "discard fishing rod",
])
def test_notation_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


def test_parser_is_lenient_about_case_order_and_plurals() -> None:
    assert parse_action("Move  north ordeal rope, pearl, rope, pearl") == \
        Move(0, "ordeal", kit("2 pearls + 2 ropes"))
    assert parse_action("acquire 1 timber + 1 rope") == Acquire(kit("rope + timber"))
    assert parse_action("exchange 2 token for fishing-rods") == Exchange(6, 2)
    assert parse_action("place 0,0 rot 270") == Place(0, 270)


@pytest.mark.parametrize("text", [
    "jump N", "move X", "place 2,4 rot 45", "place 9,9 rot 0", "acquire 2 gnus", "",
    "exchange x tokens for rope",
])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_every_legal_action_parses_back_in_a_game() -> None:
    s = goldlab.make("goldland", players=3, seed=4, turn_cap=3)
    while not s.is_terminal():
        for a in s.legal_actions():
            assert s.parse_action(str(a)) == a
        s.apply(s.legal_actions()[-1])


def test_kits_and_numbers_are_read_in_ascii_only() -> None:
    from goldlab.games.goldland.articles import parse_kit

    assert parse_kit("2 timbers") == kit("timber, timber")
    for bad in ("\u0662 timbers", "\uff12 timbers", "2 timber\u017f"):
        with pytest.raises(InvalidActionError):
            parse_kit(bad)
    for bad in ("exchange \u0663 tokens for rope", "place 2,4 rot \u0669\u0660", "camp from 2,\u0664"):
        with pytest.raises(InvalidActionError):
            parse_action(bad)
