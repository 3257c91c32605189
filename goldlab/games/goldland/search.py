"""How the built-in ``ismcts`` bot searches Goldland: heuristic playouts, cut off and scored.

Random play in Goldland wanders for a hundred rounds, so a playout lets every seat
play like the ``heuristic`` bot (which reads only its observation) for
:data:`CUTOFF` decisions, then scores the sample by each seat's gold lead.
"""

from __future__ import annotations

import random
from typing import Any

from goldlab.bots.search import SearchHooks, lead_values
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldland.bots import HeuristicBot

CUTOFF = 12
"""Decisions a playout plays before the position is scored."""
SCALE = 4.0
"""Gold of lead that makes a seat's value about 0.73 (the logistic's scale)."""
RANDOM_MOVES = 0.05
"""How often a playout move is random instead of the heuristic's."""

BIAS = 1.0
"""The heuristic's move's head start in the tree (``bias / (visits + 1)``)."""

_HEURISTIC: dict[int, HeuristicBot] = {}


def heuristic_policy(state: State[Any], rng: random.Random) -> Action:
    """The heuristic bot's step for the seat to move (now and then a random one)."""
    if rng.random() < RANDOM_MOVES:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    return heuristic_prior(state, rng)


def heuristic_prior(state: State[Any], rng: random.Random) -> Action:
    """The heuristic bot's step for the seat to move: the tree's prior."""
    legal = state.legal_actions()
    seat = state.current_player
    bot = _HEURISTIC.get(seat)
    if bot is None:
        bot = _HEURISTIC[seat] = HeuristicBot(seat, 0)
    bot.rng = rng  # ties are broken by the search's own generator
    return bot.choose(state.observation(seat), legal)


def evaluate(state: State[Any]) -> tuple[float, ...]:
    """Each seat's value in [0, 1] from its gold lead over the best opponent."""
    if state.is_terminal():
        return state.returns()
    return lead_values(state.scores(), SCALE)


HOOKS = SearchHooks(policy=heuristic_policy, evaluate=evaluate, cutoff=CUTOFF,
                    prior=heuristic_prior, bias=BIAS, exploration=0.7, iterations=60)
"""Goldland's search hooks (named by the game's description)."""
