"""What a game may tell a search bot: playout policy, cut-off evaluation, action groups.

A search bot (``ismcts``, :mod:`goldlab.bots.ismcts`) works for every game from the
protocol alone: it plays random playouts to the end and scores them with
``state.returns()``.  A game folder can make it play better by naming a
:class:`SearchHooks` in its description (``search="goldlab.games.<game>.search:HOOKS"``).
Every hook is optional; every hook sees only *samples* (states drawn by
``State.determinise``), never the real game.

>>> from goldlab.bots.search import hooks_for
>>> hooks_for("goldrush").cutoff > 0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from goldlab.core.state import State, Step
from goldlab.core.values import Action

Policy = Callable[[State[Any], random.Random], Action]
"""``policy(sample, rng)``: the action the player to move takes in a playout."""
Evaluation = Callable[[State[Any]], Sequence[float]]
"""``evaluate(sample)``: each seat's value in [0, 1] where a playout stops early."""
ActionKeys = Callable[[State[Any], Sequence[Action]], Sequence[Hashable]]
"""``action_keys(sample, legal)``: one key per action, equal for actions that are the same."""
ChanceKey = Callable[[Step, int], Hashable]
"""``chance_key(step, seat)``: what ``seat`` sees of a chance step."""
CandidateValues = Callable[[State[Any], Sequence[Action], random.Random, int], Sequence[float]]
"""``candidate_values(sample, actions, rng, deals)``: the mover's mean worth after each
action, played out on the same ``deals`` fresh deals of what nobody has seen."""


@dataclass(frozen=True)
class SearchHooks:
    """How a game helps a search bot; each field is optional.

    * ``policy``: the playout policy (default: a uniformly random legal action);
    * ``evaluate``: each seat's value in [0, 1] when a playout is cut off;
    * ``cutoff``: how many decisions a playout plays before ``evaluate`` (0: to the end,
      scored by ``state.returns()``);
    * ``action_keys``: one key per legal action, equal for actions that are the same to
      the player (Mount Goldrush: every card nobody has seen), so the tree shares their
      statistics; it may use only what the player to move knows;
    * ``chance_key``: what a seat sees of a chance step (default: the outcome itself,
      right for games whose chance steps are all public, as the built-in games' are);
    * ``prior``: the move the game's heuristic prefers for the player to move (without
      the playout policy's random moves); in the tree it gets a head start of
      ``bias / (visits + 1)`` on top of its UCB value and is tried first, so the
      search starts from the heuristic and leaves it only on evidence;
    * ``bias``: the weight of that head start (0: no prior);
    * ``exploration``: the UCB exploration constant, for rewards in [0, 1];
    * ``iterations``: the iterations of a bare ``ismcts`` spec;
    * ``candidate_values``: for a game whose playouts are compiled (Mount Goldrush): the
      search is then *flat*, one level deep.  It takes one action of each group (the
      prior's for its own), plays every one of them out on the same fresh deals, an
      iteration being one deal, and moves with the best mean worth (the prior's with
      a head start of ``bias / (deals + 1)``, and on a tie); the tree, the policy and the
      evaluation are not used.
    """

    policy: Policy | None = None
    evaluate: Evaluation | None = None
    cutoff: int = 0
    action_keys: ActionKeys | None = None
    chance_key: ChanceKey | None = None
    prior: Policy | None = None
    bias: float = 0.0
    exploration: float = 0.7
    iterations: int = 200
    candidate_values: CandidateValues | None = None

    def __post_init__(self) -> None:
        if self.cutoff < 0:
            raise ValueError(f"a playout cut-off is 0 (none) or more decisions, not {self.cutoff}")
        if self.cutoff and self.evaluate is None:
            raise ValueError("a playout cut-off needs an evaluation of the position it stops at")
        if self.bias < 0:
            raise ValueError(f"the prior's bias is 0 (none) or more, not {self.bias}")
        if self.exploration < 0 or self.iterations < 1:
            raise ValueError("exploration must be at least 0 and iterations at least 1")


DEFAULT = SearchHooks()
"""The hooks of a game that names none: random playouts to the end."""


def lead_values(points: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's value in [0, 1] where a playout is cut off: a logistic of its lead over the
    best opponent (``points``: each seat's standing, ``scale``: the lead worth about 73 %)."""
    values = []
    for seat, mine in enumerate(points):
        best_other = max(p for other, p in enumerate(points) if other != seat)
        values.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return tuple(values)


def hooks_for(game: str) -> SearchHooks:
    """The search hooks of ``game`` (its description's ``search`` part, else :data:`DEFAULT`)."""
    from goldlab.core.registry import find

    found = find(game)
    hooks = found.part("search") if found is not None else None
    if hooks is None:
        return DEFAULT
    if not isinstance(hooks, SearchHooks):
        raise TypeError(f"{game}'s search part must be a SearchHooks, not {type(hooks).__name__}")
    return hooks


__all__ = ["DEFAULT", "ActionKeys", "ChanceKey", "Evaluation", "Policy", "SearchHooks", "hooks_for",
           "lead_values"]
