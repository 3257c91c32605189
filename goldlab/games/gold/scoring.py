"""Scoring in Gold!: sets, colour scoring at the end, and final points."""

from __future__ import annotations

from collections.abc import Sequence

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
    """Colour scoring of every colour in rulebook order."""
    return [score_colour(colour, tableaux) for colour in COLOURS]


def points(pile: Sequence[Card]) -> int:
    """Victory points of a scoring pile: "adding up the values of all the cards"."""
    return sum(c.value for c in pile)
