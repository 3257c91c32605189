"""Bots for Gold!: the generic random bot and a greedy one.

The greedy bot looks one action ahead using only its observation: it banks
sets, trades donkeys for the best gold, avoids taking donkeys and steals the
most valuable card it may.
"""

from __future__ import annotations

from collections.abc import Sequence

from goldlab.bots import Bot, register_bot
from goldlab.core.values import Action
from goldlab.games.gold.actions import Exchange, NoBonus, Steal, Take
from goldlab.games.gold.cards import Card
from goldlab.games.gold.observation import GoldView


def _tableau_value(tableau: Sequence[Card]) -> float:
    """A rough worth of a tableau: points, plus promise of pairs, minus donkeys' risk."""
    by_colour: dict[str, list[int]] = {}
    for c in tableau:
        by_colour.setdefault(c.colour, []).append(c.value)
    worth = 0.0
    for values in by_colour.values():
        total = sum(values)
        if len(values) >= 3:
            worth += 2.0 * total  # banked: points for sure
        elif len(values) == 2:
            worth += 0.8 * total + 2.0
        else:
            worth += 0.6 * total
    return worth


class GreedyBot(Bot):
    """Picks the action that most improves its own tableau, one step ahead."""

    name = "greedy"

    def choose(self, observation: GoldView, legal: Sequence[Action]) -> Action:
        """The legal action with the best one-step value (random among equals)."""
        seat = self.seat
        mine = list(observation.tableaux[seat])
        base = _tableau_value(mine)
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            score = self._score(action, mine, base, observation)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def _score(self, action: Action, mine: list[Card], base: float,
               observation: GoldView) -> float:
        if isinstance(action, Take):
            return _tableau_value([*mine, action.card]) - base
        if isinstance(action, Exchange):
            after = list(mine)
            after.remove(action.give)
            after.append(action.take)
            return _tableau_value(after) - base
        if isinstance(action, Steal):
            victim = list(observation.tableaux[action.victim])
            hurt = _tableau_value(victim) - _tableau_value(_without(victim, action.card))
            return action.card.value + 0.5 * hurt
        if isinstance(action, NoBonus):
            return 0.0
        return 0.0


def _without(cards: list[Card], card: Card) -> list[Card]:
    out = list(cards)
    out.remove(card)
    return out


register_bot("gold", "greedy", GreedyBot)
