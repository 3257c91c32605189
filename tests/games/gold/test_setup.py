"""Game setup: deck, donkeys, removed cards, the first offer."""

from collections import Counter

import pytest

import goldlab
from goldlab.games.gold.cards import COLOURS, DONKEY, full_deck


def test_the_deck_has_60_cards_in_6_colours() -> None:
    deck = full_deck()
    assert sum(deck.values()) == 60
    for colour in COLOURS:
        mine = Counter({c: n for c, n in deck.items() if c.colour == colour})
        assert sum(mine.values()) == 10
        assert sorted(v for c, n in mine.items() for v in [c.value] * n) == [
            -2, -2, -2, 3, 3, 4, 5, 6, 7, 8]


def test_two_players_return_one_donkey_of_each_colour_to_the_box() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    assert sorted(c.colour for c in state.box) == sorted(COLOURS)
    assert all(c.value == DONKEY for c in state.box)


def test_three_players_use_every_card() -> None:
    assert goldlab.make("gold", players=3, seed=1).box == ()


@pytest.mark.parametrize("seed", range(20))
def test_each_player_starts_with_one_donkey_in_a_different_colour(seed: int) -> None:
    state = goldlab.make("gold", players=3, seed=seed)
    firsts = [t[0] for t in state.tableaux]
    assert all(len(t) == 1 and t[0].is_donkey for t in state.tableaux)
    assert len({c.colour for c in firsts}) == 3


@pytest.mark.parametrize(("players", "pile"), [(2, 50), (3, 55)])
def test_draw_pile_after_setup_is_50_or_55_cards_with_the_offer(players: int, pile: int) -> None:
    state = goldlab.make("gold", players=players, seed=2)
    assert len(state.offer) == 5
    assert state.pile_count + len(state.offer) == pile
    assert sum(state.unseen) - state.pile_count == 2  # removed without looking


def test_fixed_starting_donkeys_option() -> None:
    state = goldlab.make("gold", players=2, seed=2, starting_donkeys="red,pink")
    assert [str(t[0]) for t in state.tableaux] == ["red:D", "pink:D"]


def test_start_player_option() -> None:
    assert goldlab.make("gold", players=3, seed=2, start_player=2).current_player == 2
    with pytest.raises(goldlab.OptionsError, match="not a seat"):
        goldlab.make("gold", players=2, start_player=2)


def test_same_seed_same_setup_and_different_seeds_differ() -> None:
    a, b = goldlab.make("gold", players=3, seed=8), goldlab.make("gold", players=3, seed=8)
    assert a == b
    offers = {tuple(goldlab.make("gold", players=3, seed=s).offer) for s in range(10)}
    assert len(offers) > 5
