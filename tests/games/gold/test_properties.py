"""Property tests with hypothesis: invariants hold in every reachable position."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.games.gold.cards import ALL_CARDS, full_deck
from goldlab.games.gold.state import GoldState


def _all_cards(s: GoldState) -> Counter:
    zones = Counter(s.offer) + Counter(s.box) + Counter(s.discard)
    for t in s.tableaux:
        zones.update(t)
    for p in s.piles:
        zones.update(p)
    zones.update({c: n for c, n in zip(ALL_CARDS, s.unseen, strict=False) if n})
    return zones


def _play(players: int, seed: int, bot_seed: int):  # type: ignore[no-untyped-def]
    state = goldlab.make("gold", players=players, seed=seed, mode="study")
    rng = random.Random(bot_seed)
    yield state
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        yield state


games = st.tuples(st.sampled_from([2, 3]), st.integers(0, 2**32), st.integers(0, 2**32))


@settings(max_examples=40, deadline=None)
@given(games)
def test_the_60_cards_are_always_accounted_for(game: tuple[int, int, int]) -> None:
    deck = full_deck()
    for state in _play(*game):
        assert _all_cards(state) == deck


@settings(max_examples=40, deadline=None)
@given(games)
def test_no_tableau_holds_three_of_a_colour_between_turns(game: tuple[int, int, int]) -> None:
    for state in _play(*game):
        if state.phase == "action":
            for tableau in state.tableaux:
                counts = Counter(c.colour for c in tableau)
                assert max(counts.values(), default=0) <= 2


@settings(max_examples=30, deadline=None)
@given(games)
def test_every_game_ends_within_the_declared_bound(game: tuple[int, int, int]) -> None:
    steps = -1
    for steps, state in enumerate(_play(*game)):  # noqa: B007
        pass
    assert state.is_terminal()
    assert 0 < steps <= state.game.max_steps()
    assert len(state.offer) == 0 and state.pile_count == 0


@settings(max_examples=20, deadline=None)
@given(games)
def test_the_same_seed_gives_the_same_record(game: tuple[int, int, int]) -> None:
    *_, first = _play(*game)
    *_, second = _play(*game)
    assert first.record() == second.record()


@settings(max_examples=25, deadline=None)
@given(games)
def test_scores_equal_the_sum_of_scoring_piles_and_colour_scoring_empties_tableaux(
    game: tuple[int, int, int],
) -> None:
    *_, final = _play(*game)
    assert final.outcome().scores == tuple(sum(c.value for c in p) for p in final.piles)
    assert all(not t for t in final.tableaux)
