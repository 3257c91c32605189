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
from goldlab.core.values import Action, View
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


_new = object.__new__
_new_tuple = tuple.__new__
_init = object.__setattr__


class GoldView(View):
    """A player's (or the omniscient) view of a Gold! position.

    Immutable.  It shares the position's zones (immutable tuples, so making a
    view copies no card) and holds nothing its player may not see: an
    opponent's face-down scoring pile is not in a player's view at all, only its
    size, until final scoring turns every pile up.
    """

    __slots__ = ("_seen",)
    _FIELD_NAMES = _FIELDS

    _seen: Seen

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
        view = _new(cls)
        _init(view, "_seen", _new_tuple(Seen, (  # in the order of ``Seen``'s fields
            player, state._seats, to_move, history[-1] if history else None, legal,
            state.outcome() if phase == OVER else None,
            phase, state.offer, state.tableaux, piles, tuple(map(len, state.piles)),
            draw_pile, removed, unseen, state.grand_final, state.set_colour, state.box,
            state.discard,
        )))
        return view

    @property
    def player(self) -> int | None:
        """The seat this view belongs to (None: omniscient)."""
        return self._seen.player

    @property
    def players(self) -> int:
        """The number of players."""
        return self._seen.players

    @property
    def to_move(self) -> int:
        """The seat to move (``CHANCE`` or ``TERMINAL`` as in the state)."""
        return self._seen.to_move

    @property
    def last_step(self) -> Step | None:
        """The last step of the game, or None before the first."""
        return self._seen.last_step

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions if this view's player is to move, else ()."""
        return self._seen.legal_actions

    @property
    def outcome(self) -> Outcome | None:
        """Scores, ranks and winners once the game is over, else None."""
        return self._seen.outcome

    @property
    def phase(self) -> str:
        """``action``, ``bonus`` (a set bonus to settle) or ``over``."""
        return self._seen.phase

    @property
    def offer(self) -> Cards:
        """The cards on offer."""
        return self._seen.offer

    @property
    def tableaux(self) -> tuple[Cards, ...]:
        """Every tableau (public)."""
        return self._seen.tableaux

    @property
    def scoring_piles(self) -> tuple[Cards | None, ...]:
        """Scoring piles this player may look at (own, or all once the game is over)."""
        return self._seen.scoring_piles

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each scoring pile holds (public)."""
        return self._seen.pile_sizes

    @property
    def scores(self) -> tuple[int | None, ...]:
        """Points of the scoring piles this player may look at (None for hidden ones)."""
        return tuple(
            sum(c.value for c in p) if p is not None else None for p in self.scoring_piles
        )

    @property
    def draw_pile(self) -> int:
        """Cards left in the draw pile."""
        return self._seen.draw_pile

    @property
    def removed_unseen(self) -> int:
        """Unseen cards that are not in the draw pile (the 2 removed face down)."""
        return self._seen.removed_unseen

    @property
    def box(self) -> tuple[Card, ...]:
        """Cards returned to the box at set-up (2 players)."""
        return self._seen.box

    @property
    def discard(self) -> tuple[Card, ...]:
        """Cards discarded in colour scoring."""
        return self._seen.discard

    @property
    def grand_final(self) -> bool:
        """True once the draw pile is empty."""
        return self._seen.grand_final

    @property
    def set_colour(self) -> str | None:
        """The colour of the set being scored (during the bonus)."""
        return self._seen.set_colour

    @property
    def unseen(self) -> tuple[tuple[Card, int], ...] | None:
        """Omniscient view only: each unseen card with its count."""
        counts = self._seen.unseen
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
        from goldlab.games.gold.render import view_html

        return view_html(self)
