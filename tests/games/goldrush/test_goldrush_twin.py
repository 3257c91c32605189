"""The Mount Goldrush fast path plays exactly the engine's games (differential test).

The random flipper and the memory players (``perfect``, ``forgetful:p``,
``limited:k``), alone or mixed, in every option: every column must agree.
"""

import random

import numpy as np
import pandas as pd
import pytest

import goldlab
from goldlab import fast
from goldlab.bots.play import play_game


def _assert_same(n: int, seed: int, players: int, bots: str | list[str] = "random",
                 **options: object) -> pd.DataFrame:
    kwargs = dict(players=players, backend="serial", quiet=True, **options)
    quick = goldlab.simulate("goldrush", bots, n, seed, fast=True, **kwargs)
    slow = goldlab.simulate("goldrush", bots, n, seed, fast=False, **kwargs)
    assert quick.attrs["goldlab"]["engine"] == "fast"
    assert slow.attrs["goldlab"]["engine"] == "protocol"
    assert list(quick.columns) == list(slow.columns)
    for column in quick.columns:
        assert quick[column].equals(slow[column]), column
    return quick


def test_a_thousand_three_player_games_agree_in_every_column() -> None:
    frame = _assert_same(1000, 31, 3)
    assert frame["rush_gold"].sum() > 0 and frame["gold_lost_to_others"].sum() > 0


@pytest.mark.parametrize(("players", "options"), [
    (2, {}),
    (2, {"edition": "B"}),
    (5, {"start_player": 3}),
    (4, {"dead_position": "end", "stall_limit": 3}),
    (3, {"stall_limit": 1, "colours": "violet,green,red"}),
])
def test_every_option_is_played_the_same(players: int, options: dict[str, object]) -> None:
    _assert_same(150, 8, players, **options)


@pytest.mark.slow
def test_six_hundred_perfect_memory_games_agree_in_every_column() -> None:
    frame = _assert_same(600, 2026, 2, "perfect")
    assert frame["gold_lost_to_others"].sum() > 0 and frame["rush_gold"].sum() > 0


@pytest.mark.slow
@pytest.mark.parametrize(("bots", "options"), [
    (["perfect", "random"], {}),
    (["forgetful:0.3", "limited:4", "perfect"], {}),
    (["limited:6", "forgetful:0.5"], {"layout": "grid"}),
    (["forgetful:0.3,3", "limited:2,1.5"], {"layout": "grid", "edition": "B"}),
    (["perfect", "forgetful:0.2", "random", "limited:3", "perfect"], {"edition": "B"}),
    (["random", "perfect", "perfect", "forgetful:1"], {"start_player": 2,
                                                        "dead_position": "end",
                                                        "stall_limit": 2}),
    (["limited:0", "forgetful:0", "perfect"], {"stall_limit": 1, "colours": "red,violet,blue"}),
    (["perfect", "perfect"], {"edition": "B", "colours": "green+blue,orange+red",
                              "dead_position": "end"}),
])
def test_memory_players_agree_in_every_line_up_and_option(bots: list[str],
                                                          options: dict[str, object]) -> None:
    _assert_same(100, 9, len(bots), bots, **options)


def test_the_memory_kernel_scores_match_play_game_for_arbitrary_seeds() -> None:
    from goldlab.games.goldrush.fastpath import engine

    bots = ["perfect", "forgetful:0.4", "limited:3"]
    play = engine(bots, {})
    assert play is not None
    seeds = np.array([0, 1, 2**32, 2**63 - 1, 2**64 - 1, 987654321987], dtype=np.uint64)
    _, seats = play(seeds)
    for i, seed in enumerate(seeds):
        assert tuple(seats["score"][i]) == play_game("goldrush", bots, int(seed)).outcome().scores


def test_the_kernel_uses_the_memory_players_constants() -> None:
    from goldlab.games.goldrush import bots
    from goldlab.games.goldrush.twin import kernel

    assert kernel.EXPLORE_BONUS == bots.EXPLORE_BONUS
    assert kernel.EPS == bots._EPS


def test_nth_set_bit_counts_positions_in_index_order() -> None:
    from numba import njit

    from goldlab.fast.bits import nth_set_bit

    @njit
    def nth(bits: np.uint64, n: int) -> int:  # pragma: no cover
        return nth_set_bit(bits, n)

    rng = random.Random(4)
    for _ in range(200):
        positions = sorted(rng.sample(range(64), rng.randrange(1, 65)))
        bits = np.uint64(sum(1 << p for p in positions))
        n = rng.randrange(len(positions))
        assert nth(bits, n) == positions[n]


def test_what_the_fast_path_supports() -> None:
    assert fast.supports("goldrush", ["random"] * 5, {"edition": "B"})
    assert fast.supports("goldrush", ["random", "perfect"], {})
    assert fast.supports("goldrush", ["forgetful:0.3", "limited:6", "perfect"], {"layout": "grid"})
    assert not fast.supports("goldrush", ["perfect"] * 6, {})
    assert not fast.supports("goldrush", ["perfect", "limited:-1"], {})
    assert not fast.supports("gold", ["perfect", "perfect"], {})
