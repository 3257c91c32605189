"""The compiled legal steps are the engine's, row for row and in the same order.

Games are played on the engine (heuristic bots, heuristic bots with noise,
random play with a turn cap, the rulebook's positions, every option); at every
position ``goldland_legal.legal_actions`` on the packed table must write
exactly ``encode(a) for a in state.legal_actions()``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from goldland_twin_players import Chooser, bot_chooser, random_chooser  # beside this file

import goldlab
from goldlab import scenarios
from goldlab.games.goldland.twin import legal
from goldlab.games.goldland.twin.kernel import ACTION_SIZE, decode, encode, pack

OUT = legal.new_out()


def _check(state: Any, where: str) -> None:
    """The twin's legal rows for ``state`` are the engine's list, encoded, in order."""
    expected = state.legal_actions()
    count = legal.legal_actions(pack(state), OUT)
    rows = [tuple(row) for row in OUT[:count]]
    wanted = [tuple(encode(a)) for a in expected]
    if rows != wanted:
        twin = [str(decode(np.array(r))) for r in rows]
        engine = [str(a) for a in expected]
        first = next((k for k, (x, y) in enumerate(zip(twin, engine, strict=False)) if x != y),
                     min(len(twin), len(engine)))
        raise AssertionError(
            f"{where}: twin lists {count}, engine {len(expected)}; from {first}: "
            f"twin {twin[first:first + 4]}, engine {engine[first:first + 4]}")


def _play(state: Any, where: str, choose: Chooser, most: int = 100_000) -> int:
    """Play on from ``state`` with ``choose``, checking every position; returns positions."""
    positions = 0
    while True:
        _check(state, f"{where}, position {positions}")
        positions += 1
        if state.is_terminal() or positions > most:
            return positions
        state.apply(choose(state))


def _game(players: int, seed: int, **options: Any) -> Any:
    return goldlab.make("goldland", players=players, seed=seed, mode="study", **options)


def heuristic_game(players: int, seed: int, **options: Any) -> int:
    return _play(_game(players, seed, **options), f"heuristic {players}p seed {seed}",
                 bot_chooser(players, seed))


def noisy_game(players: int, seed: int, noise: float = 0.25, **options: Any) -> int:
    return _play(_game(players, seed, **options), f"noisy {players}p seed {seed}",
                 bot_chooser(players, seed, noise))


def random_game(players: int, seed: int, turn_cap: int = 30, **options: Any) -> int:
    return _play(_game(players, seed, turn_cap=turn_cap, **options),
                 f"random {players}p seed {seed}", random_chooser(seed))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_noisy_and_random_games_list_the_same_steps(players: int) -> None:
    for seed in range(3):
        assert heuristic_game(players, seed) > 1
        assert noisy_game(players, seed) > 1
        assert random_game(players, seed, turn_cap=15) > 1


@pytest.mark.parametrize("options", [
    {"coast": "shown"},
    {"start_player": 1, "ordeal_reward": False},
    {"start_tile_entered": True, "amulet_when_staying": False},
    {"beginners_grid": True},
])
def test_every_option_lists_the_same_steps(options: dict[str, Any]) -> None:
    heuristic_game(2, 0, **options)
    random_game(3, 0, turn_cap=15, **options)
    noisy_game(4, 0, **options)


@pytest.mark.parametrize("name", scenarios.names("goldland"))
def test_every_rulebook_position_lists_the_same_steps(name: str) -> None:
    """From the worked examples' positions (temple, camps, hands, markers...), random play."""
    for seed in range(3):
        state = scenarios.load(name).setup()
        state.auto_chance = True
        if state.is_chance_node():
            state._resolve_chance()
        _play(state, f"{name} seed {seed}", random_chooser(seed), 150)


def test_exchanges_with_many_tokens() -> None:
    """Tokens for several exchanges at once: held articles, 'to use', full backpacks."""
    for seed in range(4):
        state = _game(4, seed, turn_cap=15)
        state.tokens = [9, 9, 9, 9]
        state.token_stock = 0
        _play(state, f"tokens seed {seed}", random_chooser(seed))


def test_a_full_out_raises_rather_than_overflowing() -> None:
    state = _game(3, 2)
    count = legal.legal_actions(pack(state), OUT)
    assert count > 1
    small = np.zeros((count - 1, ACTION_SIZE), dtype=np.int64)
    with pytest.raises(IndexError):
        legal.legal_actions(pack(state), small)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_more_games_list_the_same_steps(players: int) -> None:
    for seed in range(100, 106):
        heuristic_game(players, seed)
        noisy_game(players, seed)
        random_game(players, seed, turn_cap=40)
    for seed in range(160, 163):
        noisy_game(players, seed, noise=0.6, beginners_grid=True)
        random_game(players, seed, turn_cap=25, start_tile_entered=True,
                    amulet_when_staying=False, ordeal_reward=False)
