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

from goldlab.core.presentation import Expectation, Odds
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
from goldlab.games.goldrush.words import card_name, digger_word

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


# ---------------------------------------------------------------- the odds panel
def panel(view: GoldrushView, seat: int, *, memory: bool = False) -> list[Odds | Expectation]:
    """The odds panel: the chances of a flip of an unseen card, and of this turn, from
    ``seat``'s view (``memory``: leave out what names a card remembered)."""
    counts = view.unseen_counts()
    total = sum(counts)
    if not total:
        return []
    by_card = first_flip(view)
    colours = view.seat_colours[seat]
    mine = sum((by_card[f"digger:{c}"] for c in colours), Fraction(0))
    word = digger_word(view.edition)
    out: list[Odds | Expectation] = [
        Odds("an unseen card is gold", by_card["gold"], _of(counts, total, "gold")),
        Odds(f"an unseen card is a {word} of mine ({'+'.join(colours)})", mine,
             _of(counts, total, "mine", colours)),
        Odds("an unseen card is dynamite", by_card["dynamite"],
             _of(counts, total, "dynamite")),
    ]
    owners = dict(view.owners)
    up = view.face_up()
    if view.gold_rush:
        out.append(Odds("my flip of an unseen card finds gold", by_card["gold"],
                        "Gold Rush: a flipped gold card goes to the flipper"))
    elif up and seat == view.to_move:
        (first,) = up.values()
        cards = first_flip_cards(view)
        chance, points = Fraction(0), Fraction(0)
        for c, p in cards.items():
            result = resolve_pair(first, c, seat, owners, ("", ""))
            if result.receiver == seat:
                chance += p
                points += p * (c.value if c.is_gold else first.value)
        out.append(Odds(f"my second flip (an unseen card) with the "
                        f"{card_name(first, view.edition)} brings me gold", chance))
        out.append(Expectation("gold points my second flip brings me", points))
    elif total >= 2:
        pairs = pair_outcomes(view)
        out.append(Odds("my two flips of unseen cards find gold for me",
                        pairs[FOUND_FLIPPER]))
        if pairs[FOUND_OTHER]:
            out.append(Odds("my two flips of unseen cards find gold for another player",
                            pairs[FOUND_OTHER]))
        out.append(Expectation("gold points my two flips of unseen cards bring me",
                               expected_gold(view, seat)))
        best = None if memory else _best_remembered_digger(view, seat)
        if best is not None:
            at, digger = best
            carried = sum((n for c, n in zip(ALL_CARDS, counts, strict=True)
                           if c.is_gold and c.value <= digger.value), 0)
            out.append(Odds(
                f"I flip the {card_name(digger, view.edition)} I remember at {view.place(at)}, "
                "then an unseen card: gold for me", Fraction(carried, total),
                f"{carried} of the {total} unseen cards are gold it can carry",
            ))
    return out


def _of(counts: Sequence[int], total: int, what: str, colours: Sequence[str] = ()) -> str:
    """``"n of the N cards nobody has seen"`` for a kind of card."""
    def wanted(c: Card) -> bool:
        if what == "gold":
            return c.is_gold
        if what == "dynamite":
            return c.is_dynamite
        return c.is_digger and c.colour in colours

    n = sum(k for c, k in zip(ALL_CARDS, counts, strict=True) if wanted(c))
    return f"{n} of the {total} cards nobody has seen"


def _best_remembered_digger(view: GoldrushView, seat: int) -> tuple[int, Card] | None:
    """The strongest face-down digger the seat has seen whose gold would go to the seat."""
    owners = dict(view.owners)
    best: tuple[int, Card] | None = None
    for p, c in view.known().items():
        if not c.is_digger or c.colour is None or owners[c.colour] not in (None, seat):
            continue
        if best is None or c.value > best[1].value:
            best = (p, c)
    return best
