"""Scoring in Gold!: scoring a set, colour scoring at the end, and final points.

Pure functions of tableaux and piles; the state calls them in turn order
(``state.py``).  Tableaux are kept sorted (colour order, then value), so a
colour's cards sit together, lowest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from goldlab.games.gold.cards import COLOURS, Card
from goldlab.games.gold.events import ColourScored

Cards = tuple[Card, ...]


def find_set(tableau: Sequence[Card]) -> str | None:
    """The colour of which the tableau holds three cards, if any ("Three cards … form a set")."""
    counts: dict[str, int] = {}
    for c in tableau:
        n = counts.get(c.colour, 0) + 1
        if n == 3:
            return c.colour
        counts[c.colour] = n
    return None


def score_a_set(tableau: Cards, colour: str) -> tuple[Cards, Cards]:
    """'The player takes his set of cards and adds them to a face-down scoring pile':
    the tableau left and the cards of the set (every card of ``colour``)."""
    lo = 0
    while tableau[lo].colour != colour:
        lo += 1
    hi = lo + 1
    end = len(tableau)
    while hi < end and tableau[hi].colour == colour:
        hi += 1
    return tableau[:lo] + tableau[hi:], tableau[lo:hi]


def colour_scoring(tableaux: Sequence[Cards]) -> list[ColourScored]:
    """Colour scoring, colour by colour in rulebook order (the tableaux are not changed).

    "For each colour, players add up the card values in their tableau and compare
    them.  Each colour is scored separately.  Whoever has the highest total in a
    colour adds the highest-value gold card he owns of that colour to his scoring
    pile.  All other cards of that colour, including those of the other players, are
    discarded.  In the case of a tie, then each tied player may add the highest-value
    gold card he owns of that colour to his scoring pile.  In the event that no
    players have any gold cards of a particular colour, then that colour is not
    scored.  Any donkey cards in that colour that players might have are discarded."

    Players without cards of a colour do not compete in it (``None`` total): see
    ``docs/rulings.md#gold-colour-scoring``.  A tableau holds at most two cards of a
    colour (three are a set, scored at once): a gold holder totals at least 3 - 2 = 1
    and a seat without gold at most -2, so the best total is always a gold holder's.
    Each tableau is read once (this runs at the end of every simulated game): a
    colour's cards sit together in a sorted tableau, so a colour is looked up once a run.
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
        if entry is None:  # nobody holds the colour
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
                if top is not None and totals[s] == best:  # the highest total(s) bank
                    won.append((s, top))
                    held.remove(top)
            banked = tuple(won)
        # everything else of the colour is discarded
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
