"""The compiled heuristic makes the Python heuristic's every decision (differential test).

Seeded games of 2, 3 and 4 players are played by the Python ``heuristic`` bots
(as ``benchmarks/bench_goldland.py`` plays them); at every decision the compiled
twin, with its own memory per seat, is asked too, from the arrays of the same
observation, and its decoded action must equal the Python bot's.
"""

from __future__ import annotations

import pytest

import goldlab
from goldlab.bots import make_bot
from goldlab.games.goldland.twin.heuristic import (
    choose,
    decode,
    encode,
    new_memory,
)


def _play_both(players: int, game: int) -> int:
    """Play game ``game`` with the Python bots, checking the twin at every decision; the
    number of decisions."""
    state = goldlab.make("goldland", players=players, seed=game, mode="study")
    bots = [make_bot("goldland", "heuristic", s, game * 10 + s) for s in range(players)]
    memories = [new_memory() for _ in range(players)]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        view = state.observation(seat)
        legal = state.legal_actions()
        action = bots[seat].choose(view, legal)
        twin = choose(view, seat, memories[seat], legal)
        assert twin == action, (players, game, decisions, str(view.turn.to_dict()))
        state.apply(action)
        decisions += 1
    return decisions


def test_every_action_code_decodes_to_itself() -> None:
    state = goldlab.make("goldland", players=3, seed=4, mode="study")
    bots = [make_bot("goldland", "heuristic", s, 40 + s) for s in range(3)]
    seen = 0
    while not state.is_terminal() and seen < 400:
        legal = state.legal_actions()
        for action in legal:
            assert decode(encode(action)) == action
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), legal))
        seen += 1


GAMES = {2: 40, 3: 20, 4: 20}
"""Games per player count in the quick test (a few thousand decisions each)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_twin_decides_as_the_python_heuristic(players: int) -> None:
    decisions = sum(_play_both(players, game) for game in range(GAMES[players]))
    assert decisions > 100 * GAMES[players]
