"""Property tests with hypothesis: invariants hold in every reachable position.

Games are played by a mix of the heuristic bot and random choices (pure random play
seldom gets far), under a turn cap so that every game ends.
"""

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import goldlab
from goldlab.bots import make_bot
from goldlab.games.goldland.actions import Dig, Exchange, Move
from goldlab.games.goldland.articles import AMULET, DISCOVERY_TOKENS, STOCK, TREASURE
from goldlab.games.goldland.state import GoldlandState

games = st.tuples(
    st.sampled_from([2, 3, 4, 5]),
    st.integers(0, 2**32),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 0.3, 1.0]),
)


def _play(players: int, seed: int, bot_seed: int, randomness: float,
          cap: int = 25) -> Iterator[GoldlandState]:
    state = goldlab.make("goldland", players=players, seed=seed, mode="study", turn_cap=cap)
    assert isinstance(state, GoldlandState)
    bots = [make_bot("goldland", "heuristic", s, bot_seed + s) for s in range(players)]
    rng = random.Random(bot_seed)
    yield state
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.current_player
        if rng.random() < randomness:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(state.observation(seat), legal)
        state.apply(action)
        yield state


@settings(max_examples=12, deadline=None)
@given(games)
def test_article_counts_are_conserved_between_stock_and_backpacks(game: tuple) -> None:  # type: ignore[type-arg]
    for state in _play(*game):
        for a in range(7):
            held = sum(p[a] for p in state.packs) + state.hand[a]
            assert held + state.stock[a] == STOCK[a], (a, held, state.stock[a])
        assert state.token_stock + sum(state.tokens) == DISCOVERY_TOKENS
        treasures = sum(p[TREASURE] for p in state.packs) + sum(state.treasure_at)
        assert treasures + state.treasure_stock == 8
        assert sum(p[AMULET] for p in state.packs) + state.amulets_left == state.players
        assert all(c >= 0 for c in state.stock)


@settings(max_examples=12, deadline=None)
@given(games)
def test_backpack_never_holds_more_than_12(game: tuple) -> None:  # type: ignore[type-arg]
    for state in _play(*game):
        assert all(0 <= sum(p) <= 12 for p in state.packs)
        assert all(p[AMULET] <= 1 for p in state.packs)
        if any(state.hand) and not state.is_terminal():
            # held from an exchange (the backpack full, or "… to use"): only payments that
            # use it and further exchanges are legal, and there always is one
            legal = state.legal_actions()
            assert legal and all(isinstance(a, Move | Dig | Exchange) for a in legal), legal


@settings(max_examples=12, deadline=None)
@given(games)
def test_movement_never_exceeds_the_allowance(game: tuple) -> None:  # type: ignore[type-arg]
    for state in _play(*game):
        if state.steps:
            assert 1 <= state.steps <= state.allowance <= 12
            assert len(set(state.path)) == len(state.path)  # no tile entered twice


@settings(max_examples=10, deadline=None)
@given(games)
def test_every_game_ends_within_the_declared_bound(game: tuple) -> None:  # type: ignore[type-arg]
    decisions = 0
    per_turn = 0
    turn = None
    state = None
    for state in _play(*game):
        if state.history and state.history[-1].actor >= 0:
            decisions += 1
            key = (state.round, state.turn)
            per_turn = per_turn + 1 if key == turn else 1
            turn = key
            assert per_turn <= state.game.steps_per_turn()
    assert state is not None and state.is_terminal()
    assert decisions <= state.game.max_steps()
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == state.scores()


def test_pure_random_games_end_under_the_cap() -> None:
    for seed in range(5):
        s = goldlab.make("goldland", players=3, seed=seed, turn_cap=30)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            n += 1
        assert n <= s.game.max_steps()
