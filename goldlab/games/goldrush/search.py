"""How the built-in ``ismcts`` bot searches Mount Goldrush.

* Cards nobody has seen are all alike (chance decides a card only when it is first
  flipped), and so are face-down cards of the same kind: the tree groups flips by
  what is known of the card (:func:`action_keys`), so a search of a few hundred
  iterations compares "an unseen card" with "the gold 4 we saw", not 60 positions.
* Playouts let every seat play with a perfect memory of the public record: take the
  best known pair (by :func:`goldlab.games.goldrush.bots.pair_values`), else flip an
  unseen card (:func:`memory_policy`).
* The search is flat (:func:`candidate_values`): the ``perfect`` bot's flip and one flip
  of every other group are each played out to the end on the same thousands of deals,
  compiled (:mod:`goldlab.games.goldrush.twin.playouts`, through ``fastpath``), and scored
  by the win plus :data:`LEAD_WEIGHT` per gold of lead.  The choices at a decision differ
  by a few tenths of a gold, which a few hundred playouts in a tree cannot tell apart, and the same
  deals for every choice (common random numbers) plus the lead make the differences
  show.  A tree search (the other hooks) is what ``candidate_values=None`` gives.

What a position holds is read only where someone has flipped it: public in this game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

from goldlab.bots.search import SearchHooks, lead_values
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldrush.actions import FLIPS, Flip
from goldlab.games.goldrush.bots import PerfectBot, pair_values
from goldlab.games.goldrush.cards import ALL_CARDS, COLOURS
from goldlab.games.goldrush.fastpath import playout_worths
from goldlab.games.goldrush.options import GOLD_RUSH
from goldlab.games.goldrush.position import GONE, UNKNOWN
from goldlab.games.goldrush.state import GoldrushState

CUTOFF = 8
"""Decisions (4 turns of two flips) a tree search's playout plays before it is scored."""
RUSH_TAKES_KNOWN = 0.8
"""In the Gold Rush a playout takes the best known gold this often, else an unseen card."""
LEAD_WEIGHT = 0.1
"""A playout's worth per gold of lead over the best opponent, beside 1 for a win."""
DEALS = 6000
"""Deals each candidate flip is played out on by a bare ``ismcts`` (about 0.2 CPU s)."""
SCALE = 4.0
"""Gold of lead that makes a seat's value about 0.73 (the logistic's scale)."""
BIAS = 4.0
"""The ``perfect`` bot's flip's head start: ``bias / (visits + 1)`` in a tree,
``bias / (deals + 1)`` in the flat search."""
UNSEEN = "unseen"
"""The tree's key of a flip of a card nobody has seen."""


def action_keys(state: State[Any], legal: Sequence[Action]) -> list[Hashable]:
    """Each flip's key: the kind of card known to lie there, or :data:`UNSEEN`."""
    assert isinstance(state, GoldrushState)
    cell = state.cell
    keys: list[Hashable] = []
    for action in legal:
        assert isinstance(action, Flip)
        kind = cell[action.position]
        keys.append(UNSEEN if kind == UNKNOWN else kind)
    return keys


@cache
def _values(seat: int, owners: tuple[tuple[str, int | None], ...],
            players: int) -> list[list[float]]:
    return pair_values(seat, dict(owners), players)


def memory_policy(state: State[Any], rng: random.Random) -> Action:
    """A flip by a player who remembers every card seen: the best known pair, else unseen.

    A second card is a known one also when the first card pairs worse with an unseen card
    on average (gold that only an opponent's digger could take, say).
    """
    assert isinstance(state, GoldrushState)
    seat = state.current_player
    cell, up = state.cell, state.up
    known = [p for p, k in enumerate(cell) if k >= 0 and p not in up]
    unseen = [p for p, k in enumerate(cell) if k == UNKNOWN]
    if state.rush:
        gold = [p for p in known if ALL_CARDS[cell[p]].is_gold]
        if gold and (not unseen or rng.random() < RUSH_TAKES_KNOWN):
            return FLIPS[max(gold, key=lambda p: ALL_CARDS[cell[p]].value)]
        return _any(state, unseen, rng)
    values = _values(seat, tuple(sorted(state.owners.items())), state.players)
    if up:
        row = values[cell[up[0]]]
        best = max(known, key=lambda p: row[cell[p]], default=None)
        if best is not None and row[cell[best]] > 0:
            return FLIPS[best]
        if unseen and best is not None and row[cell[best]] > blind_worth(row, state.unseen):
            return FLIPS[best]  # a known card costs less than the average unseen one
        return _any(state, unseen, rng)
    best_pair, best_value = None, 0.0
    for i, p in enumerate(known):
        row = values[cell[p]]
        for q in known[i + 1:]:
            if row[cell[q]] > best_value:
                best_pair, best_value = p, row[cell[q]]
    if best_pair is not None:
        return FLIPS[best_pair]
    return _any(state, unseen, rng)


def blind_worth(row: Sequence[float], unseen: Sequence[int]) -> float:
    """What pairing with an unseen card is worth on average (``row``: by its kind)."""
    return sum(n * v for n, v in zip(unseen, row, strict=True)) / sum(unseen)


def _any(state: GoldrushState, unseen: list[int], rng: random.Random) -> Flip:
    """An unseen card at random, else any legal flip."""
    if unseen:
        return FLIPS[unseen[rng.randrange(len(unseen))]]
    legal = [p for p, k in enumerate(state.cell) if k != GONE and p not in state.up]
    return FLIPS[legal[rng.randrange(len(legal))]]


_PERFECT: dict[int, tuple[PerfectBot, tuple[Any, ...]]] = {}


def perfect_prior(state: State[Any], rng: random.Random) -> Action:
    """The ``perfect`` bot's flip for the seat to move: the tree's prior.

    One bot per seat reads the sample's observation.  It keeps its memory while the
    public record of flips only grows (down one path of the tree); otherwise it
    forgets and replays the record from the start, keeping its table of pair values
    (the bot works that out again itself if the game's seats differ).
    """
    seat = state.current_player
    view = state.observation(seat)
    flips = view.flips
    kept = _PERFECT.get(seat)
    if kept is None:
        bot = PerfectBot(seat, 0)
    else:
        bot = kept[0]
        if flips[:len(kept[1])] != kept[1]:
            bot.memory = bot._fresh_memory(view.layout)
            bot._seen = bot._open = bot._turn = 0
    _PERFECT[seat] = (bot, flips)
    bot.rng = rng
    return bot.choose(view, state.legal_actions())


def evaluate(state: State[Any]) -> tuple[float, ...]:
    """Each seat's value in [0, 1] from its gold lead over the best opponent."""
    if state.is_terminal():
        return state.returns()
    return lead_values(state.scores(), SCALE)


def candidate_values(state: State[Any], actions: Sequence[Action], rng: random.Random,
                     deals: int, lead_weight: float = LEAD_WEIGHT) -> list[float]:
    """The mover's mean worth after each flip in ``actions``, played out by
    :func:`memory_policy` on the same ``deals`` deals (seeded from ``rng``).

    A worth is the share of the win (1, or 1/2 when shared) plus ``lead_weight`` (the
    search's: :data:`LEAD_WEIGHT`) times the gold lead over the best opponent at the end.
    """
    assert isinstance(state, GoldrushState)
    flips = [a.position for a in actions if isinstance(a, Flip)]
    if len(flips) != len(actions):
        raise ValueError("Mount Goldrush's candidates are flips")
    owners = state.game.owners
    options = state.game.options
    worths = playout_worths(
        cell=state.cell, unseen=state.unseen, scores=state.scores(),
        gold_cards=state.gold_cards(), turn=state.turn, first=state.up[0] if state.up else -1,
        rush=state.rush, stall=state.stall, stall_limit=options.stall_limit,
        rush_when_stuck=options.dead_position == GOLD_RUSH,
        owners=[-1 if (seat := owners[c]) is None else seat for c in COLOURS],
        values=pair_table(tuple(sorted(owners.items())), state.players),
        flips=flips, seeds=[rng.getrandbits(64) for _ in range(deals)],
        lead_weight=lead_weight, rush_takes_known=RUSH_TAKES_KNOWN)
    return [row[state.turn] for row in worths]


@cache
def pair_table(owners: tuple[tuple[str, int | None], ...],
               players: int) -> list[list[list[float]]]:
    """Every seat's ``pair_values``: ``table[seat][a][b]``."""
    return [_values(seat, owners, players) for seat in range(players)]


HOOKS = SearchHooks(policy=memory_policy, evaluate=evaluate, cutoff=CUTOFF,
                    action_keys=action_keys, prior=perfect_prior, bias=BIAS,
                    exploration=0.7, iterations=DEALS, candidate_values=candidate_values)
"""Mount Goldrush's search hooks (named by the game's description)."""
