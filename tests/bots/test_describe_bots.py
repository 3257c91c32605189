"""Every registered bot describes itself: its name, its arguments, its docstring's first sentence."""

import doctest

import goldlab
import goldlab.bots
from goldlab.bots import BotInfo, bot_names, describe_bots, register_bot


def test_every_registered_bot_is_described_by_the_first_sentence_of_its_docstring() -> None:
    for game in goldlab.names():
        infos = describe_bots(game)
        assert [i.name for i in infos] == bot_names(game)
        for info in infos:
            assert info.description.endswith(".") and "\n" not in info.description
    forgetful = {i.name: i for i in describe_bots("goldrush")}["forgetful"]
    assert forgetful == BotInfo("forgetful", "p=0.3, grid_aid=2.0",
                                "Loses each remembered card with probability ``p`` per turn.")


def test_a_factory_function_and_a_docstring_of_several_sentences() -> None:
    def cautious(seat: int, seed: int, margin: int = 2) -> goldlab.bots.Bot:
        """Plays like random, e.g. for tests. It never hurries."""
        return goldlab.bots.RandomBot(seat, seed)

    register_bot("gold", "cautious-test", cautious)
    try:
        info = {i.name: i for i in describe_bots("gold")}["cautious-test"]
        assert info == BotInfo("cautious-test", "margin=2", "Plays like random, e.g. for tests.")
    finally:
        goldlab.bots._BOTS.pop(("gold", "cautious-test"))


def test_the_docstring_examples_run() -> None:
    result = doctest.testmod(goldlab.bots)
    assert result.attempted > 0 and result.failed == 0
