"""Gold! is applied and undone by the core (``State.apply``, ``State.undo``), one way.

A bot or a view sends one of the listed action objects; an equal action built by hand,
or notation, is first parsed and checked (and refused with its rule if illegal), then
played as the listed object.  Both must leave the same position, history and events, on
every kind of turn: plain takes and exchanges, sets, bonuses, refills and the end of the
game; and undo must put every one of them back (a ``GoldPosition`` snapshot and the
generator rewound by the words chance drew).
"""

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.core.errors import UndoError
from goldlab.games.gold import rules
from goldlab.games.gold.cards import ALL_CARDS, Card
from goldlab.games.gold.rules import BONUS
from goldlab.games.gold.state import GoldState


def _positions(seed: int, players: int, **options: Any) -> Iterator[GoldState]:
    """A seeded random game of Gold!, position by position to the end (one state, played
    on after each is looked at)."""
    state = goldlab.make("gold", players=players, seed=seed, mode="study", **options)
    assert isinstance(state, GoldState)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        yield state


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
    # A clone has its own generator and position: what it turns up later is its own.
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


def _listing_as_the_rulebook_reads(offer: tuple[Card, ...], tableau: tuple[Card, ...]) -> list[str]:
    """Actions A and B written as plainly as possible (the order ``offer_choices`` keeps)."""
    if not offer:
        return []
    distinct = list(dict.fromkeys(offer))
    low = min(c.value for c in distinct)
    moves = [f"take {c}" for c in distinct if c.value == low]
    gold = [c for c in distinct if c.is_gold]
    for give in dict.fromkeys(tableau):
        for take in gold:
            if give.is_donkey or take.value < give.value:
                moves.append(f"exchange {give} for {take}")
    return moves


_CARDS = st.sampled_from(ALL_CARDS)


@settings(max_examples=400, deadline=None)
@given(offer=st.lists(_CARDS, max_size=5), tableau=st.lists(_CARDS, max_size=9))
def test_the_listing_is_the_plain_reading_of_the_rules(
    offer: list[Card], tableau: list[Card]
) -> None:
    held = tuple(sorted(tableau, key=lambda c: c.index))
    listed = rules.offer_choices(tuple(offer), held)
    assert [str(a) for a in listed] == _listing_as_the_rulebook_reads(tuple(offer), held)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), declinable=st.booleans())
def test_bonus_choices_listed_with_the_set_are_the_rules_choices(
    seed: int, players: int, declinable: bool
) -> None:
    # After a set, the legal actions are the rules' bonus choices.
    bonuses = 0
    for state in _positions(seed, players, bonus_may_be_declined=declinable):
        if state.phase == BONUS:
            bonuses += 1
            assert state.legal_actions() == rules.legal_actions(state)
    assert bonuses  # every game of Gold! has sets with a bonus to choose


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]))
def test_undo_after_every_kind_of_turn_restores_the_whole_position(
    seed: int, players: int
) -> None:
    # Every kind of turn is put back by its snapshot, the generator rewound with it.
    state = goldlab.make("gold", players=players, seed=seed, mode="study")
    assert isinstance(state, GoldState)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = (state._save(), state.history, state.legal_actions(), state._rng.getstate())
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        events = state.apply(action)
        assert state.undo() is action
        assert (state._save(), state.history, state.legal_actions(),
                state._rng.getstate()) == before
        assert state.apply(action) == events


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]),
       auto_chance=st.booleans())
def test_the_turn_order_names_who_moves_as_the_position_does(
    seed: int, players: int, auto_chance: bool
) -> None:
    # The end of a turn sets who moves next itself (``_end_turn``); every other step
    # works it out from the position (``_to_move``).  Both must agree, every step.
    for state in _positions(seed, players, auto_chance=auto_chance):
        assert state.current_player == state._to_move()


def test_play_mode_undoes_turns_that_turn_up_no_card_and_refuses_refills() -> None:
    # A take, an exchange or a bonus that turns up no card reveals nothing, so play mode
    # may undo it; a turn that turned up new cards stays refused.
    state = goldlab.make("gold", players=2, seed=5, mode="play")
    assert isinstance(state, GoldState)
    rng = random.Random(5)
    quiet = refills = 0
    while not state.is_terminal() and not (quiet > 20 and refills):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = (state.to_json(), state.history, state.legal_actions())
        steps = len(state.history)
        state.apply(action)
        if len(state.history) == steps + 1:  # no card was turned up
            quiet += 1
            assert state.can_undo()
            assert state.undo() is action
            assert (state.to_json(), state.history, state.legal_actions()) == before
            state.apply(action)
        else:
            refills += 1
            assert not state.can_undo()
            with pytest.raises(UndoError):
                state.undo()
    assert quiet > 20 and refills


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]),
       colours=st.sampled_from([None, "fixed"]))
def test_the_set_up_deals_and_reveals_what_chance_steps_one_by_one_would(
    seed: int, players: int, colours: str | None,
) -> None:
    # Set-up deals the starting donkeys and turns up the first offer by chance;
    # sampling each chance step by hand from the same generator must give the same.
    options = {"starting_donkeys": ",".join(["pink", "green", "red"][:players])} \
        if colours else {}
    quick = goldlab.make("gold", players=players, seed=seed, mode="study", **options)
    by_hand = goldlab.make("gold", players=players, seed=seed, mode="study",
                           auto_chance=False, **options)
    assert isinstance(quick, GoldState) and isinstance(by_hand, GoldState)
    while by_hand.is_chance_node():
        by_hand.apply(by_hand._sample_chance(by_hand._rng))
    assert [str(s) for s in quick.history] == [str(s) for s in by_hand.history]
    assert [s.events for s in quick.history] == [s.events for s in by_hand.history]
    assert quick.setup_events == by_hand.setup_events
    assert quick._save() == by_hand._save()
    assert quick._rng.getstate() == by_hand._rng.getstate()


def test_a_clone_turning_up_cards_leaves_the_original_alone() -> None:
    # The unseen cards laid out at one refill are kept for the next (``_laid_out``), and a
    # clone starts with the same: each must turn up its own cards.
    played = goldlab.make("gold", players=2, seed=6, mode="study")
    alone = goldlab.make("gold", players=2, seed=6, mode="study")
    rng = random.Random(6)
    while not played.is_terminal():
        other = played.clone()
        side = random.Random(len(played.history))
        for _ in range(12):  # a refill or two on the clone
            if other.is_terminal():
                break
            legal = other.legal_actions()
            other.apply(legal[side.randrange(len(legal))])
        legal = played.legal_actions()
        action = legal[rng.randrange(len(legal))]
        played.apply(action)
        alone.apply(action)
    assert played == alone
