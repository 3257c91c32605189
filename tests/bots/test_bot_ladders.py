"""Strength ladders and the first opponent belong to a game's bot registration
(``goldlab/games/<game>/bots.py``); the views read them from the registry.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import goldlab
import goldlab.bots
from goldlab.bots import (
    RandomBot,
    Strength,
    default_opponent,
    register_bot,
    register_opponent,
    register_strength,
    strength,
)


@pytest.fixture
def forget_test_bot() -> Iterator[None]:
    yield
    goldlab.bots._BOTS.pop(("gold", "steady-test"), None)
    goldlab.bots._STRENGTHS.pop(("gold", "steady-test"), None)
    goldlab.bots._STRENGTHS.pop(("gold", "ismcts"), None)
    register_opponent("gold", "greedy")


def test_each_game_registers_its_first_opponent() -> None:
    assert {game: default_opponent(game) for game in goldlab.names()} == {
        "gold": "greedy", "goldrush": "perfect", "goldland": "heuristic"}
    for game in goldlab.names():  # each is one of the game's bots
        goldlab.bots.make_bot(game, default_opponent(game), 1, 7)


def test_a_game_without_a_registered_opponent_offers_random() -> None:
    assert default_opponent("no-such-game") == "random"


def test_mount_goldrush_registers_its_own_ladders_the_others_use_the_common_one() -> None:
    assert strength("goldrush", "ismcts:300") is goldlab.bots._STRENGTHS[("goldrush", "ismcts")]
    assert strength("goldrush", "ismcts").default == "ismcts:2000"  # type: ignore[union-attr]
    assert strength("goldrush", "forgetful").default == "forgetful:0.3"  # type: ignore[union-attr]
    assert strength("goldrush", "limited").default == "limited:6"  # type: ignore[union-attr]
    assert strength("gold", "ismcts") is strength("goldland", "ismcts")
    assert strength("gold", "ismcts") is goldlab.bots._STRENGTHS[(None, "ismcts")]
    assert strength("gold", "limited") is None and strength("gold", "greedy") is None


def test_a_bot_registered_with_a_ladder_reaches_the_views_menus(forget_test_bot: None) -> None:
    views = pytest.importorskip("goldlab.views")
    table_module = pytest.importorskip("goldlab.views.table")

    def steady(seat: int, seed: int, care: int = 1) -> goldlab.bots.Bot:
        """Plays like random, only more steadily."""
        return RandomBot(seat, seed)

    register_bot("gold", "steady-test", steady, strength=Strength(
        "steady-test", "care taken", (("low", "1"), ("high", "9")), "care {}"))
    register_strength("gold", "ismcts", Strength(
        "ismcts", "iterations", (("quick", "10"), ("slow", "20"))))
    entry = {c["value"]: c for c in table_module.seat_choices("gold")}["steady-test"]
    assert entry["default"] == "steady-test:9" and entry["strength"] == "care taken"
    assert {"steady-test:1", "steady-test:9", "ismcts:10", "ismcts:20"} <= set(
        table_module.menu_specs("gold"))
    assert "ismcts:1000" not in table_module.menu_specs("gold")  # Gold!'s ladder comes first
    register_opponent("gold", "steady-test:9")
    table = views.play_table("gold", players=2, seed=4)
    assert table.seats.children[1].spec == "steady-test:9"


def test_a_ladder_names_its_bot_and_has_levels() -> None:
    with pytest.raises(ValueError, match="names that bot"):
        register_strength("gold", "greedy", Strength("ismcts", "x", (("a", "1"),)))
    with pytest.raises(ValueError, match="has levels"):
        register_strength("gold", "greedy", Strength("greedy", "x", ()))
