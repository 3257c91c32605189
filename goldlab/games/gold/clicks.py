"""The click targets of a Gold! table: one id per card drawn, and the "no bonus" button.

========================  ====================================================
id                        what it is
========================  ====================================================
``offer:green:4``         the green 4 on offer
``offer:red:D/2``         the second red donkey on offer (equal cards are numbered)
``tableau:1:blue:6``      the blue 6 in seat 1's tableau
``nobonus``               the button that declines the set bonus
========================  ====================================================

Ids name the card rather than its position, so a card keeps its id while the
tableau around it changes, and a replayed action can name where it happened
without the position.  Equal cards are the same action; the ``/k`` suffix only
keeps the ids of the k-th copy unique.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from goldlab.core.errors import InvalidActionError
from goldlab.games.gold.cards import Card, card
from goldlab.games.gold.rules import ACTION

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState

OFFER = "offer"
TABLEAU = "tableau"
NO_BONUS = "nobonus"


@dataclass(frozen=True, slots=True)
class Target:
    """A target id read back: where (offer, tableau or the button), whose, which card."""

    place: str
    seat: int | None = None
    card: Card | None = None
    copy: int = 1


def card_ids(prefix: str, cards: Sequence[Card]) -> list[str]:
    """The ids of a row of cards: ``prefix`` + card, ``/k`` on the k-th equal card."""
    copies: dict[Card, int] = {}
    ids = []
    for c in cards:
        k = copies[c] = copies.get(c, 0) + 1
        ids.append(f"{prefix}{c}" if k == 1 else f"{prefix}{c}/{k}")
    return ids


def offer_prefix() -> str:
    """The start of every offer card's id."""
    return f"{OFFER}:"


def tableau_prefix(seat: int) -> str:
    """The start of the ids of the cards in ``seat``'s tableau."""
    return f"{TABLEAU}:{seat}:"


def offer_id(c: Card) -> str:
    """The id of (the first copy of) a card on offer."""
    return f"{OFFER}:{c}"


def tableau_id(seat: int, c: Card) -> str:
    """The id of (the first copy of) a card in a tableau."""
    return f"{TABLEAU}:{seat}:{c}"


def read_target(target: str) -> Target | None:
    """The target an id names, or None if it is not a Gold! target id."""
    if target == NO_BONUS:
        return Target(NO_BONUS)
    name, _, copy_text = target.partition("/")
    parts = name.split(":")
    try:
        copy = int(copy_text) if copy_text else 1
        if parts[0] == OFFER and len(parts) == 3:
            return Target(OFFER, None, card(f"{parts[1]}:{parts[2]}"), copy)
        if parts[0] == TABLEAU and len(parts) == 4 and parts[1].isdigit():
            return Target(TABLEAU, int(parts[1]), card(f"{parts[2]}:{parts[3]}"), copy)
    except (InvalidActionError, ValueError):
        return None
    return None


def is_on(target: Target, cards: Sequence[Card]) -> bool:
    """True when the row ``cards`` holds the card ``target`` names (its k-th copy too)."""
    return target.card is not None and 1 <= target.copy <= cards.count(target.card)


def selected_card(state: GoldState, acting: int | None, selection: str) -> Card | None:
    """The tableau card picked for an exchange, if ``selection`` names one of ``acting``'s.

    A selection that no longer fits the position (another phase, a card gone) is none.
    """
    if acting is None or not selection or state.phase != ACTION:
        return None
    picked = read_target(selection)
    if picked is None or picked.place != TABLEAU or picked.seat != acting:
        return None
    if not is_on(picked, state.tableaux[acting]):
        return None
    return picked.card
