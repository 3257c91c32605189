"""Exact odds of blind flips: closed form = the engine's chance nodes = Monte Carlo (fixed seeds)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from goldrush_helpers import goldrush, position

from goldlab.games.goldrush import odds
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.cards import COLOURS
from goldlab.games.goldrush.events import CardFlipped
from goldlab.games.goldrush.rules import (
    BLAST,
    EQUAL,
    FOUND_FLIPPER,
    FOUND_OTHER,
    KICK,
    OUTCOMES,
    TOO_WEAK,
    TWO_GOLD,
)

# Monte Carlo: a fixed seed makes each check deterministic; 99.9% intervals keep it honest.
TRIALS = 12_000
SEED = 20240611


def test_a_blind_first_flip_from_the_full_table() -> None:
    first = odds.first_flip()
    assert first["gold"] == Fraction(24, 64) == Fraction(3, 8)
    assert first["dynamite"] == Fraction(5, 64)
    assert first["digger"] == Fraction(35, 64)
    for colour in COLOURS:
        assert first[f"digger:{colour}"] == Fraction(7, 64)
    assert [first[f"gold:{v}"] for v in (1, 2, 3, 4)] == [Fraction(n, 64) for n in (5, 7, 7, 5)]
    assert sum(odds.first_flip_cards().values()) == 1


def test_two_blind_flips_by_hand() -> None:
    pair = odds.pair_outcomes()
    assert set(pair) == set(OUTCOMES) and sum(pair.values()) == 1
    # At least one dynamite: 1 - (59/64)(58/63).
    assert pair[BLAST] == 1 - Fraction(59 * 58, 64 * 63) == Fraction(305, 2016)
    # Two gold cards: (24/64)(23/63).
    assert pair[TWO_GOLD] == Fraction(24 * 23, 64 * 63)
    # Same-strength diggers: per value v with m diggers of v, m(m-1) ordered pairs.
    same = sum(m * (m - 1) for m in (10, 10, 10, 5))
    assert pair[EQUAL] == Fraction(same, 64 * 63)
    # Diggers of different strength: all ordered digger pairs minus the same-strength ones.
    assert pair[KICK] == Fraction(35 * 34 - same, 64 * 63)


def test_expected_gold_of_a_blind_double_flip() -> None:
    # Default: 2 players of edition A, seat 0 flips; green is mine, blue/red/violet nobody's.
    gold_counts = {1: 5, 2: 7, 3: 7, 4: 5}
    diggers_at_least = {g: sum(n for v, n in {2: 2, 3: 2, 4: 2, 5: 1}.items() if v >= g)
                        for g in gold_counts}
    colours_for_me = 4  # green (mine) and the three nobody owns
    by_hand = sum(
        Fraction(2 * gold_counts[g] * colours_for_me * diggers_at_least[g], 64 * 63) * g
        for g in gold_counts
    )
    assert odds.expected_gold() == by_hand
    assert odds.expected_gold(seat=1) == by_hand / 4  # orange only


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["A", "B"])
def test_closed_form_equals_the_engines_chance_nodes(edition: str, players: int) -> None:
    game = goldrush(players, edition=edition, start_player=players - 1)
    state = game.new_state(1)
    exact, gold = odds.engine_pair_outcomes(state)
    assert exact == odds.pair_outcomes(state) == odds.pair_outcomes(game)
    assert gold == odds.expected_gold(state)
    assert sum(exact.values()) == 1


def test_closed_form_equals_the_engine_in_the_middle_of_a_game() -> None:
    state = position(players=3, known={0: "green:5", 1: "gold:4"},
                     unknown="gold:1x3 gold:3x4 orange:2 red:4 violet:5 dynamite blue:3x2",
                     removed="rest", turn=2)
    exact, gold = odds.engine_pair_outcomes(state)
    assert exact == odds.pair_outcomes(state)
    assert gold == odds.expected_gold(state)
    assert odds.first_flip(state)["dynamite"] == Fraction(1, 13)  # 13 cards never seen


@pytest.mark.parametrize("players", [2, 4])
def test_monte_carlo_estimates_fall_inside_their_intervals(players: int) -> None:
    state = goldrush(players).new_state(5)
    exact, gold = odds.engine_pair_outcomes(state)
    sim = odds.simulate_pairs(state, TRIALS, seed=SEED + players)
    assert sim.trials == TRIALS and sum(sim.counts.values()) == TRIALS
    for outcome in OUTCOMES:
        low, high = sim.interval(outcome)
        assert low <= exact[outcome] <= high, (outcome, float(exact[outcome]), low, high)
    low, high = sim.gold_interval()
    assert low <= gold <= high
    assert FOUND_FLIPPER in exact and (players == 2 or exact[FOUND_OTHER] > 0)


def test_monte_carlo_of_the_first_flip_matches_the_card_counts() -> None:
    state = goldrush(3).new_state(2)
    exact = odds.first_flip(state)
    rng = random.Random(SEED)
    seen: Counter[str] = Counter()
    for _ in range(TRIALS):
        copy = state.resample_hidden(0, rng)
        flipped = copy.apply(FLIPS[30])[0]
        assert isinstance(flipped, CardFlipped)
        seen[flipped.card.kind] += 1
    for kind, key in (("gold", "gold"), ("dynamite", "dynamite"), ("digger", "digger")):
        low, high = odds.wilson(seen[kind], TRIALS)
        assert low <= exact[key] <= high


def test_a_mid_game_monte_carlo_matches_too() -> None:
    state = position(players=2, known={0: "green:5"},
                     unknown="gold:1x3 gold:3x4 orange:2 red:4 violet:5 dynamite blue:3x2",
                     removed="rest")
    exact, gold = odds.engine_pair_outcomes(state)
    sim = odds.simulate_pairs(state, 6000, seed=SEED)
    for outcome in OUTCOMES:
        low, high = sim.interval(outcome)
        assert low <= exact[outcome] <= high
    assert exact[TOO_WEAK] > 0 and exact[KICK] > 0
    low, high = sim.gold_interval()
    assert low <= gold <= high


def test_blind_pairs_need_a_normal_turn_with_two_unseen_cards() -> None:
    rush = position(known={0: "gold:1"}, unknown="gold:2x3", removed="rest")
    with pytest.raises(ValueError):
        odds.engine_pair_outcomes(rush)
    with pytest.raises(ValueError):
        odds.pair_outcomes(position(known={i: "gold:1" for i in range(5)}, unknown="",
                                    removed="rest", gold_rush=False))
    with pytest.raises(ValueError):
        odds.wilson(0, 0)


def test_odds_table_rows() -> None:
    rows = odds.table()
    assert [r["outcome"] for r in rows] == list(OUTCOMES)
    assert sum(r["exact"] for r in rows) == 1  # type: ignore[misc]
