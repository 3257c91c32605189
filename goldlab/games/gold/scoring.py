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
    them.  Each colour is scored separately."  Each tableau is read once, a colour's
    run of cards at a time; :func:`score_colour` scores each colour.
    """
    seats = len(tableaux)
    held: dict[str, list[Cards]] = {}  # colour -> each seat's cards of it
    for seat, tableau in enumerate(tableaux):
        start = 0
        end = len(tableau)
        while start < end:
            colour = tableau[start].colour
            stop = start + 1
            while stop < end and tableau[stop].colour is colour:  # colours are interned
                stop += 1
            cards = held.get(colour)
            if cards is None:
                cards = held[colour] = [()] * seats
            cards[seat] = tableau[start:stop]
            start = stop
    nobody = _NOBODY[seats]
    return [score_colour(colour, held[colour]) if colour in held else nobody[colour]
            for colour in COLOURS]


def score_colour(colour: str, held: Sequence[Cards]) -> ColourScored:
    """Colour scoring of one colour, given each seat's cards of it (lowest first).

    Whoever has the highest total banks the highest gold card he owns of the colour
    ("In the case of a tie, then each tied player may add" his); "All other cards of
    that colour, including those of the other players, are discarded."  "In the event
    that no players have any gold cards of a particular colour, then that colour is
    not scored.  Any donkey cards in that colour … are discarded."  Players without
    cards of the colour do not compete (``None`` total): see
    ``docs/rulings.md#gold-colour-scoring``.  A tableau holds at most two cards of a
    colour (three are a set, scored at once): a gold holder totals at least
    3 - 2 = 1 and a seat without gold at most -2, so the best total is always a gold
    holder's.
    """
    totals: list[int | None] = []
    everything: list[Card] = []
    best = None
    for cards in held:
        if cards:
            total = sum(map(_VALUE, cards))
            if best is None or total > best:
                best = total
            totals.append(total)
            everything += cards
        else:
            totals.append(None)
    banked = []
    for seat, cards in enumerate(held):
        if cards and totals[seat] == best and cards[-1].value > 0:  # the highest is last, gold
            banked.append((seat, cards[-1]))
            everything.remove(cards[-1])
    return ColourScored(colour, tuple(totals), tuple(banked), tuple(everything))


_VALUE = attrgetter("value")

_NOBODY: dict[int, dict[str, ColourScored]] = {
    seats: {colour: ColourScored(colour, (None,) * seats, (), ()) for colour in COLOURS}
    for seats in (1, 2, 3, 4, 5)
}
"""Colour scoring of a colour nobody holds, per number of seats (one object each)."""


def points(pile: Sequence[Card]) -> int:
    """Victory points of a scoring pile: "adding up the values of all the cards"."""
    return sum(map(_VALUE, pile))
