"""Game set-up: the temple by player count, starting kits, the coast, the stack."""

from collections import Counter
from fractions import Fraction

import pytest

import goldlab
from goldlab.games.goldland.articles import STOCK
from goldlab.games.goldland.board import BESIDE_START, COAST_SLOTS, NE_CORNER, START, SW_CORNER


@pytest.mark.parametrize("players, reserve, rate", [(2, 3, 4), (3, 6, 3), (4, 9, 2), (5, 12, 2)])
def test_temple_and_exchange_rate_by_player_count(players: int, reserve: int, rate: int) -> None:
    # "In the middle, put as many amulets as there are players. The left is the bonus field.
    # Put twice as many gold pieces there as the number of players."
    s = goldlab.make("goldland", players=players, seed=1)
    assert (s.amulets_left, s.bonus, s.reserve) == (players, 2 * players, reserve)
    assert s.rate == rate
    assert s.bonus + s.reserve <= 22


def test_everyone_starts_on_the_start_tile_with_3_provisions_and_2_pearls() -> None:
    s = goldlab.make("goldland", players=5, seed=3)
    view = s.observation(0)
    assert set(view.pawns) == {START}
    assert all(str(k) == "3 provisions + 2 pearls" for k in view.packs)
    assert view.allowances == (7,) * 5  # "Your adventurer can thus move a maximum of 7 spaces."
    assert view.camps_left == (10,) * 5
    assert list(s.stock) == [STOCK[0] - 15, STOCK[1] - 10, *STOCK[2:]]
    assert (s.token_stock, s.treasure_stock) == (36, 8)


def test_the_shown_coast_is_the_first_game_sequence() -> None:
    s = goldlab.make("goldland", players=2, seed=1, coast="shown")
    ids = [s.tile_at(c).id for c in COAST_SLOTS]
    assert ids == [t.id for t in s.tileset.free_coastal()]
    assert s.tile_at(SW_CORNER).corner == "SW" and s.tile_at(NE_CORNER).corner == "NE"
    assert s.tile_at(START).kind == "start"
    assert not s.history


def test_the_random_coast_is_dealt_by_chance_without_villages_beside_the_start() -> None:
    s = goldlab.make("goldland", players=2, seed=1, auto_chance=False, mode="study")
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert all(not s.tileset.by_id(o.tile).village for o, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1 and all(p == Fraction(1, len(outcomes))
                                                    for _, p in outcomes)
    for seed in range(30):
        g = goldlab.make("goldland", players=2, seed=seed)
        for c in BESIDE_START:
            assert not g.tile_at(c).village
        assert sorted(g.tile_at(c).id for c in COAST_SLOTS) == sorted(
            t.id for t in g.tileset.free_coastal())
        assert len([h for h in g.history if str(h.action).startswith("chance: lay")]) == 10


def test_the_stack_holds_the_36_inner_tiles_and_each_draw_is_uniform() -> None:
    s = goldlab.make("goldland", players=2, seed=1, coast="shown", auto_chance=False,
                     mode="study")
    assert len(s.unseen) == 36
    s.apply("move W")
    s.apply("move W")
    s.apply("end move")
    s.apply("explore")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {Fraction(1, 36)}


def test_start_player_option() -> None:
    s = goldlab.make("goldland", players=3, seed=1, start_player=2)
    assert s.current_player == 2
    with pytest.raises(goldlab.OptionsError):
        goldlab.make("goldland", players=3, start_player=3)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(goldlab.OptionsError, match="valid options"):
        goldlab.make("goldland", players=3, colour="red")
    with pytest.raises(goldlab.OptionsError, match="coast"):
        goldlab.make("goldland", players=3, coast="sorted")
    with pytest.raises(goldlab.OptionsError):
        goldlab.make("goldland", players=6)


def test_chance_steps_are_recorded_and_replay() -> None:
    s = goldlab.make("goldland", players=3, seed=11)
    kinds = Counter(str(h.action).split()[1] for h in s.history)
    assert kinds == {"lay": 10}
    assert s.record().replay() == s
