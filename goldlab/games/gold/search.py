"""How the built-in ``ismcts`` bot searches Gold!: greedy playouts, cut off and scored.

A playout lets every seat play like the ``greedy`` bot (its tableau one action
ahead) for :data:`CUTOFF` decisions, then scores the sample: points in each
scoring pile plus what each tableau promises, turned into a value in [0, 1] by
the lead over the best opponent.  Hooks see only samples (``State.determinise``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from goldlab.bots.search import SearchHooks, lead_values
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.gold.bots import PlannerBot, ScoredMemory, greedy_best
from goldlab.games.gold.cards import Card
from goldlab.games.gold.state import GoldState

CUTOFF = 24
"""Decisions a playout plays before the position is scored."""
SCALE = 8.0
"""Points of lead that make a seat's value about 0.73 (the logistic's scale)."""
RANDOM_MOVES = 0.1
"""How often a playout move is random instead of greedy (so playouts differ)."""

BIAS = 1.0
"""The planner's move's head start in the tree (``bias / (visits + 1)``)."""

def greedy_policy(state: State[Any], rng: random.Random) -> Action:
    """The greedy bot's choice for the seat to move (now and then a random one).

    The same rule as :class:`~goldlab.games.gold.bots.GreedyBot`
    (:func:`~goldlab.games.gold.bots.greedy_best`), read from the sample's tableaux
    instead of the seat's observation, which is what a playout spends most of its time on.
    """
    legal = state.legal_actions()
    if rng.random() < RANDOM_MOVES:
        return legal[rng.randrange(len(legal))]
    assert isinstance(state, GoldState)
    best = greedy_best(state.tableaux, state.current_player, legal)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


_PLANNER: dict[int, PlannerBot] = {}


def planner_prior(state: State[Any], rng: random.Random) -> Action:
    """The planner bot's choice for the seat to move: the tree's prior.

    The planner is asked afresh (no memory of earlier observations: a sample has none).
    """
    seat = state.current_player
    bot = _PLANNER.get(seat)
    if bot is None:
        bot = _PLANNER[seat] = PlannerBot(seat, 0)
    bot.rng = rng
    bot.memory = ScoredMemory()
    return bot.choose(state.observation(seat), state.legal_actions())


def promise(tableau: Sequence[Card]) -> float:
    """What a tableau is worth before it is scored: pairs count half their gold."""
    by_colour: dict[str, int] = {}
    gold: dict[str, int] = {}
    for c in tableau:
        by_colour[c.colour] = by_colour.get(c.colour, 0) + 1
        gold[c.colour] = gold.get(c.colour, 0) + c.value
    return sum(0.5 * gold[colour] for colour, n in by_colour.items() if n >= 2)


def evaluate(state: State[Any]) -> tuple[float, ...]:
    """Each seat's value in [0, 1]: its points and promise against the best opponent's."""
    assert isinstance(state, GoldState)
    if state.is_terminal():
        return state.returns()
    points = [s + promise(t) for s, t in zip(state.scores(), state.tableaux, strict=True)]
    return lead_values(points, SCALE)


HOOKS = SearchHooks(policy=greedy_policy, evaluate=evaluate, cutoff=CUTOFF,
                    prior=planner_prior, bias=BIAS, exploration=0.7, iterations=300)
"""Gold!'s search hooks (named by the game's description)."""
