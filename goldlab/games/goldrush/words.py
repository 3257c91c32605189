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
from goldlab.games.goldrush.events import CardFlipped


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
