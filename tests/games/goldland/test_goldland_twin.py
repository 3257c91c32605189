"""The compiled Goldland table changes exactly as the engine's state (differential test).

Games are played on the engine by its bots; every action is also encoded and
applied to the twin's own table, which draws its chance from its own copy of
the game's generator.  After set-up and after every action the table must be
the engine's state read by :func:`goldlab.games.goldland.twin.kernel.pack`, number for number.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from goldland_twin_players import Chooser, bot_chooser, random_chooser  # beside this file

import goldlab
from goldlab import scenarios
from goldlab.fast.mt import new_generators, seed_generators
from goldlab.games.goldland.twin import kernel as twin


def _difference(table: np.ndarray, state: Any) -> str:
    """'' when the table is the state's, else the offsets that differ, by field name."""
    expected = twin.pack(state)
    if (table == expected).all():
        return ""
    names = sorted((value, name) for name, value in vars(twin).items()
                   if name.isupper() and isinstance(value, int) and 0 <= value < twin.TABLE_SIZE)
    wrong = []
    for k in np.flatnonzero(table != expected):
        field = max((v, n) for v, n in names if v <= k)
        wrong.append(f"{field[1]}+{k - field[0]}: twin {table[k]}, engine {expected[k]}")
    return "; ".join(wrong[:8])


def _replay(state: Any, seed: int, choose: Chooser) -> int:
    """Play ``state`` to its end with ``choose``, checking the twin after every step.

    Returns the number of actions played.
    """
    table = twin.new_table(state.players, state.options)
    gens = new_generators(1)
    seed_generators(gens, np.array([seed], dtype=np.uint64))
    twin.set_up(table, gens, 0)
    problem = _difference(table, state)
    assert not problem, f"seed {seed}, set-up: {problem}"
    actions = 0
    while not state.is_terminal():
        action = choose(state)
        state.apply(action)
        twin.apply(table, twin.encode(action), gens, 0)
        actions += 1
        problem = _difference(table, state)
        assert not problem, f"seed {seed}, action {actions} ({action}): {problem}"
    scores = np.zeros(state.players, dtype=np.int64)
    twin.scores(table, scores)
    assert tuple(scores) == state.scores(), f"seed {seed}: scores"
    return actions


def _go_on(state: Any, seed: int, choose: Chooser, most: int) -> int:
    """Play on from ``state`` as it is (its generator too) for at most ``most`` actions."""
    table = twin.pack(state)
    gens = twin.generator_of(state._rng)
    actions = 0
    while not state.is_terminal() and actions < most:
        action = choose(state)
        state.apply(action)
        twin.apply(table, twin.encode(action), gens, 0)
        actions += 1
        problem = _difference(table, state)
        assert not problem, f"seed {seed}, action {actions} ({action}): {problem}"
    return actions


def _heuristic_game(players: int, seed: int, **options: Any) -> int:
    state = goldlab.make("goldland", players=players, seed=seed, mode="study", **options)
    return _replay(state, seed, bot_chooser(players, seed))


def _random_game(players: int, seed: int, turn_cap: int = 30, **options: Any) -> int:
    state = goldlab.make("goldland", players=players, seed=seed, mode="study",
                         turn_cap=turn_cap, **options)
    return _replay(state, seed, random_chooser(seed))


def _noisy_game(players: int, seed: int, noise: float = 0.25, **options: Any) -> int:
    """Heuristic bots that play a random legal action one time in four."""
    state = goldlab.make("goldland", players=players, seed=seed, mode="study", **options)
    return _replay(state, seed, bot_chooser(players, seed, noise))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_agree_step_for_step(players: int) -> None:
    for seed in range(8):
        assert _heuristic_game(players, seed) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_a_turn_cap_agree_step_for_step(players: int) -> None:
    for seed in range(8):
        assert _random_game(players, seed) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_noisy_heuristic_games_agree_step_for_step(players: int) -> None:
    for seed in range(6):
        assert _noisy_game(players, seed) > 0


@pytest.mark.parametrize("options", [
    {"coast": "shown"},
    {"start_player": 1, "ordeal_reward": False},
    {"start_tile_entered": True, "amulet_when_staying": False},
    {"beginners_grid": True},
])
def test_every_option_is_played_the_same(options: dict[str, Any]) -> None:
    for seed in range(3):
        _heuristic_game(2, seed, **options)
        _random_game(3, seed, turn_cap=20, **options)
        _noisy_game(4, seed, **options)


@pytest.mark.parametrize("name", scenarios.names("goldland"))
def test_games_from_every_rulebook_position_agree(name: str) -> None:
    """From the worked examples' positions (temple, camps, hands, markers...), random play."""
    for seed in range(4):
        state = scenarios.load(name).setup()
        state.auto_chance = True
        if state.is_chance_node():
            state._resolve_chance()
        _go_on(state, seed, random_chooser(seed), 150)


def test_an_empty_token_stock_gives_nothing() -> None:
    """A game whose 36 discovery tokens are all in the players' hands at the start."""
    for seed in range(4):
        state: Any = goldlab.make("goldland", players=3, seed=seed, mode="study", turn_cap=15)
        state.tokens = [12, 12, 12]
        state.token_stock = 0
        assert _go_on(state, seed, random_chooser(seed), 10_000) > 0


def test_actions_encode_and_decode() -> None:
    state = goldlab.make("goldland", players=2, seed=3, mode="study", turn_cap=20)
    rng = random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in legal:
            assert twin.decode(twin.encode(action)) == action
        state.apply(legal[rng.randrange(len(legal))])
