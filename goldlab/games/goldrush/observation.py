"""What a player of Mount Goldrush may see: the public history of flips.

Every flip is public, so every player has the same observation: which
positions have been seen as which card (and when, and by whom), which cards
left the table and who took which gold.  Nothing else: a position never
flipped shows no card, because nobody, not even the engine, has decided what
it is yet.  The observation is a *perfect record*; memory-model players
(:mod:`goldlab.games.goldrush.bots`) filter it through their memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from goldlab.core.state import Outcome, Step
from goldlab.core.values import Action
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, Card
from goldlab.games.goldrush.layout import label

if TYPE_CHECKING:
    from goldlab.games.goldrush.state import GoldrushState

DOWN = "down"
UP = "up"
GONE = "gone"


@dataclass(frozen=True, slots=True)
class FlipSeen:
    """One public flip: in turn ``turn`` seat ``seat`` turned up ``card`` at ``position``.

    Seat -1 and turn 0 mark cards already known when a position was set up.
    """

    turn: int
    seat: int
    position: int
    card: Card

    def __str__(self) -> str:
        who = "earlier" if self.seat < 0 else f"turn {self.turn}, seat {self.seat}"
        return f"{who}: {self.position} is {self.card}"


@dataclass(frozen=True)
class GoldrushView:
    """A player's (or the omniscient) view of a Mount Goldrush position."""

    player: int | None
    players: int
    to_move: int
    turn: int
    turn_no: int
    edition: str
    layout: str
    seat_colours: tuple[tuple[str, ...], ...]
    owners: tuple[tuple[str, int | None], ...]
    box: tuple[str, ...]
    status: tuple[str, ...]
    cards: tuple[Card | None, ...]
    flips: tuple[FlipSeen, ...]
    taken: tuple[tuple[Card, ...], ...]
    removed: tuple[Card, ...]
    scores: tuple[int, ...]
    face_down: int
    gold_rush: bool
    stall: int
    stall_limit: int
    end_reason: str
    last_steps: tuple[Step, ...]
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None

    @property
    def last(self) -> tuple[str, ...]:
        """The steps of the latest turn and their events, as text (formatted when read)."""
        lines: list[str] = []
        for step in self.last_steps:
            lines.append(str(step))
            lines.extend(str(e) for e in step.events)
        return tuple(lines)

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return tuple(str(a) for a in self.legal_actions)

    @classmethod
    def of(cls, state: GoldrushState, player: int | None) -> GoldrushView:
        """Build the view of ``state`` for ``player`` (None: omniscient, which is the same)."""
        game = state.game
        up = state.up
        status = tuple(
            GONE if k == -2 else UP if p in up else DOWN for p, k in enumerate(state.cell)
        )
        cards = tuple(ALL_CARDS[k] if k >= 0 else None for k in state.cell)
        to_move = state.current_player
        legal = tuple(state.legal_actions()) if player is None or player == to_move else ()
        return cls(
            player=player,
            players=state.players,
            to_move=to_move,
            turn=state.turn,
            turn_no=state.turn_no,
            edition=game.options.edition,
            layout=game.options.layout,
            seat_colours=game.seat_colours,
            owners=tuple(game.owners.items()),
            box=game.box,
            status=status,
            cards=cards,
            flips=tuple(state.log),
            taken=tuple(tuple(ALL_CARDS[k] for k in t) for t in state.taken),
            removed=tuple(ALL_CARDS[k] for k in state.removed),
            scores=state.scores(),
            face_down=state.face_down,
            gold_rush=state.rush,
            stall=state.stall,
            stall_limit=game.options.stall_limit,
            end_reason=state.end_reason,
            last_steps=_last_turn(state),
            legal_actions=legal,
            outcome=state.outcome(),
        )

    def owner(self, colour: str) -> int | None:
        """The seat owning a colour, or None."""
        return dict(self.owners)[colour]

    def known(self) -> dict[int, Card]:
        """Face-down positions whose card has been seen (a perfect memory of the record)."""
        return {
            p: c for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == DOWN and c is not None
        }

    def face_up(self) -> dict[int, Card]:
        """The cards face up right now (flipped this turn)."""
        return {
            p: c for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == UP and c is not None
        }

    def never_flipped(self) -> list[int]:
        """Positions still face down that nobody has ever seen."""
        return [
            p for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == DOWN and c is None
        ]

    def unseen_counts(self) -> list[int]:
        """How many cards of each kind nobody has seen: the deck less every card seen."""
        counts = list(DECK)
        for s, c in zip(self.status, self.cards, strict=True):
            if s != GONE and c is not None:
                counts[c.index] -= 1
        for c in self.removed:
            counts[c.index] -= 1
        for pile in self.taken:
            for c in pile:
                counts[c.index] -= 1
        return counts

    def place(self, position: int) -> str:
        """A position as people write it in this layout (``#17`` or ``c2``)."""
        return label(position, self.layout)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form (cards as notation)."""
        return {
            "player": self.player,
            "players": self.players,
            "to_move": self.to_move,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "edition": self.edition,
            "layout": self.layout,
            "seat_colours": [list(c) for c in self.seat_colours],
            "owners": dict(self.owners),
            "box": list(self.box),
            "table": [
                {"status": s, "card": None if c is None else str(c)}
                for s, c in zip(self.status, self.cards, strict=True)
            ],
            "flips": [[f.turn, f.seat, f.position, str(f.card)] for f in self.flips],
            "taken": [[str(c) for c in t] for t in self.taken],
            "removed": [str(c) for c in self.removed],
            "scores": list(self.scores),
            "face_down": self.face_down,
            "gold_rush": self.gold_rush,
            "stall": self.stall,
            "stall_limit": self.stall_limit,
            "end_reason": self.end_reason,
            "last": list(self.last),
            "legal": list(self.legal),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    def html(self, memory: Mapping[int, Card] | None = None, memory_of: int | None = None) -> str:
        """The table as HTML; ``memory`` marks the positions a player remembers."""
        from goldlab.games.goldrush.render import view_html

        return view_html(self, memory=memory, memory_of=memory_of)

    def text(self) -> str:
        """The table as plain text (for terminals)."""
        from goldlab.games.goldrush.render import view_text

        return view_text(self)

    def _repr_html_(self) -> str:
        from goldlab.games.goldrush.render import view_html

        return view_html(self)


def _last_turn(state: GoldrushState, limit: int = 8) -> tuple[Step, ...]:
    """The steps of the latest turn (the one under way, else the one just finished)."""
    from goldlab.games.goldrush.events import CardFlipped

    turn = None
    steps = []
    for step in reversed(state.recent_steps(limit)):
        turns = [e.turn for e in step.events if isinstance(e, CardFlipped)]
        if turns:
            if turn is None:
                turn = turns[0]
            elif turns[0] != turn:
                break
        steps.append(step)
    return tuple(reversed(steps))

