"""Mount Goldrush's steps in the players' words: "Ann turns up card 18: an orange gold digger
(5)", "the orange gold digger 5 carries the gold 3 to Bob".

The notation (``flip 18``, ``chance: reveal orange:5 at 18``) stays the actions' ``str``;
these sentences are what the view's log, move list and inspector say.  In memory mode a
step whose cards lie face down again (or left the table) is told without them, as
:meth:`GoldrushPresenter.told` tells it: "Ann flips card 18", not what it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from goldlab.core.presentation import Told, with_names
from goldlab.core.state import Step
from goldlab.core.values import Event
from goldlab.games.goldrush.actions import Flip, Reveal
from goldlab.games.goldrush.cards import Card
from goldlab.games.goldrush.events import (
    Blasted,
    CardFlipped,
    CardsLaidOut,
    DeadPosition,
    DiggerKicked,
    GameOver,
    GoldFound,
    GoldRushBegins,
    MinesChosen,
    NothingHappens,
    RushGold,
    RushRemoved,
    TableStalled,
)


def a_card(c: Card, word: str = "gold digger") -> str:
    """A card as a player names what was turned up: "an orange gold digger (5)", "gold (3)",
    "dynamite" (``word``: the edition's word for a digger)."""
    if c.is_gold:
        return f"gold ({c.value})"
    if c.is_dynamite:
        return "dynamite"
    colour = str(c.colour)
    article = "an" if colour[:1] in "aeiou" else "a"
    return f"{article} {colour} {word} ({c.value})"


def where(place: str) -> str:
    """A place on the table as players point at it: "card 18" (``#18``), "card c2"."""
    return f"card {place.removeprefix('#')}"


def said(step: Step, told: Told, who: Sequence[str], place: Callable[[int], str],
         describe: Callable[[Event], str], unnamed: Callable[[Event], str],
         word: str) -> Told:
    """``step`` in the players' words.  ``told``: the step as the viewer may know it (when
    ``told.concealed``, no card of it is named); ``place``: a position's label; ``describe``
    and ``unnamed``: an event in words, with and without its cards."""
    action = step.action
    flipped = next((e for e in step.events if isinstance(e, CardFlipped)), None)
    actor = flipped.seat if flipped is not None else step.actor
    name = who[actor] if 0 <= actor < len(who) else "chance"
    position = getattr(action, "position", -1)
    at = where(flipped.place if flipped is not None else place(position))
    if told.concealed or flipped is None:
        if isinstance(action, Flip) and flipped is None:
            line = f"{name} flips {at}, a card nobody has seen yet"
        elif isinstance(action, Reveal):
            line = f"{name} turns up {at}"  # chance's answer, the card not named
        else:
            line = f"{name} flips {at}"
    else:
        again = "" if flipped.first_time else " (seen before)"
        line = f"{name} turns up {at}: {a_card(flipped.card, word)}{again}"
    if isinstance(action, Reveal) and flipped is None:
        line = f"chance decides the card at {at}" if told.concealed else (
            f"{at} is {a_card(action.card, word)}")
    events = []
    for e in step.events:
        if e is flipped:
            continue
        events.append(unnamed(e) if told.concealed else describe(e))
    return Told(sentence(line), tuple(sentence(e) for e in events), told.rules,
                told.concealed, told.action)


def sentence(text: str) -> str:
    """``text`` with a capital letter."""
    return text[:1].upper() + text[1:]


_PLACE = re.compile(r"(?:the card at |position )?#(\d{1,2})\b")


def refusal(reason: str, names: Sequence[str]) -> str:
    """A refusal in the players' words: seats named, places as players point at them.

    >>> refusal("the card at #18 is already face up", ["Ann"])
    'card 18 is already face up'
    """
    return _PLACE.sub(lambda m: f"card {m.group(1)}", with_names(reason, names))


def digger_word(edition: str) -> str:
    """The edition's word for a digger: "gold digger" (A) or "gold miner" (B)."""
    return "gold miner" if edition == "B" else "gold digger"


def card_name(c: Card, edition: str = "A") -> str:
    """A card as players say it: "gold 3", "red gold digger 4", "dynamite"."""
    if c.is_gold:
        return f"gold {c.value}"
    if c.is_dynamite:
        return "dynamite"
    return f"{c.colour} {digger_word(edition)} {c.value}"


def seat_names(players: int, names: Sequence[str]) -> tuple[str, ...]:
    """Each seat's name: the one given, else "seat n"."""
    return tuple(
        names[s] if s < len(names) and names[s] else f"seat {s}" for s in range(players)
    )


def describe(event: Event, names: Sequence[str], edition: str = "A") -> str:
    """An event in players' words, with their names."""
    def name(c: Card) -> str:
        return card_name(c, edition)

    word = digger_word(edition)
    if isinstance(event, CardFlipped):
        again = "" if event.first_time else " (seen before)"
        turned = a_card(event.card, word)
        return f"{names[event.seat]} turns up {where(event.place)}: {turned}{again}"
    if isinstance(event, GoldFound):
        if event.owner is None:
            why = f"{event.digger.colour} belongs to nobody, so the flipper gets it"
        else:
            why = f"{names[event.owner]} owns {event.digger.colour}"
        return (f"the {name(event.digger)} carries the {name(event.gold)}"
                f" to {names[event.receiver]} ({why}); the {word} leaves the game")
    if isinstance(event, DiggerKicked):
        return (f"the {name(event.stronger)} kicks the "
                f"{name(event.weaker)} out of the game and goes back face down "
                f"as {where(event.place)}")
    if isinstance(event, Blasted):
        a, b = event.cards
        lost = " (the gold is lost)" if a.is_gold or b.is_gold else ""
        return (f"dynamite: {name(a)} and {name(b)} both leave "
                f"the game{lost}")
    if isinstance(event, NothingHappens):
        a, b = event.cards
        return (f"{name(a)} and {name(b)}: {event.reason}; both go back "
                "face down (remember them!)")
    if isinstance(event, GoldRushBegins):
        return (f"gold rush! {event.face_down} cards face down ({event.reason}): one flip "
                "per turn from now on")
    if isinstance(event, DeadPosition | TableStalled):
        return event.describe()
    if isinstance(event, RushGold):
        return f"{names[event.seat]} takes the {name(event.gold)}"
    if isinstance(event, RushRemoved):
        return f"the {name(event.card)} leaves the game"
    if isinstance(event, GameOver):
        scores = ", ".join(f"{names[s]} {p} points" for s, p in enumerate(event.scores))
        return f"the game is over: {scores}"
    if isinstance(event, MinesChosen):
        owned = ", ".join(f"{names[s]} {'+'.join(cs)}" for s, cs in enumerate(event.owned))
        return f"mine entrances: {owned}"
    if isinstance(event, CardsLaidOut):
        return event.describe().removeprefix("CardsLaidOut ")
    return event.describe()


def named_cards(event: Event) -> tuple[Card, ...]:
    """The cards an event of Mount Goldrush names."""
    if isinstance(event, CardFlipped | RushRemoved):
        return (event.card,)
    if isinstance(event, GoldFound):
        return (event.digger, event.gold)
    if isinstance(event, DiggerKicked):
        return (event.stronger, event.weaker)
    if isinstance(event, Blasted | NothingHappens):
        return event.cards
    if isinstance(event, RushGold):
        return (event.gold,)
    return ()


def unnamed(event: Event, who: Sequence[str]) -> str:
    """What an event did, without naming the cards (they lie face down now, or are gone)."""
    if isinstance(event, CardFlipped):
        return f"{who[event.seat]} flips {where(event.place)}"
    if isinstance(event, GoldFound):
        return (f"gold found: a gold card goes under {who[event.receiver]}'s mine entrance "
                "and both cards leave the table")
    if isinstance(event, DiggerKicked):
        return f"one card leaves the game, the other goes back face down as {where(event.place)}"
    if isinstance(event, Blasted):
        return "both cards leave the game"
    if isinstance(event, NothingHappens):
        return "both cards go back face down (remember them!)"
    if isinstance(event, RushGold):
        return f"{who[event.seat]} takes a gold card"
    if isinstance(event, RushRemoved):
        return "a card leaves the game"
    return event.describe()  # pragma: no cover - no other event names a card
