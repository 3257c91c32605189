"""Gold!'s actions (what a player or chance chooses) and their notation.

========================================  ===========================================
notation                                  meaning
========================================  ===========================================
``take green:D``                          A) take the lowest card on offer
``exchange blue:6 for green:4``           B) give a card from the tableau, take one
``steal orange:6 from seat 1``            set bonus: take a card from an opponent
``no bonus``                              set bonus: decline it
``chance: deal green:D to seat 0``        set-up: a starting donkey
``chance: reveal blue:6``                 a card turned up from the draw pile
========================================  ===========================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from goldlab.core.errors import InvalidActionError
from goldlab.core.notation import notation_text, shown
from goldlab.core.values import Action, ChanceOutcome
from goldlab.games.gold.cards import Card, card


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Action A: take the card with the lowest value from the offer."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Action B: put ``give`` from the tableau into the offer and take ``take``."""

    give: Card
    take: Card

    @property
    def option(self) -> int:
        """1 when a gold card is given, 2 when a donkey is given."""
        return 2 if self.give.is_donkey else 1

    def __str__(self) -> str:
        return f"exchange {self.give} for {self.take}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """The set bonus: take ``card`` from ``victim``'s tableau."""

    card: Card
    victim: int

    def __str__(self) -> str:
        return f"steal {self.card} from seat {self.victim}"


@dataclass(frozen=True, slots=True)
class NoBonus(Action):
    """Decline the set bonus (it is optional: "he may first take a card")."""

    def __str__(self) -> str:
        return "no bonus"


@dataclass(frozen=True, slots=True)
class DealDonkey(ChanceOutcome):
    """Set-up: a starting donkey of a colour no other player has."""

    card: Card
    seat: int

    def __str__(self) -> str:
        return f"chance: deal {self.card} to seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Reveal(ChanceOutcome):
    """A card turned face up from the draw pile into the offer."""

    card: Card

    def __str__(self) -> str:
        return f"chance: reveal {self.card}"


_CARD = r"([a-z]{1,12}:(?:d|\d{1,4}))"  # bounded: a long number is no card
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"take {_CARD}", re.ASCII), "take"),
    (re.compile(rf"exchange {_CARD} for {_CARD}", re.ASCII), "exchange"),
    (re.compile(rf"steal {_CARD} from seat (\d{{1,4}})", re.ASCII), "steal"),
    (re.compile(r"no bonus", re.ASCII), "nobonus"),
    (re.compile(rf"chance: ?deal {_CARD} to seat (\d{{1,4}})", re.ASCII), "deal"),
    (re.compile(rf"chance: ?reveal {_CARD}", re.ASCII), "reveal"),
)


def parse_action(text: str) -> Action:
    """Parse Gold! notation (see the module docstring); InvalidActionError if it does not."""
    norm = " ".join(notation_text(text, "Gold!").strip().lower().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m is None:
            continue
        g = m.groups()
        if kind == "take":
            return Take(card(g[0]))
        if kind == "exchange":
            return Exchange(card(g[0]), card(g[1]))
        if kind == "steal":
            return Steal(card(g[0]), int(g[1]))
        if kind == "nobonus":
            return NoBonus()
        if kind == "deal":
            return DealDonkey(card(g[0]), int(g[1]))
        return Reveal(card(g[0]))
    raise InvalidActionError(
        f"cannot read {shown(text)} as a Gold! action; expected e.g. 'take green:D', "
        "'exchange blue:6 for green:4', 'steal orange:6 from seat 1' or 'no bonus'"
    )
