"""Who plays the seeded Goldland games of the twin's step-for-step tests.

``test_goldland_twin.py`` (the table after every step) and
``test_goldland_twin_legal.py`` (the legal list at every position) play the same
kinds of games: the ``heuristic`` bots, "noisy" heuristic bots that play a random
legal step now and then (they reach what neither bot reaches alone: the temple
with odd backpacks, surviving again on one's own camp, moved camps, the token
stock run dry), and uniformly random players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from goldlab.bots import make_bot

Chooser = Callable[[Any], Any]
"""A state to move in -> the action to play."""


def random_chooser(seed: int) -> Chooser:
    """A uniformly random choice among the legal actions, from ``random.Random(seed)``."""
    rng = random.Random(seed)

    def choose(state: Any) -> Any:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    return choose


def bot_chooser(players: int, seed: int, noise: float = 0.0) -> Chooser:
    """The heuristic bots (seeded as ``simulate`` seeds them), playing a random legal step
    instead with probability ``noise`` (drawn from ``random.Random(seed)``)."""
    bots = [make_bot("goldland", "heuristic", s, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)

    def choose(state: Any) -> Any:
        legal = state.legal_actions()
        if noise and rng.random() < noise:
            return legal[rng.randrange(len(legal))]
        seat = state.current_player
        return bots[seat].choose(state.observation(seat), legal)

    return choose
