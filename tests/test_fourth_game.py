"""A fourth game that lives only in ``examples/pig/pig.py`` plays through every layer.

Pig is one module that registers one description; nothing in ``goldlab/`` names it.
"""

import io
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

import goldlab
from goldlab.core.description import describe

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "pig"
"""Where a newcomer finds Pig (the README names it): one module, ``pig.py``."""


@pytest.fixture(scope="module", autouse=True)
def pig() -> Iterator[ModuleType]:
    """Pig registered (by importing its module) for this module only.

    Other test modules list every game (``goldlab.names()``) and expect the built-in
    ones, so the registration is undone afterwards (``unregister``).
    """
    with imported_pig() as module:
        yield module


@contextmanager
def imported_pig() -> Iterator[ModuleType]:
    """``examples/pig/pig.py`` imported (so Pig is registered), then forgotten again."""
    from goldlab.core.registry import unregister

    sys.path.insert(0, str(EXAMPLE))
    try:
        import pig

        yield pig
    finally:
        sys.path.remove(str(EXAMPLE))
        sys.modules.pop("pig", None)
        if "pig" in goldlab.names():
            unregister("pig")


def test_pig_is_one_module_that_registers_itself(pig: ModuleType) -> None:
    assert "pig" in goldlab.names()
    assert describe("pig").part("game") is pig.PigGame
    assert describe("pig").part("results") is pig
    assert Path(pig.__file__).parent == EXAMPLE  # examples/pig/pig.py: one module
    for path in Path(goldlab.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pig" not in text and "from pig" not in text, path


def test_pig_plays_through_simulate_with_its_bots_and_columns() -> None:
    pytest.importorskip("pandas")
    frame = goldlab.simulate("pig", bots=["random", "cautious:6"], n_games=20, seed=3,
                             backend="serial", quiet=True)
    assert len(frame) == 40
    assert "ones_rolled" in frame.columns
    again = goldlab.simulate("pig", bots=["random", "cautious:6"], n_games=20, seed=3,
                             backend="serial", quiet=True)
    assert frame.equals(again)


def test_pig_passes_the_conformance_kit() -> None:
    from goldlab.testing import check_game

    report = check_game("pig", 2, games=40, seed=1)
    assert report.ok


def test_pig_scenarios_join_the_library() -> None:
    from goldlab import scenarios

    assert "pig/one-ends-the-turn" in scenarios.names("pig")
    assert scenarios.load("pig/one-ends-the-turn").run().ok


def test_pig_is_an_openspiel_game() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from goldlab.interop import openspiel

    name = openspiel.register("pig")
    game = pyspiel.load_game(name)
    assert game.num_distinct_actions() == 2
    assert game.max_chance_outcomes() == 6
    state = game.new_initial_state()
    state.apply_action(0)  # roll
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == list(range(6))
    state.apply_action(4)  # the die shows 5
    assert state.observation_tensor(0)[-2] == 5.0


def test_pig_is_a_pettingzoo_environment() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from goldlab.interop.pettingzoo import env

    # api_test's two notes on any Dict observation with an action mask are expected (see
    # tests/interop/test_interop_pettingzoo.py); any other warning is a fault
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("pig", render_mode="rgb_array"), num_cycles=50)
    expected = ("Observation space for each agent probably should be",
                "Observation is not a NumPy array")
    assert [str(w.message) for w in caught if not str(w.message).startswith(expected)] == []
    e = env("pig", render_mode="rgb_array")
    e.reset(seed=2)
    assert e.render().shape == (22, 64, 3)


def test_pig_plays_from_the_command_line() -> None:
    from goldlab.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        main(["play", "pig", "--seed", "4", "--bots", "cautious,random"])
    assert "seat 0" in out.getvalue()


def test_pig_shows_in_a_view() -> None:
    pytest.importorskip("anywidget")
    from goldlab.views import GameView, Table

    table = Table(goldlab.make("pig", players=2, seed=5), bots={1: "cautious"})
    view = GameView(table, seat=0)
    assert "turn total" in view.payload["board"]


def test_pig_gets_the_built_in_ismcts_bot_for_free() -> None:
    from goldlab.bots import bot_names, make_bot
    from goldlab.bots.ismcts import ISMCTSBot
    from goldlab.bots.play import play_game

    assert "ismcts" in bot_names("pig")
    assert isinstance(make_bot("pig", "ismcts:200", 0, 1), ISMCTSBot)
    for seed in range(3):
        state = play_game("pig", ["ismcts:30", "cautious"], seed)  # apply refuses illegal moves
        again = play_game("pig", ["ismcts:30", "cautious"], seed)
        assert state.is_terminal()
        assert [str(s.action) for s in state.history] == [str(s.action) for s in again.history]
