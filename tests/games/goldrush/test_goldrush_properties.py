"""Properties of every Mount Goldrush game: cards and gold are conserved, every game ends."""

from __future__ import annotations

import itertools
import random

from goldrush_helpers import goldrush
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlab.games.goldrush import GoldrushState
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, GOLD_TOTAL, KINDS, TABLE_SIZE
from goldlab.games.goldrush.position import GONE, UNKNOWN
from goldlab.games.goldrush.rules import can_change_anything, is_dead

options = st.fixed_dictionaries({
    "edition": st.sampled_from(["A", "B"]),
    "layout": st.sampled_from(["free", "grid"]),
    "dead_position": st.sampled_from(["gold-rush", "end"]),
    "stall_limit": st.sampled_from([1, 3, 40]),
})


def accounted(state: GoldrushState) -> None:
    """64 cards: per kind, unseen + known on the table + removed + taken = the deck."""
    counts = list(state.unseen)
    on_table = 0
    for k in state.cell:
        if k != GONE:
            on_table += 1
        if k >= 0:
            counts[k] += 1
    for k in state.removed:
        counts[k] += 1
    for pile in state.taken:
        for k in pile:
            counts[k] += 1
    assert counts == list(DECK)
    assert on_table == state.on_table
    assert sum(1 for k in state.cell if k == UNKNOWN) == sum(state.unseen)
    assert on_table + len(state.removed) + sum(map(len, state.taken)) == TABLE_SIZE
    gold_on_table = sum(ALL_CARDS[k].value * n for k, n in enumerate(state.unseen)
                        if ALL_CARDS[k].is_gold)
    gold_on_table += sum(ALL_CARDS[k].value for k in state.cell if k >= 0 and ALL_CARDS[k].is_gold)
    gold_removed = sum(ALL_CARDS[k].value for k in state.removed if ALL_CARDS[k].is_gold)
    assert gold_on_table + gold_removed + sum(state.scores()) == GOLD_TOTAL


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), opts=options)
def test_random_games_account_for_64_cards_and_60_gold_and_end(
        seed: int, players: int, opts: dict[str, object]) -> None:
    game = goldrush(players, **opts)
    state = game.new_state(seed, mode="study")
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        accounted(state)
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
        assert decisions <= game.max_steps()
    accounted(state)
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) >= 1
    if state.end_reason == "the last card left the table":
        assert state.on_table == 0


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), opts=options,
       bots=st.lists(st.sampled_from(["perfect", "forgetful:0.5", "limited:3", "random"]),
                     min_size=5, max_size=5))
def test_games_with_memory_bots_end_within_the_bound(
        seed: int, players: int, opts: dict[str, object], bots: list[str]) -> None:
    from goldlab.bots.play import play_game

    state = play_game("goldrush", bots[:players], seed, **opts)
    assert isinstance(state, GoldrushState)
    accounted(state)
    assert state.is_terminal()


@given(st.lists(st.integers(0, 3), min_size=KINDS, max_size=KINDS))
def test_a_table_is_dead_exactly_when_no_pair_can_change_anything(counts: list[int]) -> None:
    counts = [min(c, d) for c, d in zip(counts, DECK, strict=True)]
    cards = [c for c, n in zip(ALL_CARDS, counts, strict=True) for _ in range(n)]
    brute = len(cards) >= 2 and not any(
        can_change_anything(a, b) for a, b in itertools.combinations(cards, 2)
    )
    assert is_dead(counts) == brute


@settings(max_examples=40)
@given(data=st.data(), players=st.integers(2, 5))
def test_any_partition_of_the_64_cards_is_a_valid_position(data: st.DataObject,
                                                            players: int) -> None:
    pool = [c for c, n in zip(ALL_CARDS, DECK, strict=True) for _ in range(n)]
    where = data.draw(st.lists(st.sampled_from(["known", "unknown", "removed", "taken"]),
                               min_size=64, max_size=64))
    known = {}
    unknown, removed = [], []
    taken: list[list[object]] = [[] for _ in range(players)]
    for i, (c, w) in enumerate(zip(pool, where, strict=True)):
        if w == "known":
            known[i] = c
        elif w == "unknown":
            unknown.append(c)
        elif w == "taken" and c.is_gold:
            taken[i % players].append(c)
        else:
            removed.append(c)
    state = GoldrushState.from_position(goldrush(players), known=known, unknown=unknown,
                                        removed=removed, taken=taken)
    accounted(state)
    rng = random.Random(0)
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        accounted(state)
        steps += 1
        assert steps <= state.game.max_steps()
