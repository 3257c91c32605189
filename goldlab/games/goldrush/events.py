"""What the rules of Mount Goldrush make happen.  Each event names its rulebook section.

Section names follow edition A's headings (``shared/rules/002_…``); edition B
has the same sections without headings.
"""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.values import Event
from goldlab.games.goldrush.cards import Card

SETUP = "Setup"
HOW_TO_PLAY = "How to play"
FINDS_GOLD = "A gold digger finds gold"
FINDS_DIGGER = "A gold digger finds another gold digger"
DYNAMITE = "Dynamite"
OTHER = "Other possible scenarios"
GOLD_RUSH = "Gold Rush"
GAME_END = "Game end"
SUGGESTION = "Suggestion"


def _seats(seats: tuple[int, ...]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


@dataclass(frozen=True, slots=True)
class MinesChosen(Event):
    """Set-up: the colours each player owns, the unowned ones and any returned to the box."""

    owned: tuple[tuple[str, ...], ...]
    unowned: tuple[str, ...]
    box: tuple[str, ...]
    rule = SETUP

    def describe(self) -> str:
        seats = ", ".join(f"seat {s}: {'+'.join(cs)}" for s, cs in enumerate(self.owned))
        text = f"MinesChosen {seats}"
        if self.unowned:
            text += f"; diggers of {', '.join(self.unowned)} belong to nobody"
        if self.box:
            text += f"; the {', '.join(self.box)} mine entrance goes back into the box"
        return text


@dataclass(frozen=True, slots=True)
class CardsLaidOut(Event):
    """Set-up: the cards are shuffled and laid face down."""

    count: int
    layout: str
    rule = SETUP

    def describe(self) -> str:
        where = "as an 8x8 grid" if self.layout == "grid" else "all over the table"
        return f"CardsLaidOut {self.count} cards face down {where}"


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    """A player turned a card face up; ``first_time`` when nobody had seen it before."""

    turn: int
    seat: int
    position: int
    card: Card
    first_time: bool
    place: str
    rule = HOW_TO_PLAY

    def describe(self) -> str:
        seen = "" if self.first_time else " (seen before)"
        return (f"CardFlipped turn {self.turn}: seat {self.seat} flips {self.place}: "
                f"{self.card}{seen}")


@dataclass(frozen=True, slots=True)
class GoldFound(Event):
    """A digger at least as strong as the gold: the owner (or the flipper) gets the gold."""

    flipper: int
    digger: Card
    gold: Card
    receiver: int
    owner: int | None
    rule = FINDS_GOLD

    def describe(self) -> str:
        if self.owner is None:
            why = f"{self.digger.colour} belongs to nobody, so the flipper gets it"
        elif self.owner == self.flipper:
            why = f"seat {self.owner} owns {self.digger.colour}"
        else:
            why = f"seat {self.owner} owns {self.digger.colour}, not the flipper"
        return (
            f"GoldFound {self.digger} carries {self.gold} to seat {self.receiver} ({why}); "
            f"the digger leaves the game"
        )


@dataclass(frozen=True, slots=True)
class DiggerKicked(Event):
    """Two diggers of different strength: the weaker leaves, the stronger goes back."""

    stronger: Card
    weaker: Card
    place: str
    rule = FINDS_DIGGER

    def describe(self) -> str:
        return (
            f"DiggerKicked {self.stronger} kicks {self.weaker} out of the game; "
            f"{self.stronger} goes back face down at {self.place}"
        )


@dataclass(frozen=True, slots=True)
class Blasted(Event):
    """At least one dynamite: both flipped cards leave the game."""

    cards: tuple[Card, Card]
    rule = DYNAMITE

    def describe(self) -> str:
        a, b = self.cards
        lost = " (the gold is lost)" if a.is_gold or b.is_gold else ""
        return f"Blasted {a} and {b} both leave the game{lost}"


@dataclass(frozen=True, slots=True)
class NothingHappens(Event):
    """Equal diggers, two gold cards, or a digger weaker than the gold: both go back."""

    cards: tuple[Card, Card]
    reason: str
    rule = OTHER

    def describe(self) -> str:
        a, b = self.cards
        return f"NothingHappens {a} and {b} ({self.reason}) go back face down"


@dataclass(frozen=True, slots=True)
class GoldRushBegins(Event):
    """Gold Rush: from now on each player flips only one card per turn."""

    face_down: int
    reason: str
    rule = GOLD_RUSH

    def describe(self) -> str:
        return f"GoldRushBegins \"gold rush!\" {self.face_down} cards face down ({self.reason})"


@dataclass(frozen=True, slots=True)
class DeadPosition(Event):
    """More than 10 cards face down but no pair of them can change anything."""

    face_down: int
    resolution: str
    rule = GOLD_RUSH

    def describe(self) -> str:
        return (
            f"DeadPosition {self.face_down} cards face down and no pair of them can change "
            f"anything: {self.resolution} (ruling goldrush-dead-position)"
        )


@dataclass(frozen=True, slots=True)
class TableStalled(Event):
    """So many turns in a row without a card leaving the table that the game is cut short."""

    turns: int
    resolution: str
    rule = GOLD_RUSH

    def describe(self) -> str:
        return (
            f"TableStalled {self.turns} turns in a row and no card left the table: "
            f"{self.resolution} (ruling goldrush-stall-limit)"
        )


@dataclass(frozen=True, slots=True)
class RushGold(Event):
    """Gold Rush: a flipped gold card goes to the flipper."""

    seat: int
    gold: Card
    rule = GOLD_RUSH

    def describe(self) -> str:
        return f"RushGold seat {self.seat} takes {self.gold}"


@dataclass(frozen=True, slots=True)
class RushRemoved(Event):
    """Gold Rush: a flipped digger or dynamite is removed without any other action."""

    card: Card
    rule = GOLD_RUSH

    def describe(self) -> str:
        return f"RushRemoved {self.card} leaves the game"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The end: gold points, gold cards as tie-break, shared victory if still tied."""

    scores: tuple[int, ...]
    gold_cards: tuple[int, ...]
    winners: tuple[int, ...]
    left_on_table: int
    rule = GAME_END

    def describe(self) -> str:
        scores = ", ".join(
            f"seat {s}: {p} ({n} gold cards)"
            for s, (p, n) in enumerate(zip(self.scores, self.gold_cards, strict=True))
        )
        shared = " (shared victory)" if len(self.winners) > 1 else ""
        left = (
            f"; {self.left_on_table} cards stay face down for nobody" if self.left_on_table else ""
        )
        return f"GameOver {scores}; winner {_seats(self.winners)}{shared}{left}"
