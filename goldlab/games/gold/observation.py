"""What a player of Gold! may see, as an immutable view.

Everything on the table is public: the offer, every tableau, the size of the
draw pile, the box and the discard.  A scoring pile is face down: its owner
sees it, opponents see only how many cards it holds, until final scoring
turns every pile up.  The omniscient view (``player=None``) shows everything,
including which cards are still unseen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.presentation import Told
from goldlab.core.state import Outcome, Step
from goldlab.core.values import Action, Event, View, worked_out
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
from goldlab.games.gold.rules import OVER

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState


_FIELDS = (
    "player", "players", "to_move", "phase", "offer", "tableaux", "scoring_piles",
    "pile_sizes", "scores", "draw_pile", "removed_unseen", "box", "discard", "grand_final",
    "set_colour", "unseen", "last_step", "legal_actions", "outcome",
)
"""The view's public fields (equality, hashing and ``repr`` go through them)."""

Cards = tuple[Card, ...]


class Seen(NamedTuple):
    """What a view holds: the position as its player sees it, and whose turn it is.

    A player's view holds only what that player may see: opponents' scoring piles
    are None until final scoring turns every pile up (their sizes are kept), and
    the unseen cards are None (only how many of them are not in the draw pile).
    """

    player: int | None
    players: int
    to_move: int
    last_step: Step | None
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None
    phase: str
    offer: Cards
    tableaux: tuple[Cards, ...]
    scoring_piles: tuple[Cards | None, ...]
    pile_sizes: tuple[int, ...]
    draw_pile: int
    removed_unseen: int
    unseen: tuple[int, ...] | None
    grand_final: bool
    set_colour: str | None
    box: Cards
    discard: Cards


_new_tuple = tuple.__new__


class GoldView(View, held=Seen):
    """A player's (or the omniscient) view of a Gold! position.

    Immutable.  It shares the position's zones (immutable tuples, so making a
    view copies no card) and holds nothing its player may not see: an
    opponent's face-down scoring pile is not in a player's view at all, only its
    size, until final scoring turns every pile up.  Its fields are those of
    :class:`Seen` (the view recipe of :class:`goldlab.core.values.View`), plus
    ``scores`` and ``unseen`` as below.
    """

    __slots__ = ()
    _FIELD_NAMES = _FIELDS

    _held: Seen
    player: int | None
    players: int
    to_move: int
    phase: str
    offer: Cards
    tableaux: tuple[Cards, ...]
    scoring_piles: tuple[Cards | None, ...]
    pile_sizes: tuple[int, ...]
    draw_pile: int
    removed_unseen: int
    box: Cards
    discard: Cards
    grand_final: bool
    set_colour: str | None
    last_step: Step | None
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, state: GoldState, player: int | None) -> GoldView:
        """Build the view of ``state`` for ``player`` (None: omniscient)."""
        to_move = state.current_player
        phase = state.phase
        # The listing the state keeps (not a copy), for whoever is to move or sees all.
        legal = tuple(state.legal_listing()) if player is None or player == to_move else ()
        piles: tuple[Cards | None, ...] = state.piles
        unseen: tuple[int, ...] | None = state.unseen
        draw_pile = state.pile_count
        removed = sum(state.unseen) - draw_pile
        if player is not None:
            unseen = None
            if phase != OVER:
                piles = tuple(p if s == player else None for s, p in enumerate(piles))
        return cls.holding(_new_tuple(Seen, (  # in the order of ``Seen``'s fields
            player, state._seats, to_move, state.last_step, legal,
            state.outcome() if phase == OVER else None,
            phase, state.offer, state.tableaux, piles, tuple(map(len, state.piles)),
            draw_pile, removed, unseen, state.grand_final, state.set_colour, state.box,
            state.discard,
        )))

    @worked_out
    def scores(self) -> tuple[int | None, ...]:
        """Points of the scoring piles this player may look at (None for hidden ones)."""
        return tuple(
            sum(c.value for c in p) if p is not None else None for p in self.scoring_piles
        )

    @property
    def unseen(self) -> tuple[tuple[Card, int], ...] | None:
        """Omniscient view only: each unseen card with its count."""
        counts = self._held.unseen
        if counts is None:
            return None
        return tuple((c, n) for c, n in zip(ALL_CARDS, counts, strict=True) if n)

    @property
    def last(self) -> tuple[str, ...]:
        """The last step and its events as text (formatted only when asked for)."""
        step = self.last_step
        return () if step is None else (str(step), *(str(e) for e in step.events))

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return tuple(str(a) for a in self.legal_actions)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form (cards as notation)."""

        def names(cs: tuple[Card, ...] | None) -> list[str] | None:
            return None if cs is None else [str(c) for c in cs]

        return {
            "player": self.player,
            "players": self.players,
            "to_move": self.to_move,
            "phase": self.phase,
            "offer": names(self.offer),
            "tableaux": [names(t) for t in self.tableaux],
            "scoring_piles": [names(p) for p in self.scoring_piles],
            "pile_sizes": list(self.pile_sizes),
            "scores": list(self.scores),
            "draw_pile": self.draw_pile,
            "removed_unseen": self.removed_unseen,
            "box": names(self.box),
            "discard": names(self.discard),
            "grand_final": self.grand_final,
            "set_colour": self.set_colour,
            "unseen": None if self.unseen is None else {str(c): n for c, n in self.unseen},
            "last": list(self.last),
            "legal": list(self.legal),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    def _repr_html_(self) -> str:
        from goldlab.games.gold.picture import view_html

        return view_html(self)

# -------------------------------------------------------------------- (knowledge)
# What a seat of Gold! knows: its observation plus the public record of the game.
#
# Every card of Gold! that ever reaches a scoring pile was face up first (a set in
# a tableau, a colour scoring at the end), and the game's steps are all public
# (reveals, takes, sets; the 2 cards removed at set-up only as a count).  So a
# player with a perfect memory knows the cards the opponents scored in front of
# him, though their piles lie face down.  Nothing here reads a hidden card: a
# position set up by hand (a scenario) may start with piles nobody saw scored,
# and those cards, at the bottom of the piles, count as unseen; every card above
# them was scored in public.  (The piles are read, not the events of the past
# steps: a state rebuilt from JSON has none.)


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
