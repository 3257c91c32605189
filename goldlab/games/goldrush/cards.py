"""The 64 face-down cards of Mount Goldrush: gold, gold diggers and dynamite.

A :class:`Card` is a value object for one *kind* of card: two gold 3s are the
same card.  There are 25 kinds: gold 1-4, a digger of each colour and value
2-5, and dynamite.  Notation: ``gold:3``, ``red:4`` (a red gold digger of
value 4) and ``dynamite``.  The five mine entrances are not cards here: they
are the colours players own (see :mod:`goldlab.games.goldrush.options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from goldlab.core.errors import InvalidActionError

COLOURS: tuple[str, ...] = ("green", "orange", "blue", "red", "violet")
"""The five colours of mine entrances and gold diggers."""
GOLD_VALUES: tuple[int, ...] = (1, 2, 3, 4)
"""The values a gold card can have."""
GOLD_COUNTS: tuple[int, ...] = (5, 7, 7, 5)
"""How many gold cards of value 1, 2, 3, 4: "5x value 1, 7x value 2, 7x value 3, 5x value 4"."""
DIGGER_VALUES: tuple[int, ...] = (2, 3, 4, 5)
"""The values a gold digger can have."""
DIGGER_COUNTS: tuple[int, ...] = (2, 2, 2, 1)
"""Diggers per colour of value 2, 3, 4, 5: "2x value 2, 3 and 4, 1x value 5 in 5 colours"."""
DYNAMITE_COUNT = 5
"""How many dynamite cards: "5 dynamite"."""
TABLE_SIZE = 64
"""Cards laid face down at the start (69 cards less the 5 mine entrances)."""
GOLD_TOTAL = 60
"""The points of all gold cards together."""

Kind = Literal["gold", "digger", "dynamite"]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One kind of card: ``index`` (0-24), kind, colour (diggers only) and value."""

    index: int
    kind: Kind
    colour: str | None
    value: int

    @property
    def is_gold(self) -> bool:
        """True for a gold card."""
        return self.kind == "gold"

    @property
    def is_digger(self) -> bool:
        """True for a gold digger."""
        return self.kind == "digger"

    @property
    def is_dynamite(self) -> bool:
        """True for a dynamite card."""
        return self.kind == "dynamite"

    def __str__(self) -> str:
        if self.kind == "gold":
            return f"gold:{self.value}"
        if self.kind == "digger":
            return f"{self.colour}:{self.value}"
        return "dynamite"

    def __repr__(self) -> str:
        return f"card({str(self)!r})"


def _build() -> tuple[Card, ...]:
    out: list[Card] = [Card(i, "gold", None, v) for i, v in enumerate(GOLD_VALUES)]
    for colour in COLOURS:
        for v in DIGGER_VALUES:
            out.append(Card(len(out), "digger", colour, v))
    out.append(Card(len(out), "dynamite", None, 0))
    return tuple(out)


ALL_CARDS: tuple[Card, ...] = _build()
"""Every kind of card, gold first, then diggers by colour and value, then dynamite."""
KINDS = len(ALL_CARDS)
"""The number of distinct kinds (25)."""
DYNAMITE: Card = ALL_CARDS[-1]
"""The dynamite card."""
GOLD: tuple[Card, ...] = ALL_CARDS[: len(GOLD_VALUES)]
"""The gold cards, value 1 to 4."""
DIGGERS: tuple[Card, ...] = ALL_CARDS[len(GOLD_VALUES) : -1]
"""The gold diggers, by colour then value."""
_BY_NAME: dict[str, Card] = {str(c): c for c in ALL_CARDS}


def _deck() -> tuple[int, ...]:
    counts = [0] * KINDS
    for c, n in zip(GOLD, GOLD_COUNTS, strict=True):
        counts[c.index] = n
    for c in DIGGERS:
        counts[c.index] = DIGGER_COUNTS[DIGGER_VALUES.index(c.value)]
    counts[DYNAMITE.index] = DYNAMITE_COUNT
    return tuple(counts)


DECK: tuple[int, ...] = _deck()
"""How many cards of each kind (by ``Card.index``) the game has: 64 in all."""


def card(text: str) -> Card:
    """Parse notation such as ``gold:3``, ``red:4`` or ``dynamite``."""
    key = " ".join(text.strip().lower().split()).replace(" ", "")
    found = _BY_NAME.get(key)
    if found is None:
        raise InvalidActionError(
            f"{text!r} is not a Mount Goldrush card; write gold:1-4, colour:2-5 "
            f"(colours: {', '.join(COLOURS)}) or dynamite"
        )
    return found


def cards(text: str) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards; ``gold:2x3`` means three gold:2."""
    out: list[Card] = []
    for part in text.replace(",", " ").split():
        name, sep, times = part.rpartition("x")
        if sep and times.isascii() and times.isdigit() and name:
            out.extend([card(name)] * int(times))
        else:
            out.append(card(part))
    return tuple(out)


def digger(colour: str, value: int) -> Card:
    """The gold digger of a colour and value."""
    return card(f"{colour}:{value}")


def gold(value: int) -> Card:
    """The gold card of a value."""
    return card(f"gold:{value}")


def counts_of(items: tuple[Card, ...] | list[Card]) -> list[int]:
    """A multiset of cards as counts per kind index."""
    counts = [0] * KINDS
    for c in items:
        counts[c.index] += 1
    return counts
