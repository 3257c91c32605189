"""The one game loop (goldlab.bots.play.play_out): what it yields, where it stops."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import goldlab
from goldlab.bots import Bot, RandomBot
from goldlab.bots.play import make_bots, play_game, play_out
from goldlab.core.errors import OptionsError
from goldlab.core.values import Action


class Watching(RandomBot):
    """A random bot that records whether it was shown an observation."""

    uses_observation = True
    seen: list[Any]

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        self.seen = [*getattr(self, "seen", []), observation]
        return super().choose(observation, legal)


@pytest.mark.parametrize("game, players", [("gold", 2), ("goldrush", 3), ("goldland", 2)])
def test_play_out_plays_the_same_game_as_play_game(game: str, players: int) -> None:
    specs = ["random"] * players
    done = play_game(game, specs, 11)
    state = goldlab.make(game, players=players, seed=11,
                         **type(done.game).bot_play_defaults)
    moves = list(play_out(state, make_bots(game, specs, 11)))
    assert state.is_terminal()
    assert [str(m.action) for m in moves] == [str(s.action) for s in done.history
                                              if s.actor >= 0]
    assert all(m.seat >= 0 for m in moves)


def test_the_observation_is_built_only_for_bots_that_use_it() -> None:
    state = goldlab.make("gold", players=2, seed=4)
    blind, watching = RandomBot(0, 1), Watching(1, 2)
    list(play_out(state, [blind, watching]))
    assert RandomBot.uses_observation is False and Bot.uses_observation is True
    assert watching.seen and all(o is not None for o in watching.seen)


def test_until_stops_before_a_decision_and_a_mapping_seats_some_bots() -> None:
    state = goldlab.make("gold", players=2, seed=5)
    bots = {1: RandomBot(1, 1)}
    assert list(play_out(state, bots, until=lambda s: s.current_player not in bots)) == []
    state.apply(state.legal_actions()[0])
    moves = list(play_out(state, bots, until=lambda s: s.current_player not in bots))
    assert moves and {m.seat for m in moves} == {1}
    assert state.is_terminal() or state.current_player == 0


def test_a_chance_step_left_unresolved_is_refused() -> None:
    state = goldlab.make("gold", players=2, seed=5, auto_chance=False)
    if state.current_player >= 0:
        pytest.skip("this game starts with a decision")
    with pytest.raises(OptionsError, match="auto_chance"):
        next(play_out(state, make_bots("gold", ["random", "random"], 5)))
