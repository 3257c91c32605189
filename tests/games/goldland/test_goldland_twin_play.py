"""The Goldland fast path plays exactly the engine's games (differential test).

First its parts: the heuristic's view read straight from the twin's table is
``view_arrays`` of the engine's observation at every decision of seeded games,
and a step's row and the heuristic's action code turn into each other.  Then
whole runs: ``goldlab.simulate`` with the fast path on and off, heuristic
line-ups of 2 to 5 players, heuristic and random players mixed under a turn
cap, and the ruling options: every column must agree.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import goldlab
from goldlab import fast
from goldlab.bots import make_bot
from goldlab.games.goldland.twin.heuristic import encode as code_of
from goldlab.games.goldland.twin.heuristic import view_arrays
from goldlab.games.goldland.twin.kernel import ACTION_SIZE, encode, pack
from goldlab.games.goldland.twin.play import action_code, action_row, view_of


def _assert_same(n: int, seed: int, players: int, bots: str | list[str] = "heuristic",
                 **options: object) -> pd.DataFrame:
    kwargs = dict(players=players, backend="serial", quiet=True, **options)
    quick = goldlab.simulate("goldland", bots, n, seed, fast=True, **kwargs)
    slow = goldlab.simulate("goldland", bots, n, seed, fast=False, **kwargs)
    assert quick.attrs["goldlab"]["engine"] == "fast"
    assert slow.attrs["goldlab"]["engine"] == "protocol"
    assert list(quick.columns) == list(slow.columns)
    for column in quick.columns:
        assert quick[column].equals(slow[column]), column
    return quick


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_view_read_off_the_table_is_the_observations(players: int) -> None:
    row = np.zeros(ACTION_SIZE, dtype=np.int64)
    for game in range(2):
        state = goldlab.make("goldland", players=players, seed=100 + game, mode="study")
        bots = [make_bot("goldland", "heuristic", s, 0) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            view = state.observation(seat)
            rows = np.array([encode(a) for a in legal], dtype=np.int64)
            expected = view_arrays(view, legal)
            seen = view_of(pack(state), rows, len(rows))
            for field in expected._fields:
                mine, theirs = getattr(seen, field), getattr(expected, field)
                assert mine.shape == theirs.shape and (mine == theirs).all(), field
            for action, action_as_row in zip(legal, rows, strict=True):
                assert action_code(action_as_row) == code_of(action)
                action_row(code_of(action), row)
                assert (row == action_as_row).all()
            state.apply(bots[seat].choose(view, legal))


def test_the_line_ups_it_plays() -> None:
    assert fast.supports("goldland", ["heuristic", "heuristic"], {"turn_cap": 0})
    assert fast.supports("goldland", ["heuristic", "random", "random"], {"turn_cap": 40})
    assert fast.supports("goldland", ["random"] * 5, {})  # the bot-play default: 100 rounds
    assert not fast.supports("goldland", ["random", "heuristic"], {"turn_cap": 0})
    assert not fast.supports("goldland", ["heuristic", "ismcts"], {"turn_cap": 30})


@pytest.mark.parametrize(("players", "games"), [(2, 120), (3, 60), (4, 40), (5, 30)])
def test_heuristic_games_agree_in_every_column(players: int, games: int) -> None:
    frame = _assert_same(games, 40 + players, players)
    assert (frame["amulet_round"] > 0).any() and frame["treasures"].sum() > 0
    assert frame["markers"].sum() > 0 and frame["lead_changes"].sum() > 0


@pytest.mark.parametrize(("bots", "options"), [
    (["heuristic", "random"], {"turn_cap": 40}),
    (["random", "heuristic", "random"], {"turn_cap": 25, "start_player": 1}),
    (["heuristic", "random", "heuristic", "random"], {"turn_cap": 30}),
    (["random"] * 3, {"turn_cap": 15}),
])
def test_heuristic_and_random_players_mixed_agree(bots: list[str],
                                                  options: dict[str, object]) -> None:
    _assert_same(30, 7, len(bots), bots, **options)


@pytest.mark.parametrize(("players", "options"), [
    (3, {"coast": "shown", "start_player": 2}),
    (2, {"beginners_grid": True}),
    (2, {"ordeal_reward": False, "start_tile_entered": True, "amulet_when_staying": False}),
])
def test_the_options_are_played_the_same(players: int, options: dict[str, object]) -> None:
    _assert_same(30, 11, players, **options)


def test_the_examples_in_the_docstrings() -> None:
    import doctest

    import goldlab.games.goldland.fastpath
    import goldlab.games.goldland.twin.play

    for module in (goldlab.games.goldland.twin.play, goldlab.games.goldland.fastpath):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
