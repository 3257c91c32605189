"""Exact odds of blind flips, as fractions, and Monte Carlo estimates from the engine.

A *blind* flip turns up a position nobody has seen.  Because the engine draws
such a card uniformly from the unseen cards, the exact odds follow from the
card counts alone:

>>> from goldlab.games.goldrush import odds
>>> odds.first_flip()["gold"]
Fraction(3, 8)
>>> odds.first_flip()["dynamite"]
Fraction(5, 64)
>>> odds.pair_outcomes()["dynamite"]
Fraction(305, 2016)

Three ways to the same numbers, for lessons: :func:`pair_outcomes` counts
cards (closed form); :func:`engine_pair_outcomes` walks the engine's own chance
nodes and multiplies their probabilities; :func:`simulate_pairs` plays the
flips many times with the engine's sampler and gives estimates with
confidence intervals.  The tests check that all three agree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.cards import ALL_CARDS, COLOURS, DECK, Card
from goldlab.games.goldrush.events import Blasted, DiggerKicked, GoldFound, NothingHappens
from goldlab.games.goldrush.observation import GoldrushView
from goldlab.games.goldrush.rules import (
    BLAST,
    FOUND_FLIPPER,
    FOUND_OTHER,
    KICK,
    NOTHING_REASONS,
    OUTCOMES,
    resolve_pair,
)

if TYPE_CHECKING:
    from goldlab.games.goldrush.game import GoldrushGame
    from goldlab.games.goldrush.state import GoldrushState

DEFAULT_OWNERS: Mapping[str, int | None] = {c: i for i, c in enumerate(COLOURS[:2])} | {
    c: None for c in COLOURS[2:]
}
"""Colour owners used when no game is given: edition A, two players (seat 0 green, 1 orange)."""
Z_999 = 3.2905
"""The two-sided 99.9% normal quantile."""


def _context(source: GoldrushState | GoldrushGame | GoldrushView | None
             ) -> tuple[Sequence[int], int, Mapping[str, int | None]]:
    """(unseen counts, flipper, owners) of a state, a fresh game, or the default 2-player game.

    A player's view gives the odds from what that player has seen, with that
    player as the flipper (the omniscient view: the player to move).
    """
    from goldlab.games.goldrush.game import GoldrushGame

    if source is None:
        return DECK, 0, DEFAULT_OWNERS
    if isinstance(source, GoldrushGame):
        return DECK, source.options.start_player, source.owners
    if isinstance(source, GoldrushView):
        flipper = source.turn if source.player is None else source.player
        return source.unseen_counts(), flipper, dict(source.owners)
    return source.unseen, source.turn, source.game.owners


def first_flip_cards(source: GoldrushState | GoldrushGame | GoldrushView | None = None,
                     ) -> dict[Card, Fraction]:
    """The chance that a blind flip shows each kind of card."""
    counts, _, _ = _context(source)
    total = sum(counts)
    return {c: Fraction(n, total) for c, n in zip(ALL_CARDS, counts, strict=True) if n}


def first_flip(source: GoldrushState | GoldrushGame | GoldrushView | None = None,
               ) -> dict[str, Fraction]:
    """The chance that a blind flip is gold, dynamite, a digger, a digger of each colour."""
    by_card = first_flip_cards(source)
    out = {
        "gold": sum((p for c, p in by_card.items() if c.is_gold), Fraction(0)),
        "dynamite": sum((p for c, p in by_card.items() if c.is_dynamite), Fraction(0)),
        "digger": sum((p for c, p in by_card.items() if c.is_digger), Fraction(0)),
    }
    for colour in COLOURS:
        out[f"digger:{colour}"] = sum(
            (p for c, p in by_card.items() if c.colour == colour), Fraction(0)
        )
    for value in (1, 2, 3, 4):
        out[f"gold:{value}"] = by_card.get(ALL_CARDS[value - 1], Fraction(0))
    return out


def _pairs(counts: Sequence[int]) -> Iterable[tuple[Card, Card, Fraction]]:
    """Every ordered pair of kinds two blind flips can show, with its probability."""
    total = sum(counts)
    if total < 2:
        raise ValueError("two blind flips need at least two cards nobody has seen")
    for a, na in zip(ALL_CARDS, counts, strict=True):
        if not na:
            continue
        for b, nb in zip(ALL_CARDS, counts, strict=True):
            second = nb - (1 if a == b else 0)
            if second > 0:
                yield a, b, Fraction(na * second, total * (total - 1))


def pair_outcomes(source: GoldrushState | GoldrushGame | GoldrushView | None = None,
                  ) -> dict[str, Fraction]:
    """The chance of each outcome of two blind flips (keys: :data:`rules.OUTCOMES`)."""
    counts, flipper, owners = _context(source)
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for a, b, p in _pairs(counts):
        out[resolve_pair(a, b, flipper, owners, ("", "")).outcome] += p
    return out


def expected_gold(source: GoldrushState | GoldrushGame | GoldrushView | None = None,
                  seat: int | None = None) -> Fraction:
    """Expected gold points two blind flips bring ``seat`` (default: the flipper)."""
    counts, flipper, owners = _context(source)
    seat = flipper if seat is None else seat
    total = Fraction(0)
    for a, b, p in _pairs(counts):
        result = resolve_pair(a, b, flipper, owners, ("", ""))
        if result.receiver == seat:
            total += p * (a.value if a.is_gold else b.value)
    return total


def classify(events: Sequence[Event], flipper: int) -> tuple[str, int]:
    """(outcome, gold points for the flipper) of a two-flip turn, read from its events."""
    for e in events:
        if isinstance(e, GoldFound):
            mine = e.receiver == flipper
            return (FOUND_FLIPPER if mine else FOUND_OTHER), (e.gold.value if mine else 0)
        if isinstance(e, DiggerKicked):
            return KICK, 0
        if isinstance(e, Blasted):
            return BLAST, 0
        if isinstance(e, NothingHappens):
            for outcome, reason in NOTHING_REASONS.items():
                if reason == e.reason:
                    return outcome, 0
    raise ValueError("these events do not finish a two-card turn")


def _blind_positions(state: GoldrushState) -> tuple[int, int]:
    if state.rush or state.up or state.is_terminal() or state.is_chance_node():
        raise ValueError("blind pairs are measured at the start of a normal two-flip turn")
    blind = [p for p, k in enumerate(state.cell) if k == -1]
    if len(blind) < 2:
        raise ValueError("two blind flips need two positions nobody has flipped")
    return blind[0], blind[1]


def engine_pair_outcomes(state: GoldrushState) -> tuple[dict[str, Fraction], Fraction]:
    """Exact outcome odds and expected gold, by walking the engine's own chance nodes."""
    first, second = _blind_positions(state)
    walk = state.clone()
    assert walk.__class__ is state.__class__
    walk.auto_chance = False
    walk.mode = "study"
    flipper = state.turn
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    gold = Fraction(0)
    walk.apply(FLIPS[first])
    for reveal, p in walk.chance_outcomes():
        walk.apply(reveal)
        walk.apply(FLIPS[second])
        for reveal2, q in walk.chance_outcomes():
            events = walk.apply(reveal2)
            outcome, points = classify(events, flipper)
            out[outcome] += p * q
            gold += p * q * points
            walk.undo()
        walk.undo()
        walk.undo()
    return out, gold


@dataclass
class Simulation:
    """Monte Carlo counts of two blind flips, with estimates and confidence intervals."""

    trials: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    gold: int = 0
    gold_squares: int = 0

    def estimate(self, outcome: str) -> float:
        """The observed frequency of an outcome."""
        return self.counts[outcome] / self.trials

    def interval(self, outcome: str, z: float = Z_999) -> tuple[float, float]:
        """Wilson score interval of an outcome's probability (99.9% by default)."""
        return wilson(self.counts[outcome], self.trials, z)

    def mean_gold(self) -> float:
        """The average gold points per turn for the flipper."""
        return self.gold / self.trials

    def gold_interval(self, z: float = Z_999) -> tuple[float, float]:
        """Normal confidence interval of the mean gold per turn."""
        n = self.trials
        mean = self.gold / n
        var = max(self.gold_squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
        half = z * math.sqrt(var / n)
        return mean - half, mean + half


def wilson(successes: int, trials: int, z: float = Z_999) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if trials <= 0:
        raise ValueError("an interval needs at least one trial")
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return centre - half, centre + half


def simulate_pairs(state: GoldrushState, trials: int, seed: int = 0) -> Simulation:
    """Play two blind flips ``trials`` times with the engine's own sampler (fixed seed)."""
    first, second = _blind_positions(state)
    rng = random.Random(seed)
    flipper = state.turn
    sim = Simulation()
    for _ in range(trials):
        copy = state.resample_hidden(flipper, rng)
        copy.auto_chance = True
        events = copy.apply(FLIPS[first])
        events += copy.apply(FLIPS[second])
        outcome, points = classify(events, flipper)
        sim.trials += 1
        sim.counts[outcome] += 1
        sim.gold += points
        sim.gold_squares += points * points
    return sim


def table(source: GoldrushState | GoldrushGame | None = None) -> list[dict[str, object]]:
    """Rows for a lesson: each outcome with its exact fraction and decimal value."""
    return [
        {"outcome": k, "exact": v, "probability": float(v)}
        for k, v in pair_outcomes(source).items()
    ]
