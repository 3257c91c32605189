"""Goldland bots decide from their observation and finish games."""

import subprocess
import sys

import pytest

from goldlab.bots import bot_names
from goldlab.bots.play import play_game


def test_bots_available() -> None:
    assert {"random", "heuristic"} <= set(bot_names("goldland"))


@pytest.mark.parametrize("bots", [
    ["heuristic", "heuristic"],
    ["heuristic", "random", "heuristic"],
    ["heuristic"] * 4,
    ["heuristic", "heuristic", "random", "heuristic", "heuristic"],
])
def test_heuristic_games_end_by_the_rules_and_are_reproducible(bots: list[str]) -> None:
    a = play_game("goldland", bots, seed=5)
    b = play_game("goldland", bots, seed=5)
    assert a.is_terminal() and not a.capped and a.end_reason
    assert a.record() == b.record()


def test_random_bots_finish_under_a_turn_cap_and_the_cap_is_reported() -> None:
    s = play_game("goldland", ["random", "random"], seed=2, turn_cap=20)
    assert s.is_terminal() and s.capped
    assert "TurnCapReached" in str(list(s.events())[-2:])


def test_heuristic_beats_random() -> None:
    wins = sum(1 in play_game("goldland", ["random", "heuristic"], seed=s).outcome().winners
               for s in range(6))
    assert wins >= 5


def test_heuristic_reaches_the_temple() -> None:
    s = play_game("goldland", ["heuristic", "heuristic", "heuristic"], seed=9)
    assert s.amulets_left < 3


def test_cli_prints_a_readable_game() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "goldlab", "play", "goldland", "--players", "3", "--seed", "1",
         "--bots", "heuristic,random,heuristic"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    assert "Goldland: 3 players" in out and "Final scores:" in out
    assert "[A. Move adventurer]" in out and "AmuletTaken" in out
