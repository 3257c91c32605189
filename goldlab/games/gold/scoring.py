"""Scoring in Gold!: sets, colour scoring at the end, and final points."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from goldlab.games.gold.cards import COLOURS, Card
from goldlab.games.gold.events import ColourScored


def find_set(tableau: Sequence[Card]) -> str | None:
    """The colour of which the tableau holds three cards, if any ("Three cards … form a set")."""
    counts: dict[str, int] = {}
    for c in tableau:
        n = counts.get(c.colour, 0) + 1
        if n == 3:
            return c.colour
        counts[c.colour] = n
    return None


def score_colour(colour: str, tableaux: Sequence[Sequence[Card]]) -> ColourScored:
    """Colour scoring of one colour (the tableaux are not changed).

    Players add up their cards of the colour; the highest total banks its
    highest gold card, tied players each bank theirs, everything else of the
    colour is discarded.  A colour in which nobody has a gold card is not
    scored and its donkeys are discarded.  Players without cards of the colour
    do not compete (``None`` total): see ``docs/rulings.md#gold-colour-scoring``.
    """
    totals: list[int | None] = []
    tops: list[Card | None] = []  # each seat's highest gold card of the colour
    everything: list[Card] = []
    for tableau in tableaux:
        total = top = None
        for c in tableau:
            if c.colour == colour:
                everything.append(c)
                value = c.value
                total = value if total is None else total + value
                if value > 0 and (top is None or value > top.value):
                    top = c
        totals.append(total)
        tops.append(top)
    if all(top is None for top in tops):
        return ColourScored(colour, tuple(totals), (), tuple(everything))
    best = max(t for t in totals if t is not None)
    # A tableau holds at most two cards of a colour (three are a set, scored at once):
    # a gold holder totals at least 3 - 2 = 1, a seat without gold at most -2, so the
    # best total always belongs to a seat with gold.
    banked = tuple(
        (s, top) for s, top in enumerate(tops) if totals[s] == best and top is not None
    )
    discarded = list(everything)
    for _, c in banked:
        discarded.remove(c)
    return ColourScored(colour, tuple(totals), banked, tuple(discarded))


def colour_scoring(tableaux: Sequence[Sequence[Card]]) -> list[ColourScored]:
    """Colour scoring of every colour in rulebook order.

    The same results as :func:`score_colour` for each colour, found in one pass
    over each tableau (it runs at the end of every simulated game): a colour's
    cards sit together in a sorted tableau, so its totals are looked up once a run.
    """
    seats = len(tableaux)
    # colour -> (each seat's total, each seat's highest gold card, every card of it)
    found: dict[str, tuple[list[int | None], list[Card | None], list[Card]]] = {}
    totals: list[int | None] = []
    tops: list[Card | None] = []
    held: list[Card] = []
    for seat, tableau in enumerate(tableaux):
        colour = None
        for c in tableau:
            if c.colour is not colour:  # a new run of a colour (colours are interned)
                colour = c.colour
                entry = found.get(colour)
                if entry is None:
                    entry = found[colour] = ([None] * seats, [None] * seats, [])
                totals, tops, held = entry
            held.append(c)
            value = c.value
            total = totals[seat]
            totals[seat] = value if total is None else total + value
            if value > 0:
                top = tops[seat]
                if top is None or value > top.value:
                    tops[seat] = c
    nobody = _NOBODY[seats]
    results: list[ColourScored] = []
    for colour in COLOURS:
        entry = found.get(colour)
        if entry is None:
            results.append(nobody[colour])
            continue
        totals, tops, held = entry
        banked: tuple[tuple[int, Card], ...] = ()
        if tops.count(None) < seats:  # somebody has gold of the colour: it is scored
            best = None
            for total in totals:
                if total is not None and (best is None or total > best):
                    best = total
            won = []
            for s, top in enumerate(tops):
                if top is not None and totals[s] == best:
                    won.append((s, top))
                    held.remove(top)
            banked = tuple(won)
        results.append(ColourScored(colour, tuple(totals), banked, tuple(held)))
    return results


_VALUE = attrgetter("value")

_NOBODY: dict[int, dict[str, ColourScored]] = {
    seats: {colour: ColourScored(colour, (None,) * seats, (), ()) for colour in COLOURS}
    for seats in (1, 2, 3, 4, 5)
}
"""Colour scoring of a colour nobody holds, per number of seats (one object each)."""


def points(pile: Sequence[Card]) -> int:
    """Victory points of a scoring pile: "adding up the values of all the cards"."""
    return sum(map(_VALUE, pile))
