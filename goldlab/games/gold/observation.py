"""What a player of Gold! may see, as an immutable view.

Everything on the table is public: the offer, every tableau, the size of the
draw pile, the box and the discard.  A scoring pile is face down: its owner
sees it, opponents see only how many cards it holds, until final scoring
turns every pile up.  The omniscient view (``player=None``) shows everything,
including which cards are still unseen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.state import Outcome, Step
from goldlab.core.values import Action, View, worked_out
from goldlab.games.gold.cards import ALL_CARDS, Card
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
        if player is None or player == to_move:
            listed = state._legal  # the listing the state keeps, else a fresh one
            legal = tuple(state.legal_actions() if listed is None else listed)
        else:
            legal = ()
        history = state._history
        piles: tuple[Cards | None, ...] = state.piles
        unseen: tuple[int, ...] | None = state.unseen
        draw_pile = state.pile_count
        removed = sum(state.unseen) - draw_pile
        if player is not None:
            unseen = None
            if phase != OVER:
                piles = tuple(p if s == player else None for s, p in enumerate(piles))
        return cls.holding(_new_tuple(Seen, (  # in the order of ``Seen``'s fields
            player, state._seats, to_move, history[-1] if history else None, legal,
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
