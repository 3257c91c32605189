"""Gold! bots decide from their observation and finish games."""

import pytest

from goldlab.bots import bot_names, make_bot
from goldlab.bots.play import play_game
from goldlab.core.errors import OptionsError


def test_bots_available() -> None:
    assert {"random", "greedy"} <= set(bot_names("gold"))


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random", "greedy"]])
def test_bot_games_finish_and_are_reproducible(bots: list[str]) -> None:
    a = play_game("gold", bots, seed=5)
    b = play_game("gold", bots, seed=5)
    assert a.is_terminal() and a.record() == b.record()


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = sum(
        1 in play_game("gold", ["random", "greedy"], seed=s).outcome().winners for s in range(40)
    )
    assert wins >= 28


def test_unknown_bot_is_refused_with_the_choices() -> None:
    with pytest.raises(OptionsError, match="available: greedy, ismcts, planner, random"):
        make_bot("gold", "clever", seat=0, seed=1)
