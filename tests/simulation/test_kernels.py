"""Compiling the kernels ahead of time (``goldlab compile``, Binder's postBuild)."""

import pytest

from goldlab.games.gold.twin import kernel as gold
from goldlab.games.goldland.twin import play as goldland_play
from goldlab.games.goldrush.twin import kernel as goldrush
from goldlab.games.goldrush.twin import playouts as goldrush_playouts
from goldlab.simulation.kernels import compile_kernels


def test_every_kernel_is_compiled_or_loaded_and_reported() -> None:
    reported: list[tuple[str, float]] = []
    done = compile_kernels(lambda what, seconds: reported.append((what, seconds)))
    assert reported == done
    assert [what for what, _ in done] == ["gold: the simulation fast path",
                                          "goldland: the simulation fast path",
                                          "goldrush: the simulation fast path",
                                          "goldrush: the search playouts"]
    assert all(seconds >= 0 for _, seconds in done)
    for kernel in (gold._play_all, goldland_play.play_games, goldrush._play_all,
                   goldrush_playouts.flip_values):
        assert kernel.signatures, f"{kernel.__name__} was not compiled"


def test_only_the_games_named_in_their_order() -> None:
    done = compile_kernels(games=["goldrush", "gold"])
    assert [what for what, _ in done] == ["goldrush: the simulation fast path",
                                          "goldrush: the search playouts",
                                          "gold: the simulation fast path"]


def test_an_unknown_game_is_refused_before_anything_compiles() -> None:
    with pytest.raises(ValueError, match="no game named 'chess'; the games are gold, goldland"):
        compile_kernels(games=["gold", "chess"])
