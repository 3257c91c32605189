"""Gold!'s steps that the rules carry out in parts, as positions on the table.

A set is scored in play in two parts: the bonus (a card taken from an opponent,
declined, or none to take) with the set still in the tableau, lit; then the set goes
onto the scoring pile (the position after the step).  The step that ends the game is
scored as the rulebook scores it, and as the inspector pages it (``inspector.pages``):
the set that step completed, if any, then colour scoring colour by colour, then final
points.  Part ``k`` of a step is the table as after part ``k``: the tableaux without the
colours scored so far, the scoring piles with what they banked, the discard with what
they threw away, and the cards of part ``k`` lit where they went.  Every position is
derived from the engine's events (``SetScored``, ``ColourScored``): nothing here scores
anything.

>>> from goldlab import scenarios
>>> example = scenarios.load("gold/colour-scoring")
>>> before = example.before(); after = example.run().after
>>> [p.status.split(":")[1].strip() for p in scoring_parts(before, after.history[-1], after,
...                                                          example.names)]
['green', 'blue', 'violet', 'red', 'orange', 'pink']
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from goldlab.core.presentation import Page
from goldlab.core.state import Step
from goldlab.core.values import Event
from goldlab.games.gold.actions import Steal
from goldlab.games.gold.cards import Card
from goldlab.games.gold.events import (
    SET,
    BonusDeclined,
    BonusTaken,
    ColourScored,
    SetCompleted,
    SetScored,
)
from goldlab.games.gold.inspector import _play
from goldlab.games.gold.picture import Lit, card_name, cards_name, chips_html, seat_names
from goldlab.games.gold.rules import BONUS
from goldlab.games.gold.scoring import points

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState

Cards = tuple[Card, ...]


class Part:
    """One part of a step: the position after it (tableaux, piles, discard) and what is lit."""

    __slots__ = ("discard", "lit", "piles", "status", "tableaux")

    def __init__(self, tableaux: tuple[Cards, ...], piles: tuple[Cards, ...], discard: Cards,
                 lit: Lit) -> None:
        self.tableaux, self.piles, self.discard, self.lit = tableaux, piles, discard, lit
        self.status = lit.status

    def position(self, after: GoldState) -> GoldState:
        """``after`` (the step's end) with this part's tableaux, piles and discard."""
        state = after.clone()
        assert isinstance(state, type(after))
        state._load(after._save()._replace(tableaux=self.tableaux, piles=self.piles,
                                           discard=self.discard))
        return state


def scoring_parts(before: GoldState, step: Step, after: GoldState,
                  names: Sequence[str] = ()) -> list[Part]:
    """Every part of ``step`` but the last (final points: the position ``after`` it), one per
    inspector page; [] for a step done in one part."""
    events = step.events
    colours = [e for e in events if type(e) is ColourScored]
    label = seat_names(before.players, names)
    if not colours:
        return _set_parts(before, step, after, label)
    seats = before.players
    tableaux = _play(before.tableaux, events, until=ColourScored)
    piles = list(before.piles)
    scored: dict[int, Cards] = {}
    for e in events:
        if type(e) is SetScored:
            piles[e.seat] += e.cards
            scored[e.seat] = e.cards
    discard = before.discard
    out: list[Part] = []
    shows_set = (any(type(e) is SetCompleted for e in events) or isinstance(step.action, Steal)
                 or before.phase == BONUS)
    if shows_set:  # the inspector's first page: the set (and its bonus)
        lit = Lit(_set_status(scored, label), tuple(len(scored.get(s, ())) for s in range(seats)))
        out.append(Part(tableaux, tuple(piles), discard, lit))
    for result in colours:
        colour = result.colour
        tableaux = tuple(tuple(c for c in t if c.colour != colour) for t in tableaux)
        banked = dict(result.banked)
        for s, c in result.banked:
            piles[s] += (c,)
        discard += result.discarded
        lit = Lit(_colour_status(result, label), tuple(int(s in banked) for s in range(seats)),
                  len(result.discarded))
        out.append(Part(tableaux, tuple(piles), discard, lit))
    return out


def _set_parts(before: GoldState, step: Step, after: GoldState,
               label: Sequence[str]) -> list[Part]:
    """A set scored in play: its first part, the bonus with the set still in the tableau."""
    events = step.events
    done = next((e for e in events if type(e) is SetScored), None)
    if done is None:
        return []
    tableaux = _play(before.tableaux, events, until=SetScored)
    colour = done.cards[0].colour
    lit = Lit(_bonus_status(events, done, label),
              tableau=tuple(colour if s == done.seat else None for s in range(before.players)))
    return [Part(tableaux, before.piles, before.discard, lit)]


def _bonus_status(events: Sequence[Event], done: SetScored, label: Sequence[str]) -> str:
    who, colour = label[done.seat], done.cards[0].colour
    taken = next((e for e in events if type(e) is BonusTaken), None)
    if taken is not None:
        bonus = f"{who} takes the {card_name(taken.card)} from {label[taken.victim]} as the bonus"
    elif any(type(e) is BonusDeclined for e in events):
        bonus = f"{who} takes no bonus card"
    else:
        bonus = f"No opponent holds a card {who} may take: no bonus"
    return f"{bonus}; next, the {colour} set goes onto the scoring pile"


def set_scored_page(step: Step, names: Sequence[str] = ()) -> Page | None:
    """The last part of a set scored in play, as an inspector page: the set goes face down
    onto the scoring pile (None for a step that scores no set in play).  ``names``: one
    per seat."""
    events = step.events
    done = next((e for e in events if type(e) is SetScored), None)
    if done is None or any(type(e) is ColourScored for e in events):
        return None
    who = names[done.seat] if done.seat < len(names) else f"seat {done.seat}"
    html = (f"<p>{escape(who)} puts {escape(cards_name(done.cards))} face down on the scoring "
            f"pile ({points(done.cards):+d}).</p><p>The set: {chips_html(done.cards)}</p>")
    return Page(f"{who} scores the {done.cards[0].colour} set", SET, html)


def _set_status(scored: dict[int, Cards], label: Sequence[str]) -> str:
    if not scored:  # pragma: no cover - a step with a set scores it
        return "A set is scored"
    seat, cards = next(iter(scored.items()))
    return (f"{label[seat]} puts the {cards[0].colour} set on the scoring pile "
            f"({points(cards):+d}); then colour scoring")


def _colour_status(result: ColourScored, label: Sequence[str]) -> str:
    """Colour scoring of one colour in a line: who banks what, or why nothing is banked."""
    colour = result.colour
    head = f"Colour scoring: {colour}"
    if all(t is None for t in result.totals):
        return f"{head}: nobody holds {colour} cards"
    if not result.banked:
        return (f"{head}: no {colour} gold card, so {colour} is not scored; discarded: "
                f"{cards_name(result.discarded)}")
    best = max(t for t in result.totals if t is not None)
    if len(result.banked) > 1:
        banks = " and ".join(f"{label[s]} the {card_name(c)}" for s, c in result.banked)
        who = " and ".join(label[s] for s, _ in result.banked)
        each = "both bank" if len(result.banked) == 2 else "each banks"
        return f"{head}: {who} tie with {best}, so {each}: {banks}"
    seat, c = result.banked[0]
    return f"{head}: {label[seat]} has the highest total, {best}, and banks the {card_name(c)}"
