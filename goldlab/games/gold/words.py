"""Gold!'s steps in the players' words: "Dirk takes the red 8", "Ann gives the blue 6 to the
offer and takes the green 4", "the violet 5 is turned up".

The notation (``take red:8``) stays the actions' and events' ``str``; these sentences are
what the view's log, move list and inspector say.  A card the viewer may not be told
about now (in memory mode, a card of which a copy lies in a scoring pile) is "a card to
remember", exactly as :func:`goldlab.games.gold.observation.told_without` leaves it out of
the notation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from goldlab.core.presentation import Told, with_names
from goldlab.core.state import Step
from goldlab.core.values import Action, Event
from goldlab.games.gold.actions import DealDonkey, Exchange, NoBonus, Reveal, Steal, Take
from goldlab.games.gold.cards import COLOURS, Card
from goldlab.games.gold.events import (
    BonusDeclined,
    BonusTaken,
    CardExchanged,
    CardRevealed,
    CardsRemovedUnseen,
    CardTaken,
    ColourScored,
    DonkeyDealt,
    DonkeysReturned,
    GameOver,
    GrandFinalBegins,
    NoBonusAvailable,
    OfferRefilled,
    SetCompleted,
    SetScored,
)
from goldlab.games.gold.observation import A_CARD, told_without

Name = Callable[[Card], str]


def seat_names(players: int, names: Sequence[str] = ()) -> tuple[str, ...]:
    """The players' names: ``names`` when there is one per seat, else ``seat N``."""
    if len(names) >= players:
        return tuple(str(n) for n in names[:players])
    return tuple(f"seat {s}" for s in range(players))


def card_name(c: Card) -> str:
    """A card as a player says it: ``green 4``, ``red donkey``."""
    return f"{c.colour} donkey" if c.is_donkey else f"{c.colour} {c.value}"


def cards_name(cs: Sequence[Card]) -> str:
    """Cards as a player says them, separated by commas (``nothing`` for none)."""
    return ", ".join(card_name(c) for c in cs) or "nothing"


def the(c: Card) -> str:
    """A card with its article, as a player says it: "the red 8", "the green donkey"."""
    return f"the {card_name(c)}"


def said(step: Step, label: Sequence[str], hidden: frozenset[Card] = frozenset()) -> Told:
    """``step`` in the players' words (``label``: the seats' names), without naming a card
    of ``hidden``; ``notation``: the step's notation as it may be told."""
    def name(c: Card) -> str:
        return A_CARD if c in hidden else the(c)

    told = told_without(step, hidden, label)
    action = _action(step.action, step.events, _who(label, step.actor), label, name)
    lines = tuple(_event(e, label, name) for e in step.events if not _restates(e, step.action))
    return Told(_sentence(action), tuple(_sentence(line) for line in lines), told.rules,
                told.concealed, told.action)


def said_events(events: Sequence[Event], label: Sequence[str],
                hidden: frozenset[Card] = frozenset()) -> list[str]:
    """Events outside a step (the set-up's) in the players' words, without ``hidden``."""
    def name(c: Card) -> str:
        return A_CARD if c in hidden else the(c)

    return [_sentence(_event(e, label, name)) for e in events]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _restates(event: Event, action: Action) -> bool:
    """True for the event that only repeats what the action's sentence says."""
    return isinstance(event, (CardTaken, CardExchanged, BonusTaken, BonusDeclined, DonkeyDealt,
                              CardRevealed)) and _main(action) is type(event)


def _main(action: Action) -> type[Event] | None:
    match action:
        case Take():
            return CardTaken
        case Exchange():
            return CardExchanged
        case Steal():
            return BonusTaken
        case NoBonus():
            return BonusDeclined
        case DealDonkey():
            return DonkeyDealt
        case Reveal():
            return CardRevealed
    return None


def _who(label: Sequence[str], seat: int) -> str:
    return label[seat] if 0 <= seat < len(label) else f"seat {seat}"


def _action(action: Action, events: Sequence[Event], who: str, label: Sequence[str],
            name: Name) -> str:
    """The action as a sentence (``who``: the player who acts)."""
    match action:
        case Take(card=c):
            return f"{who} takes {name(c)}"
        case Exchange(give=give, take=take):
            return f"{who} gives {name(give)} to the offer and takes {name(take)}"
        case Steal(card=c, victim=victim):
            return f"{who} takes {name(c)} from {_who(label, victim)} as the set bonus"
        case NoBonus():
            return f"{who} takes no bonus card"
        case DealDonkey(card=c, seat=seat):
            return f"{_who(label, seat)} starts with {name(c)}"
        case Reveal(card=c):
            left = next((e.draw_pile for e in events if isinstance(e, CardRevealed)), None)
            more = "" if left is None else f" ({left} left in the draw pile)"
            return f"{name(c)} is turned up into the offer{more}"
    return str(action)  # pragma: no cover - Gold! has no other actions


def _event(event: Event, label: Sequence[str], name: Name) -> str:
    """One event as a sentence with the players' names."""
    match event:
        case CardTaken(seat=seat, card=c):
            return f"{_who(label, seat)} takes {name(c)}"
        case CardExchanged(seat=seat, give=give, take=take):
            return f"{_who(label, seat)} gives {name(give)} and takes {name(take)}"
        case SetCompleted(seat=seat, colour=colour):
            return f"{_who(label, seat)} has three {colour} cards: a set, which must be scored"
        case BonusTaken(seat=seat, victim=victim, card=c):
            return f"{_who(label, seat)} takes {name(c)} from {_who(label, victim)} as the bonus"
        case BonusDeclined(seat=seat):
            return f"{_who(label, seat)} takes no bonus card"
        case NoBonusAvailable(seat=seat):
            return f"no opponent holds a card {_who(label, seat)} may take: no bonus"
        case SetScored(seat=seat, cards=cs):
            if any(name(c) == A_CARD for c in cs):
                return (f"{_who(label, seat)} puts a set of {len(cs)} cards face down on the "
                        "scoring pile")
            total = sum(c.value for c in cs)
            return (f"{_who(label, seat)} puts {_list(cs, name)} face down on the scoring pile "
                    f"({total:+d} points)")
        case CardRevealed(card=c, draw_pile=left):
            return f"{name(c)} is turned up ({left} left in the draw pile)"
        case OfferRefilled(count=count):
            return f"the offer is empty: {count} new cards are turned up"
        case GrandFinalBegins():
            return "the draw pile is empty: the Grand Final begins (play on until the offer " \
                   "is empty)"
        case DonkeyDealt(seat=seat, card=c):
            return f"{_who(label, seat)} starts with {name(c)}"
        case DonkeysReturned(cards=cs):
            return f"{_list(cs, name)} go back to the box (2 players)"
        case CardsRemovedUnseen(count=count):
            return f"{count} cards leave the game face down, unseen"
        case ColourScored(colour=colour, totals=totals, banked=banked, discarded=discarded):
            if all(t is None for t in totals):
                return f"colour scoring, {colour}: nobody holds {colour} cards"
            held = ", ".join(f"{_who(label, s)} {t}" for s, t in enumerate(totals)
                             if t is not None)
            if not banked:
                return (f"colour scoring, {colour} ({held}): not scored, no gold cards; "
                        f"discarded: {_list(discarded, name)}")
            banks = ", ".join(f"{_who(label, s)} banks {name(c)}" for s, c in banked)
            return f"colour scoring, {colour} ({held}): {banks}"
        case GameOver(scores=scores, winners=winners):
            points = ", ".join(f"{_who(label, s)} {p}" for s, p in enumerate(scores))
            who = " and ".join(_who(label, w) for w in winners)
            verb = "share the victory" if len(winners) > 1 else "wins"
            return f"game over ({points} points): {who} {verb}"
    return event.describe()  # pragma: no cover - every event of Gold! is said above


def _list(cs: Sequence[Card], name: Name) -> str:
    return ", ".join(name(c) for c in cs) or "nothing"


_CARD = re.compile(r"\b([a-z]{3,6}):(D|\d{1,2})\b")


def refusal(reason: str, names: Sequence[str]) -> str:
    """A refusal in the players' words: seats named, cards as players say them.

    >>> refusal("red:5 is not in seat 1's tableau", ["Ann", "Dirk"])
    "the red 5 is not in Dirk's tableau"
    """
    def card(m: re.Match[str]) -> str:
        colour, value = m.groups()
        if colour not in COLOURS:
            return m.group(0)
        return f"the {colour} {'donkey' if value == 'D' else value}"

    text = _CARD.sub(card, with_names(reason, names))
    return text.replace("the the ", "the ").replace("a the ", "the ")
