"""What the rules of Gold! make happen.  Each event names its rulebook section."""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.values import Event
from goldlab.games.gold.cards import Card

SETUP = "Game setup"
TAKE = "A) Take a card"
EXCHANGE = "B) Exchange a card"
SET = "Scoring a set"
REFILL = "No cards in the offer"
COLOUR_SCORING = "Colour scoring"
FINAL = "Final scoring"


def _cards(cs: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cs) if cs else "nothing"


@dataclass(frozen=True, slots=True)
class DonkeysReturned(Event):
    """2 players: one donkey of each colour goes back to the box."""

    cards: tuple[Card, ...]
    rule = SETUP

    def describe(self) -> str:
        return f"DonkeysReturned {_cards(self.cards)} to the box"


@dataclass(frozen=True, slots=True)
class DonkeyDealt(Event):
    """A player's starting donkey, the first card of the tableau."""

    seat: int
    card: Card
    rule = SETUP

    def describe(self) -> str:
        return f"DonkeyDealt seat {self.seat} starts with {self.card}"


@dataclass(frozen=True, slots=True)
class CardsRemovedUnseen(Event):
    """Two cards from the draw pile leave the game without being looked at."""

    count: int
    rule = SETUP

    def describe(self) -> str:
        return f"CardsRemovedUnseen {self.count} cards leave the game face down"


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card turned up from the draw pile into the offer."""

    card: Card
    draw_pile: int
    rule = REFILL

    def describe(self) -> str:
        return f"CardRevealed {self.card} (draw pile {self.draw_pile})"


@dataclass(frozen=True, slots=True)
class OfferRefilled(Event):
    """The offer was empty: 5 new cards are revealed."""

    count: int
    rule = REFILL

    def describe(self) -> str:
        return f"OfferRefilled {self.count} new cards are revealed"


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """Action A: a player took the lowest card."""

    seat: int
    card: Card
    rule = TAKE

    def describe(self) -> str:
        return f"CardTaken seat {self.seat} takes {self.card}"


@dataclass(frozen=True, slots=True)
class CardExchanged(Event):
    """Action B: a player gave a card to the offer and took one back."""

    seat: int
    give: Card
    take: Card
    option: int
    rule = EXCHANGE

    def describe(self) -> str:
        return (
            f"CardExchanged seat {self.seat} gives {self.give} and takes {self.take} "
            f"(option {self.option})"
        )


@dataclass(frozen=True, slots=True)
class SetCompleted(Event):
    """Three cards of one colour: the set must be scored."""

    seat: int
    colour: str
    rule = SET

    def describe(self) -> str:
        return f"SetCompleted seat {self.seat} has three {self.colour} cards"


@dataclass(frozen=True, slots=True)
class BonusTaken(Event):
    """The set bonus: a card taken from an opponent's tableau."""

    seat: int
    victim: int
    card: Card
    rule = SET

    def describe(self) -> str:
        return f"BonusTaken seat {self.seat} takes {self.card} from seat {self.victim}"


@dataclass(frozen=True, slots=True)
class BonusDeclined(Event):
    """The player chose not to take a bonus card."""

    seat: int
    rule = SET

    def describe(self) -> str:
        return f"BonusDeclined seat {self.seat} takes no bonus card"


@dataclass(frozen=True, slots=True)
class NoBonusAvailable(Event):
    """No opponent holds a card the player may take as a bonus."""

    seat: int
    rule = SET

    def describe(self) -> str:
        return f"NoBonusAvailable no opponent card is allowed for seat {self.seat}"


@dataclass(frozen=True, slots=True)
class SetScored(Event):
    """The set goes face down onto the player's scoring pile."""

    seat: int
    cards: tuple[Card, ...]
    rule = SET

    def describe(self) -> str:
        points = sum(c.value for c in self.cards)
        return f"SetScored seat {self.seat} banks {_cards(self.cards)} ({points:+d})"


@dataclass(frozen=True, slots=True)
class GrandFinalBegins(Event):
    """The last 5 cards of the draw pile are on offer."""

    rule = COLOUR_SCORING

    def describe(self) -> str:
        return "GrandFinalBegins the draw pile is empty; play on until the offer is empty"


@dataclass(frozen=True, slots=True)
class ColourScored(Event):
    """Colour scoring of one colour: totals, who banks which card, what is discarded."""

    colour: str
    totals: tuple[int | None, ...]
    banked: tuple[tuple[int, Card], ...]
    discarded: tuple[Card, ...]
    rule = COLOUR_SCORING

    def describe(self) -> str:
        totals = ", ".join(
            f"seat {s}: {t}" for s, t in enumerate(self.totals) if t is not None
        )
        if all(t is None for t in self.totals):
            return f"ColourScored {self.colour}: nobody holds {self.colour} cards"
        if not self.banked:
            return (
                f"ColourScored {self.colour} is not scored (no gold cards); "
                f"discarded {_cards(self.discarded)}"
            )
        banked = ", ".join(f"seat {s} banks {c}" for s, c in self.banked)
        return (
            f"ColourScored {self.colour} totals {totals}; {banked}; "
            f"discarded {_cards(self.discarded)}"
        )


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """Final scoring: points in the scoring piles, ties by card count."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rule = FINAL

    def describe(self) -> str:
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(self.scores))
        who = " and ".join(f"seat {w}" for w in self.winners)
        shared = " (shared victory)" if len(self.winners) > 1 else ""
        return f"GameOver {scores}; winner {who}{shared}"
