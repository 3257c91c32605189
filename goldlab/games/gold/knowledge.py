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

from typing import TYPE_CHECKING

from goldlab.games.gold.cards import ALL_CARDS, Card, full_deck
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
