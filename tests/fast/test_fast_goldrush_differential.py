"""The Mount Goldrush fast path plays exactly the engine's games (differential test)."""

import pandas as pd
import pytest

import goldlab
from goldlab import fast


def _assert_same(n: int, seed: int, players: int, **options: object) -> pd.DataFrame:
    kwargs = dict(players=players, backend="serial", quiet=True, **options)
    quick = goldlab.simulate("goldrush", "random", n, seed, fast=True, **kwargs)
    slow = goldlab.simulate("goldrush", "random", n, seed, fast=False, **kwargs)
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


def test_what_the_fast_path_supports() -> None:
    assert fast.supports("goldrush", ["random"] * 5, {"edition": "B"})
    assert not fast.supports("goldrush", ["random", "perfect"], {})
