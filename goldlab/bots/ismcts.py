"""Information-set Monte Carlo tree search (ISMCTS), a built-in bot for every game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012).  At each decision the
bot grows one tree of what *it* knows: each iteration draws a sample of the states
its seat cannot tell apart (``information.sample(rng)``, i.e. ``State.determinise``),
walks down the tree choosing actions by UCB among those legal in that sample,
adds one node, plays the sample out and credits every seat's result to the actions
on the way.  A node's children are keyed by the action taken and then by the chance
outcomes that followed it (as the bot's seat sees them), so the tree branches where
the bot would learn something.  Because the legal actions differ from one sample to
another, every child counts how often it was *available*, and UCB uses that count
instead of the parent's visits.  The bot moves with the action tried most often.

The spec is ``ismcts[:BUDGET[,C]]``:

* ``ismcts``: the game's default number of iterations per decision (200 unless the
  game's search hooks say otherwise);
* ``ismcts:500``: 500 iterations per decision (the same choices for the same seed);
* ``ismcts:0.25cpu``: the same in 0.25 seconds of this process's CPU time (steadier on
  a shared machine, still not reproducible);
* ``ismcts:0.25s``: as many iterations as fit in 0.25 seconds of wall-clock time per
  decision (at least one); this depends on the machine, so it is *not* reproducible;
* ``ismcts:500,0.5``: and the exploration constant 0.5 (the game's own by default).

The bot sees its observation, the legal actions and samples, never the real state.
A game may supply a playout policy, a cut-off evaluation and action groups through
its description (:mod:`goldlab.bots.search`).  A game whose playouts are compiled may
instead score each choice on thousands of shared deals (``candidate_values``): the
search is then flat, one level deep, and an iteration is one deal (Mount Goldrush).

>>> from goldlab.bots import make_bot
>>> make_bot("gold", "ismcts:0.1s,0.5", seat=0, seed=1)
<ISMCTSBot ismcts:0.1s,0.5 seat=0>
>>> from goldlab.bots.play import play_game
>>> play_game("gold", ["ismcts:5", "greedy"], seed=2).is_terminal()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from goldlab.bots import Information, SearchBot
from goldlab.bots.search import SearchHooks, hooks_for
from goldlab.core.state import CHANCE, State
from goldlab.core.values import Action

FLAT_ROUND = 500
"""Deals per round of a flat search under a time budget."""


class Budget:
    """How long one decision may search: a number of iterations or of seconds.

    Seconds are wall-clock time (``0.25s``) or this process's CPU time (``0.25cpu``,
    which other programs on a busy machine do not eat into).

    >>> Budget.parse(500), Budget.parse("0.25s"), Budget.parse("0.25cpu")
    (Budget(iterations=500), Budget(seconds=0.25), Budget(seconds=0.25, cpu=True))
    """

    __slots__ = ("cpu", "iterations", "seconds")

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 cpu: bool = False) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.cpu = cpu

    @classmethod
    def parse(cls, value: object) -> Budget:
        """A budget from a spec argument: a whole number of iterations, or seconds as ``"0.5s"``."""
        if isinstance(value, bool):
            raise ValueError(f"the budget must be iterations or seconds, not {value!r}")
        if isinstance(value, int):
            if value < 1:
                raise ValueError(f"the number of iterations must be at least 1, not {value}")
            return cls(iterations=value)
        text = value.strip() if isinstance(value, str) else ""
        cpu = text.endswith("cpu")
        if cpu or text.endswith("s"):
            try:
                seconds = float(text[:-3] if cpu else text[:-1])
            except ValueError:
                seconds = math.nan
            if not 0 < seconds <= 3600:
                raise ValueError(f"a time budget is seconds between 0 and 3600 followed by "
                                 f"'s' or 'cpu' (e.g. 0.25s), not {value!r}")
            return cls(seconds=seconds, cpu=cpu)
        raise ValueError(f"the budget must be a whole number of iterations (ismcts:500) or "
                         f"seconds (ismcts:0.25s), not {value!r}")

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g}{'cpu' if self.cpu else 's'}"
        return str(self.iterations)

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"Budget(seconds={self.seconds:g}{', cpu=True' if self.cpu else ''})"
        return f"Budget(iterations={self.iterations})"


class _Edge:
    """One action of one node: its statistics and the nodes it leads to, by chance outcome."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Hashable, _Node] = {}

    def mean(self) -> float:
        """The average reward of the player who took this action."""
        return self.total / self.visits if self.visits else 0.0


_UNASKED: Hashable = object()
"""A node's favourite before the game's prior was asked."""


class _Node(dict[Hashable, _Edge]):
    """A node: its edges by action (or by the game's action key), and its favourite.

    The favourite is the key of the move the game's prior (its heuristic) prefers in
    the first sample that reached the node; later samples reuse it.  For the bot's own
    decisions that is exact (the heuristic reads only what the seat knows, the same in
    every sample of the node); for the other seats it is a guess, and a cheap one.
    """

    __slots__ = ("favourite",)

    def __init__(self) -> None:
        super().__init__()
        self.favourite: Hashable = _UNASKED


class ISMCTSBot(SearchBot):
    """Thinks ahead by playing out many imagined games, each dealing afresh what it cannot see.

    Information-set Monte Carlo tree search: spec ``ismcts[:BUDGET[,C]]`` (see
    ``docs/search.md``).
    """

    name = "ismcts"
    uses_observation = False

    def __init__(self, seat: int, seed: int, *args: object) -> None:
        super().__init__(seat, seed)
        if len(args) > 2:
            raise ValueError("ismcts takes a budget and an exploration constant at most "
                             "(ismcts:BUDGET,C, e.g. ismcts:500,0.7)")
        self.budget: Budget | None = Budget.parse(args[0]) if args else None
        self.exploration: float | None = None
        if len(args) == 2:
            c = args[1]
            if isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c <= 100:
                raise ValueError(f"the exploration constant must be a number from 0 to 100, "
                                 f"not {c!r}")
            self.exploration = float(c)
        self.iterations_done = 0
        """Iterations run by the last decision (for benchmarks)."""

    @property
    def spec(self) -> str:
        """The spec that makes this bot (``ismcts``, ``ismcts:500``, ``ismcts:0.2s,0.5``)."""
        parts = [] if self.budget is None else [str(self.budget)]
        if self.exploration is not None:  # the grammar gives it only after a budget
            parts.append(f"{self.exploration:g}")
        return self.name + (":" + ",".join(parts) if parts else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seat={self.seat}>"

    # ------------------------------------------------------------ deciding
    def search(self, information: Information) -> Action:
        """The action tried most often by a search of the budget's size."""
        legal = information.legal
        if len(legal) == 1:
            self.iterations_done = 0
            return legal[0]
        rng = self.rng
        first = information.sample(rng)
        hooks = hooks_for(first.game.name)
        groups = _groups(first, legal, hooks)
        budget = self.budget or Budget(iterations=hooks.iterations)
        if hooks.candidate_values is not None:
            return self._search_flat(first, legal, groups, hooks, budget, information)
        c = hooks.exploration if self.exploration is None else self.exploration
        root = _Node()
        sample = first
        done = 0
        clock = time.process_time if budget.cpu else time.perf_counter
        deadline = None if budget.seconds is None else clock() + budget.seconds
        while True:
            information.check_stop()
            self._iterate(root, sample, rng, hooks, c)
            done += 1
            if deadline is None:
                if done >= (budget.iterations or 1):
                    break
            elif clock() >= deadline:
                break
            sample = information.sample(rng)
        self.iterations_done = done
        return _most_visited(root, groups, rng)

    def _search_flat(self, sample: State[Any], legal: Sequence[Action],
                     groups: dict[Hashable, list[Action]], hooks: SearchHooks,
                     budget: Budget, information: Information) -> Action:
        """One level deep: one action of each group, each played out on the same deals.

        With a time budget the deals come in rounds of :data:`FLAT_ROUND` until the time
        is up.  The prior's action stands for its group, wins ties and has a head start
        of ``bias / (deals + 1)``, so a few deals do not trade it for a lucky draw.
        """
        rng = self.rng
        assert hooks.candidate_values is not None
        preferred = hooks.prior(sample, rng) if hooks.prior is not None else legal[0]
        candidates = [preferred if preferred in actions else actions[0]
                      for actions in groups.values()]
        if len(candidates) == 1:
            self.iterations_done = 0
            return candidates[0]
        totals = [0.0] * len(candidates)
        deals = 0
        clock = time.process_time if budget.cpu else time.perf_counter
        deadline = None if budget.seconds is None else clock() + budget.seconds
        while True:
            information.check_stop()
            size = (budget.iterations or 1) if deadline is None else FLAT_ROUND
            values = hooks.candidate_values(sample, candidates, rng, size)
            totals = [t + v * size for t, v in zip(totals, values, strict=True)]
            deals += size
            if deadline is None or clock() >= deadline:
                break
        information.check_stop()  # a long round of deals: its answer may be unwanted now
        self.iterations_done = deals
        head_start = hooks.bias / (deals + 1)  # fading, as in the tree: noise cannot win
        means = [t / deals + (head_start if a == preferred else 0.0)
                 for t, a in zip(totals, candidates, strict=True)]
        best = max(range(len(candidates)), key=lambda i: (means[i], candidates[i] == preferred))
        return candidates[best]

    # ------------------------------------------------------------ one iteration
    def _iterate(self, root: _Node, state: State[Any], rng: random.Random,
                 hooks: SearchHooks, c: float) -> None:
        """Select and expand down the tree on one sample, play it out, credit the path."""
        state.keeps_undo = False  # the sample is played once and thrown away: no undo frames
        node = root
        path: list[tuple[_Edge, int]] = []
        seat = self.seat
        while not state.is_terminal():
            mover = state.current_player
            action, edge, new = _select(node, state, rng, hooks, c)
            state.apply(action)
            path.append((edge, mover))
            outcome = _chance_seen(state, seat, hooks)
            child = edge.children.get(outcome)
            if child is None:
                child = edge.children[outcome] = _Node()
            node = child
            if new:
                break
        values = _play_out(state, rng, hooks)
        for edge, mover in path:
            edge.visits += 1
            edge.total += values[mover]


def _groups(sample: State[Any], legal: Sequence[Action],
            hooks: SearchHooks) -> dict[Hashable, list[Action]]:
    """The legal actions by their key in the tree (each its own group without ``action_keys``)."""
    keys = legal if hooks.action_keys is None else hooks.action_keys(sample, legal)
    groups: dict[Hashable, list[Action]] = {}
    for k, action in zip(keys, legal, strict=True):
        groups.setdefault(k, []).append(action)
    return groups


def _most_visited(root: _Node, groups: dict[Hashable, list[Action]],
                  rng: random.Random) -> Action:
    """An action of the group visited most (then best on average; the first such group)."""
    empty = _Edge()
    best = max(groups, key=lambda k: (root.get(k, empty).visits, root.get(k, empty).mean()))
    choices = groups[best]
    return choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]


def _select(node: _Node, state: State[Any], rng: random.Random, hooks: SearchHooks,
            c: float) -> tuple[Action, _Edge, bool]:
    """The heuristic's move if untried, else an untried one at random, else the best by UCB.

    UCB runs over the available actions, the heuristic's move (``hooks.prior``) with a
    head start of ``hooks.bias / (visits + 1)``.  Returns the action, its edge and
    whether it was untried.  Every legal action's edge counts one more availability.
    """
    legal = state.legal_actions()
    keys: Sequence[Hashable] = legal
    seen: set[Hashable] | None = None
    if hooks.action_keys is not None:
        keys, seen = hooks.action_keys(state, legal), set()
    bias = hooks.bias
    favourite = node.favourite  # the key of the heuristic's move
    if favourite is _UNASKED:
        if bias and hooks.prior is not None:
            favourite = keys[legal.index(hooks.prior(state, rng))]
        else:
            favourite = None
        node.favourite = favourite
    untried: list[tuple[Action, _Edge]] = []
    best: tuple[Action, _Edge] | None = None
    best_value = -math.inf
    first: tuple[Action, _Edge] | None = None
    for k, action in zip(keys, legal, strict=True):
        if seen is not None:
            if k in seen:
                continue  # the same as an action already counted
            seen.add(k)
        edge = node.get(k)
        if edge is None:
            edge = node[k] = _Edge()
        edge.available += 1
        if edge.visits == 0:
            if k == favourite:
                first = (action, edge)
            untried.append((action, edge))
            continue
        value = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if k == favourite:
            value += bias / (edge.visits + 1)
        if value > best_value:
            best, best_value = (action, edge), value
    if first is not None:
        return first[0], first[1], True
    if untried:
        action, edge = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        return action, edge, True
    assert best is not None, "a state that is not over has a legal action"
    return best[0], best[1], False


def _chance_seen(state: State[Any], seat: int, hooks: SearchHooks) -> Hashable:
    """What ``seat`` saw of the chance steps that followed the last action (a tuple)."""
    n = 4
    while True:
        steps = state.recent_steps(n)
        trailing = 0
        for step in reversed(steps):
            if step.actor != CHANCE:
                break
            trailing += 1
        if trailing < len(steps) or len(steps) < n:
            break
        n *= 2  # every step fetched was chance: there may be more
    chance = steps[len(steps) - trailing:]
    key = hooks.chance_key
    if key is None:
        return tuple(step.action for step in chance)
    return tuple(key(step, seat) for step in chance)


def _play_out(state: State[Any], rng: random.Random, hooks: SearchHooks) -> Sequence[float]:
    """Each seat's reward: play to the end (or the cut-off) by the game's playout policy."""
    policy, cutoff = hooks.policy, hooks.cutoff
    steps = 0
    while not state.is_terminal():
        if cutoff and steps >= cutoff:
            assert hooks.evaluate is not None
            return hooks.evaluate(state)
        if policy is None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(policy(state, rng))
        steps += 1
    return state.returns()


__all__ = ["Budget", "ISMCTSBot"]
