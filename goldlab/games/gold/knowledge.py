"""What a seat of Gold! knows: its observation plus the public record of the game.

Every card of Gold! that ever reaches a scoring pile was face up first (a set in
a tableau, a colour scoring at the end), and the game's steps are all public
(reveals, takes, sets; the 2 cards removed at set-up only as a count).  So a
player with a perfect memory knows the cards the opponents scored in front of
him, though their piles lie face down.  Nothing here reads a hidden card: a
position set up by hand (a scenario) may start with piles nobody saw scored,
and those cards, at the bottom of the piles, count as unseen; every card above
them was scored in public.  (The piles are read, not the events of the past
steps: a state rebuilt from JSON has none.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from goldlab.core.presentation import Told
from goldlab.core.state import Step
from goldlab.core.values import Action, Event
from goldlab.games.gold.actions import DealDonkey, Exchange, Reveal, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, Card, full_deck
from goldlab.games.gold.events import (
    BonusTaken,
    CardExchanged,
    CardRevealed,
    CardTaken,
    DonkeyDealt,
    SetScored,
)
from goldlab.games.gold.observation import GoldView

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState


def scored_in_public(state: GoldState) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards seen going onto its scoring pile (oldest first).

    The pile above the cards a hand-built start dealt face down
    (:meth:`GoldState.unseen_pile_cards`): the sets and colours scored in play.
    """
    hidden = state.unseen_pile_cards()
    return tuple(pile[n:] for pile, n in zip(state.piles, hidden, strict=True))


def remembered_piles(state: GoldState, seat: int) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the scoring-pile cards ``seat`` knows: its own pile, the others' public sets."""
    view = state.observation(seat)
    public = scored_in_public(state)
    return tuple(
        pile if pile is not None else public[s] for s, pile in enumerate(view.scoring_piles)
    )


def unseen_by(state: GoldState, seat: int) -> list[int]:
    """How many of each card (by ``Card.index``) ``seat`` has not seen.

    The draw pile, the 2 cards removed face down, and any scoring-pile cards the
    seat did not see being scored.
    """
    view: GoldView = state.observation(seat)
    deck = full_deck()
    counts = [deck[c] for c in ALL_CARDS]
    seen: list[Card] = [*view.box, *view.offer, *view.discard]
    for tableau in view.tableaux:
        seen.extend(tableau)
    for pile in remembered_piles(state, seat):
        seen.extend(pile)
    for c in seen:
        counts[c.index] -= 1
    return counts


def face_down_now(state: GoldState) -> frozenset[Card]:
    """The kinds of card of which a copy lies in a scoring pile now: what a player in memory
    mode must remember, so nothing may name them (an open copy of the same kind does not
    tell which copy an earlier step moved)."""
    return frozenset(c for pile in state.piles for c in pile)


A_CARD = "a card to remember"
"""How a card of which a copy lies in a scoring pile now is told in memory mode."""


def told_without(step: Step, hidden: frozenset[Card], label: Sequence[str]) -> Told:
    """``step`` told without naming the cards of ``hidden`` (see :func:`face_down_now`)."""
    def name(c: Card) -> str:
        return A_CARD if c in hidden else str(c)

    action = _action_without(step.action, name)
    lines = [_event_without(e, name, label, hidden) for e in step.events]
    concealed = action != str(step.action) or any(
        line != str(e) for line, e in zip(lines, step.events, strict=True))
    return Told(action, tuple(lines), tuple(e.rule for e in step.events), concealed)


def _action_without(action: Action, name: Callable[[Card], str]) -> str:
    match action:
        case Take(card=c):
            return f"take {name(c)}"
        case Exchange(give=give, take=take):
            return f"exchange {name(give)} for {name(take)}"
        case Steal(card=c, victim=victim):
            return f"steal {name(c)} from seat {victim}"
        case DealDonkey(card=c, seat=seat):
            return f"chance: deal {name(c)} to seat {seat}"
        case Reveal(card=c):
            return f"chance: reveal {name(c)}"
    return str(action)


def _event_without(event: Event, name: Callable[[Card], str], label: Sequence[str],
                   hidden: frozenset[Card]) -> str:
    match event:
        case CardTaken(seat=seat, card=c) if c in hidden:
            text = f"{label[seat]} takes {name(c)}"
        case CardExchanged(seat=seat, give=give, take=take) if {give, take} & hidden:
            text = f"{label[seat]} gives {name(give)} and takes {name(take)}"
        case BonusTaken(seat=seat, victim=victim, card=c) if c in hidden:
            text = f"{label[seat]} takes {name(c)} from {label[victim]} as the bonus"
        case SetScored(seat=seat, cards=cs) if set(cs) & hidden:
            text = f"{label[seat]} puts a set of {len(cs)} cards face down on the scoring pile"
        case CardRevealed(card=c, draw_pile=left) if c in hidden:
            text = f"{name(c)} was revealed ({left} left in the draw pile)"
        case DonkeyDealt(seat=seat, card=c) if c in hidden:
            text = f"{label[seat]} starts with {name(c)}"
        case _:
            return str(event)
    return f"{text} [{event.rule}]"
