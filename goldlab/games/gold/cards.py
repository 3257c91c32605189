"""The 60 cards of Gold!: 6 colours, each with 3 donkeys (-2) and 7 gold cards.

A :class:`Card` is a value object: two green 3s are equal.  Notation is
``colour:value`` with ``D`` for a donkey, e.g. ``green:D`` or ``blue:8``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from goldlab.core.errors import InvalidActionError

COLOURS: tuple[str, ...] = ("green", "blue", "violet", "red", "orange", "pink")
"""The six colours in rulebook order."""
DONKEY = -2
"""The value of a donkey card."""
GOLD_VALUES: tuple[int, ...] = (3, 3, 4, 5, 6, 7, 8)
"""The gold cards of one colour."""
DONKEYS_PER_COLOUR = 3
KINDS: tuple[int, ...] = (DONKEY, 3, 4, 5, 6, 7, 8)
"""The distinct card values of one colour, lowest first."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of Gold!: a colour and a value (-2 for a donkey).

    There is exactly one object per distinct card (two green 3s are the same
    object), made once in :data:`ALL_CARDS`; get cards with :func:`card` or
    :func:`card_of`, never by calling ``Card`` yourself.  Equality and hashing
    are by identity, which keeps the engine fast.
    """

    index: int
    colour: str
    value: int

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_by_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_donkey(self) -> bool:
        """True for a donkey card."""
        return self.value == DONKEY

    @property
    def is_gold(self) -> bool:
        """True for a gold card."""
        return self.value != DONKEY

    def __str__(self) -> str:
        return f"{self.colour}:{'D' if self.value == DONKEY else self.value}"

    def __repr__(self) -> str:
        return f"card({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(c * len(KINDS) + k, colour, value)
    for c, colour in enumerate(COLOURS)
    for k, value in enumerate(KINDS)
)
"""Every distinct card, in colour order then value order (index = position)."""
_BY_NAME: dict[str, Card] = {str(card): card for card in ALL_CARDS}


def _by_index(index: int) -> Card:
    return ALL_CARDS[index]

_BY_KEY: dict[tuple[str, int], Card] = {(c.colour, c.value): c for c in ALL_CARDS}


def card(text: str) -> Card:
    """Parse ``colour:value`` notation, e.g. ``card("green:D")`` or ``card("blue:8")``.

    Only the documented form: a colour, ``:``, then ``D`` (either case) or a value 3-8
    in ASCII digits (``green:-2`` or ``green:٣`` is no card).
    """
    key = text.strip().lower() if isinstance(text, str) and text.isascii() else ""
    if key.endswith(":d"):
        key = key[:-1] + "D"
    found = _BY_NAME.get(key)
    if found is None:
        raise InvalidActionError(
            f"{text!r} is not a Gold! card; write colour:value such as green:D or blue:8 "
            f"(colours: {', '.join(COLOURS)}; values: D, 3-8)"
        )
    return found


def card_of(colour: str, value: int) -> Card:
    """The card of a colour and value."""
    try:
        return _BY_KEY[(colour, value)]
    except KeyError:
        raise InvalidActionError(f"no Gold! card {colour}:{value}") from None


def full_deck() -> Counter[Card]:
    """The 60-card deck as a multiset."""
    deck: Counter[Card] = Counter()
    for colour in COLOURS:
        deck[card_of(colour, DONKEY)] += DONKEYS_PER_COLOUR
        for value in GOLD_VALUES:
            deck[card_of(colour, value)] += 1
    return deck


def cards(text: str) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards."""
    return tuple(card(part) for part in text.replace(",", " ").split())


def sort_key(c: Card) -> int:
    """Display order: colour order, then value."""
    return c.index
