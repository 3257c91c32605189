"""How the built-in ``ismcts`` bot searches Goldland: heuristic playouts, cut off and scored.

Random play in Goldland wanders for a hundred rounds, so a playout lets every seat
play like the ``heuristic`` bot (which reads only its observation) for
:data:`CUTOFF` decisions, then scores the sample by :func:`standing`: each seat's
gold, what its backpack's articles are worth, and how far it still is from the
temple.  Twelve decisions are about one turn, in which gold hardly changes; scored
by gold alone, a step that wastes the race (not exploring, dropping articles) looks
as good as the heuristic's, and the search took such steps at random.
"""

from __future__ import annotations

import random
from typing import Any

from goldlab.bots.search import SearchHooks, lead_values
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldland.articles import AMULET
from goldlab.games.goldland.board import CELLS
from goldlab.games.goldland.bots import ARTICLE_WORTH, GOAL_DISTANCE, HeuristicBot, steps_to_goal
from goldlab.games.goldland.state import GoldlandState

CUTOFF = 12
"""Decisions a playout plays before the position is scored."""
SCALE = 4.0
"""Gold of lead that makes a seat's value about 0.73 (the logistic's scale)."""
RACE_STEP = 0.4
"""What each step still to go to the temple costs a seat that can win an amulet, in gold."""
UNEXPLORED = 2
"""Steps added to the straight distance when no explored way leads to the temple."""

BIAS = 3.0
"""The heuristic's move's head start in the tree (``bias / (visits + 1)``): the search
leaves it only for a move whose playouts score clearly better."""

_HEURISTIC: dict[int, HeuristicBot] = {}


def heuristic_move(state: State[Any], rng: random.Random) -> Action:
    """The heuristic bot's step for the seat to move: the tree's prior and the playouts' move."""
    legal = state.legal_actions()
    seat = state.current_player
    bot = _HEURISTIC.get(seat)
    if bot is None:
        bot = _HEURISTIC[seat] = HeuristicBot(seat, 0)
    bot.rng = rng  # ties are broken by the search's own generator
    return bot.choose(state.observation(seat), legal)


def steps_to_temple(state: GoldlandState, seat: int) -> int:
    """The fewest steps from ``seat``'s pawn to the temple over explored tiles, or, when no
    explored way leads there, the straight distance plus :data:`UNEXPLORED`."""
    pawn = state.pos[seat]
    steps = steps_to_goal(state.board, pawn)
    return steps if steps < CELLS else GOAL_DISTANCE[pawn] + UNEXPLORED


def standing(state: GoldlandState) -> list[float]:
    """Each seat's standing in gold: its gold so far, plus its articles at the heuristic's
    rough values (:data:`~goldlab.games.goldland.bots.ARTICLE_WORTH`), minus
    :data:`RACE_STEP` for each step to the temple while an amulet is left for it."""
    points = [float(p) for p in state.scores()]
    for seat, pack in enumerate(state.packs):
        points[seat] += sum(w * n for w, n in zip(ARTICLE_WORTH, pack, strict=False))
        if state.amulets_left and not pack[AMULET]:
            points[seat] -= RACE_STEP * steps_to_temple(state, seat)
    return points


def evaluate(state: State[Any]) -> tuple[float, ...]:
    """Each seat's value in [0, 1] from its :func:`standing`'s lead over the best opponent."""
    if state.is_terminal():
        return state.returns()
    assert isinstance(state, GoldlandState)
    return lead_values(standing(state), SCALE)


HOOKS = SearchHooks(policy=heuristic_move, evaluate=evaluate, cutoff=CUTOFF,
                    prior=heuristic_move, bias=BIAS, exploration=0.7, iterations=60)
"""Goldland's search hooks (named by the game's description)."""
