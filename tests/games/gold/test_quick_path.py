"""``GoldState.apply`` has a quick path for listed actions; it must agree with the general one.

The quick path runs when a bot or a view sends one of the listed action
objects.  An equal action built by hand, or notation, takes the general path
(parse, check, ``_do``).  Both must leave the same position, history and
events, on every kind of turn: plain takes and exchanges, sets, bonuses,
refills and the end of the game.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.games.gold.state import GoldState


def _same(a: GoldState, b: GoldState) -> None:
    assert a._save() == b._save()
    assert a.history == b.history
    assert a.legal_actions() == b.legal_actions()
    assert a._rng.getstate() == b._rng.getstate()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]))
def test_listed_objects_and_notation_play_the_same_game(seed: int, players: int) -> None:
    quick = goldlab.make("gold", players=players, seed=seed, mode="study")
    general = goldlab.make("gold", players=players, seed=seed, mode="study")
    assert isinstance(quick, GoldState) and isinstance(general, GoldState)
    rng = random.Random(seed)
    while not quick.is_terminal():
        legal = quick.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert quick.apply(action) == general.apply(str(action))
        _same(quick, general)
    assert quick.outcome() == general.outcome()


def test_a_clone_draws_its_own_cards_after_the_original_refilled() -> None:
    # Refills keep the unseen cards laid out in deck order between turns; a clone
    # must not share that with the state it was copied from.
    state = goldlab.make("gold", players=2, seed=11, mode="study")
    assert isinstance(state, GoldState)
    rng = random.Random(11)
    copies = []
    while not state.is_terminal():
        copies.append((state.clone(), rng.getstate()))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for copy, rng_state in copies[::7]:
        rng.setstate(rng_state)
        while not copy.is_terminal():
            legal = copy.legal_actions()
            copy.apply(legal[rng.randrange(len(legal))])
        assert copy.history == state.history
        assert copy.scores() == state.scores()
