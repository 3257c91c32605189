"""Mount Goldrush's actions (a player's flip, chance's reveal) and their notation.

==============================  ==================================================
notation                        meaning
==============================  ==================================================
``flip 17``                     turn up the face-down card at position 17
``flip c2``                     the same, written as an 8x8 grid coordinate (a1-h8)
``chance: reveal gold:3 at 17`` the card at 17, never seen before, turns out to be gold:3
==============================  ==================================================

A turn is two flips (one in the Gold Rush); the second is chosen after the
first card is seen.  A card's identity is drawn from the cards nobody has seen
yet the first time its position is flipped, so that draw is a chance step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from goldlab.core.errors import InvalidActionError
from goldlab.core.notation import notation_text, shown
from goldlab.core.values import Action, ChanceOutcome
from goldlab.games.goldrush.cards import TABLE_SIZE, Card, card
from goldlab.games.goldrush.layout import parse_grid_label


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn up the face-down card at ``position`` (0-63)."""

    position: int

    def __str__(self) -> str:
        return f"flip {self.position}"


@dataclass(frozen=True, slots=True)
class Reveal(ChanceOutcome):
    """Chance: the card at ``position``, flipped for the first time, is ``card``."""

    position: int
    card: Card

    def __str__(self) -> str:
        return f"chance: reveal {self.card} at {self.position}"


FLIPS: tuple[Flip, ...] = tuple(Flip(p) for p in range(TABLE_SIZE))
"""One flip per position, shared so listing legal actions allocates nothing."""

# bounded: a long number is no position; ASCII: \d is 0-9 only
_FLIP = re.compile(r"flip #?([a-h][1-8]|\d{1,4})", re.ASCII)
_REVEAL = re.compile(r"chance: ?reveal (\S{1,20}) at #?(\d{1,4})", re.ASCII)


def _position(text: str) -> int:
    grid = parse_grid_label(text)
    if grid is not None:
        return grid
    number = int(text)
    if not 0 <= number < TABLE_SIZE:
        raise InvalidActionError(f"there is no position {number}; positions are 0-63")
    return number


def parse_action(text: str) -> Action:
    """Parse Mount Goldrush notation (see the module docstring)."""
    norm = " ".join(notation_text(text, "Mount Goldrush").strip().lower().split())
    m = _FLIP.fullmatch(norm)
    if m is not None:
        return FLIPS[_position(m.group(1))]
    m = _REVEAL.fullmatch(norm)
    if m is not None:
        return Reveal(_position(m.group(2)), card(m.group(1)))
    raise InvalidActionError(
        f"cannot read {shown(text)} as a Mount Goldrush action; expected e.g. 'flip 17' or "
        "'flip c2' (a face-down card's position, 0-63 or a1-h8)"
    )
