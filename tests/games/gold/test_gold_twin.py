"""The fast path plays exactly the games of the protocol engine (differential test).

Thousands of games are played both ways from the same seeds; every column of
the results (scores, ranks, sets, colour-scoring points, donkeys and cards
banked, turns, decisions, lead changes, decided-at-the-end) must agree, for
the random bot and the greedy one, alone or mixed.
"""

import sys
from pathlib import Path

import numpy as np
import pytest

import goldlab
from goldlab import fast
from goldlab.bots.play import play_game
from goldlab.simulation import game_seeds

ROOT = Path(__file__).resolve().parents[3]


def _both(n: int, seed: int, players: int, bots: str | list[str] = "random",
          **options: object) -> tuple[object, object]:
    kwargs = dict(players=players, backend="serial", quiet=True, **options)
    quick = goldlab.simulate("gold", bots, n, seed, fast=True, **kwargs)
    slow = goldlab.simulate("gold", bots, n, seed, fast=False, **kwargs)
    assert quick.attrs["goldlab"]["engine"] == "fast"
    assert slow.attrs["goldlab"]["engine"] == "protocol"
    return quick, slow


def _assert_same(quick: object, slow: object) -> None:
    import pandas as pd

    assert isinstance(quick, pd.DataFrame) and isinstance(slow, pd.DataFrame)
    assert list(quick.columns) == list(slow.columns)
    for column in quick.columns:
        assert quick[column].equals(slow[column]), column


def test_two_thousand_two_player_games_agree_in_every_column() -> None:
    quick, slow = _both(2000, 20240601, 2)
    _assert_same(quick, slow)


def test_three_player_games_agree() -> None:
    _assert_same(*_both(500, 77, 3))


@pytest.mark.parametrize("options", [
    {"start_player": 1},
    {"starting_donkeys": "pink,green"},
    {"bonus_may_be_declined": False},
    {"start_player": 2, "starting_donkeys": "red,blue,orange", "bonus_may_be_declined": False},
])
def test_every_option_is_played_the_same(options: dict[str, object]) -> None:
    players = 3 if options.get("start_player") == 2 else 2
    _assert_same(*_both(150, 5, players, **options))


@pytest.mark.slow
def test_two_thousand_greedy_games_agree_in_every_column() -> None:
    quick, slow = _both(2000, 20260601, 2, "greedy")
    _assert_same(quick, slow)
    import pandas as pd

    assert isinstance(quick, pd.DataFrame)
    assert quick["sets_scored"].sum() > 0 and quick["colour_points"].sum() > 0


@pytest.mark.parametrize("bots", [
    ["greedy", "random"],
    ["random", "greedy"],
    ["greedy", "random", "greedy"],
    ["random", "random", "greedy"],
    ["greedy", "greedy", "greedy"],
])
def test_greedy_mixed_with_random_agrees(bots: list[str]) -> None:
    _assert_same(*_both(200, 41, len(bots), bots))


@pytest.mark.parametrize("options", [
    {"start_player": 1},
    {"starting_donkeys": "violet,orange"},
    {"bonus_may_be_declined": False},
    {"start_player": 2, "starting_donkeys": "green,blue,red", "bonus_may_be_declined": False},
])
def test_greedy_plays_every_option_the_same(options: dict[str, object]) -> None:
    players = 3 if options.get("start_player") == 2 else 2
    _assert_same(*_both(150, 6, players, ["greedy", "random", "greedy"][:players], **options))


def test_the_fast_path_scores_match_play_game_for_arbitrary_seeds() -> None:
    seeds = np.array([0, 1, 2**32, 2**63 - 1, 987654321987], dtype=np.uint64)
    from goldlab.games.gold.twin.kernel import play_random

    out = play_random(2, seeds)
    for i, seed in enumerate(seeds):
        outcome = play_game("gold", ["random", "random"], int(seed)).outcome()
        assert tuple(out["score"][i]) == outcome.scores


def test_the_greedy_kernel_scores_match_play_game_for_arbitrary_seeds() -> None:
    seeds = np.array([0, 1, 2**32, 2**63 - 1, 2**64 - 1, 987654321987], dtype=np.uint64)
    from goldlab.games.gold.twin.kernel import play

    out = play(("greedy", "random", "greedy"), seeds)
    for i, seed in enumerate(seeds):
        outcome = play_game("gold", ["greedy", "random", "greedy"], int(seed)).outcome()
        assert tuple(out["score"][i]) == outcome.scores


def test_what_the_fast_path_supports() -> None:
    assert fast.supports("gold", ["random"] * 3, {"start_player": 1})
    assert fast.supports("gold", ["random", "greedy"], {})
    assert fast.supports("gold", ["greedy"] * 3, {"bonus_may_be_declined": False})
    assert not fast.supports("gold", ["random", "random:1"], {})
    assert not fast.supports("gold", ["greedy", "greedy:1"], {})
    assert not fast.supports("gold", ["greedy"] * 4, {})
    assert not fast.supports("gold", ["random"] * 4, {})
    # Goldland's twin plays the heuristic and random players (random under a turn cap),
    # never another bot.
    assert fast.supports("goldland", ["random", "random"], {})
    assert not fast.supports("goldland", ["random", "ismcts"], {})


def test_the_plain_benchmark_reference_plays_the_same_games() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import plain_gold
    finally:
        sys.path.pop(0)
    for seed in game_seeds(3, 30):
        for players in (2, 3):
            expected = play_game("gold", ["random"] * players, int(seed)).outcome().scores
            assert tuple(plain_gold.play(int(seed), players)) == expected


def test_a_kernel_is_warmed_up_once_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    fast.warm_up("gold", ["random", "random"], {})
    built: list[str] = []
    monkeypatch.setattr(fast, "engine_for", lambda game, *args: built.append(game))
    fast.warm_up("gold", ["greedy", "random"], {})  # the same kernel: nothing to build
    assert built == []
    monkeypatch.setattr(fast, "_WARM", set())
    fast.warm_up("gold", ["greedy", "random"], {})
    assert built == ["gold"]
