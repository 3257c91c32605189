"""What a player of Gold! may see, as an immutable view.

Everything on the table is public: the offer, every tableau, the size of the
draw pile, the box and the discard.  A scoring pile is face down: its owner
sees it, opponents see only how many cards it holds, until final scoring
turns every pile up.  The omniscient view (``player=None``) shows everything,
including which cards are still unseen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from goldlab.core.state import Outcome, Step
from goldlab.core.values import Action
from goldlab.games.gold.cards import ALL_CARDS, Card

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState


@dataclass(frozen=True, slots=True)
class GoldView:
    """A player's (or the omniscient) view of a Gold! position."""

    player: int | None
    players: int
    to_move: int
    phase: str
    offer: tuple[Card, ...]
    tableaux: tuple[tuple[Card, ...], ...]
    scoring_piles: tuple[tuple[Card, ...] | None, ...]
    pile_sizes: tuple[int, ...]
    scores: tuple[int | None, ...]
    draw_pile: int
    removed_unseen: int
    box: tuple[Card, ...]
    discard: tuple[Card, ...]
    grand_final: bool
    set_colour: str | None
    unseen: tuple[tuple[Card, int], ...] | None
    last_step: Step | None
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None

    @property
    def last(self) -> tuple[str, ...]:
        """The last step and its events as text (formatted only when asked for)."""
        step = self.last_step
        return () if step is None else (str(step), *(str(e) for e in step.events))

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return tuple(str(a) for a in self.legal_actions)

    @classmethod
    def of(cls, state: GoldState, player: int | None) -> GoldView:
        """Build the view of ``state`` for ``player`` (None: omniscient)."""
        over = state.is_terminal()
        piles = tuple(
            p if player is None or player == s or over else None
            for s, p in enumerate(state.piles)
        )
        scores = tuple(
            sum(c.value for c in p) if p is not None else None for p in piles
        )
        to_move = state.current_player
        legal = tuple(state.legal_actions()) if player is None or player == to_move else ()
        return cls(
            player=player,
            players=state.players,
            to_move=to_move,
            phase=state.phase,
            offer=state.offer,
            tableaux=state.tableaux,
            scoring_piles=piles,
            pile_sizes=tuple(len(p) for p in state.piles),
            scores=scores,
            draw_pile=state.pile_count,
            removed_unseen=sum(state.unseen) - state.pile_count,
            box=state.box,
            discard=state.discard,
            grand_final=state.grand_final,
            set_colour=state.set_colour,
            unseen=(
                tuple((c, n) for c, n in zip(ALL_CARDS, state.unseen, strict=True) if n)
                if player is None
                else None
            ),
            last_step=state.last_step,
            legal_actions=legal,
            outcome=state.outcome() if over else None,
        )

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
